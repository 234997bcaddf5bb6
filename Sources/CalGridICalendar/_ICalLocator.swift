// Where an iCalendar issue is: the item's BEGIN line, or the line of the property to blame (found
// on the error path only, by the property's name at the start of a content line of the item, outside
// its subcomponents), and the item's index. Fields are named in iCalendar's words: a refused id is
// `UID`, a refused end is `DUE` (VTODO) or `DTEND` (VEVENT).
import CalGrid
import CalGridImport

struct _ICalLocator: _IssueLocating {
    /// The items of the batch being decoded; `items[0]` is record `first` of the import.
    var items: [_ICalItemPlace] = []
    var first = 0
    var sources: [_ICalSource] = []

    /// The issue at `offset` of the buffer, in `source` (a vdir file: its name, and the offset made its own).
    func issue(_ p: UnsafePointer<UInt8>, _ reason: ImportIssue.Reason, line: Int, offset: Int, record: Int, field: String,
               detail: String, source: Int = 0) -> ImportIssue {
        var at = offset
        var name = ""
        if source < sources.count { at -= sources[source].start; name = sources[source].name }
        var i = ImportIssue(reason: reason, byteOffset: Int64(at), line: line, column: 1, recordIndex: record, field: field, detail: detail)
        i.source = name
        return i
    }

    func issue(_ p: UnsafePointer<UInt8>, _ problem: _RecordProblem, span: _Span, record: Int) -> ImportIssue {
        switch problem {
        case .failed(let f):
            let (line, offset) = where_(p, record, f.field)
            return issue(p, f.reason, line: line, offset: offset, record: record, field: f.field, detail: f.detail, source: items[record - first].source)
        case .malformed(let reason, let offset, let detail):
            return issue(p, reason, line: items[record - first].at.line, offset: offset, record: record, field: "", detail: _text(detail),
                         source: items[record - first].source)
        }
    }

    func issue(_ p: UnsafePointer<UInt8>, refused error: TodoError, fields: TodoFields, span: _Span, record: Int) -> ImportIssue {
        let reason = ImportIssue.Reason(error)
        let field = reason == .rejectedByStore ? "" : error.field.map { Self.property($0, isEvent: items[record - first].isEvent) } ?? ""
        let (line, offset) = where_(p, record, field)
        var i = issue(p, reason, line: line, offset: offset, record: record, field: field, detail: ImportIssue.detail(of: error, fields: fields),
                      source: items[record - first].source)
        i.rejection = error
        return i
    }

    /// The iCalendar property a todo field comes from.
    static func property(_ f: TodoField, isEvent: Bool) -> String {
        switch f {
        case .id: "UID"
        case .title: "SUMMARY"
        case .memo: "DESCRIPTION"
        case .start: "DTSTART"
        case .end: isEvent ? "DTEND" : "DUE"
        case .createdAt: "CREATED"
        case .tags: "CATEGORIES"
        case .isCompleted: "STATUS"
        case .reminderMinutes, .alarms: "VALARM"
        case .rule: "RRULE"
        case .exceptionDates: "EXDATE"
        case .additionalDates: "RDATE"
        case .occurrenceDays: "DUE"
        case .startTime, .timeZone: "DTSTART"
        case .endTime: isEvent ? "DTEND" : "DUE"
        case .location: "LOCATION"
        case .repetition, .completedDays, .isChallenge, .kind: ""
        }
    }

    /// The line and offset of property `name` in item `record` (its BEGIN line when not found).
    func where_(_ p: UnsafePointer<UInt8>, _ record: Int, _ name: String) -> (Int, Int) {
        let item = items[record - first].at
        guard !name.isEmpty else { return (item.line, item.start) }
        let want = Array(name.utf8)
        var line = item.line, at = item.start, depth = 0
        func starts(_ w: [UInt8], _ i: Int) -> Bool {
            guard i + w.count < item.end else { return false }
            for k in 0..<w.count where _asciiUpper(p[i + k]) != w[k] { return false }
            return true
        }
        while at < item.end {
            if starts(Array("BEGIN:".utf8), at) { depth += 1 } else if starts(Array("END:".utf8), at) { depth -= 1 }
            else if depth == 1, starts(want, at), p[at + want.count] == 0x3A || p[at + want.count] == 0x3B { return (line, at) }
            while at < item.end, p[at] != 0x0A { at += 1 }
            at += 1
            line += 1
        }
        return (item.line, item.start)
    }
}

/// A StaticString's text.
func _text(_ s: StaticString) -> String { s.withUTF8Buffer { String(decoding: $0, as: UTF8.self) } }
