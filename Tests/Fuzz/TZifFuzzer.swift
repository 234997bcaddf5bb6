// libFuzzer target for the TZif reader (RFC 8536, versions 1 to 4, with their POSIX TZ footers):
// `make fuzz-tzif`. The input is the file's bytes. Whatever parses passes `checkZone`; whatever
// does not gets a TimeZoneError that says why. Seeds: Tests/Fuzz/tzif/ and the system's tzdata.
import CalGrid

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTZif(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzZone(1, UnsafeRawBufferPointer(start: size > 0 ? data : nil, count: size))
    return 0
}
