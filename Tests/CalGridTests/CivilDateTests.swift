import Testing
@testable import CalGrid

@Suite struct CivilDateTests {
    @Test func epochAndEnds() throws {
        #expect(try CivilDate(year: 1970, month: 1, day: 1).dayNumber == 0)
        #expect(try CivilDate(year: 1, month: 1, day: 1).dayNumber == CivilDate.minDayNumber)
        #expect(try CivilDate(year: 9999, month: 12, day: 31).dayNumber == CivilDate.maxDayNumber)
        #expect(CivilDate.epoch.weekday == .thursday)
        #expect(CivilDate.min.weekday == .monday)
    }

    @Test func invalidDatesAreErrors() {
        #expect(throws: DateError.invalidDay(year: 2023, month: 2, day: 29)) { try CivilDate(year: 2023, month: 2, day: 29) }
        #expect(throws: DateError.invalidMonth(13)) { try CivilDate(year: 2024, month: 13, day: 1) }
        #expect(throws: DateError.yearOutOfRange(0)) { try CivilDate(year: 0, month: 1, day: 1) }
        #expect(throws: DateError.yearOutOfRange(10000)) { try CivilDate(year: 10000, month: 1, day: 1) }
        #expect(throws: DateError.self) { try CivilDate.max.adding(days: 1) }
        #expect(throws: DateError.self) { try CivilDate.min.adding(days: -1) }
    }

    @Test func monthArithmeticClamps() throws {
        let jan31 = try CivilDate(year: 2024, month: 1, day: 31)
        #expect(try jan31.adding(months: 1) == CivilDate(year: 2024, month: 2, day: 29))
        #expect(try CivilDate(year: 2023, month: 1, day: 31).adding(months: 1) == CivilDate(year: 2023, month: 2, day: 28))
        #expect(try CivilDate(year: 2024, month: 3, day: 31).adding(months: -1) == CivilDate(year: 2024, month: 2, day: 29))
        #expect(try CivilDate(year: 2024, month: 2, day: 29).adding(years: 1) == CivilDate(year: 2025, month: 2, day: 28))
        #expect(try CivilDate(year: 2024, month: 12, day: 15).adding(months: 1) == CivilDate(year: 2025, month: 1, day: 15))
        #expect(try CivilDate(year: 2024, month: 1, day: 15).adding(months: -13) == CivilDate(year: 2022, month: 12, day: 15))
    }

    @Test func iso8601() throws {
        #expect(try CivilDate(iso8601: "2024-02-29").dayNumber == 19782)
        #expect(try CivilDate(iso8601: "0001-01-01") == CivilDate.min)
        #expect(CivilDate.max.iso8601 == "9999-12-31")
        #expect(throws: DateError.malformedDate(offset: 4)) { try CivilDate(iso8601: "2024/02/29") }
        #expect(throws: DateError.malformedDate(offset: 10)) { try CivilDate(iso8601: "2024-02-291") }
        #expect(throws: DateError.malformedDate(offset: 9)) { try CivilDate(iso8601: "2024-02-2") }
        #expect(throws: DateError.malformedDate(offset: 6)) { try CivilDate(iso8601: "2024-1-01") }
        #expect(throws: DateError.malformedDate(offset: 6)) { try CivilDate(iso8601: "2024-0") }
        #expect(throws: DateError.malformedDate(offset: 5)) { try CivilDate(iso8601: "2024-x") }
        #expect(throws: DateError.invalidDay(year: 2023, month: 2, day: 29)) { try CivilDate(iso8601: "2023-02-29") }
    }

    /// Round trip over every supported day: from day number to components and back.
    @Test func roundTripEveryDay() throws {
        var previous: (Int, Int, Int) = (0, 12, 31)
        for n in CivilDate.minDayNumber...CivilDate.maxDayNumber {
            let d = CivilDate(_unchecked: n)
            let c = d.components
            #expect(CivilDate._daysFromCivil(c.year, c.month, c.day) == Int(n))
            // Consecutive days advance the calendar by exactly one day.
            let advancesDay = c.day == previous.2 + 1 && c.month == previous.1 && c.year == previous.0
            let advancesMonth = c.day == 1 && previous.2 == CivilDate.daysInMonth(year: previous.0, month: previous.1)
                && ((c.month == previous.1 + 1 && c.year == previous.0) || (c.month == 1 && previous.1 == 12 && c.year == previous.0 + 1))
            if !(advancesDay || advancesMonth) { Issue.record("day \(n): \(c) after \(previous)"); return }
            previous = c
        }
    }

    @Test func leapYearsAndDayOfYear() throws {
        #expect(!CivilDate.isLeapYear(1900) && CivilDate.isLeapYear(2000) && !CivilDate.isLeapYear(2100) && CivilDate.isLeapYear(2400))
        #expect(CivilDate.daysInMonth(year: 1900, month: 2) == 28 && CivilDate.daysInMonth(year: 2000, month: 2) == 29)
        #expect(throws: DateError.invalidDay(year: 1900, month: 2, day: 29)) { try CivilDate(year: 1900, month: 2, day: 29) }
        #expect(try CivilDate(year: 2000, month: 2, day: 29).dayOfYear == 60)
        #expect(try CivilDate(year: 2000, month: 12, day: 31).dayOfYear == 366)
        #expect(try CivilDate(year: 1900, month: 12, day: 31).dayOfYear == 365)
    }
}
