import CalGrid
import CalGridICalendar
import CalGridImport
import CalGridSystem
import CalGridTestSupport
import Foundation
import Testing

/// One VCALENDAR holding `lines` as one item (`kind`), UID `uid`.
func oneItem(_ lines: [String], kind: String = "VTODO", uid: String = "v1") -> [UInt8] {
    Array(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//calgrid tests//values//EN\r\nBEGIN:\(kind)\r\nUID:\(uid)\r\n"
           + "DTSTAMP:20260301T090000Z\r\n" + lines.map { $0 + "\r\n" }.joined() + "END:\(kind)\r\nEND:VCALENDAR\r\n").utf8)
}

/// The lines of `bytes` (unfolded, CRLF dropped).
func unfoldedLines(_ bytes: [UInt8]) -> [String] {
    String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n")
}

@Suite struct ICalendarValueTests {
    /// libical writes no backspace, form feed or carriage return in TEXT (RFC 5545 allows none), and
    /// its parser trims the blanks at a value's ends: a value with one (a Thunderbird file damaged
    /// in transit, fuzz-icalendar) is read as it would read back, and the set survives its own
    /// export.
    @Test func controlCharactersLibicalDoesNotWriteAreDropped() throws {
        let text = oneItem(["SUMMARY:\u{0C} Chor\rprobe", "LOCATION:Pfarrsaal\rStephansplatz 1 \u{08}", "DTSTART:20260108T180000Z"],
                           kind: "VEVENT")
        var set = TodoSet()
        _ = try set.importICalendar(bytes: text, options: ImportOptions(zone: .utc))
        #expect(set.title(at: 0) == "Chorprobe" && set.location(at: 0) == "PfarrsaalStephansplatz 1")
        var back = TodoSet()
        _ = try back.importICalendar(bytes: set.exportICalendarBytes(now: 1_800_000_000), options: ImportOptions(zone: .utc))
        #expect(back.title(at: 0) == set.title(at: 0) && back.location(at: 0) == set.location(at: 0))
    }

