// Lunar rules (RFC 7529, RSCALE=DANGI) against a brute force over korean-lunar-calendar's
// conversion (Tests/oracle/lunar_oracle.py): the oracle lists every lunar month of 1899...2051 with
// its days' day numbers, and `Model` applies RFC 7529's reading of a rule to that list year by year
// (resolve the month, then the day, SKIP at each step), with none of `_LunarExpansion`'s month
// masks. Every day of 1900...2050 is compared, for every SKIP mode, leap months, day 30 and -30.
import Testing
import CalGridTestSupport
@testable import CalGrid

/// The oracle's lunar months, in calendar order, and RFC 7529's reading of a rule over them.
struct LunarRuleModel {
    struct Month { var year: Int, month: Int, leap: Bool, days: [Int] }
    var months: [Month] = []
    var index: [Int: Int] = [:]          // year * 100 + month * 2 + leap -> position in `months`

    init(_ lines: [[Int]]) {
        for l in lines.sorted(by: { $0[3] < $1[3] }) {
            index[l[0] * 100 + l[1] * 2 + l[2]] = months.count
            months.append(Month(year: l[0], month: l[1], leap: l[2] == 1, days: Array(l[3...])))
        }
    }

    func find(_ y: Int, _ m: Int, _ leap: Bool) -> Int? { index[y * 100 + m * 2 + (leap ? 1 : 0)] }

    /// The day one month-day `d` gives in the month at `k`, SKIP applied; nil when omitted.
    func day(_ k: Int, _ d: Int, _ skip: RecurrenceRule.Skip) -> Int? {
        let days = months[k].days
        let n = days.count
        if d > 0 && d <= n { return days[d - 1] }
        if d < 0 && -d <= n { return days[n + d] }
        switch skip {
        case .omit: return nil
        case .backward: return d > 0 ? days[n - 1] : (k > 0 ? months[k - 1].days.last : nil)
        case .forward: return d > 0 ? (k + 1 < months.count ? months[k + 1].days[0] : nil) : days[0]
        }
    }

    /// The rule days of a YEARLY lunar rule from lunar year `y0` on, every `interval` years.
    func yearly(y0: Int, interval: Int, months ms: [Int], leaps: [Int], days ds: [Int], skip: RecurrenceRule.Skip) -> Set<Int> {
        var out = Set<Int>()
        for y in stride(from: y0, through: 2051, by: interval) {
            var targets: [Int] = ms.compactMap { find(y, $0, false) }
            for m in leaps {
                if let k = find(y, m, true) { targets.append(k); continue }
                switch skip {
                case .omit: break
                case .backward: if let k = find(y, m, false) { targets.append(k) }
                case .forward: if let k = (m < 12 ? find(y, m + 1, false) : find(y + 1, 1, false)) { targets.append(k) }
                }
            }
            for k in targets { for d in ds { if let day = day(k, d, skip) { out.insert(day) } } }
        }
        return out
    }

    /// The rule days of a MONTHLY lunar rule from the month at `k0` on, every `interval` months.
    func monthly(k0: Int, interval: Int, days ds: [Int], skip: RecurrenceRule.Skip) -> Set<Int> {
        var out = Set<Int>()
        for k in stride(from: k0, to: months.count, by: interval) { for d in ds { if let day = day(k, d, skip) { out.insert(day) } } }
        return out
    }
}

@Suite struct LunarRecurrenceTests {
    static let model: LunarRuleModel? = try? LunarRuleModel(LunarOracle.run(["lunar", "1899", "2051"]))
    /// 1900 to the start of the oracle's last lunar month (lunar 2050-11, cut at its range's end,
    /// 2050-12-31, so its length, and what -1 or a skipped 30th means in it, is not known).
    static let window = try! CivilDate(year: 1900, month: 1, day: 1)...CivilDate(year: 2050, month: 12, day: 10)

