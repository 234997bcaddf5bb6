import Testing
@testable import CalGrid

private func day(_ s: String) -> CivilDate { try! CivilDate(iso8601: s) }

@Suite struct DatePickerTests {
    @Test func columnsAtTheBounds() throws {
        let p = try DatePicker(minimum: day("2024-03-15"), maximum: day("2026-10-10"), selection: day("2025-06-15"))
        #expect(p.years == 2024...2026)
        #expect(try p.months(inYear: 2024) == 3...12)
        #expect(try p.months(inYear: 2025) == 1...12)
        #expect(try p.months(inYear: 2026) == 1...10)
        #expect(try p.days(inYear: 2024, month: 3) == 15...31)
        #expect(try p.days(inYear: 2024, month: 4) == 1...30)
        #expect(try p.days(inYear: 2025, month: 2) == 1...28)
        #expect(try p.days(inYear: 2026, month: 10) == 1...10)
        #expect(throws: DateError.yearOutOfRange(2023)) { try p.months(inYear: 2023) }
        #expect(throws: DateError.invalidMonth(2)) { try p.days(inYear: 2024, month: 2) }
        #expect(throws: DateError.invalidMonth(11)) { try p.days(inYear: 2026, month: 11) }
        #expect(p.months == 1...12 && p.days == 1...30)
    }

    @Test func reclampingKeepsAValidSelection() throws {
        var p = try DatePicker(selection: day("2025-03-31"))
        try p.selectMonth(2)
        #expect(p.selection == day("2025-02-28"))
        try p.selectYear(2024)
        #expect(p.selection == day("2024-02-28"))      // the day stays 28, it is not re-grown
        try p.selectDay(29)
        try p.selectYear(2023)
        #expect(p.selection == day("2023-02-28"))      // Feb 29 → 28
        try p.selectYear(2000)
        try p.selectMonth(3)
        try p.selectDay(31)
        try p.selectMonth(4)
        #expect(p.selection == day("2000-04-30"))
        #expect(throws: DateError.invalidDay(year: 2000, month: 4, day: 31)) { try p.selectDay(31) }
        #expect(throws: DateError.invalidMonth(13)) { try p.selectMonth(13) }
        #expect(throws: DateError.yearOutOfRange(0)) { try p.selectYear(0) }
        #expect(p.selection == day("2000-04-30"))      // failed picks change nothing
    }

    @Test func clampingToMinAndMax() throws {
        var p = try DatePicker(minimum: day("2024-03-15"), maximum: day("2026-10-10"), selection: day("2025-03-10"))
        try p.selectYear(2024)
        #expect(p.selection == day("2024-03-15"))      // March 10 is before the minimum
        p.select(day("2025-01-31"))
        try p.selectYear(2024)
        #expect(p.selection == day("2024-03-31"))      // January is before the minimum's month
        p.select(day("2025-12-31"))
        try p.selectYear(2026)
        #expect(p.selection == day("2026-10-10"))      // December 31 → the maximum
        #expect(throws: DateError.yearOutOfRange(2027)) { try p.selectYear(2027) }
        #expect(throws: DateError.invalidMonth(11)) { try p.selectMonth(11) }
        #expect(throws: DateError.invalidDay(year: 2026, month: 10, day: 11)) { try p.selectDay(11) }
        p.select(day("1999-01-01"))
        #expect(p.selection == day("2024-03-15"))
        p.select(day("2099-01-01"))
        #expect(p.selection == day("2026-10-10"))
        #expect(try DatePicker(minimum: day("2024-03-15"), maximum: day("2026-10-10"), selection: CivilDate.max).selection == day("2026-10-10"))
        #expect(throws: DateError.invertedRange(first: day("2026-10-10").dayNumber, last: day("2024-03-15").dayNumber)) {
            try DatePicker(minimum: day("2026-10-10"), maximum: day("2024-03-15"), selection: day("2025-01-01"))
        }
        let one = try DatePicker(minimum: day("2024-02-29"), maximum: day("2024-02-29"), selection: day("2024-02-29"))
        #expect(one.years == 2024...2024 && one.months == 2...2 && one.days == 29...29)
    }

    /// Columns against brute force: a (year, month, day) is offered exactly when it is a real date
    /// within the bounds; every pick lands inside the bounds.
    @Test(arguments: [("2023-11-20", "2024-03-05"), ("0001-01-01", "0001-02-02"), ("9999-11-30", "9999-12-31"), ("2024-02-29", "2028-02-28")])
    func columnsMatchBruteForce(bounds: (String, String)) throws {
        let lo = day(bounds.0), hi = day(bounds.1)
        let p = try DatePicker(minimum: lo, maximum: hi, selection: lo)
        for y in p.years {
            let months = try p.months(inYear: y)
            for m in 1...12 {
                let real = (1...31).filter { (try? CivilDate(year: y, month: m, day: $0)).map { lo <= $0 && $0 <= hi } ?? false }
                #expect(months.contains(m) == !real.isEmpty, "\(y)-\(m)")
                if months.contains(m) { #expect(Array(try p.days(inYear: y, month: m)) == real, "\(y)-\(m)") }
            }
        }
        var q = p
        for y in p.years {
            for m in 1...12 {
                for d in [1, 15, 28, 31] {
                    q.select(lo)
                    try? q.selectYear(y)
                    try? q.selectMonth(m)
                    try? q.selectDay(d)
                    #expect(lo <= q.selection && q.selection <= hi)
                    #expect(q.days.contains(q.selection.day) && q.months.contains(q.selection.month))
                }
            }
        }
    }
}

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
            for a in g.dayRange.lowerBound - 3...g.dayRange.upperBound + 3 {
                for b in a...g.dayRange.upperBound + 3 {
                    let s = try RangeSelection(CivilDate(_unchecked: a), through: CivilDate(_unchecked: b))
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
