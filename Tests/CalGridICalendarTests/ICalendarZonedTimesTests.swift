import CalGrid
import CalGridICalendar
import CalGridImport
import CalGridJSON
import CalGridSystem
import CalGridTestSupport
import Foundation
import Testing

/// A recurring item keeps its wall-clock time in its own zone on every occurrence (RFC 5545), each
/// read in the import zone by the zones' rules on its own date (issue 39; docs/icalendar.md, Times
/// of day). The oracle is Foundation's TimeZone (the system's tzdata through ICU, not CalGrid's
/// TimeZoneRules): each occurrence's instant from its wall-clock time in its zone, read in the other.
@Suite struct ICalendarZonedTimesTests {
    static func calendar(_ lines: [String]) -> [UInt8] {
        Array((["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//calgrid tests//EN"] + lines + ["END:VCALENDAR", ""])
            .joined(separator: "\r\n").utf8)
    }

    /// A weekly 10:00-11:00 Europe/Berlin meeting from 2 March 2026, eight times.
    static let berlin = calendar([
        "BEGIN:VEVENT", "UID:meeting", "DTSTAMP:20260301T000000Z", "SUMMARY:Meeting",
        "DTSTART;TZID=Europe/Berlin:20260302T100000", "DTEND;TZID=Europe/Berlin:20260302T110000",
        "RRULE:FREQ=WEEKLY;COUNT=8", "END:VEVENT",
        // A floating item in the same weeks at 04:30: the day's order follows each occurrence's times.
        "BEGIN:VEVENT", "UID:early", "DTSTAMP:20260301T000000Z", "SUMMARY:Early", "DTSTART:20260302T043000",
        "DTEND:20260302T044500", "RRULE:FREQ=WEEKLY;COUNT=8", "END:VEVENT",
    ])

    /// Weekly at 09:00Z from 5 January 2026 through the year.
    static let utc = calendar([
        "BEGIN:VEVENT", "UID:standup", "DTSTAMP:20260101T000000Z", "SUMMARY:Stand-up", "DTSTART:20260105T090000Z",
        "DTEND:20260105T091500Z", "RRULE:FREQ=WEEKLY;UNTIL=20261231T235959Z", "END:VEVENT",
    ])

    /// The oracle: minutes after midnight, and the day, in `to` of the wall-clock `day` at `minute` in `from`.
    static func oracle(_ day: CivilDate, _ minute: Int, from: String, to: String) -> (CivilDate, Int) {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = TimeZone(identifier: from)!
        let (y, m, d) = day.components
        let date = c.date(from: DateComponents(year: y, month: m, day: d, hour: minute / 60, minute: minute % 60))!
        c.timeZone = TimeZone(identifier: to)!
        let l = c.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return (try! CivilDate(year: l.year!, month: l.month!, day: l.day!), l.hour! * 60 + l.minute!)
    }

    static func load(_ bytes: [UInt8], zone: String) throws -> TodoSet {
        var set = TodoSet()
        _ = try set.importICalendar(bytes: bytes, options: ImportOptions(zone: try TimeZoneRules.named(zone)))
        return set
    }

    /// Each occurrence of `id` in `first...last` at the oracle's times, through the agenda and
    /// `times(at:on:)`; returns how many occurrences' times differ from the first's.
    func expectOracle(_ set: TodoSet, _ id: String, _ source: String, _ zone: String, start: Int, end: Int,
                      weeks: [CivilDate]) -> Int {
        guard let i = set.index(ofID: id) else { Issue.record("\(id) missing"); return 0 }
        let listed = set.occurrences(from: weeks.first!.advanced(by: -1), through: weeks.last!.advanced(by: 1)).filter { $0.index == i }
        #expect(listed.count == weeks.count, "\(id) in \(zone): \(listed.count) occurrences, \(weeks.count) expected")
        var moved = 0
        for (w, o) in zip(weeks, listed) {
            let (day, s) = Self.oracle(w, start, from: source, to: zone), (_, e) = Self.oracle(w, end, from: source, to: zone)
            let want = TodoTimes(start: s, end: e)
            #expect(o.day == day && o.times == want, "\(id) in \(zone) week of \(w): \(o.day) \(String(describing: o.times)), oracle \(day) \(want!)")
            #expect(set.times(at: i, on: o.day) == want, "\(id) in \(zone): times(at:on: \(o.day))")
            if want != set.times(at: i) { moved += 1 }
        }
        return moved
    }

