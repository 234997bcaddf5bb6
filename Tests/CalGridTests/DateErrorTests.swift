import Testing
@testable import CalGrid

@Suite struct DateErrorTests {
    @Test func messagesNameTheValue() {
        #expect(DateError.invalidDay(year: 2023, month: 2, day: 29).description == "day 29 does not exist in month 2 of year 2023")
        #expect(DateError.invalidMonth(13).description == "month 13 is outside 1...12")
        #expect(DateError.invalidWeek(year: 2025, week: 53).description == "ISO week 53 does not exist in 2025 (it has 52 weeks)")
        #expect("\(DateError.yearOutOfRange(0))" == "year 0 is outside 1...9999")
    }

    @Test func badInputIsATypedErrorNamingTheValue() {
        #expect(throws: DateError.invalidMonth(13)) { try MonthGrid(year: 2024, month: 13) }
        #expect(throws: DateError.invalidMonth(-1)) { try MonthGrid(year: 2024, month: -1) }
        #expect(throws: DateError.yearOutOfRange(0)) { try MonthGrid(year: 0, month: 12) }
        #expect(throws: DateError.yearOutOfRange(Int.max)) { try MonthGrid(year: Int.max, month: 1) }
        #expect(throws: DateError.invalidWeekday(7)) { try Weekday(number: 7) }
        #expect(throws: DateError.invalidWeekday(-1)) { try Weekday(number: -1) }
        #expect(throws: DateError.dayNumberOutOfRange(Int64.max)) { try CivilDate(dayNumber: Int64.max) }
        #expect(throws: DateError.invalidDay(year: 2024, month: 4, day: 31)) { try CivilDate(year: 2024, month: 4, day: 31) }
        #expect(throws: DateError.invalidDay(year: 2024, month: 1, day: 0)) { try CivilDate(year: 2024, month: 1, day: 0) }
        #expect(throws: DateError.countOutOfRange(Int64(Int.max))) { try CivilDate.epoch.adding(months: Int.max) }
        #expect(throws: DateError.countOutOfRange(Int64(Int.min))) { try CivilDate.epoch.adding(years: Int.min) }
        #expect(throws: DateError.self) { try CivilDate.epoch.adding(days: Int.max) }
        #expect(throws: DateError.yearOutOfRange(10000)) { try CivilDate.max.adding(months: 1) }
        #expect(throws: DateError.malformedDate(offset: 0)) { try CivilDate(iso8601: "") }
        #expect(throws: DateError.malformedDate(offset: 0)) { try CivilDate(iso8601: "+024-01-01") }
        #expect(throws: DateError.invalidMonth(13)) { try CivilDate(iso8601: "2024-13-45") }
        #expect(throws: DateError.yearOutOfRange(0)) { try CivilDate(iso8601: "0000-01-01") }
    }
}
