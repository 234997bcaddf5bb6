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
    static let files = ["apple-reminders.ics", "todoman.ics", "thunderbird.ics", "tasks-org.ics"]

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
        var out: [(name: String, text: [UInt8])] = []
        var i = 0
        while i < b.count {
            let s = i
            repeat {
                while i < b.count, b[i] != 0x0A { i += 1 }
                if i < b.count { i += 1 }
            } while i < b.count && (b[i] == 0x20 || b[i] == 0x09)
            let t = Array(b[s..<i])
            let name = String(decoding: t.prefix { $0 != 0x3A && $0 != 0x3B && $0 != 0x0D && $0 != 0x0A }, as: UTF8.self).uppercased()
            out.append((name, t))
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
        let before = [UInt8](try Data(contentsOf: Self.clients.appendingPathComponent(file)))
        let current = try Self.read(before, zone: zone)
        for change in Self.changes {
            var want = current
            change.apply(&want)
            let after = try ICalendarItem.patch(before, with: want, now: 1_796_000_000, zone: zone)
            try Self.check(before, after, want, change, file: file, dir: dir)
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
}
