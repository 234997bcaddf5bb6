// Turns what went wrong into an `ImportIssue`: where (byte offset, line and column from the line
// tracker, the offending field's key rather than the record's start when a field is to blame) and
// which record. Only error paths come here, so it walks raw bytes again instead of keeping
// positions for every field of every record.
import CalGrid
import CalGridImport

@usableFromInline
struct _IssueBuilder: _IssueLocating {
    var lines = _LineTracker()
    /// The input's field names (decided once, by `_FormatDecision`): a refused Taskwarrior id is `uuid`.
    var vocabulary = _JSONVocabulary.native

    /// An issue at window offset `offset` of the window `p`.
    func issue(_ p: UnsafePointer<UInt8>, _ reason: ImportIssue.Reason, offset: Int, record: Int, field: String, detail: String) -> ImportIssue {
        let (l, c) = lines.location(p, offset)
        return ImportIssue(reason: reason, byteOffset: lines.absolute(offset), line: l, column: c, recordIndex: record, field: field, detail: detail)
    }

    /// A record that did not become a draft. A field failure points at the field's key
    /// (`completed[3]` at `completed`), a repeated key at its second occurrence.
    func issue(_ p: UnsafePointer<UInt8>, _ problem: _RecordProblem, span s: _Span, record: Int) -> ImportIssue {
        switch problem {
        case .failed(let f):
            var f = f
            var at = s.start
            let raw = _RawRecord(p, start: s.start, end: s.end)
            if f.reason == .duplicateField, f.field.isEmpty, let dup = raw.firstDuplicateKey() {
                f.field = dup.name; at = dup.offset
            } else {
                at = raw.offset(ofField: _IssueBuilder.topField(f.field))
            }
            return issue(p, f.reason, offset: at, record: record, field: f.field, detail: f.detail)
        case .malformed(let reason, let offset, let detail):
            return issue(p, reason, offset: offset, record: record, field: "", detail: _text(detail))
        }
    }

    /// A todo the set refused (a taken id, a rule of the set), pointing at the field concerned:
    /// the set's error is the issue's `rejection` and its sentence the `detail`; `fields` are the
    /// refused todo's.
    func issue(_ p: UnsafePointer<UInt8>, refused error: TodoError, fields: TodoFields, span s: _Span, record: Int) -> ImportIssue {
        let reason = ImportIssue.Reason(error)
        let field = reason == .rejectedByStore ? "" : error.field.map { vocabulary.name(of: $0) } ?? ""
        var i = issue(p, reason, offset: _RawRecord(p, start: s.start, end: s.end).offset(ofField: field), record: record,
                      field: field, detail: ImportIssue.detail(of: error, fields: fields))
        i.rejection = error
        return i
    }

    /// A limit on the whole input, before any record: at the limit's offset, line 1, column 1.
    static func inputTooLarge(limit: Int64, detail: String) -> ImportError {
        .invalidInput(ImportIssue(reason: .inputTooLarge, byteOffset: limit, line: 1, column: 1, recordIndex: -1, field: "", detail: detail))
    }

    /// "completed[3]" → "completed"; "completed.2024-01-02" → "completed".
    static func topField(_ f: String) -> String {
        var out = ""
        for c in f.utf8 {
            if c == 0x5B || c == 0x2E { break }
            out.unicodeScalars.append(Unicode.Scalar(c))
        }
        return out
    }
}
