import Testing
import CalGrid
@testable import CalGridJSON

func importText(_ text: String, _ options: ImportOptions = ImportOptions()) throws(ImportError) -> (drafts: [TodoDraft], report: ImportReport) {
    try TodoJSON.drafts(fromBytes: Array(text.utf8), options: options)
}

func issue(_ text: String, _ options: ImportOptions = ImportOptions()) -> ImportIssue? {
    do throws(ImportError) {
        _ = try importText(text, options)
        return nil
    } catch {
        if case .invalidInput(let i) = error { return i }
        return nil
    }
}

func day(_ s: String) -> CivilDate { try! CivilDate(iso8601: s) }

@Suite struct NativeImportTests {
    @Test func arrayOfRecords() throws {
        let (d, r) = try importText(#"""
        [{"id":"a","title":"Run","startDate":"2024-06-03","endDate":"2024-06-09","repetition":[1,3,5],
          "completed":[true,false,true],"isChallenge":true,"memo":"5 km","reminderTime":"07:30","tags":["x","y"],
          "createdAt":"2024-06-01T09:00:00+09:00"},
         {"id":"b","title":"","iscompleted":true}]
        """#)
        #expect(r.format == .native)
        #expect(r.imported == 2 && r.records == 2 && r.skipped == 0)
        #expect(d[0] == TodoDraft(id: "a", title: "Run", memo: "5 km", start: day("2024-06-03"), end: day("2024-06-09"),
                                  createdAt: 1_717_200_000, isChallenge: true, repetition: WeekdaySet([.monday, .wednesday, .friday]),
                                  completedDays: [true, false, true], reminderMinutes: 450, tags: ["x", "y"]))
        #expect(d[1] == TodoDraft(id: "b", title: "", isCompleted: true))
    }

    @Test func wrappedAndLines() throws {
        let w = try importText(#"{"format":"calgrid","version":1,"todos":[{"id":"a","title":"t"}],"exportedBy":"x"}"#)
        #expect(w.drafts.map(\.id) == ["a"])
        #expect(w.report.unknownFields == 1)
        let w2 = try importText(#"{"todos":[{"id":"a","title":"t"}],"version":1,"format":"calgrid"}"#)
        #expect(w2.drafts.map(\.id) == ["a"])
        let l = try importText("{\"id\":\"a\",\"title\":\"1\"}\n\n{\"id\":\"b\",\"title\":\"2\"}\r\n")
        #expect(l.report.format == .jsonLines)
        #expect(l.drafts.map(\.title) == ["1", "2"])
    }

    @Test func wrapperErrors() {
        #expect(issue(#"{"format":"calgrid","version":2,"todos":[]}"#)?.reason == .unsupportedVersion)
        #expect(issue(#"{"format":"other","version":1,"todos":[]}"#)?.reason == .unsupportedFormat)
        #expect(issue(#"{"format":"calgrid","todos":[]}"#)?.reason == .missingWrapperField)
        #expect(issue(#"{"format":"calgrid","version":1}"#)?.reason == .missingWrapperField)
    }

    @Test func completedAsObjectAndNames() throws {
        let (d, _) = try importText(#"""
        [{"id":"a","title":"t","startDate":"2024-06-03","endDate":"2024-06-16","repetition":["mon","fri"],
          "completed":{"2024-06-07":true,"2024-06-10":true}}]
        """#)
        #expect(d[0].completedDays == [false, true, true, false])
    }

    @Test func dateTimesUseTheGivenOffset() throws {
        var o = ImportOptions()
        o.zone = try TimeZoneRules(utcOffsetSeconds: 9 * 3600)
        let (d, _) = try importText(#"[{"id":"a","title":"t","startDate":"2024-06-03T20:00:00Z","endDate":"2024-06-04T00:30:00-01:00"}]"#, o)
        #expect(d[0].start == day("2024-06-04"))
        #expect(d[0].end == day("2024-06-04"))
        let (u, _) = try importText(#"[{"id":"a","title":"t","startDate":"2024-06-03T20:00:00Z"}]"#)
        #expect(u[0].start == day("2024-06-03"))
    }

    @Test func fieldErrorsNameTheField() {
        let i = issue("[{\"id\":\"a\",\"title\":\"t\",\n \"startDate\":\"2024-06-05\", \"endDate\":\"2024-06-04\"}]")
        #expect(i?.reason == .endBeforeStart)
        #expect(i?.field == "endDate")
        #expect(i?.line == 2)
        #expect(i?.column == 38)
        #expect(i?.recordIndex == 0)
        #expect(issue(#"[{"title":"t"}]"#)?.reason == .missingField)
        #expect(issue(#"[{"id":"","title":"t"}]"#)?.reason == .emptyId)
        #expect(issue(#"[{"id":"a"}]"#)?.field == "title")
        #expect(issue(#"[{"id":1,"title":"t"}]"#)?.reason == .wrongType)
        #expect(issue(#"[{"id":"a","title":"t","repetition":[]}]"#)?.reason == .invalidRepetition)
        #expect(issue(#"[{"id":"a","title":"t","repetition":[1,1]}]"#)?.reason == .invalidRepetition)
        #expect(issue(#"[{"id":"a","title":"t","repetition":[7]}]"#)?.field == "repetition[0]")
        #expect(issue(#"[{"id":"a","title":"t","repetition":["Mon"]}]"#)?.reason == .invalidRepetition)
        #expect(issue(#"[{"id":"a","title":"t","completed":[true]}]"#)?.reason == .completedWithoutSpan)
        #expect(issue(#"[{"id":"a","title":"t","startDate":"2024-06-03","endDate":"2024-06-04","completed":[true]}]"#)?.reason == .completedLengthMismatch)
        #expect(issue(#"[{"id":"a","title":"t","startDate":"2024-06-03","endDate":"2024-06-04","completed":{"2024-06-05":true}}]"#)?.reason == .completedDayOutsideSpan)
        #expect(issue(#"[{"id":"a","title":"t","startDate":"2024-06-03","endDate":"2024-06-09","repetition":[1],"completed":{"2024-06-04":true}}]"#)?.reason == .completedDayOffRepetition)
        #expect(issue(#"[{"id":"a","title":"t","reminderTime":"24:00"}]"#)?.reason == .invalidReminderTime)
        #expect(issue(#"[{"id":"a","title":"t","startDate":"2023-02-29"}]"#)?.reason == .invalidDate)
        #expect(issue(#"[{"id":"a","title":"t","startDate":"0001-01-01","endDate":"9999-12-31"}]"#)?.reason == .spanTooLong)
        #expect(issue(#"[{"id":"a","title":"t","iscompleted":true,"isCompleted":false}]"#)?.reason == .duplicateField)
        #expect(issue(#"[{"id":"a","title":"t","title":"u"}]"#)?.field == "title")
        #expect(issue(#"[{"id":"a","title":"t","startDate":"2024-06-03","endDate":"2024-06-04","completed":{"2024-06-03":true,"2024-06-03":false}}]"#)?.reason == .duplicateField)
        #expect(issue(#"[{"id":"a","title":"t"},{"id":"a","title":"u"}]"#)?.reason == .duplicateId)
        #expect(issue(#"[{"id":"a","title":"t"},{"id":"a","title":"u"}]"#)?.recordIndex == 1)
        #expect(issue(#"[1]"#)?.reason == .notAnObject)
        // No value at all is an error where an array or the wrapper is asked for; read as
        // automatic or JSON Lines it is an empty set (EmptyInputTests).
        #expect(issue(String(repeating: "x", count: 0), ImportOptions(format: .native))?.reason == .emptyInput)
        #expect(issue("  \n ", ImportOptions(format: .native))?.reason == .emptyInput)
    }

    @Test func skipInvalidPolicy() throws {
        var o = ImportOptions()
        o.policy = .skipInvalid
        let (d, r) = try importText(#"[{"id":"a","title":"t"},{"id":"b"},{"id":"a","title":"dup"},{"id":"c","title":"t","x":1,"y":2}]"#, o)
        #expect(d.map(\.id) == ["a", "c"])
        #expect(r.skipped == 2 && r.imported == 2 && r.records == 4 && r.unknownFields == 2)
        #expect(r.issues.map(\.reason) == [.missingField, .duplicateId])
        #expect(r.issues.map(\.recordIndex) == [1, 2])
        // JSON Lines: a malformed line is skipped, the next one is read.
        let l = try importText("{\"id\":\"a\",\"title\":\"t\"}\n{\"id\":\"b\",\"title\":tru}\n{\"id\":\"c\",\"title\":\"t\"}\n", o)
        #expect(l.drafts.map(\.id) == ["a", "c"])
        #expect(l.report.issues.first?.reason == .invalidLiteral)
        #expect(l.report.issues.first?.line == 2)
        // The cap on listed issues.
        o.limits.maxReportedIssues = 1
        let c = try importText("[{\"id\":1,\"title\":\"t\"},{\"id\":2,\"title\":\"t\"},{\"id\":3,\"title\":\"t\"}]", o)
        #expect(c.report.issues.count == 1 && c.report.unreportedIssues == 2 && c.report.skipped == 3)
    }

    @Test func byteOrderMarkIsAccepted() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"[{"id":"a","title":"t"}]"#.utf8)
        #expect(try TodoJSON.drafts(fromBytes: bytes).drafts.count == 1)
    }

    @Test func textIsByteExact() throws {
        let (d, _) = try importText(#"[{"id":"\u00e9\ud83d\ude00","title":"a\u0000b\n\"\\/","memo":"한국어 메모"}]"#)
        #expect(Array(d[0].id.utf8) == [0xC3, 0xA9, 0xF0, 0x9F, 0x98, 0x80])
        #expect(Array(d[0].title.utf8) == [0x61, 0, 0x62, 0x0A, 0x22, 0x5C, 0x2F])
        #expect(d[0].memo == "한국어 메모")
    }
}
