import Testing
import Foundation
import CalGrid
import CalGridSystem
import CalGridTestSupport
@testable import CalGridJSON

/// Recurrence rules through JSON: the native `rrule`, `exdates` and `rdates` fields read and
/// written exactly, the set's refusals in the core's words, and Taskwarrior's recurring parents
/// (our own exports in the shape `task export` writes, and the real program's fixture).
@Suite struct RuleJSONTests {
    static func rule(_ s: String, _ text: String?, rdates: [String] = [], exdates: [String] = []) -> Recurrence {
        Recurrence(start: day(s), rule: text.map { try! RecurrenceRule(parsing: $0) },
                   rdates: rdates.map(day), exdates: exdates.map(day))
    }

    static let drafts: [TodoDraft] = [
        TodoDraft(id: "club", title: "Book club", start: day("2026-12-01"), end: day("2027-06-30"),
                  recurrence: rule("2026-12-01", "FREQ=MONTHLY;BYDAY=3TH", exdates: ["2027-02-18"]),
                  completedDays: [true, false, true, false, false, false, true]),
        TodoDraft(id: "bins", title: "Bins", start: day("2026-11-03"),
                  recurrence: rule("2026-11-03", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,FR", rdates: ["2026-12-24"])),
        // Open-ended: ticks as far as the last ticked occurrence (11-03, 11-06, 11-17).
        TodoDraft(id: "plants", title: "Water plants", start: day("2026-11-03"),
                  recurrence: rule("2026-11-03", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,FR"), completedDays: [true, false, true]),
        TodoDraft(id: "rent", title: "Rent", start: day("2026-01-31"), isChallenge: true,
                  recurrence: rule("2026-01-31", "FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=12")),
        TodoDraft(id: "dates", title: "Just these days", start: day("2026-05-01"), end: day("2026-05-31"),
                  recurrence: rule("2026-05-01", nil, rdates: ["2026-05-09", "2026-05-20"])),
        TodoDraft(id: "solo", title: "Start day only", start: day("2026-05-01"),
                  recurrence: rule("2026-05-01", nil)),
        TodoDraft(id: "gym", title: "Gym", start: day("2026-11-02"), end: day("2026-11-08"),
                  repetition: WeekdaySet([.monday, .friday]), completedDays: [true, false]),
    ]

    @Test func nativeRoundTripIsExact() throws {
        let set = try TodoSet(Self.drafts)
        for format in ExportFormat.allCases {
            let bytes = set.exportJSONBytes(format: format)
            var back = TodoSet()
            try back.importJSON(bytes: bytes)
            #expect(back.drafts == set.drafts, "\(format)")
            #expect(back.exportJSONBytes(format: format) == bytes)
        }
        let text = String(decoding: set.exportJSONBytes(format: .jsonLines), as: UTF8.self)
        #expect(text.contains(#""rrule":"FREQ=MONTHLY;BYDAY=3TH","exdates":["2027-02-18"]"#))
        #expect(text.contains(#""rrule":"FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,FR","rdates":["2026-12-24"]"#))
        #expect(text.contains(#""id":"solo","title":"Start day only","startDate":"2026-05-01","rdates":[]}"#))
    }

    @Test func aRuleAsWrittenByHand() throws {
        let (d, _) = try importText(#"""
        [{"id":"a","title":"t","startDate":"2026-12-01","endDate":"2027-01-31","rrule":"freq=monthly;byday=3th;",
          "completed":{"2027-01-21":true}}]
        """#)
        #expect(d[0].recurrence == Self.rule("2026-12-01", "FREQ=MONTHLY;BYDAY=3TH"))
        #expect(d[0].completedDays == [false, false, true])       // 12-01, 12-17, 01-21
        let off = try #require(issue(#"[{"id":"a","title":"t","startDate":"2026-12-01","endDate":"2027-01-31","rrule":"FREQ=MONTHLY;BYDAY=3TH","completed":{"2027-01-20":true}}]"#))
        #expect(off.reason == .completedDayOffRepetition && off.field == "completed.2027-01-20")
        // Without an end, the days given keep flags as far as the last of them.
        let (open, _) = try importText(#"""
        [{"id":"a","title":"t","startDate":"2026-12-01","rrule":"FREQ=MONTHLY;BYDAY=3TH",
          "completed":{"2027-02-18":true,"2026-12-17":true,"2027-01-21":false}}]
        """#)
        #expect(open[0].completedDays == [false, true, false, true])   // 12-01, 12-17, 01-21, 02-18
        let before = try #require(issue(#"[{"id":"a","title":"t","startDate":"2026-12-01","rrule":"FREQ=MONTHLY;BYDAY=3TH","completed":{"2026-11-19":true}}]"#))
        #expect(before.reason == .completedDayOutsideSpan && before.field == "completed.2026-11-19")
    }

    /// A UTC `UNTIL` ends the rule on its day in the import zone (zoneinfo says which), and the
    /// text is written back as it was.
    @Test func aUTCUntilEndsOnItsDayInTheImportZone() throws {
        let record = #"[{"id":"u","title":"t","startDate":"2026-12-08","rrule":"FREQ=DAILY;UNTIL=20261210T200000Z"}]"#
        for name in ["Asia/Seoul", "America/Los_Angeles", "UTC"] {
            let oracle = String(decoding: try runProgram("/usr/bin/env", ["python3", "-c", """
                import sys; from datetime import datetime, timezone; from zoneinfo import ZoneInfo
                print(datetime(2026, 12, 10, 20, tzinfo=timezone.utc).astimezone(ZoneInfo(sys.argv[1])).date())
                """, name]), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            var set = TodoSet()
            try set.importJSON(bytes: Array(record.utf8), options: ImportOptions(zone: try TimeZoneRules.named(name)))
            #expect(set.recurrence(at: 0)?.lastOccurrence?.iso8601 == oracle, "\(name)")
            #expect(String(decoding: set.exportJSONBytes(format: .jsonLines), as: UTF8.self).contains("UNTIL=20261210T200000Z"))
        }
    }

    @Test func refusalsAreTheCoresSentences() throws {
        let cases: [(String, TodoError)] = [
            (#"[{"id":"x","title":"t","startDate":"2026-12-01","rrule":"FREQ=MONTHLY;BYDAY=9MO"}]"#,
             .invalidRule(position: 0, id: "x", error: RecurrenceError(.ordinalOutOfRange(ordinal: 9, limit: 5, frequency: .monthly),
                                                                        offset: 19, part: "BYDAY=9MO"))),
            (#"[{"id":"x","title":"t","rrule":"FREQ=DAILY"}]"#, .ruleWithoutStart(position: 0, id: "x")),
            (#"[{"id":"x","title":"t","startDate":"2026-12-01","repetition":[1],"rrule":"FREQ=DAILY"}]"#,
             .ruleWithRepetition(position: 0, id: "x")),
        ]
        for (json, error) in cases {
            let i = try #require(issue(json))
            #expect(i.detail == error.description && i.field == "rrule" && i.reason == .invalidRule, "\(i.message)")
        }
        #expect(TodoError.invalidRule(position: 0, id: "x", error: RecurrenceError(.subDayFrequency, offset: 5, part: "FREQ=HOURLY"))
            .description.hasPrefix("rrule FREQ=HOURLY"))
        let bad = try #require(issue(#"[{"id":"x","title":"t","startDate":"2026-12-01","exdates":["2026-02-30"]}]"#))
        #expect(bad.reason == .invalidDate && bad.field == "exdates[0]")
        let type = try #require(issue(#"[{"id":"x","title":"t","startDate":"2026-12-01","rrule":7}]"#))
        #expect(type.reason == .wrongType && type.field == "rrule")
    }

    @Test func taskwarriorPeriodsBecomeRules() {
        var cases: [(String, String?)] = [
            ("daily", "FREQ=DAILY"), ("weekly", "FREQ=WEEKLY"), ("biweekly", "FREQ=WEEKLY;INTERVAL=2"),
            ("2weeks", "FREQ=WEEKLY;INTERVAL=2"), ("3d", "FREQ=DAILY;INTERVAL=3"), ("monthly", "FREQ=MONTHLY"),
            ("quarterly", "FREQ=MONTHLY;INTERVAL=3"), ("6mo", "FREQ=MONTHLY;INTERVAL=6"), ("yearly", "FREQ=YEARLY"),
            ("annual", "FREQ=YEARLY"), ("2y", "FREQ=YEARLY;INTERVAL=2"), ("weekdays", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"),
            ("Weekly", "FREQ=WEEKLY"), ("fortnight", "FREQ=WEEKLY;INTERVAL=2"),
            ("sometimes", nil), ("0d", nil), ("2weekdays", nil), ("", nil),
        ]
        // Every period word of Taskwarrior's (its documentation's list of recurrence periods), with
        // a count before it: the count times the word's own interval.
        let words: [(String, String, Int)] = [
            ("d", "DAILY", 1), ("day", "DAILY", 1), ("days", "DAILY", 1), ("daily", "DAILY", 1),
            ("w", "WEEKLY", 1), ("wk", "WEEKLY", 1), ("wks", "WEEKLY", 1), ("week", "WEEKLY", 1), ("weeks", "WEEKLY", 1),
            ("weekly", "WEEKLY", 1), ("biweekly", "WEEKLY", 2), ("fortnight", "WEEKLY", 2), ("fortnightly", "WEEKLY", 2),
            ("mo", "MONTHLY", 1), ("mos", "MONTHLY", 1), ("month", "MONTHLY", 1), ("months", "MONTHLY", 1),
            ("monthly", "MONTHLY", 1), ("bimonthly", "MONTHLY", 2), ("q", "MONTHLY", 3), ("qtr", "MONTHLY", 3),
            ("qtrs", "MONTHLY", 3), ("quarter", "MONTHLY", 3), ("quarters", "MONTHLY", 3), ("quarterly", "MONTHLY", 3),
            ("semiannual", "MONTHLY", 6), ("y", "YEARLY", 1), ("yr", "YEARLY", 1), ("yrs", "YEARLY", 1),
            ("year", "YEARLY", 1), ("years", "YEARLY", 1), ("yearly", "YEARLY", 1), ("annual", "YEARLY", 1),
            ("biannual", "YEARLY", 2), ("biyearly", "YEARLY", 2),
        ]
        for (word, freq, factor) in words {
            for count in [1, 3] {
                let interval = count * factor
                let text = "FREQ=" + freq + (interval == 1 ? "" : ";INTERVAL=\(interval)")
                cases.append(((count == 1 ? "" : "\(count)") + word, text))
            }
            cases.append((word.uppercased(), "FREQ=" + freq + (factor == 1 ? "" : ";INTERVAL=\(factor)")))
        }
        // Near words are none: a prefix, a word with a space, two words, a word past the last.
        cases += [("dai", nil), ("da", nil), ("week ", nil), (" week", nil), ("d day", nil), ("biyearlyx", nil), ("\nd", nil)]
        for (recur, text) in cases {
            let got = Array(recur.utf8).withUnsafeBufferPointer { _RecordDecoder.rruleText(recur: $0) }
            #expect(got == text, "\(recur)")
            if let got { #expect((try? RecurrenceRule(parsing: got))?.text == got) }
        }
    }

    /// Our own export in the shape of Taskwarrior 2.6's: a parent (`status: recurring`, `recur`,
    /// `mask`, `until`) and its children (`parent`, `imask`), two of them completed.
    static let recurringExport = #"""
    [{"id":0,"description":"Water plants","due":"20240605T000000Z","entry":"20240601T080000Z","mask":"+-+-","modified":"20240620T080000Z","recur":"weekly","rtype":"periodic","status":"recurring","until":"20240630T000000Z","uuid":"0f0e0d0c-0000-4000-8000-000000000001","urgency":4.2},
    {"id":0,"description":"Water plants","due":"20240605T000000Z","end":"20240605T190000Z","entry":"20240601T080000Z","imask":0,"modified":"20240605T190000Z","parent":"0f0e0d0c-0000-4000-8000-000000000001","recur":"weekly","rtype":"periodic","status":"completed","until":"20240630T000000Z","uuid":"0f0e0d0c-0000-4000-8000-000000000002","urgency":0},
    {"id":3,"description":"Water plants","due":"20240612T000000Z","entry":"20240601T080000Z","imask":1,"modified":"20240601T080000Z","parent":"0f0e0d0c-0000-4000-8000-000000000001","recur":"weekly","rtype":"periodic","status":"pending","until":"20240630T000000Z","uuid":"0f0e0d0c-0000-4000-8000-000000000003","urgency":8.9},
    {"id":0,"description":"Water plants","due":"20240619T000000Z","end":"20240619T070000Z","entry":"20240601T080000Z","imask":2,"modified":"20240619T070000Z","parent":"0f0e0d0c-0000-4000-8000-000000000001","recur":"weekly","rtype":"periodic","status":"completed","until":"20240630T000000Z","uuid":"0f0e0d0c-0000-4000-8000-000000000004","urgency":0},
    {"id":4,"description":"Pay rent","due":"20240131T000000Z","entry":"20240101T080000Z","mask":"","recur":"monthly","rtype":"periodic","status":"recurring","uuid":"0f0e0d0c-0000-4000-8000-000000000005","urgency":2}]
    """#

    @Test func recurringParentsBecomeRuleTodos() throws {
        var skipping = TodoSet()
        let r = try skipping.importJSON(bytes: Array(Self.recurringExport.utf8))
        #expect(r.format == .taskwarrior && r.recurringSkipped == 2 && r.imported == 3)
        #expect(skipping.drafts.allSatisfy { $0.recurrence == nil })

        var o = ImportOptions()
        o.includeRecurringParents = true
        var set = TodoSet()
        let all = try set.importJSON(bytes: Array(Self.recurringExport.utf8), options: o)
        #expect(all.imported == 5 && all.recurringSkipped == 0)
        let water = try #require(set.index(ofID: "0f0e0d0c-0000-4000-8000-000000000001"))
        #expect(set.recurrence(at: water) == Self.rule("2024-06-05", "FREQ=WEEKLY"))
        #expect(set.start(at: water) == day("2024-06-05") && set.end(at: water) == day("2024-06-30"))
        // 06-05, 06-12, 06-19, 06-26; the mask's '+' children (imask 0 and 2) are its done occurrences.
        #expect(set.draft(at: water).completedDays == [true, false, true, false])
        #expect(set.isDone(on: day("2024-06-19"), at: water) && !set.fallsOn(day("2024-06-20"), at: water))
        // Without `until`, the flags go as far as the last completed child: "+-+" is 06-05 and 06-19.
        var openSet = TodoSet()
        let open = Self.recurringExport.replacingOccurrences(of: #""recur":"weekly","rtype":"periodic","status":"recurring","until":"20240630T000000Z","#,
                                                              with: #""recur":"weekly","rtype":"periodic","status":"recurring","#)
            .replacingOccurrences(of: #""mask":"+-+-""#, with: #""mask":"+-+--""#)
        try openSet.importJSON(bytes: Array(open.utf8), options: o)
        let w = try #require(openSet.index(ofID: "0f0e0d0c-0000-4000-8000-000000000001"))
        #expect(openSet.end(at: w) == nil && openSet.draft(at: w).completedDays == [true, false, true])
        #expect(openSet.tickedDays(at: w) == [day("2024-06-05"), day("2024-06-19")])
        let rent = try #require(set.index(ofID: "0f0e0d0c-0000-4000-8000-000000000005"))
        #expect(set.recurrence(at: rent)?.rule?.text == "FREQ=MONTHLY" && set.end(at: rent) == nil)
        #expect(set.fallsOn(day("2024-03-31"), at: rent) && !set.fallsOn(day("2024-02-29"), at: rent))  // no Feb 31st
        // The children stay the todos Taskwarrior shows (each from its entry to its due day): on
        // 06-12 the parent's occurrence, the child due that day and the one due on the 19th.
        #expect(set.indices(on: day("2024-06-12")).count == 3)

        let unknown = Self.recurringExport.replacingOccurrences(of: #""recur":"monthly","rtype":"periodic","status":"recurring""#,
                                                                 with: #""recur":"now and then","rtype":"periodic","status":"recurring""#)
        let i = try #require(issue(unknown, o))
        #expect(i.reason == .invalidRule && i.field == "recur")
    }

    @Test func theRealProgramsRecurringParent() throws {
        var o = ImportOptions()
        o.includeRecurringParents = true
        var set = TodoSet()
        try set.importJSON(bytes: [UInt8](try Data(contentsOf: fixtures.appendingPathComponent("taskwarrior-2.6.2.json"))), options: o)
        let parent = try #require(set.indices.first { set.recurrence(at: $0) != nil })
        #expect(set.title(at: parent) == "Weekly review" && set.recurrence(at: parent)?.rule?.text == "FREQ=WEEKLY")
        #expect(set.start(at: parent) == day("2024-06-05") && set.end(at: parent) == day("2024-07-01"))
        #expect(set.trackedDayCount(at: parent) == 4)
    }
}
