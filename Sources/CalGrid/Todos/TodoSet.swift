/// A set of todos stored as struct-of-arrays with integer keys, built for millions of todos.
///
/// Each todo is a row index `0..<count`, in insertion order (removal keeps the order and shifts
/// later rows down). Per todo the set keeps fixed-size columns — start and end day numbers
/// (`Int32`), `createdAt` (`Int64`), a flag byte, the repetition byte, the reminder (`Int16`), the
/// offset of its text record and of its completion flags (`UInt32` each) and its done count
/// (`UInt32`) — 32 bytes, plus about 5 bytes of id index. All text (id, title, memo, tags) lives in
/// one UTF-8 arena; all per-day completion flags live in one bitset arena, one bit per repeat day
/// of a todo with both a start and an end ("tracked" days). See `memoryFootprint`.
///
/// Dates, as the calendar views see them:
/// - start and end set: the todo falls on the days of `[start, end]` whose weekday is in its
///   repetition, and keeps one completion flag per such day;
/// - start only ("no deadline"): open on the right — it falls on every repeat day from `start` on;
/// - end only: open on the left — it falls on every repeat day up to `end`;
/// - neither ("undated"): it falls on no day; it shows up in `noDeadline`, in searches and sorts.
/// Todos without both dates use `isCompleted` as their completion on every day they fall on.
///
/// Lookups by id go through a hash index; range queries through an interval index that is built
/// on the first query after a change to the set's dates or membership.
///
/// Threads: a `TodoSet` is a `Sendable` value. Any number of threads may read one set at once
/// (every non-mutating member), as long as no thread changes it meanwhile; the indexes a read
/// builds are built once and published atomically (see `_TodoSetCache`). A change needs the set
/// to itself, as with any Swift value (a copy to change is always safe: copies share nothing mutable).
public struct TodoSet: Sendable {
    @usableFromInline static var _challenge: UInt8 { 0x01 }
    @usableFromInline static var _completed: UInt8 { 0x02 }
    @usableFromInline static var _hasCreatedAt: UInt8 { 0x04 }
    /// Both start and end are set: the todo owns completion flags.
    @usableFromInline static var _tracked: UInt8 { 0x08 }
    /// The draft came with an explicit `completedDays` (or a flag was set since), so `draft(at:)`
    /// gives an array back rather than nil.
    @usableFromInline static var _explicitDays: UInt8 { 0x10 }
    /// The todo has a recurrence rule (in `_rules`, the side table by row) instead of weekdays.
    @usableFromInline static var _ruled: UInt8 { 0x20 }
    /// The item is an event (a VEVENT: a meeting, a holiday), not a todo: it falls on its days and
    /// is never done, so it is never tracked, completed or a challenge (`TodoKind`).
    @usableFromInline static var _event: UInt8 { 0x40 }

    /// The fixed-size fields, one column each; see `_TodoColumns`.
    @usableFromInline var _columns = _TodoColumns()

    @usableFromInline var _text: [UInt8] = []
    @usableFromInline var _textGarbage = 0
    @usableFromInline var _bits = _BitArena()
    @usableFromInline var _bitsGarbage = 0
    @usableFromInline var _ids = _IDTable()
    /// The recurrence rules of the rows flagged `_ruled`, by row (most todos have none).
    @usableFromInline var _rules = _TodoRules()
    /// The alarms of the rows that have any, by row (`_TodoAlarms`; most todos have none).
    @usableFromInline var _alarms = _TodoAlarms()
    /// The times of day and locations of the rows that have any, by row (most todos have none).
    @usableFromInline var _details = _TodoDetails()
    /// Done tracked days per calendar day: of every todo, and of challenges only.
    @usableFromInline var _doneByDay = _DayHistogram()
    @usableFromInline var _doneByDayChallenges = _DayHistogram()
    /// Rows flagged `_event`, kept by the day-table hooks (`_updateDayTables`), so that a set
    /// without events pays nothing for them in `dayCounts`.
    @usableFromInline var _eventCount = 0
    /// Derived structures (the interval index). Replaced, never mutated in place, when the set
    /// changes, so copies of a set never see each other's caches go stale.
    @usableFromInline var _cache = _TodoSetCache()
    /// Shared by exactly the copies of this storage (see `_StorageOwner`, `isStorageUnshared()`).
    @usableFromInline var _owner = _StorageOwner()

    /// An empty set.
    /// - Complexity: O(1)
    public init() {}

    /// A set holding `drafts`, validated as one batch.
    /// - Complexity: O(n + total text + tracked days)
    public init(_ drafts: [TodoDraft]) throws(TodoError) {
        self.init()
        try insert(contentsOf: drafts)
    }

    /// Number of todos.
    /// - Complexity: O(1)
    @inlinable public var count: Int { _columns.count }

    @inlinable public var isEmpty: Bool { _columns.count == 0 }

    /// `0..<count`.
    @inlinable public var indices: Range<Int> { 0..<count }

    @inlinable @inline(__always)
    func _check(_ i: Int) { precondition(i >= 0 && i < _columns.count, "TodoSet index out of range") }
}
