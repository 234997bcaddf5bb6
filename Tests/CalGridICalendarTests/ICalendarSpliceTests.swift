import CalGrid
import CalGridICalendar
import CalGridImport
import CalGridTestSupport
import Foundation
import Testing

/// Writes that change only what changed (issue 38): files in the shapes Apple Reminders, todoman
/// 4.7, Thunderbird and Tasks.org write (Tests/CalGridICalendarTests/Clients), patched with each
/// kind of change. Every content line of a property the change is not about stays byte for byte,
/// in order; python-icalendar (ical_diff.py) sees exactly the intended properties changed and
/// (ical_oracle.py, with recurring-ical-events) reads the intended todo; no X-LIC-ERROR is written.
@Suite struct ICalendarSpliceTests {
    static let clients = TestPaths.tests.appendingPathComponent("CalGridICalendarTests/Clients")
    /// "(LF)": the file with bare LF line ends (a hand-edited file); what is written keeps them.
    static let files = ["apple-reminders.ics", "todoman.ics", "thunderbird.ics", "tasks-org.ics", "thunderbird.ics (LF)"]

    /// A change, and the item's properties it may rewrite (DTSTAMP, LAST-MODIFIED, SEQUENCE always).
    struct Change: CustomStringConvertible, Sendable {
        var description: String
        var names: Set<String>
        var alarm = false
        var apply: @Sendable (inout TodoDraft) -> Void
    }

    static let changes: [Change] = [
        Change(description: "done", names: ["STATUS", "COMPLETED", "PERCENT-COMPLETE"]) { $0.isCompleted = true },
        Change(description: "title", names: ["SUMMARY"]) { $0.title = "Ein neuer Titel, lang genug, um gefaltet zu werden: Grüße aus München und Köln" },
        Change(description: "dates", names: ["DTSTART", "DUE"]) { d in
            d.start = d.start?.advanced(by: 1)
            d.end = d.end?.advanced(by: 2)
        },
        Change(description: "tags", names: ["CATEGORIES"]) { $0.tags.append("urgent, really") },
        Change(description: "reminder", names: [], alarm: true) { $0.reminderMinutes = 8 * 60 + 30 },
    ]

    /// Logical lines (a physical line and its continuations), each with its property name.
    static func lines(_ b: [UInt8]) -> [(name: String, text: [UInt8])] {
        // Written apart from the code under test: physical lines first, continuations joined after.
        var physical: [[UInt8]] = []
        var cur: [UInt8] = []
        for c in b {
            cur.append(c)
            if c == 0x0A { physical.append(cur); cur = [] }
        }
        if !cur.isEmpty { physical.append(cur) }
        var out: [(name: String, text: [UInt8])] = []
        for l in physical {
            if let first = l.first, first == 0x20 || first == 0x09, !out.isEmpty { out[out.count - 1].text += l; continue }
            let head = String(decoding: l, as: UTF8.self)
            let name = head.split(whereSeparator: { $0 == ":" || $0 == ";" || $0 == "\r" || $0 == "\n" }).first.map { $0.uppercased() } ?? ""
            out.append((name, l))
        }
        return out
    }

    /// The item's draft as CalGrid reads `bytes`.
    static func read(_ bytes: [UInt8], zone: TimeZoneRules) throws -> TodoDraft {
        var set = TodoSet()
        try set.importICalendar(bytes: bytes, options: ImportOptions(format: .icalendar, zone: zone))
        return set.draft(at: 0)
    }

