import CalGrid
import CalGridICalendar
import CalGridImport
import CalGridSystem
import CalGridTestSupport
import Foundation
import Testing

/// What recurring-ical-events (with python-icalendar) makes of the recurring items of `files`:
/// by id, the occurrence days in `zone` between `from` and `to`, and the days a RECURRENCE-ID
/// instance marks completed.
func occurrenceOracle(zone: String, from: String, to: String, _ files: [String]) throws -> [String: (days: [String], done: [String])] {
    guard FileManager.default.isExecutableFile(atPath: ICalPaths.python) else { throw MissingVenv(python: ICalPaths.python) }
    let out = try runProgram(ICalPaths.python, [TestPaths.oracle("ical_occurrences.py"), zone, from, to] + files)
    var result: [String: (days: [String], done: [String])] = [:]
    for line in String(decoding: out, as: UTF8.self).split(separator: "\n") {
        let o = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
        result[o["id"] as! String] = (o["days"] as! [String], o["done"] as! [String])
    }
    return result
}

/// Todo `i`'s occurrence days within `from...to`, and the ticked ones, as the set has them.
func setOccurrences(_ set: TodoSet, _ i: Int, from: CivilDate, to: CivilDate) -> (days: [String], done: [String]) {
    let d = set.draft(at: i)
    guard let r = set.recurrence(at: i), let s = d.start else { return ([], []) }
    let lo = Swift.max(from, s), hi = Swift.min(to, d.end ?? to)
    guard lo <= hi else { return ([], []) }
    let days = Array(r.occurrences(in: lo...hi))
    var done: [String] = []
    if let flags = d.completedDays, let e = d.end {
        for (k, day) in r.occurrences(in: s...e).enumerated() where flags[k] && day >= lo && day <= hi { done.append(day.iso8601) }
    }
    return (days.map(\.iso8601), done)
}

@Suite struct ICalendarRecurrenceTests {
    /// Every recurring item of the corpus, in zones far apart: the set's occurrence days over two
    /// years and its ticked ones are recurring-ical-events'. A weekly 20:00 New York meeting falls
    /// on Tuesdays in Seoul; an 18:30 New York call moves between two days in Berlin (the set holds
    /// its days); EXDATE, RDATE, a moved instance and a completed instance all count.
    @Test(arguments: importZones)
    func occurrencesAgreeWithRecurringICalEvents(zone: String) throws {
        let files = ICalPaths.corpusFiles
        let oracle = try occurrenceOracle(zone: zone, from: "2025-06-01", to: "2027-06-30", files)
        #expect(oracle.count >= 6)
        var set = TodoSet()
        for f in files {
            try set.importICalendar(fileAt: f, options: ImportOptions(zone: try TimeZoneRules.named(zone)))
        }
        let from = try CivilDate(iso8601: "2025-06-01"), to = try CivilDate(iso8601: "2027-06-30")
        for (id, want) in oracle {
            guard let i = set.index(ofID: id) else { Issue.record("\(zone): \(id) missing"); continue }
            #expect(set.recurrence(at: i) != nil, "\(zone): \(id) has no rule")
            let got = setOccurrences(set, i, from: from, to: to)
            #expect(got.days == want.days, "\(zone): \(id): ours \(got.days), recurring-ical-events \(want.days)")
            #expect(got.done == want.done, "\(zone): \(id): ticked ours \(got.done), recurring-ical-events \(want.done)")
        }
        if zone == "Asia/Seoul" {
            let i = set.index(ofID: "5r2kq8v0m3h1c9f7d6s4b2n0aa@google.com")!
            #expect(set.recurrence(at: i)!.rule!.text.contains("BYDAY=TU"), "Monday 20:00 in New York is Tuesday in Seoul: \(set.recurrence(at: i)!.rule!.text)")
        }
    }

    /// The recurring corpus exported (rule, its days, ticks as completed RECURRENCE-ID instances)
    /// and read by recurring-ical-events in the zone the set was read in (a zoned item is written
    /// with its TZID, an instant: read in UTC, a Seoul evening is another day): the same days and
    /// ticks; read back by CalGrid: the same set.
    @Test func exportWritesTheRuleBack() throws {
        let zone = try TimeZoneRules.named("Asia/Seoul")
        let set = try ICalPaths.corpusSet(zone: zone)
        let dir = try ScratchDirectory("rrule-export")
        defer { dir.remove() }
        let path = dir.file("out.ics")
        try set.exportICalendar(to: path, now: 1_780_000_000)
        let oracle = try occurrenceOracle(zone: "Asia/Seoul", from: "2025-06-01", to: "2027-06-30", [path])
        let from = try CivilDate(iso8601: "2025-06-01"), to = try CivilDate(iso8601: "2027-06-30")
        #expect(oracle.count == set.indices.filter { set.recurrence(at: $0) != nil }.count)
        for (id, want) in oracle {
            let got = setOccurrences(set, set.index(ofID: id)!, from: from, to: to)
            #expect(got.days == want.days && got.done == want.done, "\(id): ours \(got), exported and read by recurring-ical-events \(want)")
        }
        var back = TodoSet()
        try back.importICalendar(fileAt: path, options: ImportOptions(zone: zone))
        for d in set.drafts {
            var e = d
            e.createdAt = d.createdAt ?? 1_780_000_000
            #expect(back.index(ofID: d.id).map { back.draft(at: $0) } == e, "\(d.id)")
        }
    }

