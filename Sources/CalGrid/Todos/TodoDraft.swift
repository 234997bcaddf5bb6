/// A todo as a value, before it enters a `TodoSet` (which stores it as struct-of-arrays).
///
/// This is the contract between producers (JSON import, the C API, the CLI's sample set) and the
/// store. `TodoSet` validates a draft on insert.
public struct TodoDraft: Hashable, Sendable {
    /// Non-empty, unique within a set, at most `maxIDBytes` UTF-8 bytes.
    public var id: String
    /// May be empty.
    public var title: String
    public var memo: String?
    /// First day, inclusive; nil = not dated.
    public var start: CivilDate?
    /// Last day, inclusive; nil = no deadline. Never before `start`.
    public var end: CivilDate?
    /// Registration time, seconds since 1970-01-01T00:00:00Z; nil = unknown (insertion order decides).
    public var createdAt: Int64?
    public var isChallenge: Bool
    /// For todos without per-day tracking.
    public var isCompleted: Bool
    /// Weekdays the todo falls on within [start, end] (the app's 반복); `.all` by default, never empty.
    public var repetition: WeekdaySet
    /// One flag per repeat day of [start, end] (days whose weekday is in `repetition`), in date order;
    /// nil = all false. Only meaningful when both `start` and `end` are set.
    public var completedDays: [Bool]?
    /// Reminder time of day in minutes after midnight (`reminderMinutesRange`), if any.
    public var reminderMinutes: Int16?
    public var tags: [String]

    /// The longest id a set accepts, in UTF-8 bytes.
    public static let maxIDBytes = 256
    /// The reminder times a set accepts: minutes after midnight, 00:00...23:59.
    public static let reminderMinutesRange: ClosedRange<Int16> = 0...1439

    public init(id: String, title: String, memo: String? = nil, start: CivilDate? = nil, end: CivilDate? = nil,
                createdAt: Int64? = nil, isChallenge: Bool = false, isCompleted: Bool = false,
                repetition: WeekdaySet = .all, completedDays: [Bool]? = nil, reminderMinutes: Int16? = nil,
                tags: [String] = []) {
        self.id = id; self.title = title; self.memo = memo; self.start = start; self.end = end
        self.createdAt = createdAt; self.isChallenge = isChallenge; self.isCompleted = isCompleted
        self.repetition = repetition; self.completedDays = completedDays
        self.reminderMinutes = reminderMinutes; self.tags = tags
    }
}