    /// Checks `after` (written from `before` by `change`): kept lines, oracle fields, diff.
    static func check(_ before: [UInt8], _ after: [UInt8], _ want: TodoDraft, _ change: Change, file: String, dir: ScratchDirectory) throws {
        let label = "\(file), \(change)"
        #expect(!String(decoding: after, as: UTF8.self).contains("X-LIC-ERROR"), "\(label)")
        // Every line of a property the change is not about, in order, byte for byte.
        var allowed = change.names.union(["DTSTAMP", "LAST-MODIFIED", "SEQUENCE"])
        if change.alarm { allowed.formUnion(["TRIGGER", "ACTION", "DESCRIPTION", "BEGIN", "END"]) }
        let out = lines(after).map(\.text)
        var k = 0
        for l in lines(before) where !allowed.contains(l.name) {
            while k < out.count, out[k] != l.text { k += 1 }
            #expect(k < out.count, "\(label): lost or changed \(String(decoding: l.text, as: UTF8.self))")
            if k == out.count { return }
            k += 1
        }
        let a = dir.file("a.ics"), b = dir.file("b.ics")
        try Data(before).write(to: URL(fileURLWithPath: a))
        try Data(after).write(to: URL(fileURLWithPath: b))
        let o = try ICalPaths.oracle(zone: "Europe/Berlin", [b])
        #expect(o.count == 1 && differences(want, o[0]).isEmpty, "\(label): \(o.first.map { differences(want, $0) } ?? [])")
        let diff = try JSONSerialization.jsonObject(with: Data(try runProgram(ICalPaths.python, [TestPaths.oracle("ical_diff.py"), a, b, want.id]))) as! [String: Any]
        let changed = Set(diff["changed"] as! [String])
        #expect(changed.isSubset(of: change.names.union(["DTSTAMP", "LAST-MODIFIED", "SEQUENCE"])) && changed.isSuperset(of: ["DTSTAMP", "SEQUENCE"]),
                "\(label): \(changed)")
        #expect(diff["othersEqual"] as? Bool == true, "\(label)")
        if !change.alarm { #expect(diff["subcomponentsEqual"] as? Bool == true, "\(label)") }
    }

    @Test(arguments: files)
    func eachChangeKeepsEveryOtherLine(file: String) throws {
        let dir = try ScratchDirectory("splice")
        defer { dir.remove() }
        let zone = try TimeZoneRules.named("Europe/Berlin")
        let lf = file.hasSuffix(" (LF)")
        var before = [UInt8](try Data(contentsOf: Self.clients.appendingPathComponent(lf ? String(file.dropLast(5)) : file)))
        if lf { before.removeAll { $0 == 0x0D } }
        let current = try Self.read(before, zone: zone)
        for change in Self.changes {
            var want = current
            change.apply(&want)
            let after = try ICalendarItem.patch(before, with: want, now: 1_796_000_000, zone: zone)
            try Self.check(before, after, want, change, file: file, dir: dir)
            #expect(after.contains(0x0D) != lf, "\(file), \(change): line ends")
            // Read back, CalGrid sees the change; written again unchanged, not a byte moves.
            #expect(try Self.read(after, zone: zone) == want, "\(file), \(change)")
            #expect(try ICalendarItem.patch(after, with: want, now: 1_796_000_100, zone: zone) == after)
        }
        // Undo: done, then not done again: the done file's other lines stay.
        var done = current
        done.isCompleted = true
        let ticked = try ICalendarItem.patch(before, with: done, now: 1_796_000_000, zone: zone)
        let undone = try ICalendarItem.patch(ticked, with: current, now: 1_796_000_100, zone: zone)
        try Self.check(ticked, undone, current, Change(description: "undo", names: ["STATUS", "COMPLETED", "PERCENT-COMPLETE"]) { _ in }, file: file, dir: dir)
    }

    /// `edit --start` on a todo whose DUE is a DATE-TIME with a TZID (todoman's shape without its
    /// DTSTART): the DTSTART added is a DATE-TIME too, the DUE's time and TZID on the start day
    /// (RFC 5545 3.8.2.3: one value type), and every other line stays.
    @Test func startAddedBesideATimedDueTakesItsType() throws {
        let dir = try ScratchDirectory("splice-start")
        defer { dir.remove() }
        let zone = try TimeZoneRules.named("Europe/Berlin")
        let todoman = [UInt8](try Data(contentsOf: Self.clients.appendingPathComponent("todoman.ics")))
        let before = Self.lines(todoman).filter { $0.name != "DTSTART" }.flatMap(\.text)
        let current = try Self.read(before, zone: zone)
        #expect(current.end?.iso8601 == "2026-12-11")
        var want = current
        want.start = current.end?.advanced(by: -3)
        let after = try ICalendarItem.patch(before, with: want, now: 1_796_000_000, zone: zone)
        #expect(Self.lines(after).filter { $0.name == "DTSTART" }.map { String(decoding: $0.text, as: UTF8.self) }
                == ["DTSTART;TZID=Europe/Berlin:20261208T180000\r\n"])
        try Self.check(before, after, want, Change(description: "start", names: ["DTSTART"]) { _ in }, file: "todoman.ics without DTSTART", dir: dir)
        #expect(try Self.read(after, zone: zone) == want)
    }
}
