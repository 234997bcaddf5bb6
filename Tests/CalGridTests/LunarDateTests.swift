// LunarDate's own rules: hostile input gets the one sentence naming it, the range ends, order.
// The days themselves are checked against KASI in LunarOracleTests.
import Testing
@testable import CalGrid

@Suite struct LunarDateTests {
    func error(_ body: () throws -> Void) -> String? {
        do { try body(); return nil } catch let e as LunarDateError { return e.description } catch { return "not a LunarDateError: \(error)" }
    }

    @Test func hostileLunarDatesAreNamed() {
        #expect(error { _ = try LunarDate(year: 2024, month: 13, day: 1) } == "lunar month 13 is outside 1...12")
        #expect(error { _ = try LunarDate(year: 2024, month: 0, day: 1) } == "lunar month 0 is outside 1...12")
        // 2023's leap month is the 2nd (윤2월); 2024 has none.
        #expect(error { _ = try LunarDate(year: 2023, month: 6, day: 1, isLeapMonth: true) }
                == "lunar year 2023 has no leap month 6 (its leap month is 2)")
        #expect(error { _ = try LunarDate(year: 2024, month: 6, day: 1, isLeapMonth: true) }
                == "lunar year 2024 has no leap month 6 (it has no leap month)")
        let short = (1...12).first { (try? LunarDate.daysInMonth(year: 2024, month: $0)) == 29 }!
        #expect(error { _ = try LunarDate(year: 2024, month: short, day: 30) }
                == "day 30 does not exist in lunar month \(short) of 2024, which has 29 days")
        #expect(error { _ = try LunarDate(year: 2024, month: 1, day: 0) } == "day 0 does not exist in lunar month 1 of 2024, which has \(try! LunarDate.daysInMonth(year: 2024, month: 1)) days")
        #expect(error { _ = try LunarDate(year: 2023, month: 2, day: 31, isLeapMonth: true) }?.hasPrefix("day 31 does not exist in lunar leap month 2 of 2023") == true)
        #expect(error { _ = try LunarDate(year: 999, month: 1, day: 1) } == "lunar year 999 is outside 1000...2050, the years the KASI table covers")
        #expect(error { _ = try LunarDate(year: Int.max, month: 1, day: 1) } == "lunar year \(Int.max) is outside 1000...2050, the years the KASI table covers")
        #expect(error { _ = try LunarDate(year: 2024, month: Int.min, day: 1) } == "lunar month \(Int.min) is outside 1...12")
        #expect(error { _ = try LunarDate(year: 2050, month: 11, day: 19) } == "lunar 2050-11-19 is after 2050-11-18, the last day the KASI table covers")
        #expect(error { _ = try LunarDate(year: 2050, month: 12, day: 1) } == "lunar 2050-12-1 is after 2050-11-18, the last day the KASI table covers")
    }

    @Test func solarDaysOutsideTheTableAreNamed() throws {
        let after = try CivilDate(year: 2051, month: 1, day: 1)
        #expect(error { _ = try LunarDate(after) } == "2051-01-01 is outside 1000-02-13...2050-12-31, the solar days the lunar table covers")
        #expect(error { _ = try LunarDate(CivilDate(year: 1000, month: 2, day: 12)) } != nil)
        #expect(error { _ = try LunarDate(CivilDate.min) } != nil)
        #expect(error { _ = try LunarDate(CivilDate.max) } != nil)
        #expect(LunarDateError.dayOutOfRange(Int32.min).description.hasPrefix("day \(Int32.min) is outside"))
    }

    @Test func rangeEndsConvertBothWays() throws {
        #expect(try LunarDate(LunarDate.civilRange.lowerBound) == LunarDate.first)
        #expect(try LunarDate(LunarDate.civilRange.upperBound) == LunarDate.last)
        #expect(LunarDate.civilRange.lowerBound.iso8601 == "1000-02-13")
        #expect(LunarDate.civilRange.upperBound.iso8601 == "2050-12-31")
    }

    @Test func orderPutsTheLeapMonthAfterItsOrdinaryMonth() throws {
        let a = try LunarDate(year: 2023, month: 2, day: 29)
        let b = try LunarDate(year: 2023, month: 2, day: 1, isLeapMonth: true)
        let c = try LunarDate(year: 2023, month: 3, day: 1)
        #expect(a < b && b < c)
        #expect(a.civilDate < b.civilDate && b.civilDate < c.civilDate)
    }

    @Test func labelsInBothLanguages() throws {
        let d = try LunarDate(year: 2026, month: 10, day: 27)
        #expect(LunarLabels.date(d, .korean) == "음력 10월 27일")
        #expect(LunarLabels.date(d, .english) == "Lunar 10/27")
        #expect(LunarLabels.month(6, isLeapMonth: true, .korean) == "윤6월")
        #expect(LunarLabels.month(6, isLeapMonth: true, .english) == "leap 6")
        let leap = try LunarDate(year: 2025, month: 6, day: 3, isLeapMonth: true)
        #expect(LunarLabels.cell(leap, .korean) == "윤6.3" && LunarLabels.cell(leap, .english) == "L6/3")
        #expect(LunarLabels.cell(d, .korean) == "10.27" && LunarLabels.cell(d, .english) == "10/27")
    }

    /// Every cell of a month grid carries the lunar date of its day; none outside the table.
    @Test func gridCellsCarryTheirLunarDate() throws {
        let grid = try MonthGrid(year: 2026, month: 9, firstWeekday: .sunday)
        for cell in grid { #expect(cell.lunarDate == (try LunarDate(cell.date))) }
        let after = try MonthGrid(year: 2051, month: 1, firstWeekday: .sunday)
        #expect(after.allSatisfy { $0.lunarDate == nil })
    }
}
