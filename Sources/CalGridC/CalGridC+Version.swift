import CCalGrid

@c(calgrid_version)
public func calgrid_version() -> UnsafePointer<CChar>? {
    // Must equal CALGRID_VERSION_STRING (Tests/C checks it; Swift imports string macros only as String).
    let s: StaticString = "0.1.0"
    return UnsafeRawPointer(s.utf8Start).assumingMemoryBound(to: CChar.self)
}

@c(calgrid_version_number)
public func calgrid_version_number() -> Int32 {
    CALGRID_VERSION_MAJOR * 10000 + CALGRID_VERSION_MINOR * 100 + CALGRID_VERSION_PATCH
}
