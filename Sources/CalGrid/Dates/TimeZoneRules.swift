/// The rules of one time zone: which UTC offset is in force at every instant, and so which civil day
/// and time of day an instant is, and which instant(s) a local date and time is.
///
/// Built from TZif bytes (RFC 8536, versions 1 to 4, with the footer's POSIX rule after the last
/// transition), from a POSIX TZ string, from a fixed offset, or `utc`. The core reads no files: the
/// system layer (CalGridJSON) finds a zone's bytes by name and passes them here.
///
/// Storage is a struct of arrays: the transition instants (`[Int64]`, strictly ascending), one type
/// index per transition (`[UInt8]`) and one UTC offset per type (`[Int32]`), plus the footer rule as a
/// few integers that are evaluated arithmetically per year. Queries are O(log transitions) and
/// allocate nothing. A value is immutable, so one may be shared by any number of threads.
public struct TimeZoneRules: Sendable {
    /// The IANA name given to the TZif constructor, the POSIX string, "UTC" or "±HH:MM".
    /// - Complexity: O(1)
    public let name: String
    /// Transition instants (seconds since 1970-01-01T00:00:00Z), strictly ascending.
    let _times: [Int64]
    /// Per transition: the index into `_offsets` of the local time type in force from that instant on.
    let _typeIndices: [UInt8]
    /// Per local time type: seconds east of UTC, each within ±25:59:59.
    let _offsets: [Int32]
    /// The offset before the first transition (type 0, RFC 8536 §3.2); also the offset everywhere
    /// when there is neither a transition nor a rule.
    let _initialOffset: Int32
    /// The footer rule: governs every instant after the last transition (all of them when there is
    /// no transition). Without one, the last transition's type stays in force.
    let _rule: _POSIXRule?

    /// The largest magnitude of a UTC offset: 25:59:59, as POSIX TZ offsets and RFC 8536 allow.
    static let _maxOffset: Int32 = 93_599

    /// Coordinated Universal Time: offset 0 at every instant, named "UTC".
    /// - Complexity: O(1)
    public static let utc = TimeZoneRules(name: "UTC", _times: [], _typeIndices: [], _offsets: [], _initialOffset: 0, _rule: nil)

    /// True when the offset is the same at every instant (UTC, a fixed offset, a POSIX rule without
    /// daylight time, a TZif zone without transitions whose footer has no daylight time).
    /// - Complexity: O(1)
    public var isFixedOffset: Bool {
        guard _times.isEmpty else { return false }
        guard let r = _rule else { return true }
        return !r.hasDaylight || r.daylightOffset == r.standardOffset
    }
}

// Outside the type's body, so that the memberwise initializer stays: every constructor ends in it.
extension TimeZoneRules {
    /// One offset at every instant, named "+09:00", "-03:30", "+05:45:30" (seconds only when not 0),
    /// or "UTC" for 0. Throws `.offsetOutOfRange` beyond ±25:59:59.
    /// - Complexity: O(1)
    public init(utcOffsetSeconds: Int32) throws(TimeZoneError) {
        guard utcOffsetSeconds >= -TimeZoneRules._maxOffset, utcOffsetSeconds <= TimeZoneRules._maxOffset else {
            throw TimeZoneError.offsetOutOfRange(Int64(utcOffsetSeconds))
        }
        self.init(name: TimeZoneRules._offsetName(utcOffsetSeconds), _times: [], _typeIndices: [], _offsets: [],
                  _initialOffset: utcOffsetSeconds, _rule: nil)
    }

    /// "UTC", or ±HH:MM[:SS] for a nonzero offset.
    static func _offsetName(_ offset: Int32) -> String {
        guard offset != 0 else { return "UTC" }
        let m = offset < 0 ? -Int(offset) : Int(offset)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        var s = (offset < 0 ? "-" : "+") + two(m / 3600) + ":" + two(m / 60 % 60)
        if m % 60 != 0 { s += ":" + two(m % 60) }
        return s
    }
}
