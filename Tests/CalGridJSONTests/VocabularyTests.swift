import Testing
import CalGrid
@testable import CalGridJSON
import CalGridSystem

/// One source of truth: the JSON layer says the core's sentence and field name for every error a
/// todo can have, numbers records from 1 in messages, and writes every field under its core name.
@Suite struct VocabularyTests {
    /// A record that the decoder or the set refuses, and the core error it is.
    static let cases: [(json: String, error: TodoError)] = [
        (#"[{"id":"","title":"t"}]"#, .emptyID(position: 0)),
        ("[{\"id\":\"" + String(repeating: "a", count: 257) + "\",\"title\":\"t\"}]", .idTooLong(position: 0, byteCount: 257)),
        (#"[{"id":"a","title":"t"},{"id":"a","title":"u"}]"#, .duplicateID(position: 1, id: "a")),
        (#"[{"id":"x","title":"t","startDate":"2026-11-10","endDate":"2026-11-01"}]"#,
         .endBeforeStart(position: 0, id: "x", start: day("2026-11-10"), end: day("2026-11-01"))),
        (#"[{"id":"x","title":"t","repetition":[]}]"#, .emptyRepetition(position: 0, id: "x")),
        (#"[{"id":"x","title":"t","completed":[true]}]"#, .completedDaysWithoutSpan(position: 0, id: "x")),
    ]

    @Test func importIssuesSayTheCoresSentence() throws {
        for c in Self.cases {
            let i = try #require(issue(c.json))
            #expect(i.detail == c.error.description)
            #expect(i.field == c.error.field?.nameText)
            #expect(i.message.hasSuffix(": " + c.error.description))
        }
        // A flag count that does not match: the core's sentence, then the span it was counted in.
        let m = try #require(issue(#"[{"id":"x","title":"t","startDate":"2026-11-01","endDate":"2026-11-03","completed":[true]}]"#))
        #expect(m.detail.hasPrefix(TodoError.completedDaysCountMismatch(position: 0, id: "x", expected: 3, actual: 1).description))
        #expect(m.field == TodoField.completedDays.nameText)
    }

    @Test func refusalsBySetSayTheCoresSentence() {
        // An id already in the set is found by the set itself, not by the decoder.
        let e = TodoError.duplicateID(position: 0, id: "a")
        var set = TodoSet()
        _ = try? set.append(TodoDraft(id: "a", title: "t"))
        do throws(ImportError) {
            try set.importJSON(bytes: Array(#"[{"id":"a","title":"u"}]"#.utf8))
            Issue.record("a duplicate id was accepted")
        } catch {
            guard case .invalidInput(let i) = error else { Issue.record("\(error)"); return }
            #expect(i.detail == e.description && i.field == "id" && i.reason == .duplicateId)
        }
    }

    @Test func dateErrorsSayTheCoresSentence() throws {
        let i = try #require(issue(#"[{"id":"x","title":"t","startDate":"2026-02-30"}]"#))
        #expect(i.detail == DateError.invalidDay(year: 2026, month: 2, day: 30).description)
        #expect(i.field == TodoField.start.nameText)
        let m = try #require(issue(#"[{"id":"x","title":"t","endDate":"2026-1-30x"}]"#))
        // "2026-1-30x": byte 6 ('-') is where the month's second digit should be.
        #expect(m.detail == DateError.malformedDate(offset: 6).description)
    }

    @Test func recordsCountFromOneInMessages() throws {
        let i = try #require(issue(#"[{"id":"a","title":"t"},{"id":"b"}]"#))
        #expect(i.recordIndex == 1 && i.recordNumber == 2)
        #expect(i.message.contains(", record 2, field \"title\""))
        let outside = try #require(issue("[{\"id\":\"a\",\"title\":\"t\"},]"))
        #expect(outside.recordNumber == nil || outside.message.contains("record \(outside.recordNumber!)"))
    }

    /// The keys of the native format as docs/formats.md documents them, independently of `TodoField`.
    static let documentedKeys: Set<String> = ["id", "title", "memo", "startDate", "endDate", "createdAt", "repetition",
                                             "completed", "reminderTime", "tags", "isChallenge", "iscompleted",
                                             "rrule", "exdates", "rdates", "kind", "occurrenceDays", "startTime",
                                             "endTime", "location", "alarms", "timeZone"]

    @Test func everyFieldIsExportedUnderItsName() throws {
        #expect(Set(TodoField.allCases.map(\.nameText)) == Self.documentedKeys)
        var set = TodoSet()
        try set.append(TodoDraft(id: "a", title: "t", memo: "m", start: day("2026-11-02"), end: day("2026-11-04"),
                                 createdAt: 0, isChallenge: true, isCompleted: true, repetition: WeekdaySet([.monday, .wednesday]),
                                 completedDays: [true, false], reminderMinutes: 90, tags: ["x"]))
        // The rule's fields come with a todo that has a rule.
        let s = day("2026-11-02")
        try set.append(TodoDraft(id: "b", title: "r", start: s, end: day("2026-12-31"),
                                 recurrence: Recurrence(start: s, rule: try RecurrenceRule(parsing: "FREQ=MONTHLY;BYDAY=1MO"),
                                                        rdates: [day("2026-11-20")], exdates: [day("2026-12-07")]),
                                 completedDays: [true, false]))
        // An occurrence of several days: its length comes with a rule.
        var w = TodoDraft(id: "w", title: "two days", start: s, end: day("2026-11-24"),
                          recurrence: Recurrence(start: s, rule: try RecurrenceRule(parsing: "FREQ=WEEKLY")))
        w.occurrenceDays = 2
        try set.append(w)
        var e = TodoDraft(id: "e", title: "meeting", start: s, end: s, isEvent: true, times: TodoTimes(start: 600, end: 660),
                          location: "Room 4")
        // Times kept in a zone of their own, read in the import's zone (UTC by default).
        e.timeZone = TodoTimeZone(source: try TimeZoneRules.named("Asia/Seoul"), readIn: .utc)
        try set.append(e)
        // Alarms: every key of an alarm object (`TodoAlarm.Field`) too.
        set.setAlarms([TodoAlarm(clock: .local, day: 0, second: 540 * 60, repeatCount: 1, repeatInterval: 60, action: .audio,
                                 zone: try TimeZoneRules.named("Asia/Seoul"), reminder: 540, occurrence: s, description: "d")], at: 3)
        let text = String(decoding: set.exportJSONBytes(format: .jsonLines), as: UTF8.self)
        for f in TodoField.allCases {
            #expect(text.contains("\"" + f.nameText + "\":"), "\(f) is not exported as \(f.nameText)")
        }
        for f in TodoAlarm.Field.all {
            let n = String(decoding: UnsafeBufferPointer(start: f.name.utf8Start, count: f.name.utf8CodeUnitCount), as: UTF8.self)
            #expect(text.contains("\"" + n + "\":"), "\(f) is not exported as \(n)")
        }
        // And every name the exporter wrote is read back as the same field.
        var back = TodoSet()
        try back.importJSON(bytes: Array(text.utf8))
        #expect(back.drafts == set.drafts)
    }

    /// The reasons as `ImportIssue.Reason.isSyntaxError` documents them, listed by name.
    static let syntaxReasons: [ImportIssue.Reason] = [
        .emptyInput, .inputTooLarge, .truncated, .trailingContent, .tooManyRecords,
        .unexpectedByte, .nulByte, .leadingZero, .missingFractionDigits, .missingExponentDigits, .invalidNumber,
        .nonFiniteNumber, .singleQuotedString, .controlCharacterInString, .invalidEscape, .loneSurrogateEscape,
        .overlongUTF8, .encodedSurrogate, .codePointTooLarge, .invalidUTF8, .invalidLiteral, .trailingComma, .comment,
        .tooDeep, .stringTooLong, .recordTooLarge, .recordsOnOneLine, .parserRejected,
    ]
    static let schemaReasons: [ImportIssue.Reason] = [
        .notAnObject, .unsupportedFormat, .unsupportedVersion, .missingWrapperField,
        .missingField, .wrongType, .duplicateField, .emptyId, .idTooLong, .duplicateId, .invalidDate, .invalidDateTime,
        .endBeforeStart, .spanTooLong, .invalidRepetition, .completedWithoutSpan, .completedLengthMismatch,
        .completedDayOutsideSpan, .completedDayOffRepetition, .invalidReminderTime, .invalidTag, .invalidRule,
        .invalidKind, .rejectedByStore,
    ]

    @Test func everyReasonIsSyntaxOrSchemaAsDocumented() {
        for r in Self.syntaxReasons { #expect(r.isSyntaxError, "\(r)") }
        for r in Self.schemaReasons { #expect(!r.isSyntaxError, "\(r)") }
        // Every reason there is (any raw value the enum accepts) is in exactly one list.
        let listed = Self.syntaxReasons + Self.schemaReasons
        #expect(Set(listed).count == listed.count)
        let all = (Int32(0)...255).compactMap(ImportIssue.Reason.init(rawValue:))
        #expect(Set(all) == Set(listed), "a reason is missing from the lists: \(Set(all).subtracting(listed))")
    }

    /// The words `calgrid import`/`export` take and report (Tests/CLI/golden holds them too).
    @Test func formatAndPolicyNamesAreTheCommandLineWords() throws {
        #expect(ImportFormat.allCases.map(\.name) == ["auto", "native", "jsonl", "taskwarrior", "ics"])
        #expect(ImportPolicy.allCases.map(\.name) == ["strict", "skip-invalid"])
        #expect(ExportFormat.allCases.map(\.name) == ["native", "jsonl"])
        for f in ImportFormat.allCases { #expect(ImportFormat(name: f.name) == f) }
        for p in ImportPolicy.allCases { #expect(ImportPolicy(name: p.name) == p) }
        for f in ExportFormat.allCases { #expect(ExportFormat(name: f.name) == f) }
        for w in ["", "JSONL", "automatic", "jsonLines", "skipInvalid", " native"] {
            #expect(ImportFormat(name: w) == nil && ImportPolicy(name: w) == nil && ExportFormat(name: w) == nil, "\(w)")
        }
        // An export read back without naming its format is found to be the format of the same name.
        var set = TodoSet()
        try set.append(TodoDraft(id: "a", title: "t"))
        for f in ExportFormat.allCases {
            var back = TodoSet()
            let report = try back.importJSON(bytes: set.exportJSONBytes(format: f))
            #expect(report.format == f.importFormat && report.format.name == f.name)
        }
    }
}
