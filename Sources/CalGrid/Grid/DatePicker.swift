/// The year / month / day wheels of a date picker between a minimum and a maximum date.
///
/// The columns shrink at the bounds (with minimum 2024-03-15 the months of 2024 are 3...12 and
/// the days of March 2024 are 15...31), and changing the year or the month re-clamps the rest of
/// the selection: March 31 → February gives February 28 or 29, and a day outside the bounds moves
/// to the nearest bound. The selection is always a valid date within `minimum...maximum`.
public struct DatePicker: Hashable, Sendable {
    public let minimum: CivilDate
    public let maximum: CivilDate
    /// Always within `minimum...maximum`.
    public private(set) var selection: CivilDate

    /// A picker over `minimum...maximum` (the whole supported range by default); `selection` is
    /// clamped into it. `maximum` before `minimum` is an error.
    /// - Complexity: O(1)
    public init(minimum: CivilDate = .min, maximum: CivilDate = .max, selection: CivilDate) throws(DateError) {
        guard minimum <= maximum else { throw DateError.invertedRange(first: minimum.dayNumber, last: maximum.dayNumber) }
        self.minimum = minimum
        self.maximum = maximum
        self.selection = Swift.min(Swift.max(selection, minimum), maximum)
    }

    // MARK: Columns

    /// The year column.
    /// - Complexity: O(1)
    public var years: ClosedRange<Int> { minimum.year...maximum.year }

    /// The month column for `year`: 1...12, cut at the bounds' months in the bounds' years.
    /// - Throws: `DateError.yearOutOfRange(year)` when `year` is not in `years`.
    /// - Complexity: O(1)
    public func months(inYear year: Int) throws(DateError) -> ClosedRange<Int> {
        let lo = minimum.components, hi = maximum.components
        guard year >= lo.year, year <= hi.year else { throw DateError.yearOutOfRange(year) }
        return (year == lo.year ? lo.month : 1)...(year == hi.year ? hi.month : 12)
    }

    /// The day column for (`year`, `month`): 1...28/29/30/31, cut at the bounds.
    /// - Throws: `DateError.yearOutOfRange` / `DateError.invalidMonth` when the year or month is
    ///   not in its column.
    /// - Complexity: O(1)
    public func days(inYear year: Int, month: Int) throws(DateError) -> ClosedRange<Int> {
        let ms = try months(inYear: year)
        guard ms.contains(month) else { throw DateError.invalidMonth(month) }
        let lo = minimum.components, hi = maximum.components
        let first = year == lo.year && month == lo.month ? lo.day : 1
        let last = year == hi.year && month == hi.month ? hi.day : CivilDate.daysInMonth(year: year, month: month)
        return first...last
    }

    /// The month column for the selected year.
    /// - Complexity: O(1)
    public var months: ClosedRange<Int> {
        // The selection is within the bounds, so its year is in the year column.
        (try? months(inYear: selection.year)) ?? 1...12
    }

    /// The day column for the selected year and month.
    /// - Complexity: O(1)
    public var days: ClosedRange<Int> {
        let c = selection.components
        return (try? days(inYear: c.year, month: c.month)) ?? 1...CivilDate.daysInMonth(year: c.year, month: c.month)
    }

    // MARK: Changing the selection

    /// Picks a year, keeping the month and the day where the new year allows them and clamping
    /// them into its columns otherwise (February 29 → 28, a month before the minimum's → the
    /// minimum's month).
    /// - Throws: `DateError.yearOutOfRange(year)` when `year` is not in `years`; the selection is
    ///   then unchanged.
    /// - Complexity: O(1)
    public mutating func selectYear(_ year: Int) throws(DateError) {
        let c = selection.components
        try _select(year: year, month: c.month, day: c.day, strictMonth: false)
    }

    /// Picks a month of the selected year, clamping the day (March 31 → February 28/29).
    /// - Throws: `DateError.invalidMonth(month)` when `month` is not in `months`.
    /// - Complexity: O(1)
    public mutating func selectMonth(_ month: Int) throws(DateError) {
        let c = selection.components
        try _select(year: c.year, month: month, day: c.day, strictMonth: true)
    }

    /// Picks a day of the selected month.
    /// - Throws: `DateError.invalidDay` when `day` is not in `days`.
    /// - Complexity: O(1)
    public mutating func selectDay(_ day: Int) throws(DateError) {
        let c = selection.components
        guard days.contains(day) else { throw DateError.invalidDay(year: c.year, month: c.month, day: day) }
        selection = try CivilDate(year: c.year, month: c.month, day: day)
    }

    /// Selects `date`, clamped into `minimum...maximum`.
    /// - Complexity: O(1)
    public mutating func select(_ date: CivilDate) { selection = clamped(date) }

    /// `date` moved to the nearest bound when outside `minimum...maximum`.
    /// - Complexity: O(1)
    public func clamped(_ date: CivilDate) -> CivilDate { Swift.min(Swift.max(date, minimum), maximum) }

    mutating func _select(year: Int, month: Int, day: Int, strictMonth: Bool) throws(DateError) {
        let ms = try months(inYear: year)
        guard !strictMonth || ms.contains(month) else { throw DateError.invalidMonth(month) }
        let m = Swift.min(Swift.max(month, ms.lowerBound), ms.upperBound)
        let ds = try days(inYear: year, month: m)
        let d = Swift.min(Swift.max(day, ds.lowerBound), ds.upperBound)
        selection = try CivilDate(year: year, month: m, day: d)
    }
}
