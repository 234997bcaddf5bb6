/// The weekday of a day number (days since 1970-01-01, a Thursday): 0 = Sunday … 6 = Saturday.
/// The one weekday formula of CalGrid: `CivilDate.weekday`, the week numbers and the todos'
/// repeat-day arithmetic all call it. `day + 719_471` counts days from 0000-02-26, a Sunday
/// (719_471 ≡ 4 mod 7 puts day 0 on Thursday), so it is never negative for a supported date
/// nor for the year-0 cells at the edges of a grid.
@inlinable @inline(__always)
func _weekdayNumber(ofDay day: Int) -> Int { (day &+ 719_471) % 7 }

/// A day of the week, numbered as the origin app and C's `tm_wday` do: 0 = Sunday … 6 = Saturday.
public enum Weekday: UInt8, CaseIterable, Sendable, Comparable {
    case sunday = 0, monday, tuesday, wednesday, thursday, friday, saturday

    /// Validates a number 0...6 (0 = Sunday).
    /// - Complexity: O(1)
    @inlinable
    public init(number: Int) throws(DateError) {
        guard number >= 0, number <= 6, let w = Weekday(rawValue: UInt8(truncatingIfNeeded: number)) else {
            throw DateError.invalidWeekday(number)
        }
        self = w
    }

    /// ISO 8601 numbering: Monday = 1 … Sunday = 7.
    /// - Complexity: O(1)
    @inlinable
    public var isoNumber: Int { self == .sunday ? 7 : Int(rawValue) }

    /// Saturday and Sunday.
    /// - Complexity: O(1)
    @inlinable
    public var isWeekend: Bool { self == .sunday || self == .saturday }

    /// The weekday `n` days later (n may be negative).
    /// - Complexity: O(1)
    @inlinable
    public func advanced(by n: Int) -> Weekday {
        let r = (Int(rawValue) + n % 7 + 7) % 7
        return Weekday(rawValue: UInt8(truncatingIfNeeded: r))!
    }

    /// The weekday `n >= 0` days later, without validation or branches (grid cells use it).
    @inlinable @inline(__always)
    func _advanced(by n: Int) -> Weekday {
        unsafeBitCast(UInt8(truncatingIfNeeded: (Int(rawValue) + n) % 7), to: Weekday.self)
    }

    /// The position of this weekday in a week that starts on `firstWeekday` (0...6).
    /// - Complexity: O(1)
    @inlinable
    public func offset(from firstWeekday: Weekday) -> Int {
        (Int(rawValue) - Int(firstWeekday.rawValue) + 7) % 7
    }

    /// - Complexity: O(1)
    public static func < (a: Weekday, b: Weekday) -> Bool { a.rawValue < b.rawValue }
}

/// A set of weekdays in one byte (bit n = weekday n, 0 = Sunday): the app's repetition (반복).
public struct WeekdaySet: Hashable, Sendable {
    /// Bit n set ⇔ weekday n is in the set. Only the low 7 bits are ever set.
    /// - Complexity: O(1)
    public var rawValue: UInt8 { _bits }
    @usableFromInline var _bits: UInt8

    /// Keeps only the low seven bits.
    /// - Complexity: O(1)
    @inlinable
    public init(rawValue: UInt8) { self._bits = rawValue & 0x7F }

    /// - Complexity: O(n) in the number of days given
    public init(_ days: some Sequence<Weekday>) {
        var r: UInt8 = 0
        for d in days { r |= 1 << d.rawValue }
        self._bits = r
    }

    public static let all = WeekdaySet(rawValue: 0x7F)
    public static let none = WeekdaySet(rawValue: 0)
    public static let weekdays = WeekdaySet(rawValue: 0b0111110)
    public static let weekend = WeekdaySet(rawValue: 0b1000001)

    /// True when no weekday is in the set.
    /// - Complexity: O(1)
    @inlinable public var isEmpty: Bool { rawValue == 0 }
    /// How many weekdays are in the set, 0...7.
    /// - Complexity: O(1)
    @inlinable public var count: Int { rawValue.nonzeroBitCount }
    /// True when `d` is in the set.
    /// - Complexity: O(1)
    @inlinable public func contains(_ d: Weekday) -> Bool { rawValue & (1 << d.rawValue) != 0 }
    /// Adds `d` to the set.
    /// - Complexity: O(1)
    @inlinable public mutating func insert(_ d: Weekday) { _bits |= 1 << d.rawValue }
    /// Removes `d` from the set.
    /// - Complexity: O(1)
    @inlinable public mutating func remove(_ d: Weekday) { _bits &= ~(1 << d.rawValue) }
}

extension WeekdaySet {
    /// The number of days of `first...last` whose weekday is in the set; 0 when `last` is
    /// before `first`. A todo with this repetition and these dates has that many tracked days.
    /// - Complexity: O(1)
    @inlinable
    public func dayCount(from first: CivilDate, through last: CivilDate) -> Int {
        _repeatDayCount(from: first.dayNumber, through: last.dayNumber, days: self)
    }
}
