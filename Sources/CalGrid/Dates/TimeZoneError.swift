/// Why time zone rules could not be built, or a zone could not be found.
///
/// Every case carries what a message needs to say what was wrong, where and why; `description`
/// (TimeZoneError+Description.swift) is the one place those sentences are written, and the JSON
/// layer, the C API and the CLI all show it.
public enum TimeZoneError: Error, Hashable, Sendable {
    /// No zone of that name in the zone directory (raised by the system layer, described here).
    case unknownZone(String)
    /// A zone name that may not be looked up: empty, absolute, with a ".." component, or with a
    /// NUL or control character.
    case invalidZoneName(String)
    /// A fixed UTC offset in seconds beyond ±25:59:59.
    case offsetOutOfRange(Int64)
    /// The TZif data ends early: `needed` bytes at byte `offset`, only `available` left.
    case truncated(needed: Int, offset: Int, available: Int)
    /// The 4 bytes at `offset` (a TZif header) are not "TZif".
    case badMagic(offset: Int)
    /// A TZif version byte other than 0 (version 1) or '2' and later.
    case unsupportedVersion(UInt8, offset: Int)
    /// A TZif header count that RFC 8536 forbids.
    case invalidCount(field: TZifCountField, value: UInt32, offset: Int)
    /// A transition's type index at byte `offset` that is not below the number of types.
    case typeIndexOutOfRange(UInt8, typeCount: Int, offset: Int)
    /// The transition time at byte `offset` is not later than the one before it.
    case unsortedTransitions(offset: Int)
    /// A local time type's UTC offset at byte `offset` beyond ±25:59:59.
    case invalidUTCOffset(Int64, offset: Int)
    /// The TZif footer (`rule`, its text) at byte `offset` of the file is not a POSIX TZ rule:
    /// `expected` says what should have been there.
    case invalidFooter(String, offset: Int, expected: String)
    /// A POSIX TZ string that does not parse: at byte `offset` of it, `expected` was expected.
    case invalidPOSIXRule(String, offset: Int, expected: String)
}

/// The TZif header counts with rules of their own (RFC 8536 §3.1).
public enum TZifCountField: UInt8, Hashable, Sendable {
    /// The number of local time types: at least 1.
    case typecnt
    /// The number of UT/local indicators: 0 or typecnt.
    case isutcnt
    /// The number of standard/wall indicators: 0 or typecnt.
    case isstdcnt

    /// The field's name in RFC 8536 and tzfile(5).
    /// - Complexity: O(1)
    public var name: String {
        switch self {
        case .typecnt: return "typecnt"
        case .isutcnt: return "isutcnt"
        case .isstdcnt: return "isstdcnt"
        }
    }
}
