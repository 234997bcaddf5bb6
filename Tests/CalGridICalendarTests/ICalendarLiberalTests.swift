import CalGrid
import CalGridICalendar
import CalGridImport
import CalGridSystem
import Foundation
import Testing

/// What the world writes and python-icalendar reads, read under the strict policy with a warning
/// in the report (docs/icalendar.md, Reading liberally): each flaw changes no day or field CalGrid
/// uses, or is read in the documented way.
@Suite struct ICalendarLiberalTests {
    func read(_ bytes: [UInt8]) throws -> (TodoSet, ImportReport) {
        var set = TodoSet()
        let r = try set.importICalendar(bytes: bytes, options: ImportOptions(zone: .utc))
        return (set, r)
    }

    @Test func missingUIDGetsAStableIDFromTheText() throws {
        let text = calendar(["BEGIN:VEVENT", "SUMMARY:no uid", "DTSTART;VALUE=DATE:20260310", "END:VEVENT"] + todo("b"))
        let (set, r) = try read(text)
        #expect(set.count == 2 && r.imported == 2 && r.issues.isEmpty)
        let id = set.drafts[0].id
        #expect(id.hasPrefix("calgrid-") && id.utf8.count == 24, "\(id)")
        #expect(r.warnings.count == 1 && r.warnings[0].reason == .missingField && r.warnings[0].field == "UID")
        #expect(r.warnings[0].line == 4 && r.warnings[0].recordIndex == 0 && r.warnings[0].detail.contains(id))
        // The same file, again and parsed whole: the same id. Another text: another id.
        #expect(try read(text).0.drafts[0].id == id)
        var whole = TodoSet()
        let rw = try text.withUnsafeBytes { try whole._importICalendar(bytes: $0, options: ImportOptions(zone: .utc), streaming: false) }
        #expect(whole.drafts[0].id == id && rw.warnings == r.warnings)
        let other = calendar(["BEGIN:VEVENT", "SUMMARY:no uid either", "DTSTART;VALUE=DATE:20260310", "END:VEVENT"])
        #expect(try read(other).0.drafts[0].id != id)
    }

    /// An item without UID whose END line is folded (`E` and ` ND:VEVENT`): its text runs to the
    /// fold's end whether the import streams it or libical parses the file whole, so both name it
    /// alike (a fuzzer find: the whole parse ended it after `E`).
    @Test func aFoldedEndEndsTheTextAnIDIsDerivedFrom() throws {
        let text = Array("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:x\r\nE\r\n ND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
        let (set, r) = try read(text)
        var whole = TodoSet()
        let rw = try text.withUnsafeBytes { try whole._importICalendar(bytes: $0, options: ImportOptions(zone: .utc), streaming: false) }
        #expect(set.count == 1 && set.drafts[0].id.hasPrefix("calgrid-") && whole.drafts == set.drafts && rw.warnings == r.warnings,
                "streamed \(set.drafts.map(\.id)), whole \(whole.drafts.map(\.id))")
    }

