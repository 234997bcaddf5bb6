// Cross-checks LunarDate against korean-lunar-calendar (KARI/KASI data; Tests/oracle/lunar_oracle.py,
// run by the venv mk/lunar.mk makes), every day of its range both ways: each solar day the package
// converts, and each lunar (year, month, leap) with the days 1...30 the package accepts (the others
// must throw). The negative controls break the conversion slightly and require the comparison to fail.
import Foundation
import Testing
import CalGridTestSupport
@testable import CalGrid

enum LunarOracle {
    static let python = TestPaths.tests.deletingLastPathComponent().appendingPathComponent(".build/lunar-venv/bin/python").path

    static func run(_ arguments: [String]) throws -> [[Int]] {
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw MissingLunarTool(path: python, rule: "lunar-venv")
        }
        let out = try runProgram(python, [TestPaths.oracle("lunar_oracle.py")] + arguments)
        return String(decoding: out, as: UTF8.self).split(separator: "\n").map { $0.split(separator: " ").map { Int($0)! } }
    }

    /// What is compared: the controls swap in broken conversions.
    struct Conversions {
        var toLunar: (CivilDate) throws(LunarDateError) -> LunarDate = { d throws(LunarDateError) in try LunarDate(d) }
        var toCivil: (Int, Int, Int, Bool) throws(LunarDateError) -> CivilDate = { y, m, d, l throws(LunarDateError) in
            try LunarDate(year: y, month: m, day: d, isLeapMonth: l).civilDate
        }
    }

    struct Tally { var problems: [String] = []; var total = 0; var compared = 0
        mutating func fail(_ s: @autoclosure () -> String) { total += 1; if problems.count < 8 { problems.append(s()) } }
    }

    /// Solar lines "DN Y M D LEAP": every day of `years` within the range, compared where the oracle
    /// converts it; the days it does not must be exactly the 1582 reform gap.
    static func compareSolar(_ lines: [[Int]], years: ClosedRange<Int>, _ c: Conversions = Conversions()) -> Tally {
        var t = Tally()
        var byDay: [Int: [Int]] = [:]
        for l in lines { byDay[l[0]] = l }
        let lo = max(try! CivilDate(year: years.lowerBound, month: 1, day: 1), LunarDate.civilRange.lowerBound)
        let hi = min(try! CivilDate(year: years.upperBound, month: 12, day: 31), LunarDate.civilRange.upperBound)
        let gap = try! CivilDate(year: 1582, month: 10, day: 5)...CivilDate(year: 1582, month: 10, day: 14)
        for n in lo.dayNumber...hi.dayNumber {
            let day = CivilDate(_unchecked: n)
            guard let o = byDay[Int(n)] else {
                if !gap.contains(day) { t.fail("\(day): the oracle refused it") }
                continue
            }
            t.compared += 1
            do {
                let l = try c.toLunar(day)
                if [l.year, l.month, l.day, l.isLeapMonth ? 1 : 0] != Array(o[1...]) {
                    t.fail("\(day): \(l.year)-\(l.month)-\(l.day)\(l.isLeapMonth ? " leap" : ""), oracle \(o[1...])")
                }
            } catch { t.fail("\(day): \(error)") }
        }
        return t
    }

    /// Lunar lines "Y M LEAP DN1 ...": every (year, month, leap) of `years` and days 1...30; the days
    /// the oracle lists convert to its day numbers, every other one throws.
    static func compareLunar(_ lines: [[Int]], years: ClosedRange<Int>, _ c: Conversions = Conversions()) -> Tally {
        var t = Tally()
        var months: [Int: [Int]] = [:]
        for l in lines { months[l[0] * 100 + l[1] * 2 + l[2]] = Array(l[3...]) }
        for y in years where y >= LunarDate.firstYear && y <= LunarDate.lastYear {
            for m in 1...12 { for leap in [false, true] {
                let days = months[y * 100 + m * 2 + (leap ? 1 : 0)] ?? []
                for d in 1...30 {
                    t.compared += 1
                    let got: CivilDate?
                    do { got = try c.toCivil(y, m, d, leap) } catch { got = nil }
                    let want = d <= days.count ? CivilDate(_unchecked: Int32(days[d - 1])) : nil
                    if got != want {
                        t.fail("lunar \(y)-\(m)-\(d)\(leap ? " leap" : ""): \(got.map(\.iso8601) ?? "error"), oracle \(want.map(\.iso8601) ?? "invalid")")
                    }
                }
            } }
        }
        return t
    }

    static let chunks: [ClosedRange<Int>] = [1000...1199, 1200...1399, 1400...1599, 1600...1799, 1800...1949, 1950...2050]
}

@Suite struct LunarOracleTests {
    @Test(arguments: LunarOracle.chunks)
    func solarDaysMatchKASI(_ years: ClosedRange<Int>) throws {
        let lines = try LunarOracle.run(["solar", "\(years.lowerBound)", "\(years.upperBound)"])
        let t = LunarOracle.compareSolar(lines, years: years)
        #expect(t.problems.isEmpty, "\(t.total) differences: \(t.problems)")
        #expect(t.compared == lines.count && t.compared > 30_000)
    }

    @Test(arguments: LunarOracle.chunks)
    func lunarDaysMatchKASI(_ years: ClosedRange<Int>) throws {
        let lines = try LunarOracle.run(["lunar", "\(years.lowerBound)", "\(years.upperBound)"])
        let t = LunarOracle.compareLunar(lines, years: years)
        #expect(t.problems.isEmpty, "\(t.total) differences: \(t.problems)")
        #expect(lines.count >= 12 * (years.count - 1))
    }

    /// Plausible mistakes the oracle must catch: leap-month days read as the ordinary month's, and
    /// day numbers one off at the months after a leap month.
    @Test func brokenConversionsFail() throws {
        let years = 2020...2025
        let solar = try LunarOracle.run(["solar", "2020", "2025"])
        let lunar = try LunarOracle.run(["lunar", "2020", "2025"])
        var c = LunarOracle.Conversions()
        c.toLunar = { d throws(LunarDateError) in
            let l = try LunarDate(d)
            return LunarDate(_unchecked: l.year, l.month, l.day, false)
        }
        let leapDays = solar.filter { $0[4] == 1 }.count
        #expect(leapDays > 50 && LunarOracle.compareSolar(solar, years: years, c).total == leapDays)
        var c2 = LunarOracle.Conversions()
        c2.toCivil = { y, m, d, l throws(LunarDateError) in
            let date = try LunarDate(year: y, month: m, day: d, isLeapMonth: l)
            let shift: Int32 = try LunarDate.leapMonth(in: y).map { m > $0 ? 1 : 0 } ?? 0
            return CivilDate(_unchecked: date.civilDate.dayNumber + shift)
        }
        #expect(LunarOracle.compareLunar(lunar, years: years, c2).total > 100)
    }
}

/// A helper program or venv the lunar tests need is missing; names the make rule that builds it.
struct MissingLunarTool: Error, CustomStringConvertible {
    var path: String, rule: String
    var description: String { "\(path) is missing: run `make \(rule)` (make test-swift does)" }
}
