import CalGrid
import CalGridICalendar
import CalGridImport
import CalGridTestSupport
import Foundation
import Testing

/// Writes that stay valid where the meaning changes (issue 38): a rule change takes the instances
/// of occurrences it no longer has with it, and a reminder rings on the day the person means (a
/// todo's due day). Checked by python-icalendar's own readers: recurring-ical-events for the
/// occurrences (ical_occurrences.py) and icalendar.alarms for the instant an alarm rings
/// (ical_oracle.py's rings), neither of them libical or CalGrid.
@Suite struct ICalendarValidWriteTests {
    static let phones = TestPaths.tests.appendingPathComponent("CalGridICalendarTests/Phones")
    static let berlin = "Europe/Berlin"

    /// The occurrence days and completed days recurring-ical-events reads from `bytes`, by UID.
    static func occurrences(_ bytes: [UInt8], dir: ScratchDirectory, from: String = "2026-01-01", to: String = "2026-12-31") throws -> [String: (days: [String], done: [String])] {
        let f = dir.file("occ.ics")
        try Data(bytes).write(to: URL(fileURLWithPath: f))
        let out = try runProgram(ICalPaths.python, [TestPaths.oracle("ical_occurrences.py"), berlin, from, to, f])
        var r: [String: (days: [String], done: [String])] = [:]
        for l in String(decoding: out, as: UTF8.self).split(separator: "\n") {
            let o = try JSONSerialization.jsonObject(with: Data(l.utf8)) as! [String: Any]
            r[o["id"] as! String] = (o["days"] as! [String], o["done"] as! [String])
        }
        return r
    }

    /// When python-icalendar says each item's alarms ring (local "YYYY-MM-DDTHH:MM"), by UID.
    static func rings(_ bytes: [UInt8], dir: ScratchDirectory) throws -> [String: [String]] {
        let f = dir.file("alarm.ics")
        try Data(bytes).write(to: URL(fileURLWithPath: f))
        var r: [String: [String]] = [:]
        for o in try ICalPaths.oracle(zone: berlin, [f]) { r[o["id"] as! String] = o["rings"] as? [String] }
        return r
    }

    static func recurrenceIDs(_ bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).filter { $0.hasPrefix("RECURRENCE-ID") }
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    /// Tasks.org's "Take out the recycling" (every other Monday from 2026-01-05, DUE only, the
    /// 2026-01-19 occurrence completed as a RECURRENCE-ID instance) and "Pay the rent" (monthly on
    /// the 15th at 23:59 Berlin, March completed), each given a new rule the way `edit --repeat`
    /// does (`reschedule`: ticks travel with their days): an instance whose day the new rule has
    /// stays, completed; one whose day it lacks is gone, so no client shows an extra occurrence.
    @Test(arguments: [
        ("6870512244977771234", "FREQ=WEEKLY;BYDAY=MO", ["RECURRENCE-ID;VALUE=DATE:20260119"]),
        ("6870512244977771234", "FREQ=WEEKLY;BYDAY=TU", [String]()),
        ("7012938475610293847", "FREQ=MONTHLY;BYMONTHDAY=15;BYMONTH=1,3,5", ["RECURRENCE-ID;TZID=Europe/Berlin:20260315T235900"]),
        ("7012938475610293847", "FREQ=MONTHLY;BYMONTHDAY=15;BYMONTH=1,2,4", [String]()),
    ])
    func ruleChangeKeepsOnlyInstancesOfItsOccurrences(uid: String, rule: String, kept: [String]) throws {
        let dir = try ScratchDirectory("valid-rule")
        defer { dir.remove() }
        let zone = try TimeZoneRules.named(Self.berlin)
        let before = [UInt8](try Data(contentsOf: Self.phones.appendingPathComponent("tasks-org-davx5.ics")))
        var set = TodoSet()
        try set.importICalendar(bytes: before, options: ImportOptions(format: .icalendar, zone: zone))
        let i = try #require(set.drafts.firstIndex { $0.id == uid })
        var d = set.draft(at: i)
        let start = try #require(d.start)
        d.recurrence = Recurrence(start: start, rule: try RecurrenceRule(parsing: rule))
        try set.reschedule(at: i, to: d)
        let want = set.draft(at: i)
        let after = try ICalendarItem.patch(before, with: want, now: 1_796_000_000, zone: zone)
        let others = Self.recurrenceIDs(before).filter { !$0.contains(uid == "6870512244977771234" ? "20260119" : "20260315") }
        #expect(Self.recurrenceIDs(after).sorted() == (others + kept).sorted(), "\(rule)")
        // recurring-ical-events: the new rule's days exactly, the kept instance's day completed.
        let o = try Self.occurrences(after, dir: dir)
        let ours = try Self.read(after, zone: zone).first { $0.id == uid }!
        let days = Array(ours.recurrence!.occurrences(in: try CivilDate(year: 2026, month: 1, day: 1)...(try CivilDate(year: 2026, month: 12, day: 31)))).map(\.iso8601)
        #expect(o[uid]?.days == days, "\(rule): recurring-ical-events \(o[uid]?.days ?? []), ours \(days)")
        #expect(o[uid]?.done == kept.map { _ in uid == "6870512244977771234" ? "2026-01-19" : "2026-03-15" }, "\(rule)")
        #expect(ours == want, "\(rule)")
        #expect(!String(decoding: after, as: UTF8.self).contains("X-LIC-ERROR"))
    }

