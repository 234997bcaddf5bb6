/// Where a day sits in a selected range.
public enum SelectionState: UInt8, Sendable {
    /// Not selected.
    case none = 0
    /// The range is this one day.
    case single = 1
    /// The first day of a range of two or more days.
    case first = 2
    /// Strictly between the first and the last day.
    case middle = 3
    /// The last day of a range of two or more days.
    case last = 4
}

/// A cell's part in a selection plus what a UI needs to draw highlight bars that break at row
/// ends: whether the cell starts and/or ends a run of selected cells within its row.
@frozen
public struct SelectionCell: Hashable, Sendable {
    public let state: SelectionState
    /// Selected, and the range's first day, the first cell of its row, or right after a hidden cell.
    public let startsRun: Bool
    /// Selected, and the range's last day, the last cell of its row, or right before a hidden cell.
    public let endsRun: Bool

    /// - Complexity: O(1)
    @inlinable public var isSelected: Bool { state != .none }

    /// - Complexity: O(1)
    @inlinable
    public init(state: SelectionState, startsRun: Bool, endsRun: Bool) {
        self.state = state; self.startsRun = startsRun; self.endsRun = endsRun
    }

    public static let none = SelectionCell(state: .none, startsRun: false, endsRun: false)
}

/// An inclusive range of selected days (the origin app's start/end date selection).
@frozen
public struct RangeSelection: Hashable, Sendable {
    public let first: CivilDate
    public let last: CivilDate

    /// `first...last`; `last` before `first` is an error.
    /// - Complexity: O(1)
    @inlinable
    public init(_ first: CivilDate, through last: CivilDate) throws(DateError) {
        guard first <= last else { throw DateError.invertedRange(first: first.dayNumber, last: last.dayNumber) }
        self.first = first; self.last = last
    }

    /// The range between two tapped days in either order.
    /// - Complexity: O(1)
    @inlinable
    public init(between a: CivilDate, and b: CivilDate) {
        first = Swift.min(a, b); last = Swift.max(a, b)
    }

    /// One selected day.
    /// - Complexity: O(1)
    @inlinable
    public init(single day: CivilDate) { first = day; last = day }

    /// Number of selected days (at least 1).
    /// - Complexity: O(1)
    @inlinable public var dayCount: Int { Int(last.dayNumber) - Int(first.dayNumber) + 1 }

    /// - Complexity: O(1)
    @inlinable public func contains(_ d: CivilDate) -> Bool { first <= d && d <= last }

    /// The range as a `Period` of kind `.range`.
    /// - Complexity: O(1)
    public var period: Period { Period(_kind: .range, first: first, last: last) }

    /// The state of `d` alone, ignoring any layout.
    /// - Complexity: O(1)
    @inlinable
    public func state(of d: CivilDate) -> SelectionState {
        guard first <= d && d <= last else { return .none }
        if first == last { return .single }
        return d == first ? .first : (d == last ? .last : .middle)
    }

    /// The state of `d` in a layout whose rows are weeks starting on `firstWeekday` (month grids,
    /// week strips, windows laid out in weeks): runs break at every row end.
    /// - Complexity: O(1)
    @inlinable
    public func cell(for d: CivilDate, rowsStartOn firstWeekday: Weekday) -> SelectionCell {
        let column = d.weekday.offset(from: firstWeekday)
        return _cell(d, column: column, previousHidden: false, nextHidden: false)
    }

    /// `column` is 0...6 in the cell's row; a hidden neighbour also breaks the run.
    @inlinable
    func _cell(_ d: CivilDate, column: Int, previousHidden: Bool, nextHidden: Bool) -> SelectionCell {
        let s = state(of: d)
        guard s != .none else { return .none }
        return SelectionCell(state: s,
                             startsRun: d == first || column == 0 || previousHidden,
                             endsRun: d == last || column == 6 || nextHidden)
    }
}

extension MonthGrid {
    /// Cell `i`'s part in `selection`. Hidden cells (`AdjacentDayPolicy.hide`) are never
    /// selected, and a run stops next to them. Precondition: `0 <= i < count`.
    /// - Complexity: O(1)
    @inlinable
    public func selection(_ selection: RangeSelection, at i: Int) -> SelectionCell {
        precondition(i >= 0 && i < rowCount * 7, "MonthGrid cell index out of range")
        let d = CivilDate(_unchecked: firstCellDay + Int32(truncatingIfNeeded: i))
        let hides = adjacentDays == .hide
        if hides && (d < monthFirst || d > monthLast) { return .none }
        return selection._cell(d, column: i % 7,
                               previousHidden: hides && d == monthFirst,
                               nextHidden: hides && d == monthLast)
    }
}

extension WeekStrip {
    /// Cell `i`'s part in `selection`; the strip is one row. Precondition: `0 <= i < 7`.
    /// - Complexity: O(1)
    @inlinable
    public func selection(_ selection: RangeSelection, at i: Int) -> SelectionCell {
        precondition(i >= 0 && i < 7, "WeekStrip cell index out of range")
        return selection._cell(CivilDate(_unchecked: firstCellDay + Int32(truncatingIfNeeded: i)), column: i,
                               previousHidden: false, nextHidden: false)
    }
}
