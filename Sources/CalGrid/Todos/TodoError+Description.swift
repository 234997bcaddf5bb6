extension TodoError: CustomStringConvertible {
    /// One English sentence saying what is wrong, naming fields by their `TodoField.name`, e.g.
    /// `endDate 2026-11-01 is before startDate 2026-11-10`. It names no position: where the todo is
    /// (a batch index, a set index, a record of a file) is the caller's to add, from `position`.
    /// Every layer (JSON import, the C API, the CLI) shows this sentence.
    /// - Complexity: O(length of the id); allocates the returned string.
    public var description: String {
        switch self {
        case .emptyID: return "the id is empty"
        case .idTooLong(_, let n): return "the id is \(n) bytes long; at most \(TodoDraft.maxIDBytes) are allowed"
        case .duplicateID(_, let id): return "the id \"" + id + "\" is already taken"
        case .endBeforeStart(_, _, let s, let e):
            return TodoField.end.nameText + " " + e.iso8601 + " is before " + TodoField.start.nameText + " " + s.iso8601
        case .completedDaysCountMismatch(_, _, let expected, let actual):
            return "\(actual) completion flag" + (actual == 1 ? "" : "s") + " for \(expected) repeat day" + (expected == 1 ? "" : "s")
        case .completedDaysWithoutSpan:
            return "completion flags need both " + TodoField.start.nameText + " and " + TodoField.end.nameText
        case .emptyRepetition: return "an empty repetition would never fall on any day"
        case .reminderOutOfRange(_, _, let m):
            return "the reminder (\(m) minutes after midnight) is outside 0...\(TodoDraft.reminderMinutesRange.upperBound) (00:00...23:59)"
        case .unknownID(let id): return "no todo has the id \"" + id + "\""
        case .dayNotTracked(_, let d):
            return d.iso8601 + " is not one of the todo's tracked repeat days (outside its span, off its repetition, or it has no span)"
        case .ruleWithRepetition:
            return TodoField.rule.nameText + " and " + TodoField.repetition.nameText
                + " together: a todo repeats on weekdays or by a rule, not both"
        case .ruleWithoutStart:
            return "a rule (" + TodoField.rule.nameText + ") needs a " + TodoField.start.nameText + ", its first occurrence"
        case .ruleStartMismatch(_, _, let s, let r):
            return "the rule starts on " + r.iso8601 + ", not on " + TodoField.start.nameText + " " + s.iso8601
        case .invalidRule(_, _, let e): return TodoField.rule.nameText + " " + e.description
        case .notAnOccurrence(_, let d, let before, let after):
            return d.iso8601 + " is not an occurrence of the todo's rule (previous: " + (before?.iso8601 ?? "none")
                + ", next: " + (after?.iso8601 ?? "none") + ")"
        case .eventNeverDone:
            return "an event (" + TodoField.kind.nameText + " \"" + TodoField._string(TodoField.eventKindName) + "\") is never done: it takes no "
                + TodoField.isCompleted.nameText + ", no " + TodoField.completedDays.nameText + " days and no ticks"
        case .eventChallenge:
            return "an event (" + TodoField.kind.nameText + " \"" + TodoField._string(TodoField.eventKindName) + "\") is never a challenge ("
                + TodoField.isChallenge.nameText + ")"
        case .occurrenceDaysOutOfRange(_, _, let n):
            return TodoField.occurrenceDays.nameText + " \(n) is outside 1...\(TodoFields.maxOccurrenceDays)"
        case .occurrenceDaysWithoutRule(_, _, let n):
            return TodoField.occurrenceDays.nameText + " \(n) needs a rule (" + TodoField.rule.nameText
                + "): only a rule's occurrences have a length"
        case .occurrenceBeyondEnd(_, _, let o, let e):
            return "the first occurrence ends on " + o.iso8601 + ", after " + TodoField.end.nameText + " " + e.iso8601
        case .capacityExceeded:
            // The limits by name, not number: they differ between 64- and 32-bit targets.
            return "the todo set is full (its maxCount todos, maxTextBytes of text or maxCompletionFlags flags)"
        }
    }
}
