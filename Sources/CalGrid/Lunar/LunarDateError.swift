/// Why a Korean lunar date (or a solar day to convert to one) was rejected.
///
/// Every case carries the offending values so its sentence can name them; nothing is normalized
/// (lunar 2024-13-01 is an error, not 2025-01-01) and nothing traps.
public enum LunarDateError: Error, Equatable, Sendable {
    /// A lunar year outside the table, `LunarDate.firstYear...LunarDate.lastYear`.
    case yearOutOfRange(Int)
    /// A lunar month outside 1...12.
    case invalidMonth(Int)
    /// A leap month the year does not have; `leapMonth` is the one it has (0 = none).
    case noLeapMonth(year: Int, month: Int, leapMonth: Int)
    /// A day outside 1...length of that (leap) month, which has `length` (29 or 30) days.
    case invalidDay(year: Int, month: Int, isLeapMonth: Bool, day: Int, length: Int)
    /// A lunar date after the last day the source table covers (`LunarDate.last`).
    case afterLastDay(year: Int, month: Int, day: Int)
    /// A solar day outside `LunarDate.civilRange`, the days the table covers (its day number).
    case dayOutOfRange(Int32)
}
