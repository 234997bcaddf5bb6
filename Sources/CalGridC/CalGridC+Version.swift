import CalGrid
import CCalGrid

@c(calgrid_version) @implementation
public func calgrid_version() -> UnsafePointer<CChar>? {
    // The core's one copy of CALGRID_VERSION_STRING (Tests/C checks the two are equal).
    _cString(CalGridVersion.string)
}

@c(calgrid_version_number) @implementation
public func calgrid_version_number() -> Int32 {
    CALGRID_VERSION_MAJOR * 10000 + CALGRID_VERSION_MINOR * 100 + CALGRID_VERSION_PATCH
}
