import Testing
@testable import CalGrid

private func day(_ s: String) -> CivilDate { try! CivilDate(iso8601: s) }

@Suite struct MonthWindowTests {
    @Test func previousCurrentNext() throws {
        var w = try MonthWindow(around: day("2026-11-15"))
        #expect(w.firstDay == day("2026-10-01") && w.lastDay == day("2026-12-31") && w.count == 92)
        #expect(w.monthCount == 3 && w.month(at: 0) == (2026, 10) && w.month(at: 2) == (2026, 12))
        #expect(w.index(of: day("2026-11-01")) == 31 && w.index(of: day("2027-01-01")) == nil)
        #expect(w.indices(ofMonth: 1) == 31..<61)
        #expect(w.monthOffset(of: day("2026-12-25")) == 2 && w.monthOffset(of: day("2026-09-30")) == nil)
        #expect(w.indices(from: day("2026-09-20"), to: day("2026-10-02")) == 0..<2)
        #expect(w.indices(from: day("2027-09-20"), to: day("2027-10-02")).isEmpty)
        #expect(w[31].date == day("2026-11-01") && w[31].monthOffset == 1 && !w[31].isPadding)
        // Scrolling back: September is prepended and every index moves by 30.
        #expect(try w.prependMonth() == 30)
        #expect(w.index(of: day("2026-11-01")) == 61 && w.firstDay == day("2026-09-01") && w.month(at: 0) == (2026, 9))
        #expect(try w.appendMonth() == 31)
        #expect(w.lastDay == day("2027-01-31") && w.monthCount == 5)
        #expect(try w.dropFirstMonth() == 30)
        #expect(try w.dropLastMonth() == 31)
        #expect(w == (try MonthWindow(around: day("2026-11-15"))))
        #expect(w.monthGrid(at: 1) == (try MonthGrid(year: 2026, month: 11)))
    }

    @Test func weekLayout() throws {
        // Oct 1 2026 is a Thursday, Dec 31 2026 a Thursday.
        var w = try MonthWindow(around: day("2026-11-15"), firstWeekday: .sunday, layout: .weeks)
        #expect(w.firstDay == day("2026-09-27") && w.lastDay == day("2027-01-02") && w.count % 7 == 0)
        #expect(w[0].isPadding && w[0].monthOffset == -1 && !w[4].isPadding && w[w.count - 1].monthOffset == 3)
        #expect(try w.prependMonth() == 28)             // Sep 1 2026 is a Tuesday: Aug 30 … Sep 26 added
        #expect(w.firstDay == day("2026-08-30") && w.count % 7 == 0)
    }

