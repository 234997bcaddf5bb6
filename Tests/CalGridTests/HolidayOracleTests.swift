// Cross-checks HolidayCalendar against python-holidays (Tests/oracle/holidays_oracle.py, pinned in
// mk/lunar.mk), category "public", for KR, US and DE over 2000...2050: the same days with the same
// English and local names, substitute days included. The deliberate differences (election days and
// one-off decrees, which no rule gives) are named here and in docs/lunar-and-holidays.md; the test
// requires each to be in the oracle, so the list cannot go stale. The negative control drops the
// substitute days and must fail.
import Foundation
import Testing
import CalGridTestSupport
@testable import CalGrid

enum HolidayOracle {
    struct Entry: Hashable { var day: Int32; var name: String; var local: String }

    static func run(_ country: String, _ first: Int, _ last: Int) throws -> [Entry] {
        let python = LunarOracle.python
        guard FileManager.default.isExecutableFile(atPath: python) else { throw MissingLunarTool(path: python, rule: "lunar-venv") }
        let out = try runProgram(python, [TestPaths.oracle("holidays_oracle.py"), country, "\(first)", "\(last)"])
        return String(decoding: out, as: UTF8.self).split(separator: "\n").map {
            let f = $0.split(separator: "\t", omittingEmptySubsequences: false)
            return Entry(day: Int32(f[0])!, name: String(f[1]), local: String(f[2]))
        }
    }

    /// Holidays python-holidays has and CalGrid deliberately does not (docs/lunar-and-holidays.md):
    /// Korea's election days (공직선거법 §34, every one by its name) and one-off decrees (임시공휴일, the
    /// 2002 World Cup, the Armed Forces Day of 2024, by day and name), from
    /// Tests/oracle/holidays_deliberate.tsv, which the C check (Tests/C/lunar_cells_check.py) reads too.
    static let deliberate: [[String]] = {
        let text = (try? String(contentsOfFile: TestPaths.oracle("holidays_deliberate.tsv"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: "\t").map(String.init) }
    }()
    static let koreanElections = Set(deliberate.filter { $0[0] == "election" }.map { $0[1] })
    static let koreanDecrees = Set(deliberate.filter { $0[0] == "decree" }.map { $0[2] + " " + $0[1] })
    static func isKoreanException(_ e: Entry) -> Bool {
        koreanElections.contains(e.local) || koreanDecrees.contains(CivilDate(_unchecked: e.day).iso8601 + " " + e.local)
    }

    /// Differences in `ours` against the oracle's `theirs`, skipping the oracle's entries for which
    /// `excepted` holds (returned apart). Per day, the English names and the local names are compared
    /// as sets (python-holidays lists a day's holidays in each language's own order).
    static func compare(_ ours: [Holiday], _ theirs: [Entry], excepted: (Entry) -> Bool) -> (problems: [String], total: Int, skipped: [Entry]) {
        var want: [Int32: [[String]]] = [:], got: [Int32: [[String]]] = [:], skipped: [Entry] = []
        for e in theirs {
            if excepted(e) { skipped.append(e); continue }
            want[e.day, default: [[], []]][0].append(e.name); want[e.day, default: [[], []]][1].append(e.local)
        }
        for h in ours {
            got[h.date.dayNumber, default: [[], []]][0].append(h.name); got[h.date.dayNumber, default: [[], []]][1].append(h.localName)
        }
        var problems: [String] = [], total = 0
        for day in Set(want.keys).union(got.keys).sorted() {
            let w = (want[day] ?? [[], []]).map { $0.sorted() }, g = (got[day] ?? [[], []]).map { $0.sorted() }
            guard w != g else { continue }
            total += 1
            if problems.count < 10 { problems.append("\(CivilDate(_unchecked: day).iso8601): \(g), oracle \(w)") }
        }
        return (problems, total, skipped)
    }

    static let years = (try! CivilDate(year: 2000, month: 1, day: 1))...(try! CivilDate(year: 2050, month: 12, day: 31))
}

@Suite struct HolidayOracleTests {
    func iso(_ e: HolidayOracle.Entry) -> String { CivilDate(_unchecked: e.day).iso8601 + " " + e.local }

    @Test func koreaMatchesPythonHolidays() throws {
        let theirs = try HolidayOracle.run("KR", 2000, 2050)
        let ours = HolidayCalendar.holidays(in: HolidayOracle.years, country: .korea)
        let r = HolidayOracle.compare(ours, theirs, excepted: HolidayOracle.isKoreanException)
        #expect(r.problems.isEmpty, "\(r.total) differences: \(r.problems)")
        // Every one-off decree listed is in the oracle (the list cannot go stale), and elections were seen.
        #expect(HolidayOracle.koreanDecrees.isSubset(of: Set(r.skipped.map(iso))))
        #expect(r.skipped.filter { HolidayOracle.koreanElections.contains($0.local) }.count > 20)
        #expect(HolidayOracle.koreanDecrees.count == 8 && HolidayOracle.koreanElections.count == 3)
        #expect(theirs.count > 51 * 15)
    }

