/// A day of the proleptic Gregorian calendar, stored as one `Int32`: the number of days
/// since 1970-01-01 (negative before it).
///
/// Supported years are 0001...9999, day numbers `CivilDate.minDayNumber ... CivilDate.maxDayNumber`
/// (0001-01-01 = -719162, 9999-12-31 = 2932896). Every constructor validates; nothing traps on
/// bad input and nothing is normalized. The conversions are Howard Hinnant's closed-form
/// `days_from_civil` / `civil_from_days`: no tables, no loops, no time zone, no allocation.
@frozen
public struct CivilDate: Hashable, Comparable, Sendable {
    /// Days since 1970-01-01.
    public let dayNumber: Int32

    /// 0001-01-01.
    public static let minDayNumber: Int32 = -719_162
    /// 9999-12-31.
    public static let maxDayNumber: Int32 = 2_932_896
    public static let min = CivilDate(_unchecked: minDayNumber)
    public static let max = CivilDate(_unchecked: maxDayNumber)
    /// 1970-01-01.
    public static let epoch = CivilDate(_unchecked: 0)

    /// No validation, for day numbers already known to be near the supported range (grid cells
    /// use it; they can reach 0000-12-26 and 10000-01-08). Far outside it, `weekday` traps.
    /// The package's modules share it; callers outside use `init(dayNumber:)` or `advanced(by:)`.
    @inlinable @inline(__always)
    package init(_unchecked dayNumber: Int32) { self.dayNumber = dayNumber }

    /// A date from its day number; throws outside 0001-01-01...9999-12-31.
    /// - Complexity: O(1)
    @inlinable
    public init(dayNumber: Int64) throws(DateError) {
        guard dayNumber >= Int64(CivilDate.minDayNumber), dayNumber <= Int64(CivilDate.maxDayNumber) else {
            throw DateError.dayNumberOutOfRange(dayNumber)
        }
        self.dayNumber = Int32(truncatingIfNeeded: dayNumber)
    }

    /// Validates, then converts: 2023-02-29 and 2024-13-01 are errors.
    /// - Complexity: O(1)
    @inlinable
    public init(year: Int, month: Int, day: Int) throws(DateError) {
        guard year >= 1, year <= 9999 else { throw DateError.yearOutOfRange(year) }
        guard month >= 1, month <= 12 else { throw DateError.invalidMonth(month) }
        guard day >= 1, day <= CivilDate.daysInMonth(year: year, month: month) else {
            throw DateError.invalidDay(year: year, month: month, day: day)
        }
        self.dayNumber = Int32(truncatingIfNeeded: CivilDate._daysFromCivil(year, month, day))
    }

    // MARK: Hinnant's algorithms, valid here for years 1...9999 (the era is never negative).
    //
    // Years are counted from March 1st, so the leap day ends a year and the month lengths
    // repeat in five-month runs (153 days); 400 years are one era of 146,097 days (a whole
    // number of weeks) starting 0000-03-01.

    // Computed, so each folds to a constant in inlined callers (a `static let` is a lazy global).
    /// Days in one 400-year Gregorian era.
    @inlinable static var _daysPerEra: Int { 146_097 }
    /// 0000-03-01, the start of era 0, as days before 1970-01-01.
    @inlinable static var _eraZeroShift: Int { 719_468 }
    /// The day of the March-based year on which January starts (after March...December's 306 days).
    @inlinable static var _januaryInMarchYear: Int { 306 }

    /// Days from 1970-01-01 to y-m-d (any proleptic Gregorian date with y >= 0).
    /// - Complexity: O(1)
    @inlinable @inline(__always)
    static func _daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = y / 400
        let yoe = y - era * 400                                   // [0, 399]
        let mp = month > 2 ? month - 3 : month + 9                 // March = 0
        let doy = (153 * mp + 2) / 5 + day - 1                     // [0, 365]
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy            // [0, 146096]
        return era * _daysPerEra + doe - _eraZeroShift
    }

    /// The March-based year of a day number (year >= 0) and its day in that year (0 = March 1st):
    /// the first half of `civil_from_days`, shared by the date and the week-number conversions.
    /// - Complexity: O(1)
    @inlinable @inline(__always)
    static func _marchYearAndDay(_ z0: Int) -> (year: Int, day: Int) {
        let z = z0 + _eraZeroShift
        let era = z / _daysPerEra
        let doe = z - era * _daysPerEra                                    // [0, 146096]
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365   // [0, 399]
        return (yoe + era * 400, doe - (365 * yoe + yoe / 4 - yoe / 100))  // day: [0, 365]
    }

    /// (year, month, day) of a day number whose year is >= 0.
    /// - Complexity: O(1)
    @inlinable @inline(__always)
    static func _civilFromDays(_ z0: Int) -> (year: Int, month: Int, day: Int) {
        let (y, doy) = _marchYearAndDay(z0)
        let mp = (5 * doy + 2) / 153                                       // [0, 11]
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (y + (m <= 2 ? 1 : 0), m, d)
    }

    // MARK: Components

    /// (year, month, day) in one conversion.
    /// - Complexity: O(1)
    @inlinable
    public var components: (year: Int, month: Int, day: Int) { CivilDate._civilFromDays(Int(dayNumber)) }
    /// The year, 1...9999.
    /// - Complexity: O(1)
    @inlinable public var year: Int { components.year }
    /// The month, 1...12.
    /// - Complexity: O(1)
    @inlinable public var month: Int { components.month }
    /// The day of the month, 1...31.
    /// - Complexity: O(1)
    @inlinable public var day: Int { components.day }

    /// Derived from the day number alone: 1970-01-01 was a Thursday.
    /// - Complexity: O(1)
    @inlinable
    public var weekday: Weekday {
        Weekday(rawValue: UInt8(truncatingIfNeeded: _weekdayNumber(ofDay: Int(dayNumber))))!
    }

    /// 1 for January 1st … 365 or 366.
    /// - Complexity: O(1)
    @inlinable
    public var dayOfYear: Int {
        let y = year
        return Int(dayNumber) - CivilDate._daysFromCivil(y, 1, 1) + 1
    }

    // MARK: Calendar facts

    /// Gregorian rule: every 4th year, but not every 100th, but every 400th.
    /// - Complexity: O(1)
    @inlinable
    public static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// 28...31; 0 for a month outside 1...12 (callers validate first).
    /// - Complexity: O(1)
    @inlinable
    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 1, 3, 5, 7, 8, 10, 12: return 31
        case 4, 6, 9, 11: return 30
        case 2: return isLeapYear(year) ? 29 : 28
        default: return 0
        }
    }

    /// - Complexity: O(1)
    @inlinable
    public static func daysInYear(_ year: Int) -> Int { isLeapYear(year) ? 366 : 365 }

    /// - Complexity: O(1)
    @inlinable public var isInLeapYear: Bool { CivilDate.isLeapYear(year) }

    /// The first day of this date's month.
    /// - Complexity: O(1)
    @inlinable
    public var firstOfMonth: CivilDate { CivilDate(_unchecked: dayNumber - Int32(truncatingIfNeeded: day - 1)) }

    /// The last day of this date's month.
    /// - Complexity: O(1)
    @inlinable
    public var lastOfMonth: CivilDate {
        let c = components
        return CivilDate(_unchecked: dayNumber + Int32(truncatingIfNeeded: CivilDate.daysInMonth(year: c.year, month: c.month) - c.day))
    }

    /// - Complexity: O(1)
    public static func < (a: CivilDate, b: CivilDate) -> Bool { a.dayNumber < b.dayNumber }
}
