import Testing
@testable import CalGrid

private func day(_ s: String) -> CivilDate { try! CivilDate(iso8601: s) }

@Suite struct RangeSelectionTests {
    @Test func states() throws {
        let s = try RangeSelection(day("2026-11-05"), through: day("2026-11-17"))
        #expect(s.state(of: day("2026-11-04")) == .none)
        #expect(s.state(of: day("2026-11-05")) == .first)
        #expect(s.state(of: day("2026-11-10")) == .middle)
        #expect(s.state(of: day("2026-11-17")) == .last)
        #expect(s.state(of: day("2026-11-18")) == .none)
        #expect(RangeSelection(single: day("2026-11-05")).state(of: day("2026-11-05")) == .single)
        #expect(RangeSelection(between: day("2026-11-17"), and: day("2026-11-05")) == s)
        #expect(s.dayCount == 13)
        #expect(try s.period == Period.range(day("2026-11-05"), day("2026-11-17")))
        #expect(throws: DateError.invertedRange(first: day("2026-11-17").dayNumber, last: day("2026-11-05").dayNumber)) {
            try RangeSelection(day("2026-11-17"), through: day("2026-11-05"))
        }
    }

    @Test func barsBreakAtRowEnds() throws {
        // November 2026, Sunday first: rows are Nov 1–7, 8–14, 15–21, …
        let g = try MonthGrid(year: 2026, month: 11, firstWeekday: .sunday)
        let s = try RangeSelection(day("2026-11-05"), through: day("2026-11-17"))
        func at(_ d: String) -> SelectionCell { g.selection(s, at: g.index(of: day(d))!) }
        #expect(at("2026-11-04") == .none)
        #expect(at("2026-11-05") == SelectionCell(state: .first, startsRun: true, endsRun: false))
        #expect(at("2026-11-06") == SelectionCell(state: .middle, startsRun: false, endsRun: false))
        #expect(at("2026-11-07") == SelectionCell(state: .middle, startsRun: false, endsRun: true))
        #expect(at("2026-11-08") == SelectionCell(state: .middle, startsRun: true, endsRun: false))
        #expect(at("2026-11-14") == SelectionCell(state: .middle, startsRun: false, endsRun: true))
        #expect(at("2026-11-15") == SelectionCell(state: .middle, startsRun: true, endsRun: false))
        #expect(at("2026-11-17") == SelectionCell(state: .last, startsRun: false, endsRun: true))
        let one = RangeSelection(single: day("2026-11-07"))
        #expect(g.selection(one, at: g.index(of: day("2026-11-07"))!) == SelectionCell(state: .single, startsRun: true, endsRun: true))
    }

    @Test func hiddenAdjacentDaysBreakBars() throws {
        // Monday first: row 0 is Oct 26 … Nov 1, the last row Nov 30 … Dec 6.
        let s = try RangeSelection(day("2026-10-28"), through: day("2026-12-02"))
        let shown = try MonthGrid(year: 2026, month: 11, firstWeekday: .monday)
        let hidden = try MonthGrid(year: 2026, month: 11, firstWeekday: .monday, adjacentDays: .hide)
        #expect(shown.selection(s, at: 2) == SelectionCell(state: .first, startsRun: true, endsRun: false))
        #expect(hidden.selection(s, at: 2) == .none)
        #expect(shown.selection(s, at: 6) == SelectionCell(state: .middle, startsRun: false, endsRun: true))
        #expect(hidden.selection(s, at: 6) == SelectionCell(state: .middle, startsRun: true, endsRun: true))
        let nov30 = shown.index(of: day("2026-11-30"))!
        #expect(shown.selection(s, at: nov30) == SelectionCell(state: .middle, startsRun: true, endsRun: false))
        #expect(hidden.selection(s, at: nov30) == SelectionCell(state: .middle, startsRun: true, endsRun: true))
        #expect(hidden.selection(s, at: nov30 + 2) == .none)
    }

    /// Every selection within a span of days against a reference that looks at neighbouring cells.
    @Test(arguments: [AdjacentDayPolicy.show, .hide])
    func gridSelectionMatchesReference(adjacent: AdjacentDayPolicy) throws {
        for (y, m, fw) in [(2026, 2, Weekday.sunday), (2026, 11, .monday), (2024, 12, .saturday)] {
            let g = try MonthGrid(year: y, month: m, firstWeekday: fw, rows: .auto, adjacentDays: adjacent)
            let cells = Array(g)
            for a in g.days.lowerBound.advanced(by: -3)...g.days.upperBound.advanced(by: 3) {
                for b in a...g.days.upperBound.advanced(by: 3) {
                    let s = try RangeSelection(a, through: b)
                    func on(_ i: Int) -> Bool { i >= 0 && i < cells.count && cells[i].isVisible && s.contains(cells[i].date) }
                    for i in cells.indices {
                        let c = g.selection(s, at: i)
                        #expect(c.isSelected == on(i))
                        #expect(c.startsRun == (on(i) && (i % 7 == 0 || !on(i - 1))))
                        #expect(c.endsRun == (on(i) && (i % 7 == 6 || !on(i + 1))))
                        if on(i) { #expect(c.state == s.state(of: cells[i].date)) }
                    }
                }
            }
        }
    }

    @Test func stripsAndWindows() throws {
        let s = try RangeSelection(day("2026-11-27"), through: day("2026-12-03"))
        let strip = WeekStrip(containing: day("2026-11-29"), firstWeekday: .monday)   // Nov 23 … 29
        #expect(strip.selection(s, at: 4) == SelectionCell(state: .first, startsRun: true, endsRun: false))
        #expect(strip.selection(s, at: 6) == SelectionCell(state: .middle, startsRun: false, endsRun: true))
        let w = try MonthWindow(around: day("2026-11-15"), firstWeekday: .monday)
        let i = w.index(of: day("2026-11-30"))!
        #expect(w.selection(s, at: i) == SelectionCell(state: .middle, startsRun: true, endsRun: false))
        #expect(w.selection(s, at: i - 1) == SelectionCell(state: .middle, startsRun: false, endsRun: true))
        #expect(w.selection(s, at: i + 3) == SelectionCell(state: .last, startsRun: false, endsRun: true))
        #expect(s.cell(for: day("2026-12-01"), rowsStartOn: .tuesday) == SelectionCell(state: .middle, startsRun: true, endsRun: false))
    }
}
