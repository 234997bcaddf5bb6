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
