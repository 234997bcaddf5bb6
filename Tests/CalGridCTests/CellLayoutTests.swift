// The C layer writes grid cells through the core's PackedGridCell (CalGridC+MonthGrid.swift): these
// tests hold the header's calgrid_cell to that layout and its CALGRID_CELL_* bits to the core's, and
// compare what the C entry points write with the core's per-cell subscript, field by field.
import Testing
import CalGrid
import CCalGrid
@testable import CalGridC

@Suite struct CellLayoutTests {
    @Test func headerCellIsThePackedCell() {
        #expect(_cellLayoutMatchesHeader())
        typealias C = MemoryLayout<calgrid_cell>
        typealias P = MemoryLayout<PackedGridCell>
        #expect(C.size == 8 && P.size == 8 && C.alignment == 4 && P.alignment == 4)
        #expect([C.offset(of: \.date), C.offset(of: \.owner), C.offset(of: \.weekday), C.offset(of: \.flags),
                 C.offset(of: \.day)] == [0, 4, 5, 6, 7])
        #expect([P.offset(of: \.dayNumber), P.offset(of: \.ownerRawValue), P.offset(of: \.weekdayRawValue),
                 P.offset(of: \.flags), P.offset(of: \.dayOfMonth)] == [0, 4, 5, 6, 7])
        #expect(CALGRID_CELL_TODAY == 1 && PackedGridCell.Flags.today.rawValue == 1)
        #expect(CALGRID_CELL_VISIBLE == 2 && PackedGridCell.Flags.visible.rawValue == 2)
        #expect(CALGRID_CELL_WEEKEND == 4 && PackedGridCell.Flags.weekend.rawValue == 4)
        #expect(Int(CALGRID_GRID_MAX_CELLS) == MonthGrid.maxCellCount)
    }

    /// calgrid_todo_set_day_counts and grid_counts have the core write `calgrid_day_count`s in place
    /// (`TodoSet.writeDayCounts(from:through:kind:into:stride:)`: total at 0, completed at 4), and
    /// write what `dayCounts` answers, for every kind, events included (written as zeros for `.events`).
    @Test func dayCountsAreWrittenAsTheHeadersPairs() throws {
        typealias D = MemoryLayout<calgrid_day_count>
        #expect(D.size == 8 && D.stride == 8 && D.offset(of: \.total) == 0 && D.offset(of: \.completed) == 4)
        let first = try CivilDate(year: 2026, month: 10, day: 1), last = try CivilDate(year: 2026, month: 12, day: 31)
        var drafts: [TodoDraft] = []
        for k in 0..<60 {
            let s = first.advanced(by: (k * 7) % 80 - 5)
            let event = k % 6 == 1
            drafts.append(TodoDraft(id: "t\(k)", title: "", start: s, end: k % 5 == 0 ? nil : s.advanced(by: k % 13),
                                    isChallenge: !event && k % 3 == 0, isCompleted: !event && k % 4 == 0, isEvent: event))
        }
        let set = try TodoSet(drafts)
        for kind in [TodoKind.all, .todos, .challenges, .events] {
            let want = set.dayCounts(from: first, through: last, kind: kind)
            var got = [calgrid_day_count](repeating: calgrid_day_count(total: -1, completed: -1), count: want.dayCount + 1)
            got.withUnsafeMutableBytes { set.writeDayCounts(from: first, through: last, kind: kind, into: $0.baseAddress!, stride: D.stride) }
            #expect((0..<want.dayCount).allSatisfy { got[$0].total == want.total[$0] && got[$0].completed == want.completed[$0] }, "\(kind)")
            #expect(got[want.dayCount].total == -1 && got[want.dayCount].completed == -1, "wrote past the days")
        }
    }

    /// The header's view of one core cell, from its booleans and the header's flag macros.
    static func expected(_ c: GridCell) -> calgrid_cell {
        let flags = (c.isToday ? CALGRID_CELL_TODAY : 0) | (c.isVisible ? CALGRID_CELL_VISIBLE : 0)
            | (c.isWeekend ? CALGRID_CELL_WEEKEND : 0)
        return calgrid_cell(date: c.date.dayNumber, owner: c.owner.rawValue, weekday: c.weekday.rawValue,
                            flags: UInt8(flags), day: UInt8(c.dayOfMonth))
    }

    static func same(_ a: calgrid_cell, _ b: calgrid_cell) -> Bool {
        a.date == b.date && a.owner == b.owner && a.weekday == b.weekday && a.flags == b.flags && a.day == b.day
    }

    /// calgrid_month_grid_fill at the ends of the range and in an ordinary year, every option.
    @Test func monthGridFillMatchesTheCore() throws {
        for (year, month) in [(1, 1), (1, 2), (2026, 2), (2026, 11), (9999, 11), (9999, 12)] {
            for w in 0..<7 {
                for rows in [CALGRID_ROWS_FIXED, CALGRID_ROWS_AUTO] {
                    for adjacent in [CALGRID_ADJACENT_SHOW, CALGRID_ADJACENT_HIDE] {
                        let core = try MonthGrid(year: year, month: month, firstWeekday: Weekday(rawValue: UInt8(w))!,
                                                 rows: rows == CALGRID_ROWS_FIXED ? .fixed : .auto,
                                                 adjacentDays: adjacent == CALGRID_ADJACENT_SHOW ? .show : .hide)
                        for today in [_noDate, core.firstCellDay, core.monthFirst.dayNumber + 9, core.monthLast.dayNumber] {
                            guard today == _noDate || (today >= CivilDate.minDayNumber) else { continue }
                            try Self.check(year, month, calgrid_weekday(rawValue: UInt32(w)), rows, adjacent, today)
                        }
                    }
                }
            }
        }
    }

    static func check(_ year: Int, _ month: Int, _ w: calgrid_weekday, _ rows: calgrid_row_policy,
                      _ adjacent: calgrid_adjacent_policy, _ today: calgrid_date) throws {
        var options = calgrid_grid_options(struct_size: MemoryLayout<calgrid_grid_options>.size, first_weekday: w,
                                           rows: rows, adjacent: adjacent, today: today)
        var out = calgrid_month_grid()
        withUnsafeMutableBytes(of: &out) { _ = $0.initializeMemory(as: UInt8.self, repeating: 0xAB) }
        #expect(calgrid_month_grid_fill(&out, Int32(year), Int32(month), &options) == 0)
        let grid = try MonthGrid(year: year, month: month, firstWeekday: Weekday(rawValue: UInt8(w.rawValue))!,
                                 rows: rows == CALGRID_ROWS_FIXED ? .fixed : .auto,
                                 adjacentDays: adjacent == CALGRID_ADJACENT_SHOW ? .show : .hide,
                                 today: today == _noDate ? nil : CivilDate(_unchecked: today))
        #expect(Int(out.cell_count) == grid.count && Int(out.row_count) == grid.rowCount)
        withUnsafeBytes(of: out.cells) { raw in
            let cells = raw.bindMemory(to: calgrid_cell.self)
            for i in 0..<cells.count {
                let want = i < grid.count ? expected(grid[i]) : calgrid_cell()
                if !same(cells[i], want) {
                    Issue.record("\(year)-\(month) weekday \(w.rawValue) rows \(rows.rawValue) adjacent \(adjacent.rawValue) today \(today): cell \(i) is \(cells[i]), want \(want)")
                    return
                }
            }
        }
    }

    /// calgrid_week_strip_fill writes the core strip's cells through the same mapping.
    @Test func weekStripFillMatchesTheCore() throws {
        for date in [CivilDate.min, try CivilDate(year: 2026, month: 11, day: 29), CivilDate.max] {
            for w in 0..<7 {
                let strip = WeekStrip(containing: date, firstWeekday: Weekday(rawValue: UInt8(w))!, today: date)
                var cells = [calgrid_cell](repeating: calgrid_cell(), count: 7)
                #expect(calgrid_week_strip_fill(&cells, date.dayNumber, calgrid_weekday(rawValue: UInt32(w)),
                                                         date.dayNumber) == 0)
                for i in 0..<7 { #expect(Self.same(cells[i], Self.expected(strip[i])), "\(date) \(w) cell \(i)") }
            }
        }
    }
}
