/// Why a recurrence rule's text was rejected.
///
/// It names the offending part (`BYDAY=9MO`), where it starts in the text and why, so every layer
/// (Swift, C, JSON, the CLI) can say the same sentence: `BYDAY=9MO: ordinal 9 is outside -5...5 for
/// MONTHLY`. Parsing never traps, loops or allocates more than the text's length.
public struct RecurrenceError: Error, Hashable, Sendable {
    /// What is wrong with the part.
    public enum Reason: Hashable, Sendable {
        /// The text is longer than `RecurrenceRule.maxTextBytes`.
        case ruleTooLong(byteCount: Int)
        /// The text is empty.
        case emptyRule
        /// Two `;` in a row, or a `;` first.
        case emptyPart
        /// A part without `=`, or with nothing after it.
        case malformedPart
        /// A part name RFC 5545 does not define.
        case unknownPart
        /// `BYHOUR`, `BYMINUTE` or `BYSECOND`: CalGrid's days are civil days.
        case timeOfDayPart
        /// The same part twice.
        case duplicatePart
        /// No `FREQ` part.
        case missingFrequency
        /// A `FREQ` value that is not a frequency.
        case unknownFrequency
        /// `HOURLY`, `MINUTELY` or `SECONDLY`: CalGrid's days are civil days.
        case subDayFrequency
        /// An item that is not a (signed, where allowed) decimal number.
        case notANumber
        /// A number outside the part's range; `signed` ranges also allow the negatives, never 0.
        case outOfRange(value: Int64, range: ClosedRange<Int>, signed: Bool)
        /// A `BYDAY` or `WKST` item that is not `MO`, `TU`, `WE`, `TH`, `FR`, `SA` or `SU`.
        case unknownWeekday
        /// A `BYDAY` ordinal beyond ±`limit` (5 for MONTHLY, 53 for YEARLY), or 0.
        case ordinalOutOfRange(ordinal: Int64, limit: Int, frequency: RecurrenceRule.Frequency)
        /// A `BYDAY` ordinal with a frequency other than MONTHLY or YEARLY.
        case ordinalNotAllowed(RecurrenceRule.Frequency)
        /// A `BYDAY` ordinal in a YEARLY rule with `BYWEEKNO`.
        case ordinalWithWeekNumber
        /// A part the frequency does not allow (`BYWEEKNO` outside YEARLY, `BYYEARDAY` in
        /// DAILY/WEEKLY/MONTHLY, `BYMONTHDAY` in WEEKLY).
        case partNotAllowed(RecurrenceRule.Frequency)
        /// `COUNT` and `UNTIL` in one rule.
        case countWithUntil
        /// An `UNTIL` that is not `YYYYMMDD`, `YYYYMMDDTHHMMSS` or `YYYYMMDDTHHMMSSZ` of a real day and time.
        case malformedUntil
        /// An `RSCALE` other than `GREGORIAN` or `DANGI` (RFC 7529: `CHINESE`, `HEBREW`, `FOO`…).
        case unknownScale
        /// A `SKIP` value that is not `OMIT`, `BACKWARD` or `FORWARD`.
        case unknownSkip
        /// `SKIP` without `RSCALE=DANGI`, or a leap month (`BYMONTH=6L`) in a Gregorian rule.
        case needsLunarScale
        /// A part or frequency an `RSCALE=DANGI` rule does not take (it takes FREQ=YEARLY or
        /// MONTHLY, INTERVAL, COUNT, UNTIL, BYMONTH, BYMONTHDAY, SKIP and WKST).
        case notInLunarRule
    }

    /// Why the part was rejected.
    public var reason: Reason
    /// The byte offset in the rule text where the offending part (or list item) starts.
    public var offset: Int
    /// The offending part as written, `NAME=VALUE` (or `NAME=ITEM` for one item of a list), cut to
    /// 48 bytes; empty for errors about the whole text.
    public var part: String

    /// - Complexity: O(1)
    @inlinable
    public init(_ reason: Reason, offset: Int, part: String) {
        self.reason = reason
        self.offset = offset
        self.part = part
    }
}
