import Testing
@testable import CalGrid

private func day(_ s: String) -> CivilDate { try! CivilDate(iso8601: s) }

@Suite struct WeekNumberTests {
    // (date, ISO year, ISO week, %U, %W) — values from Python's isocalendar() and strftime.
    static let table: [(String, Int, Int, Int, Int)] = [
        ("0001-01-01", 1, 1, 0, 1),
        ("9999-12-31", 9999, 52, 52, 52),
        ("1900-01-01", 1900, 1, 0, 1),
        ("1900-12-31", 1901, 1, 52, 53),      // week 1 of 1901 starts in December 1900
        ("2000-01-01", 1999, 52, 0, 0),
        ("2000-12-31", 2000, 52, 53, 52),
        ("2024-12-30", 2025, 1, 52, 53),      // week 1 of 2025 starts on 2024-12-30
        ("2018-12-31", 2019, 1, 52, 53),
        ("2021-01-03", 2020, 53, 1, 0),       // 2020 has 53 ISO weeks
        ("2020-12-31", 2020, 53, 52, 52),
        ("2026-01-01", 2026, 1, 0, 0),
        ("2026-11-29", 2026, 48, 48, 47),
    ]

    @Test func isoAndStrftimeWeeks() {
        for (s, isoYear, isoWeek, u, w) in Self.table {
            let d = day(s)
            #expect(d.isoWeek == ISOWeek(_unchecked: isoYear, isoWeek), "\(s)")
            #expect(d.weekOfYear(firstWeekday: .sunday) == u, "\(s) %U")
            #expect(d.weekOfYear(firstWeekday: .monday) == w, "\(s) %W")
            #expect(d.weekNumber(.iso8601) == isoWeek)
            #expect(d.weekNumber(.sundayBased) == u)
            #expect(d.weekNumber(.mondayBased) == w)
        }
    }

