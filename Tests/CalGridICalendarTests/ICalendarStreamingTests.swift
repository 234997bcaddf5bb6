import CalGrid
import CalGridICalendar
import CalGridImport
import CalGridSystem
import CalGridTestSupport
import Foundation
import Testing

/// What one import of `bytes` gives: the set's drafts and the report, or the error's issue.
enum ImportOutcome: Equatable, CustomStringConvertible {
    case imported([TodoDraft], ImportReport)
    case failed(ImportIssue?)

    init(_ bytes: [UInt8], _ options: ImportOptions, streaming: Bool) {
        var set = TodoSet()
        let r: Result<ImportReport, ImportError> = bytes.withUnsafeBytes { b in
            do throws(ImportError) { return .success(try set._importICalendar(bytes: b, options: options, streaming: streaming)) } catch {
                return .failure(error)
            }
        }
        switch r {
        case .success(let report): self = .imported(set.drafts, report)
        case .failure(.invalidInput(let i)): self = .failed(i)
        case .failure: self = .failed(nil)
        }
    }

    var description: String {
        switch self {
        case .imported(let d, let r): "\(d.count) todos, \(r.skipped) skipped, \(r.componentsSkipped) components skipped, issues \(r.issues.map(\.message))"
        case .failed(let i): "failed: \(i?.message ?? "not invalid input")"
        }
    }
}

/// The import parses a framed input one component at a time (memory: a batch's components, not
/// the file's tree); the reference is the same import parsing the input whole, as it always did.
@Suite struct ICalendarStreamingTests {
    static let zones = ["UTC", "Pacific/Kiritimati", "America/Los_Angeles"]

    static func options(_ zone: String, _ policy: ImportPolicy) throws -> ImportOptions {
        var o = ImportOptions(format: .icalendar, zone: try TimeZoneRules.named(zone))
        o.policy = policy
        return o
    }

    static func expectSame(_ bytes: [UInt8], _ zones: [String] = zones, _ what: String) throws {
        for zone in zones {
            for policy in ImportPolicy.allCases {
                let o = try options(zone, policy)
                let streamed = ImportOutcome(bytes, o, streaming: true), whole = ImportOutcome(bytes, o, streaming: false)
                #expect(streamed == whole, "\(what) in \(zone), \(policy): streamed \(streamed), whole \(whole)")
            }
        }
    }

    /// Every corpus file (16 clients' shapes: VTIMEZONEs, overrides, alarms, events) is framed,
    /// and streams to what the whole parse gives, in far-apart zones, under both policies.
    @Test func corpusStreamsAsParsedWhole() throws {
        #expect(ICalPaths.corpusFiles.count >= 16)
        for f in ICalPaths.corpusFiles {
            let bytes = [UInt8](FileManager.default.contents(atPath: f)!)
            #expect(_icalFramedCalendars(bytes) != nil, "\(f) is framed")
            try Self.expectSame(bytes, Self.zones, URL(fileURLWithPath: f).lastPathComponent)
        }
    }

