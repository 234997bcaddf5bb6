// libFuzzer target for the POSIX TZ string parser ("CET-1CEST,M3.5.0,M10.5.0/3", "<+0330>-3:30",
// Julian days, negative and >24 h transition times): `make fuzz-posix`. The input is the string's
// bytes (invalid UTF-8 is repaired first, as a caller's String would be). Whatever parses passes
// `checkZone`; whatever does not gets a TimeZoneError that says why.
import CalGrid

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPOSIX(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzZone(2, UnsafeRawBufferPointer(start: size > 0 ? data : nil, count: size))
    return 0
}