    /// Compares the rule days of `text` from `start` with `expected` over 1900...2050, through
    /// `occurrences`, `contains` (every day) and `previous` (from each expected day); returns the
    /// days compared and the differences.
    static func compare(_ text: String, start: CivilDate, _ expected: Set<Int>) throws -> (compared: Int, problems: [String]) {
        let r = Recurrence(start: start, rule: try RecurrenceRule(parsing: text))
        let lo = Int(window.lowerBound.dayNumber), hi = Int(window.upperBound.dayNumber)
        let s = Int(start.dayNumber)
        let want = expected.filter { $0 >= s && $0 >= lo && $0 <= hi }.union(s >= lo ? [s] : []).sorted()
        var problems: [String] = []
        let got = r.occurrences(in: window).map { Int($0.dayNumber) }
        if got != want {
            let a = Set(got), b = Set(want)
            let extra = a.subtracting(b).sorted().prefix(3).map { CivilDate(_unchecked: Int32($0)).iso8601 }
            let missing = b.subtracting(a).sorted().prefix(3).map { CivilDate(_unchecked: Int32($0)).iso8601 }
            problems.append("\(text) from \(start): extra \(extra), missing \(missing) (\(got.count) vs \(want.count))")
        }
        let wantSet = Set(want)
        for d in lo...hi where r.contains(CivilDate(_unchecked: Int32(d))) != wantSet.contains(d) {
            problems.append("\(text): contains(\(CivilDate(_unchecked: Int32(d)))) is wrong"); break
        }
        for (i, d) in want.enumerated() where i > 0 {
            let p = r.previous(before: CivilDate(_unchecked: Int32(d))).map { Int($0.dayNumber) }
            if p != want[i - 1] { problems.append("\(text): previous(before: \(CivilDate(_unchecked: Int32(d)))) is wrong"); break }
        }
        return (hi - lo + 1 + want.count * 2, problems)
    }

    static let skips: [RecurrenceRule.Skip] = [.omit, .backward, .forward]

