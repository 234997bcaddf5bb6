import CalGrid
import CalGridSystem

/// One problem found in the input: what is wrong, where, and why.
///
/// In `.strict` policy the first issue aborts the import (`ImportError.invalidInput`); in
/// `.skipInvalid` the record it belongs to is skipped and the issue is listed in the report.
public struct ImportIssue: Hashable, Sendable {
    /// The kind of problem; stable numbers so a C wrapper can pass them on.
    public enum Reason: Int32, Hashable, Sendable {
        // Input as a whole
        case emptyInput = 1
        case inputTooLarge
        case truncated
        case trailingContent
        case tooManyRecords
        // RFC 8259 syntax, and what json-c would let through
        case unexpectedByte = 20
        case nulByte
        case leadingZero
        case missingFractionDigits
        case missingExponentDigits
        case invalidNumber
        case nonFiniteNumber
        case singleQuotedString
        case controlCharacterInString
        case invalidEscape
        case loneSurrogateEscape
        case overlongUTF8
        case encodedSurrogate
        case codePointTooLarge
        case invalidUTF8
        case invalidLiteral
        case trailingComma
        case comment
        case tooDeep
        case stringTooLong
        case recordTooLarge
        case recordsOnOneLine
        case parserRejected
        // Top-level structure
        case notAnObject = 60
        case unsupportedFormat
        case unsupportedVersion
        case missingWrapperField
        // Record fields
        case missingField = 80
        case wrongType
        case duplicateField
        case emptyId
        case idTooLong
        case duplicateId
        case invalidDate
        case invalidDateTime
        case endBeforeStart
        case spanTooLong
        case invalidRepetition
        case completedWithoutSpan
        case completedLengthMismatch
        case completedDayOutsideSpan
        case completedDayOffRepetition
        case invalidReminderTime
        case invalidTag
        /// A recurrence rule (`rrule`, `exdates`, `rdates`, Taskwarrior's `recur`) that does not
        /// parse or does not fit the todo (no start, a repetition beside it, another start).
        case invalidRule
        /// An event (`"kind": "event"`) with a completion or as a challenge, or a `kind` that is
        /// neither `"todo"` nor `"event"`.
        case invalidKind
        case rejectedByStore = 120

        /// The reason for a todo the set refused: its rule, by the set's own error (the set is the
        /// one validator; the import words nothing of its own for these). Every import uses this.
        /// - Complexity: O(1)
        public init(_ rejection: TodoError) {
            switch rejection {
            case .duplicateID: self = .duplicateId
            case .emptyID: self = .emptyId
            case .idTooLong: self = .idTooLong
            case .endBeforeStart: self = .endBeforeStart
            case .completedDaysCountMismatch: self = .completedLengthMismatch
            case .completedDaysWithoutSpan: self = .completedWithoutSpan
            case .emptyRepetition: self = .invalidRepetition
            case .reminderOutOfRange: self = .invalidReminderTime
            case .ruleWithRepetition, .ruleWithoutStart, .ruleStartMismatch, .invalidRule: self = .invalidRule
            // An occurrence's length belongs to the rule's occurrences.
            case .occurrenceDaysOutOfRange, .occurrenceDaysWithoutRule, .occurrenceBeyondEnd: self = .invalidRule
            case .eventNeverDone, .eventChallenge: self = .invalidKind
            case .unknownID, .dayNotTracked, .notAnOccurrence, .capacityExceeded: self = .rejectedByStore
            }
        }

        /// True for problems with the bytes and the JSON syntax: the input as a whole
        /// (`emptyInput` … `tooManyRecords`) and RFC 8259 (`unexpectedByte` … `parserRejected`);
        /// false for a wrong shape or value in well-formed JSON: the top-level structure and the
        /// record fields (`notAnObject` … `rejectedByStore`). The C API reports the first as
        /// `CALGRID_EPARSE`, the second as `CALGRID_ESCHEMA` (limits and duplicate ids have their own).
        /// - Complexity: O(1)
        public var isSyntaxError: Bool {
            // The reasons are numbered by group; the syntax groups come before the first structural one.
            rawValue < Reason.notAnObject.rawValue
        }
    }

    public var reason: Reason
    /// Offset of the offending byte from the start of the input (a BOM counts).
    public var byteOffset: Int64
    /// 1-based line of `byteOffset`.
    public var line: Int
    /// 1-based column of `byteOffset`, in bytes.
    public var column: Int
    /// 0-based index of the record in the input; -1 when the issue is outside any record. Messages
    /// count records from 1 (`recordNumber`).
    public var recordIndex: Int
    /// The field concerned (`"completed"`, `"repetition[2]"`); empty when none.
    public var field: String
    /// Why, in words. For a todo the set refused, the set's sentence (`rejection.description`).
    public var detail: String
    /// The set's own error when the set refused the record's todo (`reason` is `Reason(rejection)`);
    /// nil for a problem the format found.
    public var rejection: TodoError?
    /// In an import of a directory (a vdir), the name of the file in it the issue is in, and then
    /// `line`, `column` and `byteOffset` are in that file; empty for an import of one input.
    public var source: String = ""

    /// An issue of these parts.
    /// - Complexity: O(1)
    public init(reason: Reason, byteOffset: Int64, line: Int, column: Int, recordIndex: Int, field: String, detail: String,
                rejection: TodoError? = nil) {
        self.reason = reason; self.byteOffset = byteOffset; self.line = line; self.column = column
        self.recordIndex = recordIndex; self.field = field; self.detail = detail; self.rejection = rejection
    }

    /// The detail of an issue for a todo the set refused: the set's sentence, and for a wrong
    /// number of flags the span they were counted in (`fields` are the refused todo's).
    /// - Complexity: O(length of the sentence)
    public static func detail(of rejection: TodoError, fields: TodoFields) -> String {
        guard case .completedDaysCountMismatch = rejection, let s = fields.start, let e = fields.end else { return rejection.description }
        return rejection.description + " in " + s.iso8601 + "..." + e.iso8601
    }

    /// The record as people count: 1 for the first (`recordIndex + 1`); nil outside any record.
    /// Every message that names a record uses this number.
    /// - Complexity: O(1)
    public var recordNumber: Int? { recordIndex >= 0 ? recordIndex + 1 : nil }

    /// `line 3, column 17 (byte 112), record 2, field "endDate": endDate 2026-11-01 is before startDate 2026-11-10`;
    /// the record is `recordNumber` (1-based).
    /// - Complexity: O(length of the text)
    public var message: String {
        var s = (source.isEmpty ? "" : source + ": ") + "line \(line), column \(column) (byte \(byteOffset))"
        if let n = recordNumber { s += ", record \(n)" }
        if !field.isEmpty { s += ", field \"" + field + "\"" }
        return s + ": " + detail
    }
}

/// Why an import failed as a whole. A failed import never changes the target set.
public enum ImportError: Error, Hashable, Sendable {
    /// The input is invalid: the first problem in `.strict` policy, or one that makes the rest
    /// unreadable in `.skipInvalid` policy (a syntax error inside an array, a wrong wrapper).
    case invalidInput(ImportIssue)
    /// A system call failed (opening or reading the input, starting a thread).
    case system(Errno)
    /// The progress hook asked to stop.
    case cancelled

    /// One line for a user.
    /// - Complexity: O(length of the text)
    public var message: String {
        switch self {
        case .invalidInput(let issue): return issue.message
        case .system(let e): return e.message
        case .cancelled: return "import cancelled"
        }
    }
}
