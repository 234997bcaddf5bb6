import Testing
@testable import CalGrid

private func day(_ s: String) -> CivilDate { try! CivilDate(iso8601: s) }

@Suite struct PeriodTests {
    @Test func stepsFromJanuary31() throws {
        let jan31 = day("2024-01-31")
        #expect(try Period.month(containing: jan31).next() == Period.month(year: 2024, month: 2))
        #expect(try Period.month(containing: jan31).previous() == Period.month(year: 2023, month: 12))
        #expect(try Period.month(containing: jan31).next().next() == Period.month(year: 2024, month: 3))
        #expect(try Period.day(jan31).next() == Period.day(day("2024-02-01")))
        #expect(try Period.week(containing: jan31, firstWeekday: .monday).next().first == day("2024-02-05"))
        #expect(try Period.year(2024).next() == Period.year(2025))
        #expect(try Period.range(jan31, day("2024-02-02")).next() == Period.range(day("2024-02-03"), day("2024-02-05")))
        #expect(try Period.range(jan31, day("2024-02-02")).previous() == Period.range(day("2024-01-28"), day("2024-01-30")))
        #expect(throws: DateError.self) { try Period.month(year: 9999, month: 12).next() }
        #expect(throws: DateError.self) { try Period.day(CivilDate.min).previous() }
        #expect(throws: DateError.self) { try Period.year(1).previous() }
    }

    @Test func isoWeekPeriods() throws {
        let p = try Period.isoWeek(ISOWeek(year: 2025, week: 1))
        #expect(p.first == day("2024-12-30") && p.last == day("2025-01-05") && p.kind == .week && p.firstWeekday == .monday)
        #expect(try p.next() == Period.isoWeek(ISOWeek(year: 2025, week: 2)))
        #expect(try Period.isoWeek(ISOWeek(year: 1, week: 1)).first == CivilDate.min)
        #expect(throws: DateError.self) { try Period.isoWeek(ISOWeek(year: 9999, week: 52)) }
    }
}
