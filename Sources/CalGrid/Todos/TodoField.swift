/// The fields of a todo, each with its one name: the key of the native JSON format. Every layer
/// that names a field (import issues, the C API's `calgrid_error.field`, the CLI) uses `name`.
public enum TodoField: UInt8, CaseIterable, Sendable {
    case id, title, memo, start, end, createdAt, repetition, completedDays, reminderMinutes, tags
    case isChallenge, isCompleted
    /// The recurrence rule, its removed days and its added days (RRULE, EXDATE, RDATE).
    case rule, exceptionDates, additionalDates
    /// What the item is: a todo (the default, no key) or an event (`"kind": "event"`).
    case kind
    /// The days each occurrence of a todo with a rule covers (`TodoFields.occurrenceDays`).
    case occurrenceDays
    /// Its times of day (`TodoFields.times`: `startTime` and `endTime`, `"HH:MM"`) and its location.
    case startTime, endTime, location
    /// Its alarms (`TodoSet.alarms(at:)`), a list of objects whose keys are `TodoAlarm.Field`'s.
    case alarms
    /// The zone its times keep their wall-clock time in (`TodoDraft.timeZone`'s source; read in
    /// the import's zone): a tzdata name, absent for most items.
    case timeZone

    /// The field's key in the native JSON format, as the exporter writes it: `id`, `title`, `memo`,
    /// `startDate`, `endDate`, `createdAt`, `repetition`, `completed`, `reminderTime`, `tags`,
    /// `isChallenge`, `iscompleted` (the origin app's spelling; the importer also reads `isCompleted`),
    /// `rrule` (an RFC 5545 RRULE value), `exdates`, `rdates` (lists of `YYYY-MM-DD`), `kind`
    /// (`"event"` for an event, `"todo"` or absent for a todo: `eventKindName`, `todoKindName`),
    /// `occurrenceDays` (a whole number of days, absent when 1), `startTime` and `endTime`
    /// (`"HH:MM"`, `TodoTimes.text`; absent for an all-day item), `location` (a string), `alarms`
    /// (a list of alarm objects, `TodoAlarm.Field`; absent without alarms), `timeZone` (a tzdata
    /// zone name, absent unless a recurring item's times keep their wall-clock time there).
    /// - Complexity: O(1); a static literal.
    @inlinable
    public var name: StaticString {
        switch self {
        case .id: return "id"
        case .title: return "title"
        case .memo: return "memo"
        case .start: return "startDate"
        case .end: return "endDate"
        case .createdAt: return "createdAt"
        case .repetition: return "repetition"
        case .completedDays: return "completed"
        case .reminderMinutes: return "reminderTime"
        case .tags: return "tags"
        case .isChallenge: return "isChallenge"
        case .isCompleted: return "iscompleted"
        case .rule: return "rrule"
        case .exceptionDates: return "exdates"
        case .additionalDates: return "rdates"
        case .kind: return "kind"
        case .occurrenceDays: return "occurrenceDays"
        case .startTime: return "startTime"
        case .endTime: return "endTime"
        case .location: return "location"
        case .alarms: return "alarms"
        case .timeZone: return "timeZone"
        }
    }

    /// The `kind` value of an event: `"event"`.
    /// - Complexity: O(1); a static literal.
    public static var eventKindName: StaticString { "event" }
    /// The `kind` value of a todo (the default, which the exporter leaves out): `"todo"`.
    /// - Complexity: O(1); a static literal.
    public static var todoKindName: StaticString { "todo" }

    /// `eventKindName` or `todoKindName` as a `String`: the `kind` value of an item.
    /// - Complexity: O(1)
    public static func kindText(isEvent: Bool) -> String { _string(isEvent ? eventKindName : todoKindName) }

    /// A static name as a `String`.
    package static func _string(_ n: StaticString) -> String {
        String(decoding: UnsafeBufferPointer(start: n.utf8Start, count: n.utf8CodeUnitCount), as: UTF8.self)
    }

    /// `name` as a `String`.
    /// - Complexity: O(length of the name)
    public var nameText: String {
        let n = name
        return String(decoding: UnsafeBufferPointer(start: n.utf8Start, count: n.utf8CodeUnitCount), as: UTF8.self)
    }
}
