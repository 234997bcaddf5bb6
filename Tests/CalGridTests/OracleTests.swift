// Cross-checks CalGrid's calendar math against Python's datetime / time.strftime / calendar
// (Tests/oracle/calendar_oracle.py) for every day of 0001-01-01...9999-12-31 and every month grid of
// years 1...9999 for all seven first weekdays and both row policies.
import Testing
import CalGridTestSupport
@testable import CalGrid

enum Oracle {
    /// Runs the oracle and returns its whole standard output.
    static func run(_ arguments: [String]) throws -> [UInt8] {
        try runPython(TestPaths.oracle("calendar_oracle.py"), arguments)
    }

    /// The formulas under test; tests that prove the oracle can fail swap in broken ones.
    struct DayFormulas {
        var isoWeek: (CivilDate) -> ISOWeek = { $0.isoWeek }
        var weekOfYear: (CivilDate, Weekday) -> Int = { $0.weekOfYear(firstWeekday: $1) }
    }

    /// Compares the `days` stream for `years` with CalGrid; returns descriptions of mismatches (at
    /// most `limit`, plus a total line).
    static func compareDays(_ b: [UInt8], years: ClosedRange<Int>, formulas f: DayFormulas = DayFormulas(), limit: Int = 8) -> [String] {
        var problems: [String] = []
        var total = 0
        func fail(_ s: @autoclosure () -> String) { total += 1; if problems.count < limit { problems.append(s()) } }
        func u16(_ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
        var i = 0
        for year in years {
            guard i + 4 <= b.count else { return ["oracle stream ends before year \(year)"] }
            let ordinal = Int(b[i]) | Int(b[i + 1]) << 8 | Int(b[i + 2]) << 16 | Int(b[i + 3]) << 24
            i += 4
            guard let jan1 = try? CivilDate(year: year, month: 1, day: 1) else { return ["year \(year) rejected"] }
            // Python's proleptic ordinal 1 is 0001-01-01; CalGrid's day 0 is 1970-01-01 = ordinal 719163.
            if Int(jan1.dayNumber) != ordinal - 719_163 { fail("\(year)-01-01: day number \(jan1.dayNumber), oracle \(ordinal - 719_163)") }
            let days = CivilDate.daysInYear(year)
            guard i + days * 15 <= b.count else { return ["oracle stream ends inside year \(year)"] }
            for k in 0..<days {
                let r = i + k * 15
                let d = CivilDate(_unchecked: jan1.dayNumber + Int32(k))
                let c = d.components
                if c.year != u16(r) || c.month != Int(b[r + 2]) || c.day != Int(b[r + 3]) {
                    fail("day \(d.dayNumber): \(c), oracle \(u16(r))-\(b[r + 2])-\(b[r + 3])")
                    continue
                }
                if d.weekday.rawValue != b[r + 4] { fail("\(d): weekday \(d.weekday), oracle \(b[r + 4])") }
                let w = f.isoWeek(d)
                if w.year != u16(r + 5) || w.week != Int(b[r + 7]) {
                    fail("\(d): ISO week \(w.year)-W\(w.week), oracle \(u16(r + 5))-W\(b[r + 7])")
                }
                for fw in Weekday.allCases {
                    let n = f.weekOfYear(d, fw)
                    if n != Int(b[r + 8 + Int(fw.rawValue)]) {
                        fail("\(d): week of year (first weekday \(fw)) \(n), oracle \(b[r + 8 + Int(fw.rawValue)])")
                    }
                }
            }
            i += days * 15
        }
        if i != b.count { fail("oracle sent \(b.count - i) bytes more than expected") }
        if total > problems.count { problems.append("… \(total) mismatches in all") }
        return problems
    }

    typealias GridMaker = (Int, Int, Weekday, GridRowPolicy) -> MonthGrid?

    /// Compares the `grids` stream (one first weekday, `years`) with CalGrid's month grids: count,
    /// first and last cell of every auto-height and fixed 6-row grid; every cell of the auto grids of
    /// years 1...400 and 9600...9999.
    static func compareGrids(_ b: [UInt8], years: ClosedRange<Int>, firstWeekday fw: Weekday,
                             make: GridMaker = { try? MonthGrid(year: $0, month: $1, firstWeekday: $2, rows: $3) },
                             limit: Int = 8) -> [String] {
        var problems: [String] = []
        var total = 0
        func fail(_ s: @autoclosure () -> String) { total += 1; if problems.count < limit { problems.append(s()) } }
        func u16(_ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
        guard b.count == years.count * 12 * 9 else { return ["oracle sent \(b.count) bytes for \(years)"] }
        var r = 0
        for year in years {
            for month in 1...12 {
                defer { r += 9 }
                let first = (u16(r), Int(b[r + 2]), Int(b[r + 3]))
                let last = (u16(r + 4), Int(b[r + 6]), Int(b[r + 7]))
                let count = Int(b[r + 8])
                guard let auto = make(year, month, fw, .auto), let fixed = make(year, month, fw, .fixed) else {
                    fail("\(year)-\(month) first weekday \(fw): grid rejected"); continue
                }
                let a0 = auto[0].date.components
                if auto.count != count || a0 != first || auto[auto.count - 1].date.components != last {
                    fail("\(year)-\(month) first weekday \(fw): \(auto.count) cells \(a0)…\(auto[auto.count - 1].date.components), oracle \(count) cells \(first)…\(last)")
                    continue
                }
                // The fixed grid is the auto grid plus whole next-month rows.
                if fixed.count != 42 || fixed.firstCellDay != auto.firstCellDay
                    || fixed[41].owner != (count == 42 ? auto[41].owner : .nextMonth) || fixed[41].weekday != fw.advanced(by: 6) {
                    fail("\(year)-\(month) \(fw): fixed grid differs")
                }
                // The calendar repeats every 400 years: read every cell of the first and the last
                // cycle (they include the year-0 and year-10000 edge cells); elsewhere the first and
                // last cell and the count above pin the grid, whose cells are consecutive days.
                guard year <= 400 || year > 9599 else { continue }
                // The oracle's cells are consecutive days, so its leading previous-month cells and
                // month length fix every cell's owner; compare each cell with integers only.
                let lead = first.1 == month ? 0 : CivilDate.daysInMonth(year: first.0, month: first.1) - first.2 + 1
                let length = CivilDate.daysInMonth(year: year, month: month)
                var i = 0
                var weekday = fw.rawValue
                for cell in auto {
                    let owner: CellOwner = i < lead ? .previousMonth : (i < lead + length ? .thisMonth : .nextMonth)
                    let dayOfMonth = i < lead ? first.2 + i : (i < lead + length ? i - lead + 1 : i - lead - length + 1)
                    if cell.date.dayNumber != auto.firstCellDay + Int32(i) || cell.owner != owner
                        || cell.dayOfMonth != dayOfMonth || auto[i].dayOfMonth != dayOfMonth
                        || cell.weekday.rawValue != weekday || cell.isToday || !cell.isVisible {
                        fail("\(year)-\(month) \(fw) cell \(i): \(cell)"); break
                    }
                    i += 1
                    weekday = weekday == 6 ? 0 : weekday + 1
                }
                // Week of month is the oracle row for each row's first and the month's last day.
                for i in Swift.stride(from: lead - lead % 7, to: lead + length, by: 7) + [lead + length - 1] {
                    let day = auto[Swift.max(i, lead)].date
                    if day.weekOfMonth(firstWeekday: fw) != Swift.max(i, lead) / 7 + 1 {
                        fail("\(day): week of month \(day.weekOfMonth(firstWeekday: fw)), oracle row \(Swift.max(i, lead) / 7)")
                    }
                }
            }
        }
        if total > problems.count { problems.append("… \(total) mismatches in all") }
        return problems
    }
}

@Suite struct OracleTests {
    /// Every day 0001-01-01...9999-12-31: date, day number, weekday, ISO week, and the week of the
    /// year for all seven first weekdays (%U and %W included). Chunks run in parallel.
    @Test(arguments: [1...2500, 2501...5000, 5001...7500, 7501...9999])
    func everyDay(years: ClosedRange<Int>) throws {
        let stream = try Oracle.run(["days", "\(years.lowerBound)", "\(years.upperBound)"])
        for p in Oracle.compareDays(stream, years: years) { Issue.record(Comment(rawValue: p)) }
    }

    /// Every month grid of years 1...9999 for one first weekday, both row policies, every cell.
    @Test(arguments: Weekday.allCases)
    func everyMonthGrid(firstWeekday: Weekday) throws {
        let stream = try Oracle.run(["grids", "1", "9999", "\(firstWeekday.rawValue)"])
        for p in Oracle.compareGrids(stream, years: 1...9999, firstWeekday: firstWeekday) { Issue.record(Comment(rawValue: p)) }
    }

    /// The comparison is not vacuous: plausible wrong formulas are caught.
    @Test func brokenFormulasAreCaught() throws {
        let years = 1999...2005
        let stream = try Oracle.run(["days", "\(years.lowerBound)", "\(years.upperBound)"])
        #expect(Oracle.compareDays(stream, years: years).isEmpty)
        // ISO week taken from the calendar year and the Monday-based week count, ignoring Thursdays.
        var naiveISO = Oracle.DayFormulas()
        naiveISO.isoWeek = { ISOWeek(_unchecked: $0.year, Swift.max(1, $0.weekOfYear(firstWeekday: .monday))) }
        #expect(!Oracle.compareDays(stream, years: years, formulas: naiveISO).isEmpty)
        // Week of the year off by one weekday (Sunday counted as the first weekday for Monday).
        var shifted = Oracle.DayFormulas()
        shifted.weekOfYear = { d, w in d.weekOfYear(firstWeekday: w == .monday ? .sunday : w) }
        #expect(!Oracle.compareDays(stream, years: years, formulas: shifted).isEmpty)

        let grids = try Oracle.run(["grids", "2000", "2001", "1"])
        #expect(Oracle.compareGrids(grids, years: 2000...2001, firstWeekday: .monday).isEmpty)
        // A grid that starts on the wrong weekday, and one that always has 5 rows.
        #expect(!Oracle.compareGrids(grids, years: 2000...2001, firstWeekday: .monday,
                                     make: { try? MonthGrid(year: $0, month: $1, firstWeekday: $2.advanced(by: 1), rows: $3) }).isEmpty)
        #expect(!Oracle.compareGrids(grids, years: 2000...2001, firstWeekday: .monday,
                                     make: { y, m, w, _ in try? MonthGrid(year: y, month: m, firstWeekday: w, rows: .fixed) }).isEmpty)
    }
}
