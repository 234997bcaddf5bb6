// Cross-checks LunarDate (KASI's table) against ICU's dangi calendar (Tests/oracle/icu_dangi.c, built
// by `make lunar-icu`), a second, astronomical computation, for every day of 1900-01-01...2050-12-31.
// The two agree on every day but lunar 2017's first two months: KASI's 1st month has 29 days
// (2017-01-28...02-25), ICU's 30, so ICU's 2nd month starts a day later (2017-02-27) and the 30 days
// 2017-02-26...03-27 differ. CalGrid follows KASI, Korea's legal source (docs/lunar-and-holidays.md).
// Before 1900 the two differ widely (KASI reproduces the historical calendars; ICU projects modern
// astronomy back), so the test does not compare those years.
import Foundation
import Testing
import CalGridTestSupport
@testable import CalGrid

@Suite struct LunarICUTests {
    static let probe = TestPaths.tests.deletingLastPathComponent().appendingPathComponent(".build/lunar/icu_dangi").path

    /// The days in 1900...2050 where `toLunar` and ICU differ, as ranges of consecutive days.
    static func disagreements(_ toLunar: (CivilDate) throws(LunarDateError) -> LunarDate) throws -> [ClosedRange<CivilDate>] {
        guard FileManager.default.isExecutableFile(atPath: probe) else {
            throw MissingLunarTool(path: probe, rule: "lunar-icu")
        }
        let lo = try CivilDate(year: 1900, month: 1, day: 1), hi = try CivilDate(year: 2050, month: 12, day: 31)
        let out = String(decoding: try runProgram(probe, ["\(lo.dayNumber)", "\(hi.dayNumber)"]), as: UTF8.self)
        var runs: [ClosedRange<CivilDate>] = []
        var count = 0
        for line in out.split(separator: "\n") {
            let f = line.split(separator: " ").map { Int($0)! }
            let day = CivilDate(_unchecked: Int32(f[0]))
            count += 1
            let l = try toLunar(day)
            guard [l.year, l.month, l.day, l.isLeapMonth ? 1 : 0] != Array(f[1...]) else { continue }
            if let last = runs.last, last.upperBound.dayNumber + 1 == day.dayNumber {
                runs[runs.count - 1] = last.lowerBound...day
            } else {
                runs.append(day...day)
            }
        }
        #expect(count == lo.days(to: hi) + 1, "ICU wrote \(count) days")
        return runs
    }

    @Test func icuDangiAgreesButForLunar2017sFirstMonth() throws {
        let runs = try LunarICUTests.disagreements { d throws(LunarDateError) in try LunarDate(d) }
        #expect(runs.map { "\($0.lowerBound.iso8601)...\($0.upperBound.iso8601)" } == ["2017-02-26...2017-03-27"])
        // KASI's side of it: the 1st month of 2017 has 29 days.
        #expect(try LunarDate.daysInMonth(year: 2017, month: 1) == 29)
    }

    /// The control: a conversion that drops the leap flag differs from ICU in every leap month.
    @Test func brokenConversionDisagrees() throws {
        let runs = try LunarICUTests.disagreements { d throws(LunarDateError) in
            let l = try LunarDate(d)
            return LunarDate(_unchecked: l.year, l.month, l.day, false)
        }
        #expect(runs.count > 50)
    }
}
