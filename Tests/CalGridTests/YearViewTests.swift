import Testing
@testable import CalGrid

private func day(_ s: String) -> CivilDate { try! CivilDate(iso8601: s) }

@Suite struct YearViewTests {
    @Test func yearView() throws {
        let y = try YearView(year: 2024, firstWeekday: .monday, rows: .auto, today: day("2024-02-29"))
        #expect(y.count == 12)
        for (i, g) in y.enumerated() {
            #expect(g == (try MonthGrid(year: 2024, month: i + 1, firstWeekday: .monday, rows: .auto, today: day("2024-02-29"))))
        }
        #expect(y.position(of: day("2024-02-29"))! == (1, y[1].index(of: day("2024-02-29"))!))
        #expect(y.position(of: day("2025-01-01")) == nil)
        #expect(y.period == (try Period.year(2024)))
        #expect(try y.grid(month: 12) == y[11])
        #expect(throws: DateError.invalidMonth(0)) { try y.grid(month: 0) }
        #expect(try y.next().year == 2025 && (try y.previous().year) == 2023)
        #expect(throws: DateError.yearOutOfRange(10000)) { try YearView(year: 9999).next() }
        #expect(throws: DateError.yearOutOfRange(0)) { try YearView(year: 1).previous() }
        #expect(throws: DateError.yearOutOfRange(-5)) { try YearView(year: -5) }
        #expect(MemoryLayout<YearView>.size <= 24)      // settings only, no grids stored
    }
}
