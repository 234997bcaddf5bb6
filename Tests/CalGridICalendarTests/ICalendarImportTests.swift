import CalGrid
import CalGridICalendar
import CalGridImport
import CalGridSystem
import CalGridTestSupport
import Foundation
import Testing

/// Where the corpus and the oracle's Python are: python-icalendar lives in the venv `make` builds
/// under .build (mk/icalendar.mk, `ical-venv`); a missing venv fails the test with that rule's name.
enum ICalPaths {
    static let corpus = TestPaths.tests.appendingPathComponent("CalGridICalendarTests/Corpus")
    static let python = TestPaths.tests.deletingLastPathComponent().appendingPathComponent(".build/ical-venv/bin/python").path
    static var corpusFiles: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []).filter { $0.hasSuffix(".ics") }.sorted()
            .map { corpus.appendingPathComponent($0).path }
    }

    /// Every corpus file imported into one set, days in `zone`.
    static func corpusSet(zone: TimeZoneRules) throws -> TodoSet {
        var set = TodoSet()
        for f in corpusFiles { try set.importICalendar(fileAt: f, options: ImportOptions(zone: zone)) }
        return set
    }

    /// Each corpus file `copies` times, each copy cut at a random place with up to 3 random bytes
    /// changed: what the hostile and streaming tests feed the importers.
    static func forEachMangledCopy(seed: UInt64, copies: Int, _ body: (String, [UInt8]) throws -> Void) rethrows {
        var random = SeededRandom(seed: seed)
        for f in corpusFiles {
            let bytes = [UInt8](FileManager.default.contents(atPath: f)!)
            for _ in 0..<copies {
                var b = Array(bytes[0..<Int.random(in: 1...bytes.count, using: &random)])
                for _ in 0..<Int.random(in: 0...3, using: &random) {
                    b[Int.random(in: 0..<b.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
                }
                try body(f, b)
            }
        }
    }

    /// What python-icalendar makes of `files` with days in `zone`, one object per item.
    static func oracle(zone: String, _ files: [String]) throws -> [[String: Any]] {
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw MissingVenv(python: python)
        }
        let out = try runProgram(python, [TestPaths.oracle("ical_oracle.py"), zone] + files)
        return try String(decoding: out, as: UTF8.self).split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
        }
    }
}

struct MissingVenv: Error, CustomStringConvertible {
    var python: String
    var description: String { "\(python) is missing: run `make ical-venv` (make test-swift does)" }
}

/// `draft` against one oracle object; the differences, in words.
func differences(_ d: TodoDraft, _ o: [String: Any]) -> [String] {
    var out: [String] = []
    func check(_ name: String, _ ours: String?, _ theirs: Any?) {
        let t = theirs as? String
        if ours != t { out.append("\(name): ours \(ours ?? "nil"), python-icalendar \(t ?? "nil")") }
    }
    check("title", d.title, o["title"])
    check("memo", d.memo, o["memo"] is NSNull ? nil : o["memo"])
    check("start", d.start?.iso8601, o["start"] is NSNull ? nil : o["start"])
    check("end", d.end?.iso8601, o["end"] is NSNull ? nil : o["end"])
    if d.tags != (o["tags"] as? [String] ?? []) { out.append("tags: ours \(d.tags), python-icalendar \(o["tags"]!)") }
    if d.isCompleted != (o["done"] as? Bool ?? false) { out.append("done: ours \(d.isCompleted)") }
    let reminder = (o["reminder"] as? NSNumber).map { Int16($0.intValue) }
    if d.reminderMinutes != reminder { out.append("reminder: ours \(String(describing: d.reminderMinutes)), python-icalendar \(String(describing: reminder))") }
    if (d.isEvent ? "event" : "todo") != o["kind"] as? String { out.append("kind: ours \(d.isEvent ? "event" : "todo"), python-icalendar \(o["kind"] ?? "nil")") }
    let created = (o["createdAt"] as? NSNumber)?.int64Value
    if d.createdAt != created { out.append("createdAt: ours \(String(describing: d.createdAt)), python-icalendar \(String(describing: created))") }
    return out
}

let importZones = ["UTC", "Pacific/Auckland", "Asia/Seoul", "America/New_York", "Europe/Berlin", "America/St_Johns"]

@Suite struct ICalendarImportTests {
    /// Every corpus file, alone and all together, in several zones: each item's fields equal what
    /// python-icalendar and zoneinfo make of it; the report counts what is left out.
    @Test(arguments: importZones)
    func corpusAgreesWithPythonICalendar(zone: String) throws {
        let files = ICalPaths.corpusFiles
        #expect(files.count >= 8)
        let expected = try ICalPaths.oracle(zone: zone, files)
        var set = TodoSet()
        var skipped = 0
        for f in files {
            let r = try set.importICalendar(fileAt: f, options: ImportOptions(zone: try TimeZoneRules.named(zone)))
            #expect(r.format == .icalendar && r.zoneName == zone && r.skipped == 0)
            skipped += r.componentsSkipped
        }
        // Recurring items are their rules (ICalendarRecurrenceTests): the corpus has some.
        #expect(expected.contains { $0["recurring"] as? Bool == true })
        #expect(skipped == 1, "the Evolution journal")
        #expect(set.count == expected.count)
        for o in expected {
            let id = o["id"] as! String
            guard let d = set.drafts.first(where: { $0.id == id }) else { Issue.record("\(zone): \(id) missing"); continue }
            let diff = differences(d, o)
            #expect(diff.isEmpty, "\(zone): \(id): \(diff)")
        }
    }

    /// All files concatenated are one input of many VCALENDARs; the same set comes out.
    @Test func concatenatedFilesAreOneInput() throws {
        var whole: [UInt8] = []
        var one = TodoSet()
        for f in ICalPaths.corpusFiles {
            let bytes = [UInt8](FileManager.default.contents(atPath: f)!)
            whole += bytes
            try one.importICalendar(bytes: bytes, options: ImportOptions(zone: try TimeZoneRules.named("Asia/Seoul")))
        }
        var all = TodoSet()
        let r = try all.importICalendar(bytes: whole, options: ImportOptions(zone: try TimeZoneRules.named("Asia/Seoul")))
        #expect(r.imported == one.count && r.records == one.count)
        #expect(Set(all.drafts) == Set(one.drafts))
    }

    /// The automatic decision finds iCalendar from its first line, after a BOM and blank lines.
    @Test func detection() {
        func detect(_ s: String) -> ImportFormat { Array(s.utf8).withUnsafeBytes { ImportFormat.detected(in: $0) } }
        #expect(detect("BEGIN:VCALENDAR\r\n") == .icalendar)
        #expect(detect("\u{FEFF}\r\n\n  begin:vcalendar\n") == .icalendar)
        #expect(detect("BEGIN:VCALENDA") == .automatic)
        #expect(detect("[{\"id\":1}]") == .automatic)
        // A bare item is read as if wrapped in a VCALENDAR (with a warning).
        #expect(detect("BEGIN:VTODO\r\n") == .icalendar && detect("\nbegin:vevent\r\n") == .icalendar)
        #expect(detect("BEGIN:VJOURNAL\r\n") == .automatic)
    }
}
