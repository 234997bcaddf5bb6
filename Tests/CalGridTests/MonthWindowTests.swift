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
