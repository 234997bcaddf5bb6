extension CivilDate {
    /// `n` days later (earlier when negative). Overflow-checked: the result must stay in 0001...9999.
    /// - Complexity: O(1)
    @inlinable
    public func adding(days n: Int) throws(DateError) -> CivilDate {
        let (r, o) = Int64(dayNumber).addingReportingOverflow(Int64(n))
        guard !o else { throw DateError.dayNumberOutOfRange(n > 0 ? Int64.max : Int64.min) }
        return try CivilDate(dayNumber: r)
    }

    /// `n` months later, clamping the day to the target month's length
    /// (Jan 31 + 1 month = Feb 28 or 29; Mar 31 − 1 month = Feb 28 or 29).
    /// - Complexity: O(1)
    @inlinable
    public func adding(months n: Int) throws(DateError) -> CivilDate {
        guard n > -120_000, n < 120_000 else { throw DateError.countOutOfRange(Int64(n)) }
        let c = components
        let total = c.year * 12 + (c.month - 1) + n
        let y = total >= 0 ? total / 12 : (total - 11) / 12
        let m = total - y * 12 + 1
        guard y >= 1, y <= 9999 else { throw DateError.yearOutOfRange(y) }
        let d = Swift.min(c.day, CivilDate.daysInMonth(year: y, month: m))
        return CivilDate(_unchecked: Int32(truncatingIfNeeded: CivilDate._daysFromCivil(y, m, d)))
    }

    /// `n` years later, clamping Feb 29 to Feb 28 in a common year.
    /// - Complexity: O(1)
    @inlinable
    public func adding(years n: Int) throws(DateError) -> CivilDate {
        guard n > -10_000, n < 10_000 else { throw DateError.countOutOfRange(Int64(n)) }
        return try adding(months: n * 12)
    }

    /// Signed number of days from `self` to `other` (positive when `other` is later).
    /// - Complexity: O(1)
    @inlinable
    public func days(to other: CivilDate) -> Int { Int(other.dayNumber) - Int(dayNumber) }

    /// Signed number of whole months from `self` to `other` counted by calendar month, ignoring days.
    /// - Complexity: O(1)
    @inlinable
    public func calendarMonths(to other: CivilDate) -> Int {
        let a = components, b = other.components
        return (b.year - a.year) * 12 + (b.month - a.month)
    }
}

/// Days count one by one, so `first...last` is a collection of days: `for day in grid.days`.
extension CivilDate: Strideable {
    /// `days(to:)`.
    /// - Complexity: O(1)
    @inlinable
    public func distance(to other: CivilDate) -> Int { days(to: other) }

    /// The day `n` days later (earlier when negative), unchecked against 0001...9999 so that a
    /// range of grid days (which may reach 0000-12-26 or 10000-01-08) can be walked; use
    /// `adding(days:)` to stay inside the calendar. Precondition: the result lies within six weeks
    /// (one grid) of the supported range.
    /// - Complexity: O(1)
    @inlinable
    public func advanced(by n: Int) -> CivilDate {
        let d = Int(dayNumber) + n
        precondition(d >= Int(CivilDate.minDayNumber) - 42 && d <= Int(CivilDate.maxDayNumber) + 42,
                     "CivilDate.advanced(by:) left the calendar")
        return CivilDate(_unchecked: Int32(truncatingIfNeeded: d))
    }

    // Stated, so that equality stays the day numbers' (Strideable would offer `distance == 0`).
    /// - Complexity: O(1)
    @inlinable
    public static func == (a: CivilDate, b: CivilDate) -> Bool { a.dayNumber == b.dayNumber }
}