    /// Any sequence of prepends, appends and drops equals the window built directly.
    @Test(arguments: [WindowLayout.days, .weeks])
    func incrementalMatchesDirect(layout: WindowLayout) throws {
        for fw in Weekday.allCases {
            var w = try MonthWindow(year: 2023, month: 6, monthCount: 1, firstWeekday: fw, layout: layout)
            var first = 2023 * 12 + 5, count = 1
            var rng = SystemRandomNumberGenerator()
            for _ in 0..<60 {
                let before = w.count
                let oldFirstDay = w.firstDay
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: let n = try w.prependMonth(); first -= 1; count += 1; #expect(w.count == before + n && w.index(of: oldFirstDay) == n)
                case 1: let n = try w.appendMonth(); count += 1; #expect(w.count == before + n)
                case 2: if count > 1 { let n = try w.dropFirstMonth(); first += 1; count -= 1; #expect(w.count == before - n) }
                default: if count > 1 { let n = try w.dropLastMonth(); count -= 1; #expect(w.count == before - n) }
                }
                let direct = try MonthWindow(year: first / 12, month: first % 12 + 1, monthCount: count, firstWeekday: fw, layout: layout)
                #expect(w == direct)
            }
            // Every entry: consecutive days, month offsets from the days' own components.
            for (i, e) in w.enumerated() {
                let c = e.date.components
                #expect(e.date.dayNumber == w.firstDay.dayNumber + Int32(i))
                #expect(e.monthOffset == c.year * 12 + c.month - 1 - first && e.weekday == e.date.weekday)
                #expect(e.isPadding == (e.monthOffset < 0 || e.monthOffset >= count))
            }
            if layout == .weeks { #expect(w.firstDay.weekday == fw && w.count % 7 == 0) }
        }
    }

    @Test func ends() throws {
        var w = try MonthWindow(year: 1, month: 1, monthCount: 2, layout: .weeks)
        #expect(throws: DateError.yearOutOfRange(0)) { try w.prependMonth() }
        #expect(w.firstDay.components == (0, 12, 31))    // padding reaches into year 0 (Jan 1, 1 is a Monday)
        var z = try MonthWindow(year: 9999, month: 11, monthCount: 2)
        #expect(throws: DateError.yearOutOfRange(10000)) { try z.appendMonth() }
        #expect(z.lastDay == CivilDate.max)
        #expect(throws: DateError.yearOutOfRange(0)) { try MonthWindow(around: CivilDate.min) }
        #expect(throws: DateError.yearOutOfRange(10000)) { try MonthWindow(around: CivilDate.max) }
        #expect(throws: DateError.countOutOfRange(-1)) { try MonthWindow(around: day("2026-01-01"), monthsBefore: -1) }
        #expect(throws: DateError.countOutOfRange(0)) { try MonthWindow(year: 2026, month: 1, monthCount: 0) }
        #expect(throws: DateError.invalidMonth(13)) { try MonthWindow(year: 2026, month: 13, monthCount: 1) }
        #expect(throws: DateError.countOutOfRange(1)) { try z.dropFirstMonth(); try z.dropFirstMonth() }
        w = try MonthWindow(year: 1, month: 1, monthCount: 119_988)    // every supported month
        #expect(w.count == Int(CivilDate.maxDayNumber - CivilDate.minDayNumber) + 1)
    }
}

@Suite struct ViewTests {
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

@Suite struct PeriodAndBadInputTests {
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

    @Test func edgeYears() throws {
        #expect(!CivilDate.isLeapYear(1900) && CivilDate.isLeapYear(2000) && !CivilDate.isLeapYear(2100) && CivilDate.isLeapYear(2400))
        #expect(CivilDate.daysInMonth(year: 1900, month: 2) == 28 && CivilDate.daysInMonth(year: 2000, month: 2) == 29)
        #expect(throws: DateError.invalidDay(year: 1900, month: 2, day: 29)) { try CivilDate(year: 1900, month: 2, day: 29) }
        #expect(try CivilDate(year: 2000, month: 2, day: 29).dayOfYear == 60)
        #expect(try CivilDate(year: 2000, month: 12, day: 31).dayOfYear == 366)
        #expect(try CivilDate(year: 1900, month: 12, day: 31).dayOfYear == 365)
        // Grids at the very ends of the supported range.
        let first = try MonthGrid(year: 1, month: 1, firstWeekday: .sunday)
        #expect(first[0].date.components == (0, 12, 31) && first[0].owner == .previousMonth && first[1].date == CivilDate.min)
        let last = try MonthGrid(year: 9999, month: 12, firstWeekday: .sunday)
        #expect(last[last.count - 1].date.components == (10000, 1, 8) && last[last.count - 1].owner == .nextMonth)
        #expect(last.index(of: CivilDate.max) == 3 + 30)      // December 1, 9999 is a Wednesday
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

@Suite struct ErrorTextAndISOWeekPeriodTests {
    @Test func messagesNameTheValue() {
        #expect(DateError.invalidDay(year: 2023, month: 2, day: 29).description == "day 29 does not exist in month 2 of year 2023")
        #expect(DateError.invalidMonth(13).description == "month 13 is outside 1...12")
        #expect(DateError.invalidWeek(year: 2025, week: 53).description == "ISO week 53 does not exist in 2025 (it has 52 weeks)")
        #expect("\(DateError.yearOutOfRange(0))" == "year 0 is outside 1...9999")
    }

    @Test func isoWeekPeriods() throws {
        let p = try Period.isoWeek(ISOWeek(year: 2025, week: 1))
        #expect(p.first == day("2024-12-30") && p.last == day("2025-01-05") && p.kind == .week && p.firstWeekday == .monday)
        #expect(try p.next() == Period.isoWeek(ISOWeek(year: 2025, week: 2)))
        #expect(try Period.isoWeek(ISOWeek(year: 1, week: 1)).first == CivilDate.min)
        #expect(throws: DateError.self) { try Period.isoWeek(ISOWeek(year: 9999, week: 52)) }
    }
}

@Suite struct EdgeCellTests {
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