    /// RFC 5545 lets a TEXT value be empty and Google Calendar writes `LOCATION:`; libical drops
    /// such a property with an X-LIC-ERROR. The item imports (strict), a patch writes the empty
    /// properties back as they were (parameters and X- names too) and no X-LIC-ERROR; an empty
    /// DATE-TIME is still an error.
    @Test func emptyTextValuesAreKept() throws {
        let text = oneItem(["SUMMARY:Call", "LOCATION:", "DESCRIPTION;LANGUAGE=de:", "X-GOOGLE-CONFERENCE;X-KIND=meet:",
                            "CATEGORIES:", "DTSTART;VALUE=DATE:20260302", "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:",
                            "TRIGGER:PT9H", "END:VALARM"], kind: "VEVENT")
        var set = TodoSet()
        let r = try set.importICalendar(bytes: text)
        #expect(r.imported == 1 && set.draft(at: 0).title == "Call" && set.draft(at: 0).tags.isEmpty)
        #expect((set.draft(at: 0).memo ?? "") == "")
        var d = set.draft(at: 0)
        d.title = "Call Mina"
        let out = unfoldedLines(try ICalendarItem.patch(text, with: d, now: 1_780_000_000))
        for kept in ["LOCATION:", "DESCRIPTION;LANGUAGE=de:", "X-GOOGLE-CONFERENCE;X-KIND=meet:", "DESCRIPTION:", "SUMMARY:Call Mina"] {
            #expect(out.contains(kept), "\(kept) in \(out)")
        }
        #expect(!out.contains { $0.hasPrefix("X-LIC-ERROR") })
        var bad = TodoSet()
        #expect {
            try bad.importICalendar(bytes: oneItem(["SUMMARY:x", "DTSTART:"]))
        } throws: { e in
            guard case .invalidInput(let i) = e as? ImportError else { return false }
            return i.reason == .parserRejected && i.detail.contains("DTSTART")
        }
    }

    /// libical hands a VCALENDAR's VTIMEZONEs back in another order than written (these two swap):
    /// the items after them keep their own places, so their rules (read from the item's own text)
    /// and their issues' lines are theirs.
    @Test func itemsAfterTwoVTIMEZONEsKeepTheirPlaces() throws {
        let zones = ["BEGIN:VTIMEZONE", "TZID:W. Europe Standard Time", "BEGIN:STANDARD", "DTSTART:16010101T030000", "TZOFFSETFROM:+0200",
                     "TZOFFSETTO:+0100", "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10", "END:STANDARD", "BEGIN:DAYLIGHT", "DTSTART:16010101T020000",
                     "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3", "END:DAYLIGHT", "END:VTIMEZONE",
                     "BEGIN:VTIMEZONE", "TZID:Tokyo Standard Time", "BEGIN:STANDARD", "DTSTART:16010101T000000", "TZOFFSETFROM:+0900",
                     "TZOFFSETTO:+0900", "END:STANDARD", "END:VTIMEZONE"]
        let items = ["BEGIN:VEVENT", "UID:q1", "DTSTAMP:20260101T000000Z", "SUMMARY:Quarterly", "DTSTART;TZID=Tokyo Standard Time:20260310T080000",
                     "RRULE:FREQ=MONTHLY;COUNT=4;INTERVAL=3", "END:VEVENT",
                     "BEGIN:VEVENT", "UID:q2", "DTSTAMP:20260101T000000Z", "SUMMARY:Bad", "DTSTART;TZID=W. Europe Standard Time:20261345T090000", "END:VEVENT"]
        let text = Array((["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//calgrid tests//zones//EN"] + zones + items + ["END:VCALENDAR", ""])
            .joined(separator: "\r\n").utf8)
        var set = TodoSet()
        var o = ImportOptions(zone: try TimeZoneRules.named("Europe/Berlin"))
        o.policy = .skipInvalid
        let r = try set.importICalendar(bytes: text, options: o)
        #expect(r.imported == 1 && set.recurrence(at: 0)?.rule?.text.contains("INTERVAL=3") == true)
        #expect(r.issues.first?.line == 3 + zones.count + 12, "the bad DTSTART's own line: \(String(describing: r.issues.first))")
    }

    /// libical writes no date past year 3000 through its setters (a null `00000000T000000`): the
    /// fuzzer's finding (Tests/Fuzz/regressions/icalendar/created-past-3000.ics). CREATED, DTSTART,
    /// DUE, RDATE, EXDATE and completed instances past 3000 are written as given and read back.
    @Test func yearsPastThreeThousand() throws {
        let created: Int64 = 65_709_907_140   // 4052-04-06T07:59:00Z
        var d = TodoDraft(id: "far", title: "Far away", start: try CivilDate(iso8601: "4052-04-06"), end: try CivilDate(iso8601: "4052-04-09"),
                          createdAt: created)
        d.reminderMinutes = 600
        var r = TodoDraft(id: "far-rule", title: "Yearly, far away", start: try CivilDate(iso8601: "9990-01-01"))
        r.recurrence = Recurrence(start: r.start!, rule: try RecurrenceRule(parsing: "FREQ=YEARLY;COUNT=5"),
                                  rdates: [try CivilDate(iso8601: "9990-06-01")], exdates: [try CivilDate(iso8601: "9992-01-01")])
        r.end = try CivilDate(iso8601: "9994-01-01")
        let set = try TodoSet([d, r])
        let bytes = set.exportICalendarBytes(now: 1_780_000_000)
        let lines = unfoldedLines(bytes)
        for want in ["CREATED:40520406T075900Z", "DTSTART;VALUE=DATE:40520406", "DUE;VALUE=DATE:40520409", "DTSTART;VALUE=DATE:99900101",
                     "RDATE;VALUE=DATE:99900601", "EXDATE;VALUE=DATE:99920101"] {
            #expect(lines.contains(want), "\(want) in \(lines)")
        }
        #expect(!lines.contains { $0.contains("00000000") })
        var back = TodoSet()
        try back.importICalendar(bytes: bytes)
        #expect(back.draft(at: 0).createdAt == created && back.draft(at: 0).start == d.start && back.draft(at: 0).end == d.end)
        #expect(back.draft(at: 0).reminderMinutes == 600)
        #expect(back.draft(at: 1).recurrence == r.recurrence && back.draft(at: 1).end == r.end)
    }

    /// A completed VTODO with a start and an end is done as a whole: every day of it ticked, as
    /// the set counts done (TodoSet.isDone(at:)); so is a completed recurring one, on each
    /// occurrence. Export and import keep it done.
    @Test func completedItemsAreDoneAsAWhole() throws {
        var set = TodoSet()
        try set.importICalendar(bytes: oneItem(["SUMMARY:Move house", "DTSTART;VALUE=DATE:20260301", "DUE;VALUE=DATE:20260305",
                                                "STATUS:COMPLETED", "COMPLETED:20260305T170000Z"]))
        try set.importICalendar(bytes: oneItem(["SUMMARY:Weekly, finished", "DTSTART;VALUE=DATE:20260302", "RRULE:FREQ=WEEKLY;COUNT=3",
                                                "PERCENT-COMPLETE:100"], uid: "v2"))
        try set.importICalendar(bytes: oneItem(["SUMMARY:Open", "DTSTART;VALUE=DATE:20260301", "DUE;VALUE=DATE:20260303"], uid: "v3"))
        let move = set.index(ofID: "v1")!, weekly = set.index(ofID: "v2")!, open = set.index(ofID: "v3")!
        #expect(set.isDone(at: move) && set.trackedDayCount(at: move) == 5 && set.doneDayCount(at: move) == 5)
        #expect(set.isDone(at: weekly) && set.doneDayCount(at: weekly) == 3)
        #expect(!set.isDone(at: open) && set.doneDayCount(at: open) == 0)
        var back = TodoSet()
        try back.importICalendar(bytes: set.exportICalendarBytes(now: 1_780_000_000))
        #expect(Set(back.drafts) == Set(set.drafts))
    }

    /// VALARMs with a relative TRIGGER become the reminder's time of day, as the python-icalendar
    /// oracle reads them (ical_oracle.py `reminder`): before a DATE start, after a timed start in
    /// another zone, RELATED=END on a due, whole days and weeks nominal; an alarm in seconds, an
    /// absolute one and one whose anchor is missing are not reminders (the next alarm may be).
    static let alarms: [([String], Int16?)] = [
        (["DTSTART;VALUE=DATE:20260310", "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:x", "TRIGGER:-PT15H", "END:VALARM"], 540),
        (["DTSTART;TZID=America/New_York:20260307T200000", "BEGIN:VALARM", "ACTION:AUDIO", "TRIGGER;VALUE=DURATION:-PT30M", "END:VALARM"], 90),
        (["DTSTART:20260310T010000Z", "DUE:20260312T083000Z", "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:x",
          "TRIGGER;RELATED=END:-P1DT1H", "END:VALARM"], 510),
        (["DTSTART;VALUE=DATE:20260310", "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:x", "TRIGGER:-PT10M5S", "END:VALARM",
          "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:x", "TRIGGER;VALUE=DATE-TIME:20260309T080000Z", "END:VALARM",
          "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:x", "TRIGGER;RELATED=END:-PT1H", "END:VALARM",
          "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:x", "TRIGGER:P1W", "END:VALARM"], 0),
        (["DUE:20260310T100000Z", "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:x", "TRIGGER:-PT5M", "END:VALARM"], nil),
    ]

    @Test(arguments: alarms)
    func remindersFromAlarms(lines: [String], minutes: Int16?) throws {
        let zone = "Europe/Berlin"
        let text = oneItem(["SUMMARY:alarm"] + lines)
        let dir = try ScratchDirectory("alarm")
        defer { dir.remove() }
        try Data(text).write(to: URL(fileURLWithPath: dir.file("a.ics")))
        let oracle = try ICalPaths.oracle(zone: zone, [dir.file("a.ics")])
        let theirs = (oracle.first?["reminder"] as? NSNumber).map { Int16($0.intValue) }
        var set = TodoSet()
        try set.importICalendar(bytes: text, options: ImportOptions(zone: try TimeZoneRules.named(zone)))
        #expect(set.draft(at: 0).reminderMinutes == theirs, "ours \(String(describing: set.draft(at: 0).reminderMinutes)), python-icalendar \(String(describing: theirs))")
        #expect(theirs == minutes, "the oracle reads \(String(describing: theirs)), the table says \(String(describing: minutes))")
    }

    /// A patch changes the reminder in the VALARM it was read from (its TRIGGER only: ACTION,
    /// DESCRIPTION and the item's other alarms stay), removes that VALARM when the reminder goes,
    /// and adds one when a todo without gets one; python-icalendar reads each result to the same
    /// minutes in the import zone.
    @Test func patchWritesTheReminderBack() throws {
        let zone = try TimeZoneRules.named("Asia/Seoul")
        let text = oneItem(["SUMMARY:Fahrrad", "DUE;TZID=Europe/Berlin:20260320T180000", "BEGIN:VALARM", "ACTION:DISPLAY",
                            "DESCRIPTION:Default Mozilla Description", "TRIGGER;RELATED=END:-PT30M", "END:VALARM",
                            "BEGIN:VALARM", "ACTION:EMAIL", "SUMMARY:mail", "DESCRIPTION:mail", "ATTENDEE:mailto:a@example.org",
                            "TRIGGER;VALUE=DATE-TIME:20260319T080000Z", "END:VALARM"])
        var set = TodoSet()
        try set.importICalendar(bytes: text, options: ImportOptions(zone: zone))
        #expect(set.draft(at: 0).reminderMinutes == 90, "17:30 in Berlin is 01:30 in Seoul")
        let dir = try ScratchDirectory("alarm-patch")
        defer { dir.remove() }
        var current = text
        for (k, want) in [Int16(420), nil, 1439].enumerated() {
            var d = set.draft(at: 0)
            d.reminderMinutes = want
            current = try ICalendarItem.patch(current, with: d, now: 1_780_000_000 + Int64(k), zone: zone)
            var back = TodoSet()
            try back.importICalendar(bytes: current, options: ImportOptions(zone: zone))
            #expect(back.draft(at: 0).reminderMinutes == want)
            try Data(current).write(to: URL(fileURLWithPath: dir.file("p.ics")))
            let o = try ICalPaths.oracle(zone: "Asia/Seoul", [dir.file("p.ics")])
            #expect((o[0]["reminder"] as? NSNumber).map { Int16($0.intValue) } == want)
            let lines = unfoldedLines(current)
            #expect(lines.contains("ATTENDEE:mailto:a@example.org") && lines.contains("ACTION:EMAIL"), "the other alarm stays")
            if want == 420 { #expect(lines.contains("DESCRIPTION:Default Mozilla Description")) }
            set = back
        }
    }
}
