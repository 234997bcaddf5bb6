import CalGrid
import CalGridICalendar
import CalGridImport
import CalGridSystem
import CalGridTestSupport
import Foundation
import Testing

/// A random todo set with texts that need escaping and folding (commas, semicolons, backslashes,
/// newlines, non-ASCII, long lines) and every mapped field, events among them.
func randomTodos(_ n: Int, seed: UInt64) throws -> TodoSet {
    var random = SeededRandom(seed: seed)
    let pieces = ["plain", "a, b", "semi;colon", "back\\slash", "line\none", "할 일", "Größe", "🎉 party",
                  String(repeating: "long words ", count: 12) + "end", "\"quoted\"", "colon: x"]
    var set = TodoSet()
    for k in 0..<n {
        var d = TodoDraft(id: "id-\(k)-" + pieces[k % pieces.count].prefix(4).filter { $0 != "\n" },
                          title: (0..<Int.random(in: 0...3, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined(separator: " "))
        if Bool.random(using: &random) { d.memo = pieces.randomElement(using: &random)! }
        // libical trims the spaces around a CATEGORIES value, and at the end of any content line, when
        // it reads one (docs/icalendar.md): no text here ends in a space.
        if Bool.random(using: &random) { d.tags = [pieces.randomElement(using: &random)!.filter { $0 != "," && $0 != "\n" }.trimmingCharacters(in: .whitespaces)] }
        let start = try CivilDate(year: Int.random(in: 1990...2040, using: &random), month: Int.random(in: 1...12, using: &random), day: Int.random(in: 1...28, using: &random))
        switch k % 4 {
        case 0: d.start = start; d.end = start.advanced(by: Int.random(in: 0...40, using: &random))
        case 1: d.end = start
        case 2: d.start = start
        default: break
        }
        if Bool.random(using: &random) { d.createdAt = Int64.random(in: 0...2_000_000_000, using: &random) }
        d.isCompleted = Bool.random(using: &random)
        // A reminder is written as a VALARM relative to the start (else the due) day: a todo with a day.
        if k % 4 != 3, Bool.random(using: &random) { d.reminderMinutes = Int16.random(in: 0...1439, using: &random) }
        // Every other dated span is an event (a VEVENT, DTEND the day after its last), never done.
        if k % 8 == 0 { d.isEvent = true; d.isCompleted = false }
        _ = try set.append(d)
    }
    return set
}

/// `d` as a reader that knows no X-CALGRID- property (python-icalendar, the clients) reads it back
/// from the export: a todo with only a start or only an end (the core's open spans, CalGrid's own
/// native meaning) is DTSTART or DUE alone, which clients show on that one day (docs/icalendar.md,
/// the shape table); CalGrid's own reader restores the open span from `X-CALGRID-OPEN`.
func readBackFromExport(_ d: TodoDraft) -> TodoDraft {
    var d = d
    if !d.isEvent, (d.start == nil) != (d.end == nil) {
        d.start = d.start ?? d.end
        d.end = d.start
    }
    return d
}

@Suite struct ICalendarExportTests {
    /// Export, then import: the same todos; every written line is CRLF-terminated and at most 75
    /// octets, and folds never split a UTF-8 sequence.
    @Test(arguments: [1 as UInt64, 2, 3])
    func exportThenImportIsTheSameSet(seed: UInt64) throws {
        let set = try randomTodos(60, seed: seed)
        let bytes = set.exportICalendarBytes(now: 1_780_000_000)
        var back = TodoSet()
        let r = try back.importICalendar(bytes: bytes)
        #expect(r.imported == set.count)
        // A todo without a creation time is written with X-CALGRID-CREATED:NONE, so the import
        // does not take DTSTAMP for one. A completed todo with a start and an end comes back as it
        // went: its flags are the set's from isCompleted (every day done), none of its own.
        let want = set.drafts
        #expect(back.count == want.count)
        for (b, w) in zip(back.drafts, want) where b != w { Issue.record("exported \(w), read back \(b)"); break }
        var line: [UInt8] = []
        for b in bytes {
            line.append(b)
            guard b == 0x0A else { continue }
            #expect(line.count >= 2 && line[line.count - 2] == 0x0D)
            #expect(line.count - 2 <= 75, "\(String(decoding: line, as: UTF8.self))")
            #expect(String(validating: line[(line.first == 0x20 ? 1 : 0)...], as: UTF8.self) != nil, "a fold split a character")
            line.removeAll()
        }
        #expect(line.isEmpty)
    }

    /// The corpus imported, exported and imported again: the same set (a VEVENT comes back as a
    /// VEVENT, its last day from DTEND, exclusive). Read back in the zone it was read in: a
    /// recurring item's times written floating keep their own zone (X-CALGRID-TIMEZONE), read in
    /// the import's zone.
    @Test func corpusSurvivesExport() throws {
        let seoul = ImportOptions(zone: try TimeZoneRules.named("Asia/Seoul"))
        let set = try ICalPaths.corpusSet(zone: seoul.zone)
        var back = TodoSet()
        try back.importICalendar(bytes: set.exportICalendarBytes(), options: seoul)
        #expect(back.drafts == set.drafts)
    }

    /// python-icalendar reads our export to the same fields.
    @Test func pythonICalendarReadsTheExport() throws {
        let set = try randomTodos(40, seed: 9)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("calgrid-export-\(getpid()).ics").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        try set.exportICalendar(to: file, now: 1_780_000_000)
        let read = try ICalPaths.oracle(zone: "UTC", [file])
        #expect(read.count == set.count)
        for (d, o) in zip(set.drafts.map { d in var d = readBackFromExport(d); d.createdAt = d.createdAt ?? 1_780_000_000; return d }, read) {
            #expect(o["id"] as? String == d.id)
            #expect(differences(d, o).isEmpty, "\(d.id): \(differences(d, o))")
        }
    }

    /// A patch changes only the mapped properties it must, bumps DTSTAMP, LAST-MODIFIED and
    /// SEQUENCE, and keeps everything else (alarms, X- properties, PRIORITY, the VTIMEZONE), as
    /// python-icalendar sees it; re-imported, the item is the new todo. No change, no new bytes.
    @Test func patchKeepsWhatIsNotModelled() throws {
        let path = ICalPaths.corpus.appendingPathComponent("thunderbird-lightning.ics").path
        let original = [UInt8](FileManager.default.contents(atPath: path)!)
        let zone = try TimeZoneRules.named("Europe/Berlin")
        var set = TodoSet()
        try set.importICalendar(bytes: original, options: ImportOptions(zone: zone))
        var d = set.drafts[0]
        #expect(try ICalendarItem.patch(original, with: d, now: 1_780_000_000, zone: zone) == original)
        d.title = "Steuererklärung abgegeben"
        d.end = d.end!.advanced(by: 3)
        d.isCompleted = true
        d.tags = ["Finanzen", "2026"]
        let patched = try ICalendarItem.patch(original, with: d, now: 1_780_000_000, zone: zone)
        var back = TodoSet()
        try back.importICalendar(bytes: patched, options: ImportOptions(zone: zone))
        // Read back completed, the todo is done as a whole: each of its 34 days done, by the
        // set's rule for a todo that comes without flags.
        #expect(back.drafts[0] == d)
        #expect(back.progress(at: 0) == (done: d.start!.days(to: d.end!) + 1, total: d.start!.days(to: d.end!) + 1))
        #expect(back.drafts[1] == set.drafts[1])
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("calgrid-patch-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.ics"), b = dir.appendingPathComponent("b.ics")
        try Data(original).write(to: a)
        try Data(patched).write(to: b)
        let out = try runProgram(ICalPaths.python, [TestPaths.oracle("ical_diff.py"), a.path, b.path, d.id])
        let diff = try JSONSerialization.jsonObject(with: Data(out)) as! [String: Any]
        #expect(Set(diff["changed"] as! [String]) == ["SUMMARY", "DUE", "STATUS", "COMPLETED", "PERCENT-COMPLETE", "CATEGORIES",
                                                      "DTSTAMP", "LAST-MODIFIED", "SEQUENCE"], "\(diff)")
        #expect(diff["othersEqual"] as? Bool == true && diff["subcomponentsEqual"] as? Bool == true)
        #expect(diff["sequence"] as? [Int] == [0, 1])
        let text = String(decoding: patched, as: UTF8.self)
        #expect(text.contains("DUE;TZID=Europe/Berlin:20260403T235900"), "the due keeps its time and zone")
    }
}