    /// A VTIMEZONE written after the items that name it, two calendars whose zones share a TZID
    /// and differ, overrides before and after their items across batch boundaries, an override
    /// without an item, a VJOURNAL, bad items, a folded BEGIN line: more items than one batch holds.
    @Test func manyItemsAcrossBatches() throws {
        func zone(_ offset: String) -> [String] {
            ["BEGIN:VTIMEZONE", "TZID:Test Zone", "BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:" + offset,
             "TZOFFSETTO:" + offset, "END:STANDARD", "END:VTIMEZONE"]
        }
        var first: [String] = []
        first += ["BEGIN:VTODO", "UID:weekly-1", "RECURRENCE-ID;VALUE=DATE:20260112", "STATUS:COMPLETED", "END:VTODO"]
        for i in 0..<2_600 {
            var extra = ["DUE;TZID=Test Zone:202603\(String(format: "%02d", 1 + i % 28))T\(i % 2 == 0 ? "230000" : "010000")"]
            if i == 1_500 { extra = ["DUE:20261345"] }
            if i == 2_000 { extra = ["DTSTART;VALUE=DATE:20260301", "DUE;VALUE=DATE:20260201"] }
            if i % 500 == 7 { extra += ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:r", "TRIGGER:-PT15M", "END:VALARM"] }
            first += todo("item-\(i)", extra)
            if i == 10 { first += ["BEGIN:VTODO", "UID:weekly-1", "DTSTART;VALUE=DATE:20260105", "RRULE:FREQ=WEEKLY;COUNT=6", "END:VTODO"] }
            if i == 1_200 { first += ["BEGIN:VJOURNAL", "UID:j", "END:VJOURNAL"] }
        }
        first += ["BEGIN:VTODO", "UID:weekly-1", "RECURRENCE-ID;VALUE=DATE:20260126", "STATUS:COMPLETED", "END:VTODO"]
        first += ["BEGIN:VTODO", "UID:nobody", "RECURRENCE-ID;VALUE=DATE:20260126", "END:VTODO"]
        first += ["BEGI", " N:VEVENT", "UID:folded-event", "DTSTART;TZID=Test Zone:20260310T230000", "END:VEVENT"]
        first += zone("+1400")
        var second: [String] = zone("-1000")
        for i in 0..<10 { second += todo("second-\(i)", ["DUE;TZID=Test Zone:20260310T\(i % 2 == 0 ? "230000" : "010000")"]) }
        let bytes = calendar(first) + calendar(second)
        #expect(_icalFramedCalendars(bytes) == 2)
        try Self.expectSame(bytes, ["UTC", "Pacific/Kiritimati"], "many items")
        // What it gives, beside agreeing with the whole parse.
        var set = TodoSet()
        let r = try set.importICalendar(bytes: bytes, options: try Self.options("UTC", .skipInvalid))
        // Item 2000's DUE before its DTSTART is a warning: the todo falls on its due day.
        #expect(r.imported == 2_600 - 1 + 1 + 1 + 10 && r.skipped == 1 && r.componentsSkipped == 2)
        #expect(r.issues.map(\.field) == ["DUE"] && r.issues[0].line > 1_500 * 5)
        // Each VALARM (items 7, 507, ...) is relative to a DTSTART its item lacks: it never rings,
        // a warning on its TRIGGER.
        let triggers = r.warnings.filter { $0.field == "TRIGGER" }
        #expect(triggers.count == 6 && triggers.allSatisfy { $0.reason == .missingField }, "\(triggers)")
        let w = r.warnings.filter { $0.field != "TRIGGER" }
        #expect(w.map(\.reason) == [.endBeforeStart] && w[0].field == "DUE" && w[0].recordIndex == 2_001, "\(w)")
        #expect(set.drafts.first { $0.id == "item-2000" }.map { [$0.start, $0.end] } == [try CivilDate(iso8601: "2026-02-01"), try CivilDate(iso8601: "2026-02-01")])
        let weekly = try #require(set.drafts.first { $0.id == "weekly-1" })
        #expect(weekly.completedDays == [false, true, false, true, false, false])
        // 23:00 in +14:00 is 09:00 UTC the same day; in -10:00, 09:00 UTC the next day.
        let march1 = try CivilDate(year: 2026, month: 3, day: 1), march10 = try CivilDate(year: 2026, month: 3, day: 10)
        #expect(set.drafts.first { $0.id == "item-0" }?.end == march1)
        #expect(set.drafts.first { $0.id == "second-0" }?.end == march10.advanced(by: 1))
        #expect(set.drafts.first { $0.id == "folded-event" }?.start == march10)
    }

    /// What the framing does not vouch for is parsed whole, as before: every whole-input problem,
    /// and the corpus cut and mangled at random, import to the same outcome either way.
    @Test func unframedInputsParseWhole() throws {
        let hostile: [[UInt8]] = [
            ics(["BEGIN:VCALENDAR", "BEGIN:VTODO", "UID:a"]),
            ics(["BEGIN:VCALENDAR", "BEGIN:VTODO", "UID:a", "END:VEVENT", "END:VCALENDAR"]),
            ics(["BEGIN:VCALENDAR", "END:VCALENDAR", "END:VTODO"]),
            ics(["BEGIN:VCALENDAR", "END:VCALENDAR", "", "trailing words"]),
            Array("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:a\u{0}b\r\nEND:VTODO\r\nEND:VCALENDAR\r\n".utf8),
            ics(["BEGIN:VTODO", "UID:a", "END:VTODO"]),
            ics(["BEGIN:VCALENDAR", "BEGIN;X=1:VTODO", "UID:a", "END:VTODO", "END:VCALENDAR"]),
            calendar(["BEGIN:VTODO", "UID:outer", "BEGIN:VTODO", "UID:inner", "END:VTODO", "END:VTODO"]),
        ]
        for (k, h) in hostile.enumerated() {
            #expect(_icalFramedCalendars(h) == nil, "hostile \(k) is parsed whole")
            try Self.expectSame(h, ["UTC"], "hostile \(k)")
        }
        try ICalPaths.forEachMangledCopy(seed: 2026, copies: 12) { f, b in
            try Self.expectSame(b, ["UTC"], "mangled \(URL(fileURLWithPath: f).lastPathComponent)")
        }
    }

    /// A lone LF line (no CR) inside an item is a blank line to libical; the whole parse counted it
    /// as a content line and put every later item one line off, reading the next item's rule from
    /// the wrong text (fuzz-icalendar's streamed-against-whole check found it).
    @Test func aLoneLineFeedIsABlankLine() throws {
        let bytes = [UInt8](FileManager.default.contents(atPath: TestPaths.tests.appendingPathComponent("Fuzz/regressions/icalendar/lone-lf-line.ics").path)!)
        try Self.expectSame(bytes, ["UTC"], "lone LF")
        var set = TodoSet()
        try set.importICalendar(bytes: bytes, options: try Self.options("UTC", .skipInvalid))
        #expect(set.drafts.first { $0.id == "b2d4f6a8-0c2e-4a4c-9e8a-0c2e4a6c8e0a" }?.recurrence != nil)
    }
}
