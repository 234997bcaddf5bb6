/// A civil day and second of day as seen in one time zone, with the UTC offset that made it.
public struct LocalTime: Hashable, Sendable {
    /// The local civil day.
    public var day: CivilDate
    /// Seconds since local midnight, 0..<`secondsPerDay`.
    public var secondOfDay: Int32
    /// Seconds east of UTC in force at the instant (local = instant + utcOffset).
    public var utcOffset: Int32

    /// - Complexity: O(1)
    public init(day: CivilDate, secondOfDay: Int32, utcOffset: Int32) {
        self.day = day
        self.secondOfDay = secondOfDay
        self.utcOffset = utcOffset
    }

    /// 86,400: the length of every civil day in seconds. Leap seconds are not counted (POSIX time,
    /// TZif without leap records), so every day-and-seconds conversion in CalGrid uses this one number.
    /// - Complexity: O(1)
    @inlinable
    public static var secondsPerDay: Int64 { 86_400 }
}

/// The instant(s) at which a local date and time occurs in a zone.
public enum LocalInstant: Hashable, Sendable {
    /// The local time occurs once.
    case unique(Int64)
    /// A fold (clocks were turned back): the local time occurs twice, first under the offset before
    /// the transition (`earlier`), then under the offset after it (`later`).
    case ambiguous(earlier: Int64, later: Int64)
    /// A gap (clocks were turned forward over it): the local time never occurs; `gapStart` is the
    /// transition instant, the first instant after the skipped local times.
    case nonexistent(gapStart: Int64)
}