    static func weeks(from day: CivilDate, count: Int) -> [CivilDate] { (0..<count).map { day.advanced(by: 7 * $0) } }

    /// A Berlin meeting read in New York: 04:00 while both zones keep standard time, 05:00 in the
    /// three weeks after the US change (8 March) and before the EU one (29 March), 04:00 again after.
    @Test func berlinWeeklyReadInNewYorkAcrossMarch() throws {
        let set = try Self.load(Self.berlin, zone: "America/New_York")
        let weeks = Self.weeks(from: try CivilDate(year: 2026, month: 3, day: 2), count: 8)
        let moved = expectOracle(set, "meeting", "Europe/Berlin", "America/New_York", start: 600, end: 660, weeks: weeks)
        #expect(moved == 3, "\(moved) occurrences at another time than the first's")
        #expect(set.timeZone(at: set.index(ofID: "meeting")!).map { $0.source.name } == "Europe/Berlin")
        // A floating item pays nothing: no zone of its own.
        #expect(set.timeZone(at: set.index(ofID: "early")!) == nil)
        // Each day in khal list's order by the occurrences' own times: the 04:30 item before the
        // meeting at 05:00 (9 March) and after it at 04:00 (2 March).
        for w in weeks {
            let day = set.occurrences(from: w, through: w)
            let starts = day.map { Int($0.times?.start ?? 0) }
            #expect(starts == starts.sorted(), "\(w): \(starts)")
        }
        // The same in the zone itself: every occurrence at 10:00.
        let home = try Self.load(Self.berlin, zone: "Europe/Berlin")
        #expect(home.timeZone(at: home.index(ofID: "meeting")!) == nil)
        #expect(expectOracle(home, "meeting", "Europe/Berlin", "Europe/Berlin", start: 600, end: 660, weeks: weeks) == 0)
    }

    /// A weekly rule at 09:00Z read in Berlin: 10:00 in winter, 11:00 in summer.
    @Test func utcWeeklyReadInBerlin() throws {
        let set = try Self.load(Self.utc, zone: "Europe/Berlin")
        let weeks = Self.weeks(from: try CivilDate(year: 2026, month: 1, day: 5), count: 52)
        let moved = expectOracle(set, "standup", "UTC", "Europe/Berlin", start: 540, end: 555, weeks: weeks)
        #expect(moved == 30, "\(moved) summer occurrences")   // 29 March ... 25 October: 30 Mondays
    }

    /// Through the native JSON and the snapshot cache the zone comes back, and with it each
    /// occurrence's own times.
    @Test func roundTripsKeepTheShiftedTimes() throws {
        let set = try Self.load(Self.berlin, zone: "America/New_York")
        let i = set.index(ofID: "meeting")!
        let json = set.exportJSONBytes()
        #expect(String(decoding: json, as: UTF8.self).contains("\"timeZone\":\"Europe/Berlin\""))
        var back = TodoSet()
        _ = try back.importJSON(bytes: json, options: ImportOptions(zone: try TimeZoneRules.named("America/New_York")))
        let snapshot = set._snapshot().withUnsafeBytes { TodoSet(_snapshot: $0, zone: { try? TimeZoneRules.parse($0) }) }
        #expect(snapshot != nil)
        let weeks = Self.weeks(from: try CivilDate(year: 2026, month: 3, day: 2), count: 8)
        for other in [back, snapshot ?? TodoSet()] {
            #expect(other.draft(at: other.index(ofID: "meeting") ?? 0) == set.draft(at: i))
            #expect(expectOracle(other, "meeting", "Europe/Berlin", "America/New_York", start: 600, end: 660, weeks: weeks) == 3)
        }
    }

