// Cross-checks Recurrence against python-dateutil's rrule (Tests/oracle/rrule_oracle.py), with RFC
// 5545's start-day rule where dateutil departs from it (the oracle's docstring says where): seeded
// random rules over every part CalGrid models, starts and windows from 1900 to 2100, and the RFC
// 5545 §3.8.5.3 examples that are about days. Each window is compared day for day, and next(after:),
// previous(before:), contains(_:) and the canonical text's round trip on the way.
import Foundation
import Testing
import CalGridTestSupport
@testable import CalGrid

enum RecurrenceOracle {
    static func run(_ arguments: [String]) throws -> String {
        String(decoding: try runPython(TestPaths.oracle("rrule_oracle.py"), arguments), as: UTF8.self)
    }

    /// One oracle line: a rule bound to a start, one window and the days the oracle expects in it.
    struct Case {
        var rule: String
        var start: CivilDate
        var rdates: [CivilDate], exdates: [CivilDate]
        var zone: String
        var window: ClosedRange<CivilDate>
        var days: [CivilDate]
    }

    static func parse(_ text: String) -> [Case] {
        func day(_ s: Substring) -> CivilDate { CivilDate(_unchecked: Int32(s)!) }
        func days(_ s: Substring) -> [CivilDate] { s.isEmpty ? [] : s.split(separator: ",").map(day) }
        return text.split(separator: "\n").map { line in
            let f = line.split(separator: "|", omittingEmptySubsequences: false)
            return Case(rule: String(f[0]), start: day(f[1]), rdates: days(f[2]), exdates: days(f[3]), zone: String(f[4]),
                        window: day(f[5])...day(f[6]), days: days(f[7]))
        }
    }

    nonisolated(unsafe) static var zones: [String: TimeZoneRules] = [:]
    static let zoneLock = NSLock()
    static func zone(_ name: String) throws -> TimeZoneRules {
        zoneLock.lock(); defer { zoneLock.unlock() }
        if let z = zones[name] { return z }
        let z = try TimeZoneOracleTests.systemRules(name)
        zones[name] = z
        return z
    }

    /// What is compared with the oracle; the controls swap in plausible wrong expansions.
    typealias Expand = @Sendable (RecurrenceRule, Case, TimeZoneRules) -> [CivilDate]
    static let expand: Expand = { rule, c, zone in
        Array(Recurrence(start: c.start, rule: rule, zone: zone, rdates: c.rdates, exdates: c.exdates).occurrences(in: c.window))
    }

    struct Tally { var problems: [String] = []; var rules = Set<String>(), windows = 0, days = 0 }

    /// Compares every case; with `queries`, also next/previous/contains and the text round trip.
    static func compare(_ cases: [Case], expand: Expand = expand, queries: Bool = true, limit: Int = 10) -> Tally {
        var t = Tally()
        var total = 0
        func fail(_ s: @autoclosure () -> String) { total += 1; if t.problems.count < limit { t.problems.append(s()) } }
        for c in cases {
            let rule: RecurrenceRule
            do { rule = try RecurrenceRule(parsing: c.rule) } catch { fail("\(c.rule): \(error)"); continue }
            guard let zone = try? zone(c.zone) else { fail("zone \(c.zone) unreadable"); continue }
            t.rules.insert("\(c.rule)|\(c.start.dayNumber)")
            t.windows += 1
            t.days += c.window.lowerBound.days(to: c.window.upperBound) + 1
            let got = expand(rule, c, zone)
            if got != c.days {
                fail("\(c.rule) from \(c.start) in \(c.window): \(got.prefix(6).map(\.iso8601)) (\(got.count)), oracle \(c.days.prefix(6).map(\.iso8601)) (\(c.days.count))")
                continue
            }
            guard queries else { continue }
            let r = Recurrence(start: c.start, rule: rule, zone: zone, rdates: c.rdates, exdates: c.exdates)
            if let lo = try? c.window.lowerBound.adding(days: -1), r.next(after: lo) != c.days.first, !c.days.isEmpty {
                fail("\(c.rule) from \(c.start): next(after: \(lo)) = \(String(describing: r.next(after: lo))), oracle \(c.days[0])")
            }
            if let hi = try? c.window.upperBound.adding(days: 1), !c.days.isEmpty, r.previous(before: hi) != c.days.last {
                fail("\(c.rule) from \(c.start): previous(before: \(hi)) = \(String(describing: r.previous(before: hi))), oracle \(c.days.last!)")
            }
            // contains(_:) on the window's first 31 days and on every occurrence.
            let head = c.window.lowerBound.dayNumber...min(c.window.upperBound.dayNumber, c.window.lowerBound.dayNumber + 30)
            for n in head {
                let d = CivilDate(_unchecked: n)
                if r.contains(d) != c.days.contains(d) { fail("\(c.rule) from \(c.start): contains(\(d)) = \(r.contains(d))"); break }
            }
            if let d = c.days.first(where: { !r.contains($0) }) { fail("\(c.rule) from \(c.start): contains(\(d)) = false") }
            if let again = try? RecurrenceRule(parsing: rule.text), again != rule || again.text != rule.text {
                fail("\(c.rule): canonical text \(rule.text) does not round-trip")
            }
        }
        if total > t.problems.count { t.problems.append("… \(total) mismatches in all") }
        return t
    }
}

