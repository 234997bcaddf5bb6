import CalGrid
import CalGridICalendar
import CalGridImport
import CalGridSystem
import CalGridTestSupport
import Foundation
import Testing

/// An iCalendar text from lines (CRLF).
func ics(_ lines: [String]) -> [UInt8] { Array(lines.map { $0 + "\r\n" }.joined().utf8) }

/// A VCALENDAR around `body`.
func calendar(_ body: [String]) -> [UInt8] { ics(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//CalGrid tests//EN"] + body + ["END:VCALENDAR"]) }

func todo(_ uid: String, _ extra: [String] = []) -> [String] { ["BEGIN:VTODO", "UID:" + uid, "SUMMARY:t " + uid] + extra + ["END:VTODO"] }

/// The issue the strict import of `bytes` fails with (recording a failure when it succeeds).
func failure(_ bytes: [UInt8], _ options: ImportOptions = ImportOptions()) -> ImportIssue? {
    var set = TodoSet()
    do {
        try set.importICalendar(bytes: bytes, options: options)
        Issue.record("imported \(set.count) todos; expected a failure")
        return nil
    } catch {
        guard case .invalidInput(let issue) = error else { Issue.record("\(error)"); return nil }
        #expect(set.isEmpty)
        return issue
    }
}

@Suite struct ICalendarHostileTests {
    @Test func wholeInputProblemsAreLocated() throws {
        // Lines:            1                  2              3           4
        var i = failure(ics(["BEGIN:VCALENDAR", "BEGIN:VTODO", "UID:a"]))
        #expect(i?.reason == .truncated && i?.line == 1 && i?.detail == "BEGIN:VCALENDAR of line 1 has no END:VCALENDAR (the input ends first)")
        i = failure(ics(["BEGIN:VCALENDAR", "BEGIN:VTODO", "UID:a", "END:VEVENT", "END:VCALENDAR"]))
        #expect(i?.reason == .unexpectedByte && i?.line == 4 && i?.detail == "END:VEVENT does not close BEGIN:VTODO of line 2")
        i = failure(ics(["BEGIN:VCALENDAR", "END:VCALENDAR", "END:VTODO"]))
        #expect(i?.reason == .unexpectedByte && i?.line == 3)
        i = failure(ics(["BEGIN:VCALENDAR", "END:VCALENDAR", "", "trailing words"]))
        #expect(i?.reason == .trailingContent && i?.line == 4)
        i = failure(Array("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:a\u{0}b\r\nEND:VTODO\r\nEND:VCALENDAR\r\n".utf8))
        #expect(i?.reason == .nulByte && i?.line == 3)
        i = failure([])
        #expect(i?.reason == .emptyInput)
        i = failure(Array("[{\"id\": \"a\", \"title\": \"x\"}]".utf8))
        #expect(i?.reason == .unsupportedFormat)
        i = failure(ics(["BEGIN:VTODO", "UID:a", "END:VTODO"]))
        #expect(i?.reason == .unsupportedFormat)
    }

    @Test func hugeLinesAreRefusedByTheStringLimit() throws {
        let long = String(repeating: "x", count: 2 << 20)
        let i = failure(calendar(todo("a", ["DESCRIPTION:" + long])))
        #expect(i?.reason == .stringTooLong && i?.line == 7)
        var o = ImportOptions()
        o.limits.maxStringBytes = 4 << 20
        var set = TodoSet()
        try set.importICalendar(bytes: calendar(todo("a", ["DESCRIPTION:" + long])), options: o)
        #expect(set.drafts.first?.memo?.utf8.count == long.utf8.count)
    }

    /// libical takes these values without an error marker; the import refuses each, at its line.
    @Test(arguments: [
        ("DUE:20241345", ImportIssue.Reason.invalidDate, "DUE"),
        ("DUE;VALUE=DATE:20230229", .invalidDate, "DUE"),
        ("DTSTART:20240101T240000Z", .invalidDateTime, "DTSTART"),
        ("DTSTART:20240101T126000", .invalidDateTime, "DTSTART"),
        ("DTSTART;TZID=Mars/Olympus_Mons:20240101T120000", .invalidDateTime, "DTSTART"),
        ("DUE:not-a-date", .parserRejected, ""),
    ])
    func badValuesAreLocated(line: String, reason: ImportIssue.Reason, field: String) throws {
        let i = failure(calendar(todo("ok") + todo("bad", [line])))
        #expect(i?.reason == reason && i?.field == field && i?.recordIndex == 1, "\(String(describing: i))")
        if !field.isEmpty { #expect(i?.line == 11, "\(String(describing: i?.message))") } else { #expect(i?.line == 8) }
    }

    @Test func theSetsRulesAreLocatedInICalendarWords() throws {
        var i = failure(calendar(todo("a") + todo("a")))
        #expect(i?.reason == .duplicateId && i?.field == "UID" && i?.line == 9 && i?.recordIndex == 1)
        i = failure(calendar(todo("a", ["DTSTART;VALUE=DATE:20260110", "DUE;VALUE=DATE:20260101"])))
        #expect(i?.reason == .endBeforeStart && i?.field == "DUE" && i?.line == 8)
        i = failure(calendar(["BEGIN:VTODO", "SUMMARY:no uid", "END:VTODO"]))
        #expect(i?.reason == .missingField && i?.field == "UID")
        // An event whose end is not after its start is one day long (RFC 5545 3.6.1).
        var set = TodoSet()
        try set.importICalendar(bytes: calendar(["BEGIN:VEVENT", "UID:e", "DTSTART;VALUE=DATE:20260110", "DTEND;VALUE=DATE:20260101", "END:VEVENT"]))
        #expect(set.drafts.first?.start == set.drafts.first?.end && set.drafts.first?.end?.iso8601 == "2026-01-10")
    }

    @Test func skipInvalidImportsTheRestAndListsEachProblem() throws {
        var o = ImportOptions(policy: .skipInvalid)
        o.zone = .utc
        var set = TodoSet()
        let r = try set.importICalendar(bytes: calendar(todo("a") + todo("b", ["DUE:20241345"]) + todo("a") + todo("c")), options: o)
        #expect(r.records == 4 && r.imported == 2 && r.skipped == 2)
        #expect(r.issues.map(\.reason) == [.invalidDate, .duplicateId])
        #expect(set.drafts.map(\.id) == ["a", "c"])
    }

    @Test func aFailedImportLeavesTheSetUntouched() throws {
        var set = TodoSet()
        try set.importICalendar(bytes: calendar(todo("x")))
        let before = set.drafts
        #expect(throws: ImportError.self) { try set.importICalendar(bytes: calendar(todo("y") + todo("z", ["DUE:20241345"]))) }
        #expect(set.drafts == before)
    }

    /// Every corpus file cut at random places and with random bytes changed: an import or an
    /// ImportError, never a crash or a hang.
    @Test func mangledCorpusNeverCrashes() throws {
        var random = SeededRandom(seed: 20)
        for f in ICalPaths.corpusFiles {
            let bytes = [UInt8](FileManager.default.contents(atPath: f)!)
            for _ in 0..<40 {
                var b = Array(bytes[0..<Int.random(in: 1...bytes.count, using: &random)])
                for _ in 0..<Int.random(in: 0...3, using: &random) {
                    b[Int.random(in: 0..<b.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
                }
                var set = TodoSet()
                for policy in ImportPolicy.allCases {
                    _ = try? set.importICalendar(bytes: b, options: ImportOptions(policy: policy))
                }
            }
        }
    }
}
