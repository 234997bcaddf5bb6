/// Why a todo (or a batch of todos) was rejected, or why an operation on a `TodoSet` failed.
///
/// Validation errors carry the todo's `position` (its index in the batch for inserts, its index in
/// the set for updates) and, when it has one, its `id`, so a message can name the todo; `field`
/// names the offending field. A failed insert or update leaves the set untouched.
public enum TodoError: Error, Hashable, Sendable {
    /// The id is the empty string.
    case emptyID(position: Int)
    /// The id is longer than 256 UTF-8 bytes.
    case idTooLong(position: Int, byteCount: Int)
    /// The id is already in the set, or appears earlier in the same batch.
    case duplicateID(position: Int, id: String)
    /// `end` comes before `start`.
    case endBeforeStart(position: Int, id: String, start: CivilDate, end: CivilDate)
    /// `completedDays` has `actual` flags but the span has `expected` repeat days.
    case completedDaysCountMismatch(position: Int, id: String, expected: Int, actual: Int)
    /// `completedDays` is given but `start` or `end` is missing.
    case completedDaysWithoutSpan(position: Int, id: String)
    /// The repetition weekday set is empty.
    case emptyRepetition(position: Int, id: String)
    /// The reminder is outside 0...1439 minutes.
    case reminderOutOfRange(position: Int, id: String, minutes: Int16)
    /// No todo has this id.
    case unknownID(String)
    /// `day` is not a tracked repeat day of the todo at `position` (outside its span, off its
    /// repetition, or the todo has no start or no end).
    case dayNotTracked(position: Int, day: CivilDate)
    /// The todo has both a recurrence rule and a weekday repetition other than `.all`.
    case ruleWithRepetition(position: Int, id: String)
    /// The todo has a recurrence rule but no start (a rule's first occurrence is its start).
    case ruleWithoutStart(position: Int, id: String)
    /// The rule's start (`Recurrence.start`) is not the todo's start.
    case ruleStartMismatch(position: Int, id: String, start: CivilDate, ruleStart: CivilDate)
    /// The rule's text (staged in a `TodoBatch`) does not parse.
    case invalidRule(position: Int, id: String, error: RecurrenceError)
    /// `day` lies in the span of a tracked todo with a rule (or is any day of an open-ended one)
    /// but is not one of its occurrences; the occurrences before and after it in the span, when
    /// there are any.
    case notAnOccurrence(position: Int, day: CivilDate, previous: CivilDate?, next: CivilDate?)
    /// The item is an event, which is never done: it came with `isCompleted` or completion flags,
    /// or a change asked to mark it done (or not done) as a whole or on a day.
    case eventNeverDone(position: Int, id: String)
    /// The item is an event and a challenge (a challenge is a todo ticked day by day).
    case eventChallenge(position: Int, id: String)
    /// `occurrenceDays` is not in 1...`TodoFields.maxOccurrenceDays`.
    case occurrenceDaysOutOfRange(position: Int, id: String, days: Int32)
    /// `occurrenceDays` is more than 1 but the todo has no rule (only occurrences of a rule have a length).
    case occurrenceDaysWithoutRule(position: Int, id: String, days: Int32)
    /// The first occurrence (`start` and `occurrenceDays`) ends on `occurrenceEnd`, after `end`.
    case occurrenceBeyondEnd(position: Int, id: String, occurrenceEnd: CivilDate, end: CivilDate)
    /// The set would exceed its storage limits: `TodoSet.maxCount` todos, `maxTextBytes` of text
    /// or `maxCompletionFlags` flags (lower where `Int` is 32 bits).
    case capacityExceeded

    /// The field an error is about.
    public var field: TodoField? {
        switch self {
        case .emptyID, .idTooLong, .duplicateID, .unknownID: return .id
        case .endBeforeStart: return .end
        case .completedDaysCountMismatch, .completedDaysWithoutSpan, .dayNotTracked, .notAnOccurrence: return .completedDays
        case .ruleWithRepetition, .ruleWithoutStart, .ruleStartMismatch, .invalidRule: return .rule
        case .emptyRepetition: return .repetition
        case .reminderOutOfRange: return .reminderMinutes
        case .eventNeverDone, .eventChallenge: return .kind
        case .occurrenceDaysOutOfRange, .occurrenceDaysWithoutRule, .occurrenceBeyondEnd: return .occurrenceDays
        case .capacityExceeded: return nil
        }
    }

    /// The position of the todo the error is about (in the batch, or in the set).
    public var position: Int? {
        switch self {
        case .emptyID(let p), .idTooLong(let p, _), .duplicateID(let p, _), .endBeforeStart(let p, _, _, _),
             .completedDaysCountMismatch(let p, _, _, _), .completedDaysWithoutSpan(let p, _),
             .emptyRepetition(let p, _), .reminderOutOfRange(let p, _, _), .dayNotTracked(let p, _),
             .ruleWithRepetition(let p, _), .ruleWithoutStart(let p, _), .ruleStartMismatch(let p, _, _, _),
             .invalidRule(let p, _, _), .notAnOccurrence(let p, _, _, _), .eventNeverDone(let p, _),
             .eventChallenge(let p, _), .occurrenceDaysOutOfRange(let p, _, _), .occurrenceDaysWithoutRule(let p, _, _),
             .occurrenceBeyondEnd(let p, _, _, _):
            return p
        case .unknownID, .capacityExceeded: return nil
        }
    }
}