    @Test(arguments: [("US", HolidayCountry.unitedStates), ("DE", .germany)])
    func countryMatchesPythonHolidays(_ code: String, _ country: HolidayCountry) throws {
        let theirs = try HolidayOracle.run(code, 2000, 2050)
        let ours = HolidayCalendar.holidays(in: HolidayOracle.years, country: country)
        let r = HolidayOracle.compare(ours, theirs) { _ in false }
        #expect(r.problems.isEmpty, "\(r.total) differences: \(r.problems)")
        #expect(theirs.count > 51 * 9)
    }

    /// Working days of every month of 2000...2050: Monday to Friday minus the oracle's holiday days
    /// (Korea's deliberate differences left out), counted here by walking the days.
    @Test(arguments: [("KR", HolidayCountry.korea), ("US", .unitedStates), ("DE", .germany)])
    func workdaysMatchTheOracleDays(_ code: String, _ country: HolidayCountry) throws {
        let off = Set(try HolidayOracle.run(code, 2000, 2050).filter { !HolidayOracle.isKoreanException($0) }.map(\.day))
        var bad: [String] = []
        for y in 2000...2050 { for m in 1...12 {
            let first = try CivilDate(year: y, month: m, day: 1), last = first.lastOfMonth
            var want = 0
            for n in first.dayNumber...last.dayNumber where !CivilDate(_unchecked: n).weekday.isWeekend && !off.contains(n) { want += 1 }
            let got = HolidayCalendar.workdays(in: first...last, country: country)
            if got != want { bad.append("\(y)-\(m): \(got), oracle \(want)") }
            let byPeriod = HolidayCalendar.workdays(in: try Period.month(year: y, month: m), country: country)
            if byPeriod != want { bad.append("\(y)-\(m) as a Period: \(byPeriod), oracle \(want)") }
        } }
        #expect(bad.isEmpty, "\(bad.count) months differ: \(bad.prefix(6))")
    }

    /// `MonthGrid.holidays(country:)`, what a month view marks per cell: every cell of every grid
    /// of 2000...2050 (Sunday- and Monday-first, 6 rows, adjacent months' cells included) holds
    /// exactly the oracle's holidays of its day, with their names. Cells outside 2000...2050 (the
    /// edges of the first and last grids) are checked against the oracle's neighbouring years.
    @Test(arguments: [("KR", HolidayCountry.korea), ("US", .unitedStates), ("DE", .germany)])
    func gridCellsHoldTheOracleDays(_ code: String, _ country: HolidayCountry) throws {
        let theirs = try HolidayOracle.run(code, 1999, 2051).filter { !HolidayOracle.isKoreanException($0) }
        var want: [Int32: [[String]]] = [:]
        for e in theirs { want[e.day, default: [[], []]][0].append(e.name); want[e.day, default: [[], []]][1].append(e.local) }
        var bad: [String] = [], cells = 0, marked = 0
        for y in 2000...2050 { for m in 1...12 { for first in [Weekday.sunday, .monday] {
            let grid = try MonthGrid(year: y, month: m, firstWeekday: first)
            let marks = grid.holidays(country: country)
            #expect(marks.count == grid.count)
            for (i, cell) in grid.enumerated() {
                // Lunar holidays stop with the lunar table (2050-12-31): the oracle's 2051 Seollal is beyond every grid.
                let got = [marks[i].map(\.name).sorted(), marks[i].map(\.localName).sorted()]
                let w = (want[cell.date.dayNumber] ?? [[], []]).map { $0.sorted() }
                cells += 1; marked += marks[i].isEmpty ? 0 : 1
                if got != w && bad.count < 10 { bad.append("\(y)-\(m) cell \(i) \(cell.date.iso8601): \(got), oracle \(w)") }
                if marks[i].contains(where: { $0.date != cell.date }) { bad.append("\(cell.date.iso8601): another day's holiday") }
            }
        } } }
        #expect(bad.isEmpty, "\(bad)")
        #expect(cells == 51 * 12 * 2 * 42 && marked > 51 * 12)
    }

    /// The grids at the ends of the supported range (cells in year 0 and year 10000) do not trap:
    /// January 0001 has no US federal holiday (the rows start in 1971); December 9999 has Christmas.
    @Test func gridCellsAtTheEndsOfTheRange() throws {
        let january = try MonthGrid(year: 1, month: 1), december = try MonthGrid(year: 9999, month: 12)
        let none = january.holidays(country: .unitedStates).filter { !$0.isEmpty }.count
        #expect(none == 0)
        let marks = december.holidays(country: .unitedStates), day = try CivilDate(year: 9999, month: 12, day: 25)
        let christmas = try #require(december.firstIndex { $0.date == day })
        #expect(marks.count == 42 && marks[christmas].map(\.name) == ["Christmas Day"])
        let misplaced = marks.indices.filter { i in marks[i].contains { $0.date != december[i].date } }
        #expect(misplaced.isEmpty)
    }

    /// The control: without substitute days Korea and the US must differ, by exactly those days.
    @Test func droppingSubstitutesFails() throws {
        for (code, country) in [("KR", HolidayCountry.korea), ("US", .unitedStates)] {
            let theirs = try HolidayOracle.run(code, 2000, 2050)
            let ours = HolidayCalendar.holidays(in: HolidayOracle.years, country: country)
            let r = HolidayOracle.compare(ours.filter { !$0.isSubstitute }, theirs, excepted: HolidayOracle.isKoreanException)
            #expect(r.total == Set(ours.filter(\.isSubstitute).map(\.date)).count && r.total > 40, "\(code): \(r.total)")
        }
    }
}
