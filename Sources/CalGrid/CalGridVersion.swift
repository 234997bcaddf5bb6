/// The library's version.
///
/// `Include/calgrid.h`'s `CALGRID_VERSION_STRING` is the source: the core cannot read a C header
/// (it builds as Embedded Swift without one), so this is its one Swift copy, and the C tests check
/// that `calgrid_version()` (which returns `string`) equals the header's macro.
public enum CalGridVersion {
    /// "MAJOR.MINOR.PATCH", a static literal.
    public static let string: StaticString = "0.1.0"

    /// `string` as a `String`.
    /// - Complexity: O(1)
    public static var text: String {
        String(decoding: UnsafeBufferPointer(start: string.utf8Start, count: string.utf8CodeUnitCount), as: UTF8.self)
    }
}