    @Test func aTakenUIDGoesToTheFirstAndACopyIsOneItem() throws {
        let a1 = todo("a", ["DUE;VALUE=DATE:20260101"]), a2 = todo("a", ["DUE;VALUE=DATE:20260202"])
        let (set, r) = try read(calendar(a1 + a2 + a1 + a2))
        // Lines: 4 a1, 9 a2, 14 a1 again, 19 a2 again.
        #expect(set.count == 2 && r.records == 2 && r.imported == 2 && r.issues.isEmpty)
        #expect(set.drafts[0].id == "a" && set.drafts[0].end?.iso8601 == "2026-01-01")
        let renamed = set.drafts[1].id
        #expect(renamed.hasPrefix("a-") && renamed.utf8.count == 18 && set.drafts[1].end?.iso8601 == "2026-02-02", "\(renamed)")
        #expect(r.warnings.map(\.reason) == [.duplicateId, .duplicateId, .duplicateId] && r.warnings.map(\.line) == [9, 14, 19])
        #expect(r.warnings[0].detail.contains(renamed) && r.warnings[1].detail.contains("byte for byte"))
        // A copy with a VALARM, then a taken UID: parsed whole, the copy's alarm keeps its place,
        // so the renamed item's warning is on its own line, as the streamed import says (a fuzzer find).
        let b1 = todo("b", ["DUE;VALUE=DATE:20260101", "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:b", "TRIGGER:-PT1H", "END:VALARM"])
        let b2 = todo("b", ["DUE;VALUE=DATE:20260202"])
        let text = calendar(b1 + b1 + b2)
        let (s1, r1) = try read(text)
        var whole = TodoSet()
        let rw = try text.withUnsafeBytes { try whole._importICalendar(bytes: $0, options: ImportOptions(zone: .utc), streaming: false) }
        let taken = r1.warnings.filter { $0.reason == .duplicateId }
        #expect(s1.count == 2 && taken.map(\.line) == [14, 24] && rw.warnings == r1.warnings && whole.drafts == s1.drafts,
                "\(r1.warnings.map(\.line)) \(rw.warnings.map(\.line))")
        // An override (RECURRENCE-ID) shares its item's UID: no warning, no new id.
        let series = todo("w", ["DTSTART;VALUE=DATE:20260105", "RRULE:FREQ=WEEKLY;COUNT=3"])
            + todo("w", ["RECURRENCE-ID;VALUE=DATE:20260112", "STATUS:COMPLETED"])
        let (s2, r2) = try read(calendar(series))
        #expect(s2.count == 1 && r2.warnings.isEmpty && s2.drafts[0].completedDays == [false, true, false])
    }

    @Test func repairsOfPropertiesCalGridDoesNotReadAreWarnings() throws {
        let (set, r) = try read(calendar(todo("a", ["PRIORITY:", "LAST-MOD:20260101T000000Z", "DUE;VALUE=DATE:20260310"])))
        #expect(set.count == 1 && set.drafts[0].end?.iso8601 == "2026-03-10")
        #expect(r.warnings.map(\.field) == ["PRIORITY", "LAST-MOD"] && r.warnings.map(\.line) == [7, 8], "\(r.warnings.map(\.message))")
        #expect(r.warnings.allSatisfy { $0.reason == .parserRejected && $0.detail.hasPrefix("libical repaired a property CalGrid does not read: ") })
        // A repair of a property CalGrid maps is still an error.
        for line in ["DTSTART:garbage", "DUE;VALUE=FOO:20260310", "STATUS:", "RRULE:FREQ=SOMETIMES"] {
            let i = failure(calendar(todo("b", [line])))
            #expect(i?.reason == .parserRejected, "\(line): \(String(describing: i))")
        }
    }

    @Test func aBareItemIsReadAsIfWrapped() throws {
        let (set, r) = try read(ics(["BEGIN:VEVENT", "UID:e", "DTSTART;VALUE=DATE:20260310", "DTEND;VALUE=DATE:20260312", "END:VEVENT"]
            + ["BEGIN:VTODO", "UID:t", "DUE:20260310T230000Z", "END:VTODO"]))
        #expect(set.count == 2 && r.issues.isEmpty)
        #expect(set.drafts[0].isEvent && set.drafts[0].start?.iso8601 == "2026-03-10" && set.drafts[0].end?.iso8601 == "2026-03-11")
        #expect(set.drafts[1].start?.iso8601 == "2026-03-10" && set.drafts[1].end?.iso8601 == "2026-03-10")
        #expect(r.warnings.map(\.reason) == [.notAnObject, .notAnObject] && r.warnings.map(\.line) == [1, 6], "\(r.warnings.map(\.message))")
        #expect(r.warnings[0].detail == "a VEVENT outside any VCALENDAR: read as if inside one")
    }

    /// The shape table: a VTODO falls on the days a task list shows it on.
    @Test func todoShapes() throws {
        let (set, r) = try read(calendar(todo("due", ["DUE;VALUE=DATE:20261210"]) + todo("start", ["DTSTART;VALUE=DATE:20261201", "STATUS:COMPLETED"])
            + todo("both", ["DTSTART;VALUE=DATE:20261201", "DUE;VALUE=DATE:20261204"]) + todo("neither")
            + todo("inverted", ["DTSTART;VALUE=DATE:20261210", "DUE;VALUE=DATE:20261201"])
            + todo("duration", ["DTSTART;VALUE=DATE:20261201", "DURATION:P2D"])))
        func days(_ id: String) -> [String?] { let d = set.drafts[set.index(ofID: id)!]; return [d.start?.iso8601, d.end?.iso8601] }
        #expect(days("due") == ["2026-12-10", "2026-12-10"])
        #expect(days("start") == ["2026-12-01", "2026-12-01"] && set.drafts[1].isCompleted)
        #expect(days("both") == ["2026-12-01", "2026-12-04"])
        #expect(days("neither") == [nil, nil])
        #expect(days("inverted") == ["2026-12-01", "2026-12-01"])
        #expect(days("duration") == ["2026-12-01", "2026-12-03"])
        #expect(r.warnings.count == 1 && r.warnings[0].reason == .endBeforeStart && r.warnings[0].field == "DUE" && r.warnings[0].line == 29, "\(r.warnings.map(\.message))")
        // Not on a day before (what the core's open span "every day up to DUE" would give).
        let early = try CivilDate(iso8601: "2020-01-01"), later = try CivilDate(iso8601: "2026-12-02")
        #expect(!set.fallsOn(early, at: 0) && !set.fallsOn(later, at: 1))
    }
}
