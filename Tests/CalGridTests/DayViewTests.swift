import Testing
@testable import CalGrid

private func day(_ s: String) -> CivilDate { try! CivilDate(iso8601: s) }

@Suite struct DayViewTests {
    @Test func dayView() throws {
        let v = DayView(date: day("2026-11-29"), firstWeekday: .monday, today: day("2026-11-29"))
        #expect(v.isToday && v.isWeekend && v.weekday == .sunday && v.dayOfYear == 333)
        #expect(v.week.firstDay == day("2026-11-23") && v.weekNumber(.iso8601) == 48)
        #expect(try v.next().date == day("2026-11-30") && !(try v.next().isToday))
        #expect(try v.previous().date == day("2026-11-28"))
        #expect(v.period == Period.day(day("2026-11-29")))
        #expect(throws: DateError.self) { try DayView(date: CivilDate.max).next() }
        #expect(throws: DateError.self) { try DayView(date: CivilDate.min).previous() }
    }
}