    /// Every ordinary and leap month, with days 1, 15, 29, 30, -1 and -30, in every SKIP mode.
    @Test(arguments: 1...12)
    func yearlyRulesMatchTheOracle(_ month: Int) throws {
        let model = try #require(LunarRecurrenceTests.model, "the lunar oracle (make lunar-venv)")
        let start = try CivilDate(year: 1900, month: 1, day: 31)                // lunar 1900-01-01
        var compared = 0, problems: [String] = []
        for skip in LunarRecurrenceTests.skips {
            for (months, leaps) in [([month], [Int]()), ([], [month])] {
                for days in [[15], [30], [-30], [1, 29, 30, -1]] {
                    let byMonth = (months.map(String.init) + leaps.map { "\($0)L" }).joined(separator: ",")
                    let text = "RSCALE=DANGI;FREQ=YEARLY;BYMONTH=\(byMonth);BYMONTHDAY=\(days.map(String.init).joined(separator: ","));SKIP=\(skip.name)"
                    let want = model.yearly(y0: 1900, interval: 1, months: months, leaps: leaps, days: days, skip: skip)
                    let (n, p) = try LunarRecurrenceTests.compare(text, start: start, want)
                    compared += n
                    problems += p
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.prefix(6))")
        #expect(compared > 24 * 55_000)
    }

    /// MONTHLY rules, every 1, 2 or 5 months, day 30 and -30 in every SKIP mode; YEARLY every 3 years.
    @Test func monthlyAndIntervalRulesMatchTheOracle() throws {
        let model = try #require(LunarRecurrenceTests.model, "the lunar oracle (make lunar-venv)")
        let start = try CivilDate(year: 1903, month: 6, day: 25)                // lunar 1903-05-01
        let k0 = try #require(model.months.firstIndex { $0.days[0] == Int(start.dayNumber) })
        var problems: [String] = []
        for skip in LunarRecurrenceTests.skips {
            for interval in [1, 2, 5] {
                for days in [[30], [-30], [10, 30]] {
                    let text = "RSCALE=DANGI;FREQ=MONTHLY;INTERVAL=\(interval);BYMONTHDAY=\(days.map(String.init).joined(separator: ","));SKIP=\(skip.name)"
                    problems += try LunarRecurrenceTests.compare(text, start: start, model.monthly(k0: k0, interval: interval, days: days, skip: skip)).problems
                }
            }
            let text = "RSCALE=DANGI;FREQ=YEARLY;INTERVAL=3;BYMONTH=2,6L;BYMONTHDAY=30;SKIP=\(skip.name)"
            let want = model.yearly(y0: 1903, interval: 3, months: [2], leaps: [6], days: [30], skip: skip)
            problems += try LunarRecurrenceTests.compare(text, start: start, want).problems
        }
        #expect(problems.isEmpty, "\(problems.prefix(6))")
    }

    /// A YEARLY rule without BYMONTH or BYMONTHDAY takes both from the start's lunar date (a leap
    /// month's included), and COUNT counts the start.
    @Test func startFillsTheRuleAndCountBounds() throws {
        let model = try #require(LunarRecurrenceTests.model, "the lunar oracle (make lunar-venv)")
        let leap = try #require(model.months.first { $0.leap && $0.year >= 1990 && $0.days.count == 30 })
        let start = CivilDate(_unchecked: Int32(leap.days[29]))
        for skip in LunarRecurrenceTests.skips {
            let want = model.yearly(y0: leap.year, interval: 1, months: [], leaps: [leap.month], days: [30], skip: skip)
            let p = try LunarRecurrenceTests.compare("RSCALE=DANGI;FREQ=YEARLY;SKIP=\(skip.name)", start: start, want).problems
            #expect(p.isEmpty, "\(p)")
        }
        let r = Recurrence(start: start, rule: try RecurrenceRule(parsing: "RSCALE=DANGI;FREQ=YEARLY;COUNT=4;SKIP=BACKWARD"))
        let want = model.yearly(y0: leap.year, interval: 1, months: [], leaps: [leap.month], days: [30], skip: .backward).sorted()
        #expect(Array(r.occurrences(in: LunarRecurrenceTests.window)).map { Int($0.dayNumber) } == Array(want.prefix(4)))
    }

    /// The same comparison must fail for plausible mistakes: SKIP read the other way, a leap month
    /// read as its ordinary month, and the solar (Gregorian) reading of the month and day.
    @Test func brokenReadingsFail() throws {
        let model = try #require(LunarRecurrenceTests.model, "the lunar oracle (make lunar-venv)")
        let start = try CivilDate(year: 1900, month: 1, day: 31)
        let forward = model.yearly(y0: 1900, interval: 1, months: [6], leaps: [6], days: [30], skip: .forward)
        #expect(!(try LunarRecurrenceTests.compare("RSCALE=DANGI;FREQ=YEARLY;BYMONTH=6,6L;BYMONTHDAY=30;SKIP=BACKWARD", start: start, forward).problems.isEmpty))
        let leapAsPlain = model.yearly(y0: 1900, interval: 1, months: [6], leaps: [], days: [15], skip: .omit)
        #expect(!(try LunarRecurrenceTests.compare("RSCALE=DANGI;FREQ=YEARLY;BYMONTH=6L;BYMONTHDAY=15", start: start, leapAsPlain).problems.isEmpty))
        let chuseok = model.yearly(y0: 1900, interval: 1, months: [8], leaps: [], days: [15], skip: .omit)
        #expect(!(try LunarRecurrenceTests.compare("FREQ=YEARLY;BYMONTH=8;BYMONTHDAY=15", start: start, chuseok).problems.isEmpty))
        #expect(try LunarRecurrenceTests.compare("RSCALE=DANGI;FREQ=YEARLY;BYMONTH=8;BYMONTHDAY=15", start: start, chuseok).problems.isEmpty)
    }

    /// Chuseok 2026 and 2027 (lunar 8/15) on the days KASI gives, the 1911 leap 6th month.
    @Test func knownDays() throws {
        let r = Recurrence(start: try CivilDate(year: 2026, month: 1, day: 1), rule: try RecurrenceRule(parsing: "RSCALE=DANGI;FREQ=YEARLY;BYMONTH=8;BYMONTHDAY=15"))
        #expect(r.next(after: try CivilDate(year: 2026, month: 1, day: 1))?.iso8601 == "2026-09-25")
        #expect(r.next(after: try CivilDate(year: 2026, month: 9, day: 25))?.iso8601 == "2027-09-15")
        let model = try #require(LunarRecurrenceTests.model, "the lunar oracle (make lunar-venv)")
        let leapSixth = model.months.filter { $0.leap && $0.month == 6 && $0.year >= 1900 && $0.year <= 2050 }.map(\.year)
        let l = Recurrence(start: try CivilDate(year: 1900, month: 1, day: 31), rule: try RecurrenceRule(parsing: "RSCALE=DANGI;FREQ=YEARLY;BYMONTH=6L;BYMONTHDAY=1"))
        let years = l.occurrences(in: LunarRecurrenceTests.window).dropFirst().map { try! LunarDate($0).year }
        #expect(years == leapSixth && !years.isEmpty, "\(years) vs \(leapSixth)")
    }

    /// The table's ends: no day past lunar 2050, none before 1000, no trap.
    @Test func outsideTheTableGivesNoDays() throws {
        let rule = try RecurrenceRule(parsing: "RSCALE=DANGI;FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=1")
        let r = Recurrence(start: try CivilDate(year: 2040, month: 1, day: 1), rule: rule)
        let after = Array(r.occurrences(in: try CivilDate(year: 2051, month: 1, day: 1)...CivilDate.max))
        #expect(after.isEmpty)
        #expect(r.next(after: try CivilDate(year: 2050, month: 12, day: 31)) == nil)
        let early = Recurrence(start: try CivilDate(year: 900, month: 1, day: 1), rule: rule)
        let d900 = try CivilDate(year: 900, month: 1, day: 1)
        #expect(early.ruleNeverOccurs && early.next(after: d900) == nil)
        let late = Recurrence(start: try CivilDate(year: 2300, month: 1, day: 1), rule: try RecurrenceRule(parsing: "RSCALE=DANGI;FREQ=MONTHLY;COUNT=5"))
        #expect(late.ruleNeverOccurs && Array(late.occurrences(in: CivilDate.min...CivilDate.max)).count == 1)
    }

    @Test func textRoundTrips() throws {
        for (given, canonical) in [
            ("rscale=dangi;freq=yearly;bymonth=6l,6;bymonthday=30;skip=forward", "RSCALE=DANGI;FREQ=YEARLY;BYMONTH=6,6L;BYMONTHDAY=30;SKIP=FORWARD"),
            ("FREQ=YEARLY;RSCALE=DANGI;BYMONTH=8;BYMONTHDAY=15;SKIP=OMIT", "RSCALE=DANGI;FREQ=YEARLY;BYMONTH=8;BYMONTHDAY=15"),
            ("RSCALE=GREGORIAN;FREQ=YEARLY", "FREQ=YEARLY"),
        ] {
            let r = try RecurrenceRule(parsing: given)
            #expect(r.text == canonical)
            #expect(try RecurrenceRule(parsing: r.text) == r)
        }
    }

    /// Hostile lunar input: a located error naming the part, the sentence written once.
    @Test func hostileRulesGetClearErrors() {
        func message(_ text: String) -> String {
            do { _ = try RecurrenceRule(parsing: text); return "accepted" } catch { return error.description }
        }
        #expect(message("RSCALE=FOO;FREQ=YEARLY") == "RSCALE=FOO: unsupported calendar scale (GREGORIAN or DANGI, the Korean lunar calendar)")
        #expect(message("FREQ=YEARLY;RSCALE=CHINESE;BYMONTH=5L").hasPrefix("RSCALE=CHINESE: unsupported calendar scale"))
        #expect(message("RSCALE=DANGI;FREQ=YEARLY;BYMONTH=13L") == "BYMONTH=13: 13 is outside 1...12")
        #expect(message("RSCALE=DANGI;FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=31") == "BYMONTHDAY=31: 31 is outside -30...-1 and 1...30")
        #expect(message("FREQ=YEARLY;BYMONTH=6L") == "BYMONTH=6L: needs RSCALE=DANGI (leap months and SKIP belong to lunar rules)")
        #expect(message("FREQ=YEARLY;SKIP=FORWARD").hasPrefix("SKIP=FORWARD: needs RSCALE=DANGI"))
        #expect(message("RSCALE=DANGI;FREQ=YEARLY;SKIP=SIDEWAYS") == "SKIP=SIDEWAYS: unknown SKIP value (OMIT, BACKWARD or FORWARD)")
        #expect(message("RSCALE=DANGI;FREQ=WEEKLY").hasPrefix("FREQ=WEEKLY: not supported in an RSCALE=DANGI rule"))
        #expect(message("RSCALE=DANGI;FREQ=YEARLY;BYDAY=MO").hasPrefix("BYDAY=MO: not supported in an RSCALE=DANGI rule"))
        do { _ = try RecurrenceRule(parsing: "FREQ=YEARLY;RSCALE=FOO"); Issue.record("accepted") } catch { #expect(error.offset == 12) }
    }
}
