import CalGrid
import CalGridICalendar
import CalGridImport
import CalGridSystem
import CalGridTestSupport
import Foundation
import Testing

/// One item in the shape vdirsyncer stores a Thunderbird/Lightning task it synced (one VTODO,
/// its VTIMEZONE, a VALARM, X- properties): what a patch must keep.
let thunderbirdItem = """
BEGIN:VCALENDAR\r
PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN\r
VERSION:2.0\r
X-CALGRID-IMITATES:Thunderbird 128 task synced into a vdir by vdirsyncer\r
BEGIN:VTIMEZONE\r
TZID:Europe/Berlin\r
BEGIN:DAYLIGHT\r
TZOFFSETFROM:+0100\r
TZOFFSETTO:+0200\r
TZNAME:CEST\r
DTSTART:19700329T020000\r
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\r
END:DAYLIGHT\r
BEGIN:STANDARD\r
TZOFFSETFROM:+0200\r
TZOFFSETTO:+0100\r
TZNAME:CET\r
DTSTART:19701025T030000\r
RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r
END:STANDARD\r
END:VTIMEZONE\r
BEGIN:VTODO\r
CREATED:20260301T090000Z\r
LAST-MODIFIED:20260301T090000Z\r
DTSTAMP:20260301T090000Z\r
UID:tb-vdir-1@example.org\r
SUMMARY:Fahrrad zur Inspektion\r
PRIORITY:5\r
X-MOZ-GENERATION:3\r
DUE;TZID=Europe/Berlin:20260320T180000\r
SEQUENCE:2\r
BEGIN:VALARM\r
ACTION:DISPLAY\r
TRIGGER;VALUE=DURATION:-PT30M\r
DESCRIPTION:Default Mozilla Description\r
END:VALARM\r
END:VTODO\r
END:VCALENDAR\r

"""

@Suite struct ICalendarVdirTests {
    /// The corpus exported as a vdir: one file per UID named from it, each read by python-icalendar
    /// to the todo's fields; the vdir imported gives the same set back.
    @Test func corpusThroughAVdir() throws {
        let zone = try TimeZoneRules.named("Pacific/Auckland")
        let set = try ICalPaths.corpusSet(zone: zone)
        let dir = try ScratchDirectory("vdir")
        defer { dir.remove() }
        let report = try set.exportVdir(to: dir.path, now: 1_780_000_000, zone: zone)
        #expect(report.written == set.count && report.unchanged == 0)
        #expect(dir.names() == set.drafts.map { ICalendarItem.fileName(for: $0.id) }.sorted())
        let files = dir.names().map(dir.file)
        let read = try ICalPaths.oracle(zone: "Pacific/Auckland", files)
        #expect(read.count == files.count, "one item per file")
        for o in read {
            let id = o["id"] as! String
            guard var d = set.drafts.first(where: { $0.id == id }) else { Issue.record("\(id) not in the set"); continue }
            d.createdAt = d.createdAt ?? 1_780_000_000
            #expect(differences(d, o).isEmpty, "\(id): \(differences(d, o))")
        }
        var back = TodoSet()
        var kept: [String: ICalendarItemFile] = [:]
        let r = try back.importICalendar(directoryAt: dir.path, options: ImportOptions(zone: zone), files: &kept)
        #expect(r.imported == set.count && r.skipped == 0)
        #expect(Set(kept.keys) == Set(set.drafts.map(\.id)))
        for d in set.drafts {
            var e = d
            e.createdAt = d.createdAt ?? 1_780_000_000
            #expect(back.index(ofID: d.id).map { back.draft(at: $0) } == e)
            #expect(kept[d.id]?.name == ICalendarItem.fileName(for: d.id))
        }
        // Written again from what was read: nothing changed, so no file is rewritten.
        let again = try back.exportVdir(to: dir.path, files: kept, now: 1_790_000_000, zone: zone)
        #expect(again.written == 0 && again.unchanged == set.count)
    }

