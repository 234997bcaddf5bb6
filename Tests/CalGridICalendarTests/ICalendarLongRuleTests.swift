import CalGrid
import CalGridICalendar
import CalGridImport
import CalGridJSON
import CalGridSystem
import CalGridTestSupport
import Foundation
import Testing

/// Issue 41: a rule whose occurrences outrun the span limit (36,600 days) is kept as a rule with no
/// stored end, expanded on demand, and reads back from every store format as it was imported.
/// The oracle for the days is plain day arithmetic written here (a daily rule is its start plus k
/// days, a weekly one plus 7k), not the rule engine.
@Suite struct ICalendarLongRuleTests {
    static func day(_ s: String) -> CivilDate { try! CivilDate(iso8601: s) }

    /// Per-day totals of `days` over `first...last`, as `dayCounts` gives them for one todo.
    static func expected(_ days: Set<CivilDate>, _ first: CivilDate, _ last: CivilDate) -> [Int32] {
        (0...first.days(to: last)).map { days.contains(first.advanced(by: $0)) ? 1 : 0 }
    }

    /// The set imported from `set`'s native JSON, JSON Lines, ics and vdir forms, each.
    static func readBacks(_ set: TodoSet) throws -> [(String, TodoSet)] {
        var out: [(String, TodoSet)] = []
        for format in [ExportFormat.native, .jsonLines] {
            var s = TodoSet()
            try s.importJSON(bytes: set.exportJSONBytes(format: format))
            out.append(("\(format)", s))
        }
        var s = TodoSet()
        try s.importICalendar(bytes: set.exportICalendarBytes())
        out.append(("ics", s))
        let dir = try ScratchDirectory("long-rule")
        defer { dir.remove() }
        _ = try set.exportVdir(to: dir.path)
        var v = TodoSet()
        try v.importICalendar(directoryAt: dir.path)
        out.append(("vdir", v))
        return out
    }

    /// Imports `text`, checks the todo kept its rule without an end, the days over `windows`
    /// against `days`, a few bytes of flags, and every read-back equal to it.
    func check(_ text: [UInt8], rule: String, days: (CivilDate) -> Bool, windows: [(String, String)],
               ticked: [String] = [], completed: Bool = false) throws {
        var set = TodoSet()
        try set.importICalendar(bytes: text)
        #expect(set.count == 1)
        let d = set.draft(at: 0)
        #expect(d.end == nil)
        #expect(d.recurrence?.rule?.text == rule)
        #expect(d.isCompleted == completed)
        #expect(set.tickedDays(at: 0) == ticked.map(Self.day))
        // Kept as a rule: no flag per occurrence (40,000 of them were 5 KB; 2.9 million, 366 KB).
        #expect(set.memoryFootprint.flagBytes <= 64)
        for (a, b) in windows {
            let first = Self.day(a), last = Self.day(b)
            let want = (0...first.days(to: last)).map { days(first.advanced(by: $0)) ? Int32(1) : 0 }
            let counts = set.dayCounts(from: first, through: last)
            // An event counts in `events`, a todo in `total`.
            #expect((0..<counts.dayCount).map { counts.total[$0] + Int32(counts.eventCount(at: $0)) } == want, "\(rule) over \(a)...\(b)")
        }
        for (name, back) in try Self.readBacks(set) {
            #expect(back.exportJSONBytes() == set.exportJSONBytes(), "\(rule): \(name) reads back another set")
            for (a, b) in windows {
                let first = Self.day(a), last = Self.day(b)
                #expect(back.dayCounts(from: first, through: last) == set.dayCounts(from: first, through: last), "\(rule): \(name) \(a)...\(b)")
            }
        }
    }

    @Test func dailyCountsPastTheSpanLimitStayRules() throws {
        let start = Self.day("2026-12-01")
        for count in [40_000, 1_000_000_000] {
            let last = count == 40_000 ? Self.day("2136-06-06") : CivilDate.max
            #expect(start.days(to: last) == (count == 40_000 ? count - 1 : start.days(to: .max)))
            let text = calendar(todo("r\(count)", ["DTSTAMP:20261201T090000Z", "DTSTART;VALUE=DATE:20261201",
                                                  "RRULE:FREQ=DAILY;COUNT=\(count)"]))
            try check(text, rule: "FREQ=DAILY;COUNT=\(count)", days: { $0 >= start && $0 <= last },
                      windows: [("2026-11-20", "2027-01-10"), ("2136-05-30", "2136-06-15"), ("9999-12-01", "9999-12-31")])
        }
    }

