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
}
