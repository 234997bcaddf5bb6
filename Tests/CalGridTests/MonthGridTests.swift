import Testing
@testable import CalGrid

private func day(_ s: String) -> CivilDate { try! CivilDate(iso8601: s) }

@Suite struct MonthGridTests {
    @Test func gridsAtTheEndsOfTheRange() throws {
        // Grids at the very ends of the supported range.
        let first = try MonthGrid(year: 1, month: 1, firstWeekday: .sunday)
        #expect(first[0].date.components == (0, 12, 31) && first[0].owner == .previousMonth && first[1].date == CivilDate.min)
        let last = try MonthGrid(year: 9999, month: 12, firstWeekday: .sunday)
        #expect(last[last.count - 1].date.components == (10000, 1, 8) && last[last.count - 1].owner == .nextMonth)
        #expect(last.index(of: CivilDate.max) == 3 + 30)      // December 1, 9999 is a Wednesday
    }

    /// Edge cells in year 0 and 10000 can be fed back into the API without a trap.
    @Test func edgeCellsRoundTrip() throws {
        let jan1 = try MonthGrid(year: 1, month: 1, firstWeekday: .saturday)
        let yearZero = jan1[0].date
        #expect(yearZero.components.year == 0)
        #expect(MonthGrid(containing: yearZero) == (try MonthGrid(year: 1, month: 1)))
        #expect(WeekStrip(containing: yearZero).index(of: yearZero) != nil)
        #expect(throws: DateError.self) { try yearZero.adding(days: 1) }
        let dec = try MonthGrid(year: 9999, month: 12, firstWeekday: .monday)
        let year10000 = dec[dec.count - 1].date
        #expect(year10000.components.year == 10000)
        #expect(MonthGrid(containing: year10000) == (try MonthGrid(year: 9999, month: 12)))
        #expect(year10000.isoWeek.year == 10000 || year10000.isoWeek.year == 9999)
        #expect(year10000.weekOfYear(firstWeekday: .monday) >= 0)
    }

    /// Grids, strips and windows give their days as a range of dates whose walk is their cells'
    /// dates, edge days of year 0 and 10000 included.
    @Test func daysAreTheCellsDates() throws {
        for (y, m, fw) in [(1, 1, Weekday.saturday), (2026, 2, .sunday), (2024, 12, .monday), (9999, 12, .monday)] {
            for rows in [GridRowPolicy.fixed, .auto] {
                let g = try MonthGrid(year: y, month: m, firstWeekday: fw, rows: rows)
                #expect(Array(g.days) == g.map(\.date))
                #expect(g.days.count == g.count)
                let strip = WeekStrip(containing: g[g.count - 1].date, firstWeekday: fw)
                #expect(Array(strip.days) == strip.map(\.date))
            }
            for layout in [WindowLayout.days, .weeks] where y != 1 && y != 9999 {
                let w = try MonthWindow(year: y, month: m, monthCount: 3, firstWeekday: fw, layout: layout)
                #expect(Array(w.days) == w.map(\.date))
            }
        }
    }

    /// Striding by days is day-number arithmetic, and agrees with the checked `adding(days:)`.
    @Test func dateStrides() throws {
        let d = try CivilDate(year: 2024, month: 2, day: 28)
        for n in [-800, -1, 0, 1, 2, 365, 10_000] {
            #expect(d.advanced(by: n) == (try d.adding(days: n)))
            #expect(d.distance(to: d.advanced(by: n)) == n)
        }
        #expect(CivilDate.max.advanced(by: 1).components == (10000, 1, 1))
        #expect(Array(d...d.advanced(by: 2)).map(\.iso8601) == ["2024-02-28", "2024-02-29", "2024-03-01"])
    }
}