    /// A changed todo rewrites its own file only, patched: python-icalendar sees the mapped
    /// properties and DTSTAMP/LAST-MODIFIED/SEQUENCE changed, the VALARM, X- properties and the
    /// VTIMEZONE as they were. A removed todo's file goes with `removingOthers`.
    @Test func writesBackPatchedAndRemoves() throws {
        let dir = try ScratchDirectory("vdir-patch")
        defer { dir.remove() }
        try dir.write("6d2e.ics", thunderbirdItem)
        try dir.write("todoman.ics", String(decoding: FileManager.default.contents(atPath: ICalPaths.corpus.appendingPathComponent("todoman.ics").path)!, as: UTF8.self))
        let zone = try TimeZoneRules.named("Europe/Berlin")
        var set = TodoSet()
        var files: [String: ICalendarItemFile] = [:]
        try set.importICalendar(directoryAt: dir.path, options: ImportOptions(zone: zone), files: &files)
        #expect(set.count == 2 && files["tb-vdir-1@example.org"]?.name == "6d2e.ics")
        let before = dir.file("before.txt")
        try Data(thunderbirdItem.utf8).write(to: URL(fileURLWithPath: before))
        let i = set.index(ofID: "tb-vdir-1@example.org")!
        var d = set.draft(at: i)
        d.title = "Fahrrad abgeholt"
        d.isCompleted = true
        try set.update(at: i, to: d)
        let w = try set.exportVdir(to: dir.path, files: files, now: 1_780_000_000, zone: zone)
        #expect(w.written == 1 && w.unchanged == 1)
        #expect(dir.names() == ["6d2e.ics", "before.txt", "todoman.ics"], "the item's own file, not a new one")
        let out = try runProgram(ICalPaths.python, [TestPaths.oracle("ical_diff.py"), before, dir.file("6d2e.ics"), d.id])
        let diff = try JSONSerialization.jsonObject(with: Data(out)) as! [String: Any]
        #expect(Set(diff["changed"] as! [String]) == ["SUMMARY", "STATUS", "COMPLETED", "PERCENT-COMPLETE", "DTSTAMP", "LAST-MODIFIED", "SEQUENCE"],
                "\(diff)")
        #expect(diff["othersEqual"] as? Bool == true && diff["subcomponentsEqual"] as? Bool == true)
        #expect(diff["sequence"] as? [Int] == [2, 3])
        set.remove(at: set.index(ofID: "9c4b2f0e8a1d4d6e8f3b7a5c1e2d9f04@example.org")!)
        let gone = try set.exportVdir(to: dir.path, files: w.files, removingOthers: true, now: 1_780_000_100, zone: zone)
        #expect(gone.removed == 1 && gone.unchanged == 1 && gone.written == 0)
        #expect(dir.names() == ["6d2e.ics", "before.txt"])
    }

    /// A file that cannot be read, one that is not iCalendar and one with two UIDs: each an issue
    /// naming its file (strict: the first, nothing imported; skip-invalid: the rest imported).
    @Test func badFilesAreIssuesNamingTheFile() throws {
        let dir = try ScratchDirectory("vdir-bad")
        defer { dir.remove() }
        try dir.write("a-good.ics", thunderbirdItem)
        try FileManager.default.createSymbolicLink(atPath: dir.file("b-dangling.ics"), withDestinationPath: dir.file("nowhere"))
        try dir.write("c-json.ics", "{\"todos\": []}\n")
        let two = String(decoding: FileManager.default.contents(atPath: ICalPaths.corpus.appendingPathComponent("nextcloud-tasks.ics").path)!,
                         as: UTF8.self)
        try dir.write("d-two.ics", two)
        try dir.write("e-notes.txt", "not an item")
        try dir.write(".f-hidden.ics", "BEGIN:VCALENDAR\r\n")
        var set = TodoSet()
        #expect {
            try set.importICalendar(directoryAt: dir.path)
        } throws: { e in
            guard case .invalidInput(let i) = e as? ImportError else { return false }
            return i.source == "b-dangling.ics" && i.detail.hasPrefix("cannot be read: ")
        }
        #expect(set.count == 0)
        let r = try set.importICalendar(directoryAt: dir.path, options: ImportOptions(policy: .skipInvalid))
        #expect(set.count == 1 && r.imported == 1 && r.skipped == 3)
        #expect(r.issues.map(\.source) == ["b-dangling.ics", "c-json.ics", "d-two.ics"])
        #expect(r.issues[1].reason == .unsupportedFormat)
        #expect(r.issues[2].field == "UID" && r.issues[2].line > 1 && r.issues[2].message.hasPrefix("d-two.ics: line "))
    }

    /// A vdir without items (a new calendar) imports nothing, without an issue.
    @Test func emptyVdir() throws {
        let dir = try ScratchDirectory("vdir-empty")
        defer { dir.remove() }
        try dir.write("README", "not an item")
        var set = TodoSet()
        let r = try set.importICalendar(directoryAt: dir.path)
        #expect(set.count == 0 && r.format == .icalendar && r.records == 0 && r.issues.isEmpty)
    }

    /// Per-item read: one file into a set, its issues located in it; a second UID refused.
    @Test func readsOneItemFile() throws {
        var set = TodoSet()
        let id = try ICalendarItem.read(ICalendarItemFile(name: "x.ics", bytes: Array(thunderbirdItem.utf8)), into: &set)
        #expect(id == "tb-vdir-1@example.org" && set.count == 1)
        let bad = thunderbirdItem.replacingOccurrences(of: "DUE;TZID=Europe/Berlin:20260320T180000", with: "DUE:20261345")
        #expect {
            _ = try ICalendarItem.read(ICalendarItemFile(name: "y.ics", bytes: Array(bad.utf8)), into: &set)
        } throws: { e in
            guard case .invalidInput(let i) = e as? ImportError else { return false }
            return i.source == "y.ics" && i.field == "DUE" && i.line == 30
        }
        #expect(set.count == 1)
        // Rendered without an original: a VCALENDAR that reads back to the same todo.
        let text = try ICalendarItem.render(set, at: 0, original: nil, now: 1_780_000_000)
        var back = TodoSet()
        _ = try ICalendarItem.read(ICalendarItemFile(name: "z.ics", bytes: text), into: &back)
        #expect(back.drafts == set.drafts)
    }

    /// File names: a safe UID as it is; others escaped byte by byte (so distinct UIDs never
    /// collide), never hidden, bounded.
    @Test func fileNamesFromUIDs() {
        #expect(ICalendarItem.fileName(for: "9c4b2f0e-8a1d@example.org") == "9c4b2f0e-8a1d@example.org.ics")
        #expect(ICalendarItem.fileName(for: "a/b") == "a%2Fb.ics")
        #expect(ICalendarItem.fileName(for: "a%2Fb") == "a%252Fb.ics")
        #expect(ICalendarItem.fileName(for: ".hidden") == "%2Ehidden.ics")
        #expect(ICalendarItem.fileName(for: "Zürich 1") == "Z%C3%BCrich%201.ics")
        let long = String(repeating: "é", count: 300)
        let name = ICalendarItem.fileName(for: long)
        #expect(name.utf8.count <= 204 && name.hasSuffix(".ics"))
        #expect(name != ICalendarItem.fileName(for: long + "x"))
        // The hash tail is FNV-1a 64 in upper-case hex, as Python computes it: names already on
        // disk must not change when the hash's code moves.
        #expect(ICalendarItem.fileName(for: String(repeating: "x", count: 300))
                == String(repeating: "x", count: 160) + "-E78DDF9F1BA85555.ics")
    }

    /// One naming rule for the export and the store: a new item never takes the name of an entry
    /// already in the vdir (a file another program wrote, even one that is no item); the export's
    /// files are listed back in byte order by the import.
    @Test func newItemNamesAvoidEntriesOnDisk() throws {
        let dir = try ScratchDirectory("vdir-names")
        defer { dir.remove() }
        try dir.write("walk.ics", "not iCalendar, another program's file\n")
        try dir.write("Walk.ics", "BEGIN:VCALENDAR\nEND:VCALENDAR\n")
        let set = try TodoSet([TodoDraft(id: "walk", title: "Walk"), TodoDraft(id: "Zebra", title: "Z"), TodoDraft(id: "apple", title: "A")])
        let w = try set.exportVdir(to: dir.path, now: 1_780_000_000)
        #expect(w.files["walk"]?.name == "walk-2.ics")
        #expect(String(decoding: FileManager.default.contents(atPath: dir.file("walk.ics"))!, as: UTF8.self) == "not iCalendar, another program's file\n")
        #expect(ICalendarItem.fileName(for: "walk", avoiding: ["walk-2.ics"], in: dir.path) == "walk-3.ics")
        #expect(try ICalendarItem.itemFileNames(in: dir.path) == ["Walk.ics", "Zebra.ics", "apple.ics", "walk-2.ics", "walk.ics"])
    }
}