    /// Taking the rule away leaves no instance behind.
    @Test func ruleRemovedTakesEveryInstance() throws {
        let zone = try TimeZoneRules.named(Self.berlin)
        let before = [UInt8](try Data(contentsOf: Self.phones.appendingPathComponent("tasks-org-davx5.ics")))
        var set = TodoSet()
        try set.importICalendar(bytes: before, options: ImportOptions(format: .icalendar, zone: zone))
        let i = try #require(set.drafts.firstIndex { $0.id == "6870512244977771234" })
        var d = set.draft(at: i)
        d.recurrence = nil
        d.end = d.start
        try set.reschedule(at: i, to: d)
        let after = try ICalendarItem.patch(before, with: set.draft(at: i), now: 1_796_000_000, zone: zone)
        #expect(Self.recurrenceIDs(after) == ["RECURRENCE-ID;TZID=Europe/Berlin:20260315T235900"])
        #expect(try Self.read(after, zone: zone).first { $0.id == "6870512244977771234" } == set.draft(at: i))
    }

    static func read(_ bytes: [UInt8], zone: TimeZoneRules) throws -> [TodoDraft] {
        var set = TodoSet()
        try set.importICalendar(bytes: bytes, options: ImportOptions(format: .icalendar, zone: zone))
        return set.drafts
    }

    /// A reminder at 08:00 rings at 08:00 local on the due day of a todo with a deadline, on the
    /// start day of one without: written new (the export, `add`) and added by a patch (to a
    /// todoman todo with a timed DUE in Berlin, and to one with DTSTART only).
    @Test func reminderRingsOnTheDueDay() throws {
        let dir = try ScratchDirectory("valid-alarm")
        defer { dir.remove() }
        let zone = try TimeZoneRules.named(Self.berlin)
        let today = try CivilDate(year: 2026, month: 12, day: 7)
        var set = TodoSet()
        var due = TodoDraft(id: "due", title: "Hand in the form")
        due.start = today; due.end = today.advanced(by: 1); due.reminderMinutes = 8 * 60
        var open = TodoDraft(id: "open", title: "Read a chapter")
        open.start = today; open.reminderMinutes = 8 * 60
        var deadline = TodoDraft(id: "deadline", title: "Pay the bill")
        deadline.end = today.advanced(by: 3); deadline.reminderMinutes = 7 * 60 + 30
        try set.insert(contentsOf: [due, open, deadline])
        let written = set.exportICalendarBytes(now: 1_796_000_000)
        let r = try Self.rings(written, dir: dir)
        #expect(r["due"] == ["2026-12-08T08:00"])
        #expect(r["open"] == ["2026-12-07T08:00"])
        #expect(r["deadline"] == ["2026-12-10T07:30"])
        #expect(try Self.read(written, zone: zone) == set.drafts)

        // Patched in: todoman's timed DUE (2026-12-11 18:00 Berlin) with its DTSTART taken out.
        let clients = TestPaths.tests.appendingPathComponent("CalGridICalendarTests/Clients")
        let todoman = [UInt8](try Data(contentsOf: clients.appendingPathComponent("todoman.ics")))
        let noStart = ICalendarSpliceTests.lines(todoman).filter { $0.name != "DTSTART" }.flatMap(\.text)
        for (before, when) in [(noStart, "2026-12-11T08:00"), (todoman, "2026-12-11T08:00")] {
            var d = try ICalendarSpliceTests.read(before, zone: zone)
            d.reminderMinutes = 8 * 60
            let after = try ICalendarItem.patch(before, with: d, now: 1_796_000_000, zone: zone)
            #expect(try Self.rings(after, dir: dir)[d.id] == [when])
            #expect(String(decoding: after, as: UTF8.self).contains("TRIGGER;RELATED=END:"))
            #expect(try ICalendarSpliceTests.read(after, zone: zone) == d)
        }
    }
}