@Suite struct RecurrenceOracleTests {
    /// 4 × 750 seeded random rules, two windows each.
    @Test(arguments: [1, 2, 3, 4])
    func randomRules(seed: Int) throws {
        let n = ProcessInfo.processInfo.environment["RRULE_ORACLE_RULES"] ?? "750"
        let cases = RecurrenceOracle.parse(try RecurrenceOracle.run(["random", "\(seed)", n]))
        let t = RecurrenceOracle.compare(cases)
        for p in t.problems { Issue.record(Comment(rawValue: p)) }
        #expect(t.windows == 2 * Int(n)!)
        print("rrule oracle seed \(seed): \(t.rules.count) rules, \(t.windows) windows, \(t.days) days compared")
    }

    /// RFC 5545 §3.8.5.3's day examples, in their years and decades on.
    @Test func rfcExamples() throws {
        let cases = RecurrenceOracle.parse(try RecurrenceOracle.run(["rfc"]))
        let t = RecurrenceOracle.compare(cases)
        for p in t.problems { Issue.record(Comment(rawValue: p)) }
        #expect(t.rules.count == 37)
    }

    /// The comparison is not vacuous: plausible wrong expansions are caught.
    @Test func brokenExpansionsAreCaught() throws {
        let cases = RecurrenceOracle.parse(try RecurrenceOracle.run(["random", "5", "300"]))
        #expect(RecurrenceOracle.compare(cases, queries: false).problems.isEmpty)
        func reparsed(_ edit: @escaping @Sendable (String) -> String) -> RecurrenceOracle.Expand {
            { rule, c, zone in RecurrenceOracle.expand((try? RecurrenceRule(parsing: edit(rule.text))) ?? rule, c, zone) }
        }
        // WKST ignored: weeks always start on Monday.
        let noWKST = reparsed { $0.split(separator: ";").filter { !$0.hasPrefix("WKST=") }.joined(separator: ";") }
        // BYMONTHDAY=-n counted from the start of the month.
        let positiveMonthDays = reparsed { $0.replacingOccurrences(of: "BYMONTHDAY=-", with: "BYMONTHDAY=") }
        // UNTIL exclusive.
        let exclusiveUntil: RecurrenceOracle.Expand = { rule, c, zone in
            let days = RecurrenceOracle.expand(rule, c, zone)
            guard let u = rule.until?.day(in: zone) else { return days }
            return days.filter { $0 != u || $0 == c.start }
        }
        // dateutil's reading: the start day only when the rule makes it.
        let startNotForced: RecurrenceOracle.Expand = { rule, c, zone in
            let ruleMakesStart = _RuleExpansion(rule, start: c.start).contains(Int(c.start.dayNumber))
            return RecurrenceOracle.expand(rule, c, zone).filter { $0 != c.start || ruleMakesStart || c.rdates.contains($0) }
        }
        for broken in [noWKST, positiveMonthDays, exclusiveUntil, startNotForced] {
            #expect(!RecurrenceOracle.compare(cases, expand: broken, queries: false).problems.isEmpty)
        }
    }
}
