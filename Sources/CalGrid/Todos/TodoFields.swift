/// A todo's fixed-size fields: everything but its texts (id, title, memo, tags) and its
/// completion flags.
///
/// The one description of them. A `TodoDraft` holds one, a `TodoBatch` stages one per todo, the
/// set validates one (`TodoSet` checks the span, repetition and reminder here) and turns one into
/// its columns' row. A new fixed-size field is added here, to `_TodoColumns` and to the row this
/// makes (`_TodoColumns.Row(_:textOffset:bitOffset:doneCount:)`); every insert and update then
/// carries it.
public struct TodoFields: Hashable, Sendable {
    /// First day, inclusive; nil = not dated.
    public var start: CivilDate?
    /// Last day, inclusive; nil = no deadline. Never before `start`.
    public var end: CivilDate?
    /// Registration time, seconds since 1970-01-01T00:00:00Z; nil = unknown (insertion order decides).
    public var createdAt: Int64?
    /// A challenge: a todo ticked day by day. Never an event.
    public var isChallenge: Bool
    /// For todos without per-day tracking.
    public var isCompleted: Bool
    /// Weekdays the todo falls on within [start, end] (the app's 반복); `.all` by default, never empty.
    public var repetition: WeekdaySet
    /// Reminder time of day in minutes after midnight (`TodoDraft.reminderMinutesRange`), if any.
    public var reminderMinutes: Int16?
    /// The boxed `recurrence` (one word; nil for the common todo without a rule).
    @usableFromInline var _rule: _TodoRule?
    /// An event (a meeting, a holiday: iCalendar's VEVENT) rather than a todo: it falls on the days
    /// of its span as a todo would (repetition and rule included) and is never done, so it has no
    /// completion flags, `isCompleted` and `isChallenge` stay false, and per-day counts report it
    /// apart from the todos (`TodoDayCounts.events`).
    public var isEvent: Bool
    /// How many days each occurrence of a todo with a rule covers (its length; RFC 5545's
    /// DTSTART to DUE, DURATION or DTEND): it falls on each of them, and an occurrence's deadline
    /// is its last day. 1 (one day, the default) for every todo without a rule; at most
    /// `maxOccurrenceDays`. `end` is then the last day of the last occurrence, so an occurrence
    /// starts no later than `end - (occurrenceDays - 1)`. Ticks name an occurrence by its first day
    /// (as RECURRENCE-ID does) and mark it done on every day it covers.
    public var occurrenceDays: Int32
    /// Its times of day (`TodoTimes`: start and end, wall-clock minutes in the zone its days were
    /// read in); nil for an all-day or date-only item. Stored in a side table by row, so a todo
    /// without times pays nothing for them; they move it to no other day.
    public var times: TodoTimes?

    /// The longest occurrence, in days (`occurrenceDays`): 65,536, its days after the first in 16 bits.
    /// - Complexity: O(1)
    @inlinable public static var maxOccurrenceDays: Int32 { 65_536 }

    /// The fields given; the defaults are an undated, unfinished, everyday todo.
    /// - Complexity: O(1)
    @inlinable
    public init(start: CivilDate? = nil, end: CivilDate? = nil, createdAt: Int64? = nil, isChallenge: Bool = false,
                isCompleted: Bool = false, repetition: WeekdaySet = .all, reminderMinutes: Int16? = nil,
                recurrence: Recurrence? = nil, isEvent: Bool = false, occurrenceDays: Int32 = 1, times: TodoTimes? = nil) {
        self.start = start; self.end = end; self.createdAt = createdAt; self.isChallenge = isChallenge
        self.isCompleted = isCompleted; self.repetition = repetition; self.reminderMinutes = reminderMinutes
        self._rule = recurrence.map { _TodoRule._make($0) }; self.isEvent = isEvent; self.occurrenceDays = occurrenceDays
        self.times = times
    }

    /// An RFC 5545 recurrence (a rule with RDATE and EXDATE days, bound to `start`), instead of a
    /// weekday `repetition`: the todo falls on its occurrences inside `[start, end]` (an end works
    /// like `UNTIL`; with no end it falls on every occurrence from `start` on, within the rule's
    /// own `COUNT` or `UNTIL`). Its `start` must be the todo's `start`, and `repetition` must stay
    /// `.all`; a tracked todo keeps one completion flag per occurrence. nil: no rule.
    /// - Complexity: O(1)
    @inlinable
    public var recurrence: Recurrence? {
        get { _rule?.recurrence }
        set { _rule = newValue.map { _TodoRule._make($0) } }
    }