    /// Weekly occurrences of five days (DTSTART Monday to DUE Friday): the rule's span is its
    /// last occurrence's last day, so COUNT=5229 (the last start 36,596 days on, its last day
    /// 36,600) is kept as a rule too, and every read-back holds it (the store's reader refuses a
    /// span of 36,600 days).
    @Test func spanningOccurrencesCountTheirLastDays() throws {
        let start = Self.day("2026-12-07")
        for count in [5_229, 6_000] {
            let last = start.advanced(by: 7 * (count - 1) + 4)
            let text = calendar(todo("s\(count)", ["DTSTAMP:20261201T090000Z", "DTSTART;VALUE=DATE:20261207", "DUE;VALUE=DATE:20261211",
                                                   "RRULE:FREQ=WEEKLY;COUNT=\(count)"]))
            try check(text, rule: "FREQ=WEEKLY;COUNT=\(count)", days: { $0 >= start && $0 <= last && start.days(to: $0) % 7 <= 4 },
                      windows: [("2026-11-20", "2027-01-10"), (last.advanced(by: -20).iso8601, last.advanced(by: 10).iso8601)])
            var set = TodoSet()
            try set.importICalendar(bytes: text)
            #expect(set.occurrenceDays(at: 0) == 5)
        }
    }

    @Test func ticksAndCompletionOfAKeptRuleReadBack() throws {
        let start = Self.day("2026-12-01"), last = Self.day("2136-06-06")
        let ticked = ["BEGIN:VTODO", "UID:t", "DTSTAMP:20261201T090000Z", "RECURRENCE-ID;VALUE=DATE:20261203",
                      "DTSTART;VALUE=DATE:20261203", "STATUS:COMPLETED", "END:VTODO"]
        let text = calendar(todo("t", ["DTSTAMP:20261201T090000Z", "DTSTART;VALUE=DATE:20261201", "RRULE:FREQ=DAILY;COUNT=40000"]) + ticked)
        try check(text, rule: "FREQ=DAILY;COUNT=40000", days: { $0 >= start && $0 <= last },
                  windows: [("2026-11-20", "2027-01-10"), ("2136-05-30", "2136-06-15")], ticked: ["2026-12-03"])
        let done = calendar(todo("c", ["DTSTAMP:20261201T090000Z", "DTSTART;VALUE=DATE:20261201", "RRULE:FREQ=DAILY;COUNT=40000",
                                       "STATUS:COMPLETED"]))
        try check(done, rule: "FREQ=DAILY;COUNT=40000", days: { $0 >= start && $0 <= last },
                  windows: [("2026-11-20", "2027-01-10")], completed: true)
    }

    @Test func aWeeklyEventUntil2200StaysARule() throws {
        let start = Self.day("2026-12-07"), until = Self.day("2200-01-01")
        let text = calendar(["BEGIN:VEVENT", "UID:w", "SUMMARY:w", "DTSTAMP:20261201T090000Z", "DTSTART;VALUE=DATE:20261207",
                             "RRULE:FREQ=WEEKLY;UNTIL=22000101;BYDAY=MO", "END:VEVENT"])
        try check(text, rule: "FREQ=WEEKLY;UNTIL=22000101;BYDAY=MO",
                  days: { $0 >= start && $0 <= until && start.days(to: $0) % 7 == 0 },
                  windows: [("2026-11-20", "2027-02-10"), ("2199-11-01", "2200-01-31")])
    }

    @Test func aSpanWithoutARuleIsStillRefusedWhereItSaysSo() throws {
        let i = failure(calendar(todo("s", ["DTSTAMP:20261201T090000Z", "DTSTART;VALUE=DATE:19000101", "DUE;VALUE=DATE:21000101"])))
        #expect(i?.reason == .spanTooLong && i?.field == "DUE" && i?.line == 9)
    }

    @Test func aTaskwarriorUntilPastTheSpanLimitBecomesTheRulesUntil() throws {
        let json = #"[{"uuid":"a1b2c3d4-0000-4000-8000-000000000001","description":"water","status":"recurring","#
            + #""entry":"20261201T090000Z","due":"20261201T090000Z","recur":"daily","until":"21500101T000000Z","mask":"-+"}]"#
        var o = ImportOptions()
        o.includeRecurringParents = true
        var set = TodoSet()
        try set.importJSON(bytes: Array(json.utf8), options: o)
        #expect(set.count == 1)
        let d = set.draft(at: 0)
        #expect(d.end == nil && d.recurrence?.rule?.text == "FREQ=DAILY;UNTIL=21500101")
        #expect(set.tickedDays(at: 0) == [Self.day("2026-12-02")])
        let start = Self.day("2026-12-01"), until = Self.day("2150-01-01")
        for (a, b) in [("2026-11-25", "2026-12-10"), ("2149-12-20", "2150-01-10")] {
            let first = Self.day(a), last = Self.day(b)
            let want = (0...first.days(to: last)).map { k -> Int32 in let x = first.advanced(by: k); return x >= start && x <= until ? 1 : 0 }
            #expect(set.dayCounts(from: first, through: last).total == want)
        }
        for (name, back) in try Self.readBacks(set) {
            #expect(back.exportJSONBytes() == set.exportJSONBytes(), "taskwarrior: \(name) reads back another set")
        }
    }
}
