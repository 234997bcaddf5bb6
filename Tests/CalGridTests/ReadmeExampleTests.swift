import Testing
@testable import CalGrid

/// The README's "Core API" examples, with the results its comments claim.
@Suite struct ReadmeExampleTests {
    @Test func examples() throws {
        let d = try CivilDate(year: 2024, month: 1, day: 31)
        #expect(d.weekday == .wednesday && d.dayOfYear == 31)
        #expect(try d.adding(months: 1).iso8601 == "2024-02-29")
        #expect(try d.adding(days: -31).iso8601 == "2023-12-31")
        #expect(d.days(to: try CivilDate(iso8601: "2024-03-01")) == 30)

        let day = try CivilDate(iso8601: "2024-12-30")
        #expect(try day.isoWeek == (ISOWeek(year: 2025, week: 1)) && day.weekNumber(.iso8601) == 1)
        #expect(day.weekOfYear(firstWeekday: .sunday) == 52 && day.weekNumber(.mondayBased) == 53)
        #expect(day.weekOfMonth(firstWeekday: .sunday) == 5 && ISOWeek.weeksInYear(2026) == 53)
        #expect(try CivilDate(isoWeek: ISOWeek(year: 2020, week: 53), weekday: .sunday).iso8601 == "2021-01-03")
        let jan = try MonthGrid(year: 2026, month: 1, firstWeekday: .monday)
        #expect(jan.weekNumber(ofRow: 0, .iso8601) == 1 && jan.weekNumber(ofRow: 0, .mondayBased) == 0)
        #expect(jan.isoWeek(ofRow: 0) == (try ISOWeek(year: 2026, week: 1)))

        let today = try CivilDate(iso8601: "2026-11-29")
        let grid = try MonthGrid(year: 2026, month: 11, firstWeekday: .monday, rows: .auto, today: today)
        #expect(grid.rowCount == 6 && grid.index(of: today) == 34 && grid.firstDay(ofRow: 1).iso8601 == "2026-11-02")
        let week = WeekStrip(containing: today, firstWeekday: .monday, today: today)
        #expect(try week.firstDay.iso8601 == "2026-11-23" && week[6].isToday && (week.next().firstDay.iso8601) == "2026-11-30")
        let dayView = DayView(date: today, firstWeekday: .monday, today: today)
        #expect(try dayView.week == week && (dayView.next().date.iso8601) == "2026-11-30")
        let year = try YearView(year: 2026, firstWeekday: .monday)
        #expect(year[10].month == 11 && year.position(of: today)! == (10, 34))

        var window = try MonthWindow(around: today)
        #expect(window.count == 92 && window.index(of: today) == 59 && window.indices(ofMonth: 1) == 31..<61)
        #expect(try window.prependMonth() == 30)
        #expect(try window.appendMonth() == 31)
        #expect(try window.dropFirstMonth() == 30)
        let weeks = try MonthWindow(around: today, firstWeekday: .sunday, layout: .weeks)
        #expect(weeks[0].isPadding && weeks[0].date.iso8601 == "2026-09-27")

        var picker = try DatePicker(minimum: try CivilDate(iso8601: "2024-03-15"), maximum: try CivilDate(iso8601: "2026-10-10"),
                                    selection: try CivilDate(iso8601: "2025-03-31"))
        #expect(try picker.years == 2024...2026 && (picker.months(inYear: 2024)) == 3...12 && (picker.days(inYear: 2024, month: 3)) == 15...31)
        try picker.selectMonth(2)
        #expect(picker.selection.iso8601 == "2025-02-28")
        try picker.selectYear(2024)
        #expect(picker.selection.iso8601 == "2024-03-28")
        #expect(throws: DateError.invalidMonth(13)) { try picker.selectMonth(13) }
        picker.select(.max)
        #expect(picker.selection.iso8601 == "2026-10-10")

        let selection = RangeSelection(between: try CivilDate(iso8601: "2026-11-17"), and: try CivilDate(iso8601: "2026-11-05"))
        let sunday = try MonthGrid(year: 2026, month: 11, firstWeekday: .sunday)
        let starts = sunday.indices.filter { sunday.selection(selection, at: $0).startsRun }.map { sunday[$0].date.day }
        let ends = sunday.indices.filter { sunday.selection(selection, at: $0).endsRun }.map { sunday[$0].date.day }
        #expect(starts == [5, 8, 15] && ends == [7, 14, 17])

        #expect(try Period.month(year: 2026, month: 11).next() == Period.month(year: 2026, month: 12))
        #expect(try Period.month(containing: try CivilDate(iso8601: "2024-01-31")).next() == Period.month(year: 2024, month: 2))
        #expect(try Period.week(containing: today, firstWeekday: .monday).first.iso8601 == "2026-11-23")

        #expect("\(Weekday.sunday.name(.short, .korean))" == "일" && "\(Weekday.sunday.name(.long, .korean))" == "일요일")
        #expect("\(Weekday.sunday.name(.narrow, .english))" == "Su" && "\(Weekday.sunday.name(.long, .english))" == "Sunday")
        #expect("\(try MonthLabels.name(11, .long, .english))" == "November")
        #expect("\(PeriodKind.month.name(.long, .korean))" == "월간")
        #expect("\(SortOrderLabel.deadlineImminent.name(.long, .korean))" == "기한임박")
        #expect("\(SortOrderLabel(rawValue: 1)!.name())" == "Registration order")
        #expect(try DateTitles.month(year: 2026, month: 11) == "November 2026")
        #expect(try DateTitles.month(year: 2026, month: 11, .korean) == "2026년 11월")
        #expect(DateTitles.longDate(today, .korean) == "2026년 11월 29일 일요일")
    }
}
