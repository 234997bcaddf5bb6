/// Why a calendar value was rejected.
///
/// Every case carries the offending value so a message can name it. CalGrid never
/// normalizes silently (2024-13-45 is an error, not 2025-02-14) and never traps on
/// bad input.
public enum DateError: Error, Equatable, Sendable {
    /// The year is outside 1...9999.
    case yearOutOfRange(Int)
    /// The month is outside 1...12.
    case invalidMonth(Int)
    /// The day does not exist in that month (2023-02-29, 2024-04-31, 0).
    case invalidDay(year: Int, month: Int, day: Int)
    /// A day number outside 0001-01-01...9999-12-31.
    case dayNumberOutOfRange(Int64)
    /// A weekday number outside 0...6 (0 = Sunday).
    case invalidWeekday(Int)
    /// An ISO 8601 text that is not exactly `YYYY-MM-DD`; `offset` is the first bad byte.
    case malformedDate(offset: Int)
    /// A range whose last day comes before its first.
    case invertedRange(first: Int32, last: Int32)
    /// An ISO week number outside 1...52 (or 1...53 in a long year) of that week-based year.
    case invalidWeek(year: Int, week: Int)
    /// A count (of days, months, years, weeks, rows…) outside what the operation allows.
    case countOutOfRange(Int64)
}