    /// Rules CalGrid does not take, each an issue on its line: a sub-day frequency, an INTERVAL
    /// libical would wrap, two RRULEs.
    @Test(arguments: [
        ("RRULE:FREQ=HOURLY\r\n", "DTSTART:20260301T100000Z\r\n", "UTC"),
        ("RRULE:FREQ=DAILY;INTERVAL=4294967297\r\n", "DTSTART;VALUE=DATE:20260301\r\n", "UTC"),
        ("RRULE:FREQ=DAILY\r\nRRULE:FREQ=WEEKLY\r\n", "DTSTART;VALUE=DATE:20260301\r\n", "UTC"),
    ])
    func rulesRefused(rule: String, start: String, zone: String) throws {
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VEVENT\r\nUID:r1\r\nDTSTAMP:20260301T000000Z\r\n" + start + rule
            + "SUMMARY:x\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        var set = TodoSet()
        #expect {
            try set.importICalendar(bytes: Array(text.utf8), options: ImportOptions(zone: try TimeZoneRules.named(zone)))
        } throws: { e in
            guard case .invalidInput(let i) = e as? ImportError else { return false }
            return i.reason == .invalidRule && i.field == "RRULE" && i.line == 8
        }
    }

    /// An endless rule whose days in the import zone follow no rule of days (an 18:30 New York
    /// call is Friday in Berlin, except in the weeks the United States keeps summer time and Europe
    /// not yet) is kept, as its days through the horizon (2100-12-31), with a warning on its line;
    /// its days over three years are recurring-ical-events'.
    @Test func zoneShiftedEndlessRuleIsKept() throws {
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VEVENT\r\nUID:r1\r\nDTSTAMP:20260301T000000Z\r\n"
            + "DTSTART;TZID=America/New_York:20260305T183000\r\nRRULE:FREQ=WEEKLY;BYDAY=TH\r\nSUMMARY:x\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let dir = try ScratchDirectory("zone-shifted")
        defer { dir.remove() }
        let path = dir.file("call.ics")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        var set = TodoSet()
        let r = try set.importICalendar(fileAt: path, options: ImportOptions(zone: try TimeZoneRules.named("Europe/Berlin")))
        #expect(r.imported == 1 && r.issues.isEmpty)
        #expect(r.warnings.count == 1 && r.warnings.first?.reason == .invalidRule && r.warnings.first?.field == "RRULE" && r.warnings.first?.line == 8)
        #expect(r.warnings.first?.detail.hasSuffix("through 2100-12-31") == true, "\(r.warnings)")
        let d = set.drafts[0]
        #expect(d.end?.iso8601 == "2100-12-31", "Thursday 18:30 in New York: the last occurrence is Friday 2100-12-31 in Berlin")
        let from = try CivilDate(iso8601: "2026-03-01"), to = try CivilDate(iso8601: "2029-03-31")
        let want = try occurrenceOracle(zone: "Europe/Berlin", from: "2026-03-01", to: "2029-03-31", [path])["r1"]
        let got = setOccurrences(set, 0, from: from, to: to)
        #expect(got.days == want?.days && got.days.count > 150, "\(got.days.count) days")
        #expect(got.days.contains("2026-03-12") && got.days.contains("2026-03-06"), "Thursday in the US-only summer weeks, else Friday")
    }

    /// Names, FREQ and weekdays are case-insensitive (RFC 5545 §3.1): a rule written in lower case
    /// that the import rewrites a day later (a Monday and Wednesday 20:00 in New York is Tuesday and
    /// Thursday in Seoul) becomes the rule its upper-case twin becomes, with the same days, and the
    /// twin's days are recurring-ical-events'.
    @Test func lowerCaseRuleIsShiftedAsUpperCase() throws {
        func item(_ rule: String) -> String {
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VEVENT\r\nUID:r1\r\nDTSTAMP:20260301T000000Z\r\n"
                + "DTSTART;TZID=America/New_York:20260302T200000\r\n" + rule + "\r\nSUMMARY:x\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        }
        let zone = try TimeZoneRules.named("Asia/Seoul")
        var upper = TodoSet(), lower = TodoSet()
        let upperText = item("RRULE:FREQ=WEEKLY;BYDAY=MO,WE;WKST=SU;COUNT=8")
        try upper.importICalendar(bytes: Array(upperText.utf8), options: ImportOptions(zone: zone))
        try lower.importICalendar(bytes: Array(item("rrule:freq=weekly;byday=mo,we;wkst=su;count=8").utf8), options: ImportOptions(zone: zone))
        let u = try #require(upper.recurrence(at: 0)?.rule), l = try #require(lower.recurrence(at: 0)?.rule)
        #expect(u.text.contains("BYDAY=TU,TH") && u.firstWeekday == .monday, "\(u.text)")
        #expect(l == u, "\(l.text), upper case \(u.text)")
        let from = try CivilDate(iso8601: "2026-03-01"), to = try CivilDate(iso8601: "2026-04-30")
        #expect(setOccurrences(lower, 0, from: from, to: to).days == setOccurrences(upper, 0, from: from, to: to).days)
        let dir = try ScratchDirectory("rrule-case")
        defer { dir.remove() }
        let path = dir.file("upper.ics")
        try Data(upperText.utf8).write(to: URL(fileURLWithPath: path))
        let oracle = try occurrenceOracle(zone: "Asia/Seoul", from: "2026-03-01", to: "2026-04-30", [path])
        #expect(oracle["r1"]?.days == setOccurrences(upper, 0, from: from, to: to).days)
        #expect(setOccurrences(upper, 0, from: from, to: to).days.count == 8)
    }
}
