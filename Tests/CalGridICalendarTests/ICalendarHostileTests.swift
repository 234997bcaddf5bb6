import CalGrid
import CalGridICalendar
import CalGridImport
import CalGridSystem
import CalGridTestSupport
import Foundation
import Testing

/// An iCalendar text from lines (CRLF).
func ics(_ lines: [String]) -> [UInt8] { Array(lines.map { $0 + "\r\n" }.joined().utf8) }

/// A VCALENDAR around `body`.
func calendar(_ body: [String]) -> [UInt8] { ics(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//CalGrid tests//EN"] + body + ["END:VCALENDAR"]) }

func todo(_ uid: String, _ extra: [String] = []) -> [String] { ["BEGIN:VTODO", "UID:" + uid, "SUMMARY:t " + uid] + extra + ["END:VTODO"] }

/// The issue the strict import of `bytes` fails with (recording a failure when it succeeds).
func failure(_ bytes: [UInt8], _ options: ImportOptions = ImportOptions()) -> ImportIssue? {
    var set = TodoSet()
    do {
        try set.importICalendar(bytes: bytes, options: options)
        Issue.record("imported \(set.count) todos; expected a failure")
        return nil
    } catch {
        guard case .invalidInput(let issue) = error else { Issue.record("\(error)"); return nil }
        #expect(set.isEmpty)
        return issue
    }
}

@Suite struct ICalendarHostileTests {
    @Test func wholeInputProblemsAreLocated() throws {
        // Lines:            1                  2              3           4
        var i = failure(ics(["BEGIN:VCALENDAR", "BEGIN:VTODO", "UID:a"]))
        #expect(i?.reason == .truncated && i?.line == 1 && i?.detail == "BEGIN:VCALENDAR of line 1 has no END:VCALENDAR (the input ends first)")
        i = failure(ics(["BEGIN:VCALENDAR", "BEGIN:VTODO", "UID:a", "END:VEVENT", "END:VCALENDAR"]))
        #expect(i?.reason == .unexpectedByte && i?.line == 4 && i?.detail == "END:VEVENT does not close BEGIN:VTODO of line 2")
        i = failure(ics(["BEGIN:VCALENDAR", "END:VCALENDAR", "END:VTODO"]))
        #expect(i?.reason == .unexpectedByte && i?.line == 3)
        i = failure(ics(["BEGIN:VCALENDAR", "END:VCALENDAR", "", "trailing words"]))
        #expect(i?.reason == .trailingContent && i?.line == 4)
        i = failure(Array("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:a\u{0}b\r\nEND:VTODO\r\nEND:VCALENDAR\r\n".utf8))
        #expect(i?.reason == .nulByte && i?.line == 3)
        i = failure([])
        #expect(i?.reason == .emptyInput)
        i = failure(Array("[{\"id\": \"a\", \"title\": \"x\"}]".utf8))
        #expect(i?.reason == .unsupportedFormat)
        // A bare VTODO is read as if wrapped (ICalendarLiberalTests); a bare VJOURNAL is not iCalendar CalGrid reads.
        i = failure(ics(["BEGIN:VJOURNAL", "UID:a", "END:VJOURNAL"]))
        #expect(i?.reason == .unsupportedFormat)
    }

    @Test func hugeLinesAreRefusedByTheStringLimit() throws {
        let long = String(repeating: "x", count: 2 << 20)
        let i = failure(calendar(todo("a", ["DESCRIPTION:" + long])))
        #expect(i?.reason == .stringTooLong && i?.line == 7)
        var o = ImportOptions()
        o.limits.maxStringBytes = 4 << 20
        var set = TodoSet()
        try set.importICalendar(bytes: calendar(todo("a", ["DESCRIPTION:" + long])), options: o)
        #expect(set.drafts.first?.memo?.utf8.count == long.utf8.count)
    }

    /// libical takes these values without an error marker; the import refuses each, at its line.
    @Test(arguments: [
        ("DUE:20241345", ImportIssue.Reason.invalidDate, "DUE"),
        ("DUE;VALUE=DATE:20230229", .invalidDate, "DUE"),
        ("DTSTART:20240101T240000Z", .invalidDateTime, "DTSTART"),
        ("DTSTART:20240101T126000", .invalidDateTime, "DTSTART"),
        ("DTSTART;TZID=Mars/Olympus_Mons:20240101T120000", .invalidDateTime, "DTSTART"),
        ("DUE:not-a-date", .parserRejected, ""),
    ])
    func badValuesAreLocated(line: String, reason: ImportIssue.Reason, field: String) throws {
        let i = failure(calendar(todo("ok") + todo("bad", [line])))
        #expect(i?.reason == reason && i?.field == field && i?.recordIndex == 1, "\(String(describing: i))")
        if !field.isEmpty { #expect(i?.line == 11, "\(String(describing: i?.message))") } else { #expect(i?.line == 8) }
    }

    @Test func theSetsRulesAreLocatedInICalendarWords() throws {
        // A UID taken by a todo already in the set (not by an earlier item of this input).
        var taken = TodoSet()
        try taken.importICalendar(bytes: calendar(todo("a")))
        do {
            try taken.importICalendar(bytes: calendar(todo("b") + todo("a", ["DUE;VALUE=DATE:20260101"])))
            Issue.record("a taken UID imported")
        } catch {
            guard case .invalidInput(let i) = error else { Issue.record("\(error)"); return }
            #expect(i.reason == .duplicateId && i.field == "UID" && i.line == 9 && i.recordIndex == 1)
        }
        #expect(taken.count == 1)
        // An event whose end is not after its start is one day long (RFC 5545 3.6.1).
        var set = TodoSet()
        try set.importICalendar(bytes: calendar(["BEGIN:VEVENT", "UID:e", "DTSTART;VALUE=DATE:20260110", "DTEND;VALUE=DATE:20260101", "END:VEVENT"]))
        #expect(set.drafts.first?.start == set.drafts.first?.end && set.drafts.first?.end?.iso8601 == "2026-01-10")
    }

    @Test func skipInvalidImportsTheRestAndListsEachProblem() throws {
        var o = ImportOptions(policy: .skipInvalid)
        o.zone = .utc
        var set = TodoSet()
        let r = try set.importICalendar(bytes: calendar(todo("a") + todo("b", ["DUE:20241345"]) + todo("c", ["DTSTART:20260101T240000Z"]) + todo("d")),
                                        options: o)
        #expect(r.records == 4 && r.imported == 2 && r.skipped == 2)
        #expect(r.issues.map(\.reason) == [.invalidDate, .invalidDateTime])
        #expect(set.drafts.map(\.id) == ["a", "d"])
    }

    @Test func aFailedImportLeavesTheSetUntouched() throws {
        var set = TodoSet()
        try set.importICalendar(bytes: calendar(todo("x")))
        let before = set.drafts
        #expect(throws: ImportError.self) { try set.importICalendar(bytes: calendar(todo("y") + todo("z", ["DUE:20241345"]))) }
        #expect(set.drafts == before)
    }

    /// A VTIMEZONE whose rules libical would take millions of steps to expand (its iterator walks
    /// every period from DTSTART to some years past the time converted) is refused with the reason;
    /// a zone written as Outlook writes it (two yearly rules since 1601) is used, on tzdata's days.
    @Test func aZoneLibicalCannotExpandInTimeIsRefused() throws {
        func zone(_ rules: [String]) -> [String] {
            ["BEGIN:VTIMEZONE", "TZID:Busy",
             "BEGIN:STANDARD", "DTSTART:16011104T020000", "TZOFFSETFROM:-0400", "TZOFFSETTO:-0500", "RRULE:" + rules[0], "END:STANDARD",
             "BEGIN:DAYLIGHT", "DTSTART:16010311T020000", "TZOFFSETFROM:-0500", "TZOFFSETTO:-0400", "RRULE:" + rules[1], "END:DAYLIGHT",
             "END:VTIMEZONE"]
        }
        let due = ["DUE;TZID=Busy:20260110T210000"]
        let hourly = "FREQ=HOURLY;BYDAY=1SU;BYMONTH=11"   // in libical's order, as the sentence quotes it
        var i = failure(calendar(zone([hourly, "FREQ=YEARLY;BYMONTH=3;BYDAY=2SU"]) + todo("a", due)))
        var why = ""
        do { _ = try RecurrenceRule(parsing: hourly) } catch { why = error.description }
        #expect(!why.isEmpty)
        #expect(i?.reason == .invalidDateTime && i?.field == "DUE" && i?.line == 22)
        #expect(i?.detail == "DUE names TZID=Busy, whose VTIMEZONE CalGrid does not use: its STANDARD rule \(hourly) is not one of civil days (\(why))",
                "\(String(describing: i?.detail))")
        // Daily since 1601: 360,000 periods through 2582.
        i = failure(calendar(zone(["FREQ=DAILY;BYMONTH=11", "FREQ=YEARLY;BYMONTH=3;BYDAY=2SU"]) + todo("a", due)))
        #expect(i?.detail == "DUE names TZID=Busy, whose VTIMEZONE CalGrid does not use: its rules change the offset more often than any zone does (over 4096 periods and changes through 2582)",
                "\(String(describing: i?.detail))")
        // The same busy rule, ended by UNTIL after a year, is a few hundred steps: used.
        var set = TodoSet()
        var o = ImportOptions()
        o.zone = .utc
        try set.importICalendar(bytes: calendar(zone(["FREQ=YEARLY;BYMONTH=11;BYDAY=1SU", "FREQ=YEARLY;BYMONTH=3;BYDAY=2SU"])
                                                + todo("a", due) + todo("b", ["DUE;TZID=Busy:20260701T233000"])
                                                + ["BEGIN:VTIMEZONE", "TZID:Brief", "BEGIN:STANDARD", "DTSTART:20260101T000000", "TZOFFSETFROM:+0100",
                                                   "TZOFFSETTO:+0100", "RRULE:FREQ=DAILY;UNTIL=20261231T000000Z", "END:STANDARD", "END:VTIMEZONE"]
                                                + todo("c", ["DUE;TZID=Brief:20260301T233000"])), options: o)
        // The oracle: tzdata's America/New_York, whose rules the zone above writes out.
        let ny = try TimeZoneRules.named("America/New_York")
        for (k, (day, second)) in [(try CivilDate(year: 2026, month: 1, day: 10), Int32(21 * 3600)),
                                   (try CivilDate(year: 2026, month: 7, day: 1), Int32(23 * 3600 + 1800))].enumerated() {
            guard case .unique(let instant) = ny.instant(of: day, secondOfDay: second) else { Issue.record("no instant"); continue }
            #expect(set.drafts[k].end == TimeZoneRules.utc.localTime(at: instant)?.day, "\(set.drafts[k])")
        }
        #expect(set.drafts[2].end?.iso8601 == "2026-03-01")
    }

    /// A STANDARD or DAYLIGHT outside its VTIMEZONE (a file cut and pasted) is passed over, and an
    /// item after it keeps its RRULE in both parses: the streamed one (a component at a time) and
    /// the whole one, which reads the rule from libical where it cannot place the item's text.
    @Test func aStrayTimezonePartLosesNoRule() throws {
        let stray = ["BEGIN:DAYLIGHT", "DTSTART:19700308T020000", "TZOFFSETFROM:-0500", "TZOFFSETTO:-0400", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU"]
        let item = ["BEGIN:VEVENT", "UID:e", "DTSTAMP:20260101T000000Z", "DTSTART;VALUE=DATE:20260105", "RRULE:FREQ=WEEKLY;COUNT=3;INTERVAL=2", "END:VEVENT"]
        for inner in [[], ["BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT5M", "END:VALARM"]] {
            let bytes = calendar(stray + inner + ["END:DAYLIGHT"] + item)
            for streaming in [true, false] {
                var set = TodoSet()
                _ = try bytes.withUnsafeBytes { b throws(ImportError) in try set._importICalendar(bytes: b, options: ImportOptions(), streaming: streaming) }
                let r = try #require(set.recurrence(at: 0), "streaming \(streaming), \(inner.count) inner lines: no rule")
                #expect(r.rule?.text == "FREQ=WEEKLY;INTERVAL=2;COUNT=3" && set.drafts[0].end?.iso8601 == "2026-02-02", "\(String(describing: r.rule?.text))")
            }
        }
    }

    /// Every corpus file cut at random places and with random bytes changed: an import or an
    /// ImportError, never a crash or a hang.
    @Test func mangledCorpusNeverCrashes() throws {
        ICalPaths.forEachMangledCopy(seed: 20, copies: 40) { _, b in
            var set = TodoSet()
            for policy in ImportPolicy.allCases {
                _ = try? set.importICalendar(bytes: b, options: ImportOptions(policy: policy))
            }
        }
    }
}
