/// A todo as a value, before it enters a `TodoSet` (which stores it as struct-of-arrays).
///
/// This is the contract between producers (JSON import, the C API, the CLI's sample set) and the
/// store: its texts, its completion flags and its fixed-size `fields`. `TodoSet` validates a draft
/// on insert, by staging it in a `TodoBatch` (every insert and update goes that one way).
public struct TodoDraft: Hashable, Sendable {
    /// Non-empty, unique within a set, at most `maxIDBytes` UTF-8 bytes.
    public var id: String
    /// May be empty.
    public var title: String
    public var memo: String?
    /// Span, kind, creation time, repetition and reminder (the fixed-size fields).
    public var fields: TodoFields
    /// One flag per repeat day of [start, end] (days whose weekday is in `repetition`, or the
    /// occurrences of `recurrence`), in date order;
    /// nil = every flag `fields.isCompleted` (all done for a todo completed as a whole). Only meaningful when both `start` and `end` are set, or for a todo with a
    /// `recurrence` and no end: then its first occurrences, as many as it has flags for (as far
    /// as the last one ticked; the later ones are not done).
    public var completedDays: [Bool]?
    public var tags: [String]
    /// Where it takes place (iCalendar's LOCATION), nil when none; kept beside its times, so a
    /// todo without either pays nothing for it.
    public var location: String?
    /// The zones of its times when they keep their wall-clock time in a zone other than the one
    /// they were read in (a TZID or UTC rule read in the import zone), nil for most: each
    /// occurrence's times are then its own (`TodoSet.times(at:on:)`).
    /// - Complexity: O(1)
    @inlinable public var timeZone: TodoTimeZone? {
        get { _timeZone.zones.count == 2 ? TodoTimeZone(source: _timeZone.zones[0], readIn: _timeZone.zones[1]) : nil }
        set { _timeZone.zones = newValue.map { [$0.source, $0.readIn] } ?? [] }
    }
    /// `timeZone` as its two zones in an array (none when nil): a word in every draft, not two
    /// zones' rules (a firmware's drafts on the stack would carry them), and an array of the
    /// alarms' element type, not a new one (each array type costs a firmware its class metadata).
    @usableFromInline var _timeZone = _DraftZones()

    /// The longest id a set accepts, in UTF-8 bytes.
    public static let maxIDBytes = 256
    /// The reminder times a set accepts: minutes after midnight, 00:00...23:59.
    public static let reminderMinutesRange: ClosedRange<Int16> = 0...1439

    /// A draft of these fields one by one (see `TodoFields`).
    /// - Complexity: O(1)
    public init(id: String, title: String, memo: String? = nil, start: CivilDate? = nil, end: CivilDate? = nil,
                createdAt: Int64? = nil, isChallenge: Bool = false, isCompleted: Bool = false,
                repetition: WeekdaySet = .all, recurrence: Recurrence? = nil, completedDays: [Bool]? = nil,
                reminderMinutes: Int16? = nil, tags: [String] = [], isEvent: Bool = false, times: TodoTimes? = nil,
                location: String? = nil) {
        self.init(id: id, title: title, memo: memo,
                  fields: TodoFields(start: start, end: end, createdAt: createdAt, isChallenge: isChallenge,
                                     isCompleted: isCompleted, repetition: repetition, reminderMinutes: reminderMinutes,
                                     recurrence: recurrence, isEvent: isEvent, times: times),
                  completedDays: completedDays, tags: tags, location: location)
    }

    /// A draft of these texts, fields, flags and tags.
    /// - Complexity: O(1)
    @inlinable
    public init(id: String, title: String, memo: String? = nil, fields: TodoFields, completedDays: [Bool]? = nil,
                tags: [String] = [], location: String? = nil) {
        self.id = id; self.title = title; self.memo = memo; self.fields = fields
        self.completedDays = completedDays; self.tags = tags; self.location = location
    }

    /// First day, inclusive; nil = not dated (`fields.start`).
    /// - Complexity: O(1)
    @inlinable public var start: CivilDate? { get { fields.start } set { fields.start = newValue } }
    /// Last day, inclusive; nil = no deadline. Never before `start` (`fields.end`).
    /// - Complexity: O(1)
    @inlinable public var end: CivilDate? { get { fields.end } set { fields.end = newValue } }
    /// Registration time, seconds since 1970-01-01T00:00:00Z; nil = unknown (`fields.createdAt`).
    /// - Complexity: O(1)
    @inlinable public var createdAt: Int64? { get { fields.createdAt } set { fields.createdAt = newValue } }
    /// `fields.isChallenge`.
    /// - Complexity: O(1)
    @inlinable public var isChallenge: Bool { get { fields.isChallenge } set { fields.isChallenge = newValue } }
    /// For todos without per-day tracking (`fields.isCompleted`).
    /// - Complexity: O(1)
    @inlinable public var isCompleted: Bool { get { fields.isCompleted } set { fields.isCompleted = newValue } }
    /// Weekdays the todo falls on within [start, end]; `.all` by default, never empty (`fields.repetition`).
    /// - Complexity: O(1)
    @inlinable public var repetition: WeekdaySet { get { fields.repetition } set { fields.repetition = newValue } }
    /// Reminder time of day in minutes after midnight (`reminderMinutesRange`), if any (`fields.reminderMinutes`).
    /// - Complexity: O(1)
    @inlinable public var reminderMinutes: Int16? { get { fields.reminderMinutes } set { fields.reminderMinutes = newValue } }
    /// Days each occurrence of its rule covers (`fields.occurrenceDays`).
    @inlinable public var occurrenceDays: Int32 { get { fields.occurrenceDays } set { fields.occurrenceDays = newValue } }
    /// Its times of day (`fields.times`); nil for an all-day or date-only item.
    /// - Complexity: O(1)
    @inlinable public var times: TodoTimes? { get { fields.times } set { fields.times = newValue } }
    /// An event rather than a todo (`fields.isEvent`); false by default.
    /// - Complexity: O(1)
    @inlinable public var isEvent: Bool { get { fields.isEvent } set { fields.isEvent = newValue } }
    /// An RFC 5545 recurrence instead of weekdays (`fields.recurrence`); nil by default.
    /// - Complexity: O(1)
    @inlinable public var recurrence: Recurrence? { get { fields.recurrence } set { fields.recurrence = newValue } }
}

/// A draft's zones (`TodoDraft.timeZone`: source, then reading zone; empty for none), equal and
/// hashed by the zones' names as bytes (a name is a zone's rules; `TimeZoneRules` is not Hashable).
@usableFromInline
struct _DraftZones: Hashable, Sendable {
    @usableFromInline var zones: [TimeZoneRules] = []

    @inlinable init() {}

    @usableFromInline static func == (a: _DraftZones, b: _DraftZones) -> Bool {
        guard a.zones.count == b.zones.count else { return false }
        for k in 0..<a.zones.count where !_sameUTF8(a.zones[k].name, b.zones[k].name) { return false }
        return true
    }

    @usableFromInline func hash(into h: inout Hasher) {
        for z in zones {
            for b in z.name.utf8 { h.combine(b) }
            h.combine(0 as UInt8)
        }
    }
}
