/// An RFC 5545 recurrence rule (RRULE) on civil days: the generalization of `WeekdaySet`.
///
/// The parts CalGrid models are `FREQ` (DAILY, WEEKLY, MONTHLY, YEARLY), `INTERVAL`, `COUNT` or
/// `UNTIL`, `BYMONTH`, `BYWEEKNO`, `BYYEARDAY`, `BYMONTHDAY`, `BYDAY` (with ordinals in MONTHLY and
/// YEARLY rules), `BYSETPOS` and `WKST`. Sub-day frequencies and `BYHOUR`/`BYMINUTE`/`BYSECOND` are
/// rejected. A rule is a value: parse it with `init(parsing:)`, print it with `text` (the canonical
/// text, which parses back to an equal rule), and expand it from a start day with `Recurrence`.
/// See docs/recurrence.md for the semantics and the documented meanings of edge cases.
public struct RecurrenceRule: Hashable, Sendable {
    /// How often the rule's period repeats.
    public enum Frequency: UInt8, CaseIterable, Hashable, Sendable {
        case daily, weekly, monthly, yearly

        /// The RFC 5545 name: `DAILY`, `WEEKLY`, `MONTHLY`, `YEARLY`.
        /// - Complexity: O(1)
        public var name: String {
            switch self {
            case .daily: return "DAILY"
            case .weekly: return "WEEKLY"
            case .monthly: return "MONTHLY"
            case .yearly: return "YEARLY"
            }
        }
    }

    /// The `UNTIL` value as written. A DATE and a floating DATE-TIME bound by the day written; a
    /// UTC DATE-TIME by its day in the todo's zone (`day(in:)`).
    public enum Until: Hashable, Sendable {
        /// `UNTIL=YYYYMMDD`.
        case day(CivilDate)
        /// `UNTIL=YYYYMMDDTHHMMSS`: a floating local time.
        case floating(CivilDate, secondOfDay: Int32)
        /// `UNTIL=YYYYMMDDTHHMMSSZ`: an instant.
        case utc(CivilDate, secondOfDay: Int32)

        /// The last day the rule may fall on in `zone`: the day written, or for a UTC time the local
        /// day of that instant in `zone` (clamped to 0001-01-01...9999-12-31).
        /// - Complexity: O(log transitions of `zone`)
        public func day(in zone: TimeZoneRules) -> CivilDate {
            switch self {
            case .day(let d), .floating(let d, _): return d
            case .utc(let d, let s):
                let instant = Int64(d.dayNumber) * LocalTime.secondsPerDay + Int64(s)
                if let local = zone.localTime(at: instant) { return local.day }
                return d.dayNumber > 0 ? .max : .min
            }
        }
    }

    /// The longest rule text accepted, in bytes: more than any canonical rule needs (every
    /// `BYYEARDAY`, `BYSETPOS` and `BYDAY` item at once is about 11 KB).
    public static var maxTextBytes: Int { 16_384 }
    /// The largest `INTERVAL` and `COUNT`. An interval longer than the supported calendar leaves only
    /// the start's period; a count beyond the occurrences up to 9999-12-31 ends there.
    public static var maxInterval: Int { 2_147_483_647 }

    /// `FREQ`.
    public internal(set) var frequency: Frequency
    /// `INTERVAL`, 1 when not given.
    public internal(set) var interval: Int
    /// `COUNT`: the number of occurrences, the start day included.
    public internal(set) var count: Int?
    /// `UNTIL`, inclusive.
    public internal(set) var until: Until?
    /// `WKST`, Monday when not given: the first day of the weeks of `WEEKLY` periods and `BYWEEKNO`.
    public internal(set) var firstWeekday: Weekday

    /// `BYMONTH`: bit m for month m; 0 for none.
    @usableFromInline var _months: UInt16
    /// `BYMONTHDAY` (±1...31).
    @usableFromInline var _monthDays: _SignedBits
    /// `BYYEARDAY` (±1...366).
    @usableFromInline var _yearDays: _SignedBits
    /// `BYWEEKNO` (±1...53).
    @usableFromInline var _weekNumbers: _SignedBits
    /// `BYDAY` without ordinal: bit n for weekday number n (0 = Sunday).
    @usableFromInline var _weekdays: UInt8
    /// `BYDAY` with ordinals, per weekday number (±1...53); empty when none has one.
    @usableFromInline var _nthWeekdays: [_SignedBits]
    /// `BYSETPOS` (±1...366).
    @usableFromInline var _setPositions: _SignedBits
    /// `RSCALE` (RFC 7529): 0 Gregorian (none written), 1 DANGI (`Scale`).
    @usableFromInline var _scale: UInt8
    /// `BYMONTH` leap months of a lunar rule (`6L`): bit m for leap month m; 0 for none.
    @usableFromInline var _leapMonths: UInt16
    /// `SKIP` (RFC 7529): 0 OMIT, 1 BACKWARD, 2 FORWARD (`Skip`).
    @usableFromInline var _skip: UInt8

    @usableFromInline
    init(_frequency: Frequency) {
        frequency = _frequency
        interval = 1
        count = nil
        until = nil
        firstWeekday = .monday
        _months = 0
        _monthDays = _SignedBits(limit: 31)
        _yearDays = _SignedBits(limit: 366)
        _weekNumbers = _SignedBits(limit: 53)
        _weekdays = 0
        _nthWeekdays = []
        _setPositions = _SignedBits(limit: 366)
        _scale = 0
        _leapMonths = 0
        _skip = 0
    }

    /// `FREQ=WEEKLY;BYDAY=…` for a weekday set: the rule form of the app's repetition. (As a rule,
    /// its start day is always an occurrence, per RFC 5545; a `WeekdaySet` repetition has no such day.)
    /// - Complexity: O(1)
    public init(weekdays: WeekdaySet) {
        self.init(_frequency: .weekly)
        _weekdays = weekdays.rawValue
    }

    /// The plain `BYDAY` weekdays (those without an ordinal).
    /// - Complexity: O(1)
    public var weekdays: WeekdaySet { WeekdaySet(rawValue: _weekdays) }

    /// True when the rule has a `BYDAY` item with an ordinal (`3TH`, `-1FR`).
    /// - Complexity: O(1)
    public var hasOrdinalWeekdays: Bool { !_nthWeekdays.isEmpty }

    /// The weekday set this rule repeats on when it is exactly `FREQ=WEEKLY;BYDAY=…` (no interval,
    /// bound or other part): the case the `WeekdaySet` fast path covers; nil otherwise.
    /// - Complexity: O(1)
    public var weekdaySet: WeekdaySet? {
        guard frequency == .weekly, interval == 1, count == nil, until == nil, _weekdays != 0,
              _months == 0, _setPositions.isEmpty else { return nil }
        return WeekdaySet(rawValue: _weekdays)
    }
}