    /// A zoned item CalGrid writes anew (not spliced) says its zone as RFC 5545 does: DTSTART and
    /// DTEND with its TZID at its wall-clock time there, a VTIMEZONE for the TZID, UTC with Z; no
    /// floating time. Read in any zone, each occurrence is at the oracle's time (issue 39).
    @Test func newZonedItemsAreWrittenWithTheirTZID() throws {
        let set = try Self.load(Self.berlin, zone: "America/New_York")
        let text = String(decoding: set.exportICalendarBytes(now: 1_780_000_000, zone: try TimeZoneRules.named("America/New_York")), as: UTF8.self)
        #expect(text.contains("DTSTART;TZID=Europe/Berlin:20260302T100000\r\n"))
        #expect(text.contains("DTEND;TZID=Europe/Berlin:20260302T110000\r\n"))
        #expect(text.contains("BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\n"))
        // The floating item stays floating, at its own time.
        #expect(text.contains("DTSTART:20260302T043000\r\n"))
        let bytes = Array(text.utf8)
        let weeks = Self.weeks(from: try CivilDate(year: 2026, month: 3, day: 2), count: 8)
        for zone in ["America/New_York", "Asia/Seoul", "Europe/Berlin"] {
            let back = try Self.load(bytes, zone: zone)
            _ = expectOracle(back, "meeting", "Europe/Berlin", zone, start: 600, end: 660, weeks: weeks)
        }
        let utc = try Self.load(Self.utc, zone: "Europe/Berlin")
        let written = String(decoding: utc.exportICalendarBytes(now: 1_780_000_000), as: UTF8.self)
        #expect(written.contains("DTSTART:20260105T090000Z\r\n") && !written.contains("VTIMEZONE"))
        #expect(written.contains("UNTIL=20261231T235959Z"), "\(written)")
    }

    /// A file CalGrid wrote before it wrote TZIDs (floating times and X-CALGRID-TIMEZONE) keeps its
    /// zone: its times are the first occurrence's as read, each later one its own wall-clock time
    /// in that zone (16:00 in Berlin: 10:00 in New York, 11:00 in the weeks after the US change).
    @Test func floatingTimesWithXCalGridTimeZoneStillReadTheirZone() throws {
        let old = Self.calendar([
            "BEGIN:VEVENT", "UID:old", "DTSTAMP:20260301T000000Z", "SUMMARY:Old", "DTSTART:20260302T100000",
            "DTEND:20260302T110000", "RRULE:FREQ=WEEKLY;COUNT=8", "X-CALGRID-TIMEZONE:Europe/Berlin", "END:VEVENT",
        ])
        let set = try Self.load(old, zone: "America/New_York")
        #expect(set.timeZone(at: set.index(ofID: "old")!).map { $0.source.name } == "Europe/Berlin")
        let weeks = Self.weeks(from: try CivilDate(year: 2026, month: 3, day: 2), count: 8)
        // The oracle from the first occurrence's instant: 10:00 New York is 16:00 Berlin.
        let (_, berlin) = Self.oracle(weeks[0], 600, from: "America/New_York", to: "Europe/Berlin")
        #expect(expectOracle(set, "old", "Europe/Berlin", "America/New_York", start: berlin, end: berlin + 60, weeks: weeks) == 3)
    }

    /// Apple iCal's zone of RDATE lists (Tests/CalGridICalendarTests/Zones) under a TZID no zone
    /// database has: its changes are Chile's in 2026 and 2027, so Foundation's America/Santiago is
    /// the oracle for each weekly 18:30 there read in Berlin. A VTIMEZONE that says no offset at all
    /// is a located warning, and its item is read.
    @Test func vtimezoneOfRDATEListsGivesEachOccurrenceItsTime() throws {
        let path = TestPaths.tests.appendingPathComponent("CalGridICalendarTests/Zones/apple-ical-rdates.ics").path
        let bytes = [UInt8](FileManager.default.contents(atPath: path)!)
        let set = try Self.load(bytes, zone: "Europe/Berlin")
        let id = "B3E1F4D2-7A9C-4E3B-9F21-5C8D7E6A1B20"
        let first = try CivilDate(year: 2026, month: 1, day: 7)
        let weeks = Self.weeks(from: first, count: 100).filter { $0.year <= 2027 && $0 <= (try! CivilDate(year: 2027, month: 12, day: 29)) }
        let moved = expectOracle(set, id, "America/Santiago", "Europe/Berlin", start: 1110, end: 1170, weeks: weeks)
        #expect(moved > 0)
        let empty = Self.calendar([
            "BEGIN:VTIMEZONE", "TZID:Nowhere", "END:VTIMEZONE",
            "BEGIN:VEVENT", "UID:x", "DTSTAMP:20260101T000000Z", "SUMMARY:X", "DTSTART;TZID=Nowhere:20260105T100000",
            "RRULE:FREQ=WEEKLY;COUNT=3", "END:VEVENT",
        ])
        var other = TodoSet()
        let report = try other.importICalendar(bytes: empty, options: ImportOptions(zone: try TimeZoneRules.named("Europe/Berlin")))
        #expect(other.count == 1)
        #expect(report.warnings.contains { $0.field == "DTSTART" && $0.line == 11 && $0.detail.contains("TZID=Nowhere") }, "\(report.warnings)")
    }
}