    @Test func longISOYears() throws {
        // 71 of every 400 years have 53 ISO weeks; 1775 of 1...9999 (Python: date(y, 12, 28).isocalendar()).
        #expect((1...400).filter { ISOWeek.weeksInYear($0) == 53 }.count == 71)
        #expect((1...9999).filter { ISOWeek.weeksInYear($0) == 53 }.count == 1775)
        // A year is long exactly when its December 28th is in week 53.
        for y in 1...9999 { #expect((try! CivilDate(year: y, month: 12, day: 28).isoWeek.week == 53) == (ISOWeek.weeksInYear(y) == 53)) }
        for y in [2004, 2009, 2015, 2020, 2026, 2032] { #expect(ISOWeek.weeksInYear(y) == 53, "\(y)") }
        for y in [1900, 2000, 2021, 2024, 2025] { #expect(ISOWeek.weeksInYear(y) == 52, "\(y)") }
        // The last day of every ISO year is in its last week; the day after is week 1.
        for y in 1990...2040 {
            let lastMonday = try ISOWeek(year: y, week: ISOWeek.weeksInYear(y)).monday
            let sunday = try lastMonday.adding(days: 6)
            #expect(sunday.isoWeek == ISOWeek(_unchecked: y, ISOWeek.weeksInYear(y)))
            #expect(try sunday.adding(days: 1).isoWeek == ISOWeek(_unchecked: y + 1, 1))
        }
    }

    @Test func isoWeekDates() throws {
        #expect(try CivilDate(isoWeek: ISOWeek(year: 2025, week: 1), weekday: .monday) == day("2024-12-30"))
        #expect(try CivilDate(isoWeek: ISOWeek(year: 2020, week: 53), weekday: .sunday) == day("2021-01-03"))
        #expect(try CivilDate(isoWeek: ISOWeek(year: 1, week: 1), weekday: .monday) == CivilDate.min)
        #expect(throws: DateError.invalidWeek(year: 2025, week: 53)) { try ISOWeek(year: 2025, week: 53) }
        #expect(throws: DateError.invalidWeek(year: 2026, week: 0)) { try ISOWeek(year: 2026, week: 0) }
        #expect(throws: DateError.yearOutOfRange(10000)) { try ISOWeek(year: 10000, week: 1) }
        // 9999-W52 ends on 10000-01-02.
        #expect(throws: DateError.self) { try CivilDate(isoWeek: ISOWeek(year: 9999, week: 52), weekday: .sunday) }
        #expect(try CivilDate(isoWeek: ISOWeek(year: 9999, week: 52), weekday: .friday) == CivilDate.max)
    }

    @Test func weekOfMonth() {
        // November 2026 starts on a Sunday.
        #expect(day("2026-11-01").weekOfMonth(firstWeekday: .sunday) == 1)
        #expect(day("2026-11-07").weekOfMonth(firstWeekday: .sunday) == 1)
        #expect(day("2026-11-08").weekOfMonth(firstWeekday: .sunday) == 2)
        #expect(day("2026-11-30").weekOfMonth(firstWeekday: .sunday) == 5)
        #expect(day("2026-11-01").weekOfMonth(firstWeekday: .monday) == 1)
        #expect(day("2026-11-02").weekOfMonth(firstWeekday: .monday) == 2)
        #expect(day("2026-11-30").weekOfMonth(firstWeekday: .monday) == 6)
        #expect(day("2026-11-30").weekOfMonth(.iso8601) == 6)
    }

    @Test func gridRowWeekNumbers() throws {
        // January 2026 starts on a Thursday: row 0 is ISO week 1 and strftime week 0.
        let mon = try MonthGrid(year: 2026, month: 1, firstWeekday: .monday, rows: .auto)
        #expect(mon.weekNumber(ofRow: 0, .iso8601) == 1)
        #expect(mon.weekNumber(ofRow: 0, .mondayBased) == 0)
        #expect(mon.weekNumber(ofRow: 1, .mondayBased) == 1)
        #expect(mon.weekNumber(ofRow: 4, .iso8601) == 5)
        let sun = try MonthGrid(year: 2026, month: 1, firstWeekday: .sunday, rows: .auto)
        #expect(sun.weekNumber(ofRow: 0, .iso8601) == 1)       // Sun 2025-12-28 … Sat 2026-01-03
        #expect(sun.weekNumber(ofRow: 0, .sundayBased) == 0)
        #expect(sun.weekNumber(ofRow: 1, .sundayBased) == 1)
        // December 2024's last Monday row is week 1 of 2025.
        let dec = try MonthGrid(year: 2024, month: 12, firstWeekday: .monday, rows: .auto)
        #expect(dec.isoWeek(ofRow: dec.rowCount - 1) == ISOWeek(_unchecked: 2025, 1))
        #expect(dec.weekNumber(ofRow: dec.rowCount - 1, .mondayBased) == 53)
        // January 2021 opens inside 2020-W53.
        let jan21 = try MonthGrid(year: 2021, month: 1, firstWeekday: .monday)
        #expect(jan21.isoWeek(ofRow: 0) == ISOWeek(_unchecked: 2020, 53))
        // Every row of every grid for a decade agrees with its days' own week numbers.
        for y in 2020...2030 {
            for m in 1...12 {
                for fw in Weekday.allCases {
                    let g = try MonthGrid(year: y, month: m, firstWeekday: fw, rows: .fixed)
                    for r in 0..<g.rowCount {
                        let inMonth = (0..<7).map { g[r * 7 + $0] }.filter(\.isInMonth)
                        for c in inMonth { #expect(c.date.weekOfYear(firstWeekday: fw) == g.weekNumber(ofRow: r, .firstWeekday(fw))) }
                        let thursday = g[r * 7 + Weekday.thursday.offset(from: fw)].date
                        #expect(g.isoWeek(ofRow: r) == thursday.isoWeek)
                    }
                }
            }
        }
    }

    @Test func weekStrip() throws {
        let s = WeekStrip(containing: day("2026-11-29"), firstWeekday: .monday, today: day("2026-11-25"))
        #expect(s.firstDay == day("2026-11-23") && s.lastDay == day("2026-11-29"))
        #expect(s.map(\.weekday) == [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday])
        #expect(s.map(\.isToday) == [false, false, true, false, false, false, false])
        #expect(s.index(of: day("2026-11-29")) == 6 && s.index(of: day("2026-11-30")) == nil)
        let sun = WeekStrip(containing: day("2026-11-29"), firstWeekday: .sunday)
        #expect(sun.firstDay == day("2026-11-29"))
        #expect(sun.map(\.owner) == [.thisMonth, .thisMonth, .nextMonth, .nextMonth, .nextMonth, .nextMonth, .nextMonth])
        #expect(try sun.next().firstDay == day("2026-12-06"))
        #expect(try sun.previous().firstDay == day("2026-11-22"))
        #expect(try sun.period() == Period.week(containing: day("2026-12-01"), firstWeekday: .sunday))
        #expect(sun.weekNumber(.iso8601) == 49 && sun.weekNumber(.sundayBased) == 48)
        // Every date and first weekday: the strip holds the date and starts on the first weekday.
        for n in stride(from: Int32(19_000), to: 19_400, by: 1) {
            for fw in Weekday.allCases {
                let d = CivilDate(_unchecked: n)
                let w = WeekStrip(containing: d, firstWeekday: fw)
                #expect(w.firstDay.weekday == fw && w.index(of: d) != nil && w.count == 7)
            }
        }
    }

    @Test func weekStripAtTheEnds() {
        let first = WeekStrip(containing: CivilDate.min, firstWeekday: .sunday)
        #expect(first.firstDay.components == (0, 12, 31) && first.firstDay.weekday == .sunday)
        #expect(first[0].owner == .previousMonth)
        #expect(throws: DateError.dayNumberOutOfRange(Int64(CivilDate.minDayNumber) - 8)) { try first.previous() }
        #expect(throws: DateError.dayNumberOutOfRange(Int64(CivilDate.minDayNumber) - 1)) { try first.period() }
        let last = WeekStrip(containing: CivilDate.max, firstWeekday: .sunday)
        #expect(last.lastDay.components == (10000, 1, 1))
        #expect(throws: DateError.self) { try last.next() }
        #expect(throws: DateError.self) { try last.period() }
        #expect(last.weekNumber(.iso8601) == 52)
    }
}
