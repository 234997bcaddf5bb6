import CalGrid
import CalGridICalendar
import CalGridImport
import CalGridJSON
import CalGridSystem
import CalGridTestSupport
import Foundation
import Testing

/// VEVENTs are events: on each day they cover, counted apart from the todos, never done, written
/// back as VEVENTs. The days are python-icalendar's (`ical_oracle.py`), the counts a brute force
/// over them.
@Suite struct ICalendarEventTests {
    /// Events in the shapes calendars write them, two todos, a journal and a free/busy block.
    static let text = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//calgrid tests//EN",
        // All day over three days: DTEND is the day after the last.
        "BEGIN:VEVENT", "UID:trip", "DTSTAMP:20260301T000000Z", "SUMMARY:Trip", "DTSTART;VALUE=DATE:20260310",
        "DTEND;VALUE=DATE:20260313", "END:VEVENT",
        // 23:00-01:00 in New York: two days there, one or two elsewhere.
        "BEGIN:VEVENT", "UID:late", "DTSTAMP:20260301T000000Z", "SUMMARY:Late show", "DTSTART;TZID=America/New_York:20260311T230000",
        "DTEND;TZID=America/New_York:20260312T010000", "END:VEVENT",
        // A DURATION instead of DTEND.
        "BEGIN:VEVENT", "UID:flight", "DTSTAMP:20260301T000000Z", "SUMMARY:Flight", "DTSTART:20260312T200000Z", "DURATION:PT9H",
        "LOCATION:Gate 4", "END:VEVENT",
        // Ending at midnight: its last day is the day before.
        "BEGIN:VEVENT", "UID:evening", "DTSTAMP:20260301T000000Z", "SUMMARY:Evening", "DTSTART:20260314T180000",
        "DTEND:20260315T000000", "END:VEVENT",
        // A VEVENT with a STATUS a VTODO would have is still no done todo.
        "BEGIN:VEVENT", "UID:odd", "DTSTAMP:20260301T000000Z", "SUMMARY:Odd", "DTSTART;VALUE=DATE:20260311", "STATUS:CONFIRMED",
        "END:VEVENT",
        "BEGIN:VTODO", "UID:pack", "DTSTAMP:20260301T000000Z", "SUMMARY:Pack", "DTSTART;VALUE=DATE:20260309",
        "DUE;VALUE=DATE:20260311", "STATUS:COMPLETED", "END:VTODO",
        "BEGIN:VTODO", "UID:report", "DTSTAMP:20260301T000000Z", "SUMMARY:Report", "DTSTART;VALUE=DATE:20260311",
        "DUE;VALUE=DATE:20260314", "END:VTODO",
        "BEGIN:VJOURNAL", "UID:diary", "DTSTAMP:20260301T000000Z", "DTSTART;VALUE=DATE:20260311", "SUMMARY:Notes", "END:VJOURNAL",
        "BEGIN:VFREEBUSY", "UID:busy", "DTSTAMP:20260301T000000Z", "DTSTART:20260311T080000Z", "DTEND:20260311T170000Z",
        "FREEBUSY:20260311T080000Z/20260311T100000Z", "END:VFREEBUSY",
        "END:VCALENDAR", "",
    ].joined(separator: "\r\n")

    @Test(arguments: ["America/New_York", "Asia/Seoul", "Pacific/Auckland", "UTC"])
    func eventsFallOnTheirDaysAndCountApart(zone: String) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("calgrid-events-\(getpid())-\(zone.hashValue).ics").path
        try Data(Self.text.utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let oracle = try ICalPaths.oracle(zone: zone, [file])
        var set = TodoSet()
        let report = try set.importICalendar(fileAt: file, options: ImportOptions(zone: try TimeZoneRules.named(zone)))
        #expect(report.imported == 7 && report.componentsSkipped == 2, "\(report)")
        #expect(oracle.filter { $0["kind"] as? String == "event" }.count == 5)
        for o in oracle {
            let id = o["id"] as! String
            guard let i = set.index(ofID: id) else { Issue.record("\(id) missing"); continue }
            #expect(differences(set.draft(at: i), o).isEmpty, "\(zone): \(id): \(differences(set.draft(at: i), o))")
            #expect(set.isEvent(at: i) == (o["kind"] as? String == "event"))
        }
        // Per day: the todos' total, the events apart, from the oracle's days.
        let first = try CivilDate(year: 2026, month: 3, day: 7), last = try CivilDate(year: 2026, month: 3, day: 17)
        let counts = set.dayCounts(from: first, through: last)
        for k in 0...first.days(to: last) {
            let day = first.advanced(by: k).iso8601
            let on = oracle.filter { ($0["start"] as! String) <= day && day <= ($0["end"] as! String) }
            let todos = on.filter { $0["kind"] as? String == "todo" }
            #expect(Int(counts.total[k]) == todos.count, "\(zone) \(day): total")
            #expect(counts.eventCount(at: k) == on.count - todos.count, "\(zone) \(day): events")
            // Kept apart by kind too: the events alone have no todos, the todos alone no events.
            let events = set.dayCounts(from: first, through: last, kind: .events)
            #expect(events.total[k] == 0 && events.eventCount(at: k) == on.count - todos.count, "\(zone) \(day): kind events")
            let onlyTodos = set.dayCounts(from: first, through: last, kind: .todos)
            #expect(Int(onlyTodos.total[k]) == todos.count && onlyTodos.eventCount(at: k) == 0, "\(zone) \(day): kind todos")
        }
        // Never done, whichever way it is asked.
        let trip = set.index(ofID: "trip")!
        #expect(throws: TodoError.eventNeverDone(position: trip, id: "trip")) { try set.setDone(true, at: trip) }
        // Written back as VEVENTs (DTEND the day after the last), read back as the same set.
        let bytes = set.exportICalendarBytes(now: 1_780_000_000)
        let written = String(decoding: bytes, as: UTF8.self)
        #expect(written.components(separatedBy: "BEGIN:VEVENT").count - 1 == 5)
        #expect(written.components(separatedBy: "BEGIN:VTODO").count - 1 == 2)
        var back = TodoSet()
        try back.importICalendar(bytes: bytes, options: ImportOptions(zone: try TimeZoneRules.named(zone)))
        #expect(back.drafts == set.drafts)
    }

    /// An event with a start and no end falls on every day from its start on (the set's open
    /// span). It is written as a daily rule without an end (a VEVENT without DTEND would be one
    /// day): recurring-ical-events reads the export to the set's days, and so does CalGrid.
    @Test func eventWithoutAnEndIsWrittenAsItsDays() throws {
        var set = TodoSet()
        _ = try set.append(TodoDraft(id: "exhibition", title: "Exhibition", start: try CivilDate(iso8601: "2026-03-10"), isEvent: true))
        _ = try set.append(TodoDraft(id: "fair", title: "Fair", start: try CivilDate(iso8601: "2026-03-12"),
                                     end: try CivilDate(iso8601: "2026-03-14"), isEvent: true))
        let dir = try ScratchDirectory("open-event")
        defer { dir.remove() }
        let path = dir.file("out.ics")
        try set.exportICalendar(to: path, now: 1_780_000_000)
        let first = try CivilDate(iso8601: "2026-03-01"), last = try CivilDate(iso8601: "2026-06-30")
        let oracle = try occurrenceOracle(zone: "UTC", from: first.iso8601, to: last.iso8601, [path])
        let open = set.index(ofID: "exhibition")!
        let days = (0...first.days(to: last)).map { first.advanced(by: $0) }.filter { set.fallsOn($0, at: open) }
        #expect(days.count == first.advanced(by: 9).days(to: last) + 1)
        #expect(oracle["exhibition"]?.days == days.map(\.iso8601), "recurring-ical-events: \(oracle["exhibition"]?.days ?? [])")
        #expect(oracle["fair"] == nil, "a dated event is no rule")
        var back = TodoSet()
        try back.importICalendar(fileAt: path)
        #expect(back.dayCounts(from: first, through: last) == set.dayCounts(from: first, through: last))
        #expect(back.draft(at: back.index(ofID: "fair")!).recurrence == nil)
    }

    /// A VEVENT with DTEND but no DTSTART (a broken Google export; the iCalendar fuzzer found it)
    /// is undated, with no times: times it kept would be lost by an export that writes no dates,
    /// and the set would not read back as itself.
    @Test func anUndatedEventHasNoTimes() throws {
        let text = Array("""
            BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Google Inc//Google Calendar 70.9054//EN\r\n\
            BEGIN:VEVENT\r\nUID:board@google.com\r\nDTSTAMP:20260301T120000Z\r\n\
            DTEND:20260113T213000Z\r\nSUMMARY:Board call\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n
            """.utf8)
        var set = TodoSet()
        try set.importICalendar(bytes: text)
        #expect(set.count == 1 && set.start(at: 0) == nil && set.end(at: 0) == nil)
        #expect(set.times(at: 0) == nil)
        var back = TodoSet()
        try back.importICalendar(bytes: set.exportICalendarBytes())
        #expect(back.exportJSONBytes() == set.exportJSONBytes())
    }
}