    /// Whether the todo has both a start and an end, and so one completion flag per repeat day
    /// (an event never: it is never done).
    /// - Complexity: O(1)
    @inlinable public var isTracked: Bool { start != nil && end != nil && !isEvent }
}

extension _TodoColumns.Row {
    /// The row of a todo with these fields, whose text record and flags are at the offsets given.
    /// `explicitDays` says whether the todo came with its own completion flags.
    @inlinable
    init(_ f: TodoFields, explicitDays: Bool, textOffset: UInt32, bitOffset: UInt32, doneCount: UInt32) {
        let k = TodoSet._dayKeys(f)
        var flags = k.tracked ? TodoSet._tracked : 0
        if f.isChallenge { flags |= TodoSet._challenge }
        if f.isCompleted { flags |= TodoSet._completed }
        if f.createdAt != nil { flags |= TodoSet._hasCreatedAt }
        if explicitDays { flags |= TodoSet._explicitDays }
        if f._rule != nil { flags |= TodoSet._ruled }
        if f.isEvent { flags |= TodoSet._event }
        self.init(start: k.start, end: k.end, createdAt: f.createdAt ?? 0, flags: flags, repetition: f.repetition,
                  reminder: f.reminderMinutes ?? -1, textOffset: textOffset, bitOffset: bitOffset, doneCount: doneCount)
    }
}

extension TodoSet {
    /// The day keys of a todo's span (a `_DayKey` sentinel for a missing end) and whether it is tracked.
    @inlinable
    static func _dayKeys(_ f: TodoFields) -> (start: Int32, end: Int32, tracked: Bool) {
        switch (f.start, f.end) {
        case let (s?, e?): return (s.dayNumber, e.dayNumber, !f.isEvent)
        case let (s?, nil): return (s.dayNumber, _DayKey.noEnd, false)
        case let (nil, e?): return (_DayKey.noStart, e.dayNumber, false)
        case (nil, nil): return (_DayKey.undatedStart, _DayKey.undatedEnd, false)
        }
    }

    /// Checks one todo on its own (not against other ids): its id's length and its fields; returns
    /// its number of tracked days. `completedCount` is how many flags it came with (nil = none);
    /// `id` builds the id for an error only. The one validation of every insert and update.
    @inlinable
    static func _validate(idBytes: Int, _ f: TodoFields, completedCount: Int?, position p: Int,
                          id: () -> String) throws(TodoError) -> Int {
        if idBytes == 0 { throw .emptyID(position: p) }
        if idBytes > TodoDraft.maxIDBytes { throw .idTooLong(position: p, byteCount: idBytes) }
        if f.repetition.isEmpty { throw .emptyRepetition(position: p, id: id()) }
        if let s = f.start, let e = f.end, e < s { throw .endBeforeStart(position: p, id: id(), start: s, end: e) }
        if let r = f.reminderMinutes, !TodoDraft.reminderMinutesRange.contains(r) { throw .reminderOutOfRange(position: p, id: id(), minutes: r) }
        if let rule = f._rule { try _validateRule(rule, f, position: p, id: id) }
        if f.occurrenceDays != 1 { try _validateOccurrenceDays(f, position: p, id: id) }
        if f.isEvent {
            if f.isChallenge { throw .eventChallenge(position: p, id: id()) }
            if f.isCompleted || completedCount != nil { throw .eventNeverDone(position: p, id: id()) }
            return 0
        }
        guard let s = f.start, let e = f.end else {
            guard let c = completedCount else { return 0 }
            // A rule without an end keeps flags for its first occurrences, as far as the last ticked.
            guard let rule = f._rule, let s = f.start else { throw .completedDaysWithoutSpan(position: p, id: id()) }
            try _validateOpenFlags(c, rule, start: s, position: p, id: id)
            return c
        }
        let n = f._rule.map { $0.count(s.dayNumber, e.dayNumber &- (f.occurrenceDays &- 1)) }
            ?? _repeatDayCount(from: s.dayNumber, through: e.dayNumber, days: f.repetition)
        if let c = completedCount, c != n {
            throw .completedDaysCountMismatch(position: p, id: id(), expected: n, actual: c)
        }
        return n
    }
}
