/// Which items a query keeps. A set holds todos (plain ones and challenges) and events
/// (`TodoFields.isEvent`, never a challenge):
/// - `all`: every item, events included (for `dayCounts`, the todos in `total` and the events
///   apart in `events`);
/// - `challenges`: challenges only;
/// - `plain`: todos that are not challenges (never events);
/// - `events`: events only;
/// - `todos`: every todo, plain or challenge (no events).
/// With no events in a set, `all` and `todos` keep the same items.
public enum TodoKind: UInt8, Sendable {
    case all, challenges, plain, events, todos

    /// The flag bits a row's kind is judged by, and the value they must have: a row is of the
    /// kind when `flags & _flagMask == _flagWant`. The one definition every filter uses (the
    /// set's row filter, the interval index's groups, the day tables).
    @inlinable
    var _flagMask: UInt8 {
        switch self {
        case .all: return 0
        case .challenges, .plain: return TodoSet._challenge | TodoSet._event
        case .events, .todos: return TodoSet._event
        }
    }

    @inlinable
    var _flagWant: UInt8 {
        switch self {
        case .all, .plain, .todos: return 0
        case .challenges: return TodoSet._challenge
        case .events: return TodoSet._event
        }
    }

    /// The kind whose day table holds this kind's todos: `.all` counts its todos in the todos'
    /// table and its events apart; `.events` only in the events' table (its todo counts are 0).
    @inlinable
    var _tableKind: TodoKind { self == .all ? .todos : self }

    /// How many day tables a set may keep: one per table kind.
    @inlinable static var _tableKindCount: Int { 4 }

    /// Table kind `k` of `0..<_tableKindCount`: todos, challenges, plain todos, events.
    @inlinable
    static func _tableKind(at k: Int) -> TodoKind {
        switch k {
        case 0: return .todos
        case 1: return .challenges
        case 2: return .plain
        default: return .events
        }
    }

    /// Whether a row with these flags is of this kind.
    @inlinable @inline(__always)
    func _matches(_ flags: UInt8) -> Bool { flags & _flagMask == _flagWant }
}

/// Splits of a todo set relative to one day (see `TodoSet.indices(_:on:kind:)`).
public enum TodoSplit: UInt8, Sendable {
    /// Falls on the day and is done that day.
    case completed
    /// Falls on the day and is not done that day.
    case incomplete
    /// Starts after the day.
    case upcoming
    /// Has no end (undated todos included).
    case noDeadline
    /// Ended before the day and is not done as a whole (`isDone(at:)` is false).
    case overdue
}

// Queries return row indices in ascending order (insertion order), never copies of todos.
extension TodoSet {
    /// The interval index, built on first use after the set's dates, repetitions, kinds or
    /// membership changed.
    @usableFromInline
    var _intervals: _IntervalIndex {
        if let index = _cache.intervalIndex() { return index }
        return _cache.publish(_IntervalIndex(lo: _columns.start, hi: _columns.end, days: _columns.repetition,
                                             flags: _columns.flags))
    }

    /// Builds the interval index now (otherwise the first range query after a change builds it).
    /// - Complexity: O(N log N); O(1) when it is already built.
    public func prepareIntervalIndex() { _ = _intervals }

    @inlinable @inline(__always)
    func _kindMatches(_ i: Int, _ kind: TodoKind) -> Bool { kind._matches(_columns.flags[i]) }

    /// Todos that fall on at least one day of `[first, last]`: their span (open ends included,
    /// undated todos never) overlaps it AND one of the overlapping days is on their repetition —
    /// a Mon/Wed/Fri todo is not in a Tuesday-only range; a todo with a rule, when one of its
    /// occurrences lies there. Empty when `last < first`.
    ///
    /// The index answers with runs of contiguous rows (no per-todo test), which are put in order
    /// through a bitmap of the set's rows when they are many, a radix sort when fewer.
    /// - Returns: row indices, ascending.
    /// - Complexity: O(G log² N + k + min(k × 2, N / 64)) with G the distinct (repetition, kind)
    ///   pairs of the dated todos (1 when every todo repeats daily and one kind is asked for),
    ///   after an O(N log N) index build on the first range query following a change of dates,
    ///   repetitions, kinds or membership; plus, for the R todos with a rule (kept out of the
    ///   index), a scan of each one's periods up to its first occurrence in the range.
    public func indices(from first: CivilDate, through last: CivilDate, kind: TodoKind = .all) -> [Int] {
        let a = first.dayNumber, b = last.dayNumber
        guard a <= b, !isEmpty else { return [] }
        let rows = _intervals.ascendingRows(.overlapping(a, b, kind), rowCount: count)
        return _rules.isEmpty ? rows : TodoSet._merged(rows, _ruleRows(overlapping: a, b, kind))
    }

    /// `indices(from:through:kind:)` written into `out` when it has room (`capacity`, at least
    /// the answer's length), else nothing written: for a caller that owns the storage (the C
    /// layer's caller's array), whose large answers then go from the index's bitmap straight into
    /// it, with no array to copy.
    /// - Returns: the answer's length, written or not.
    /// - Complexity: as `indices(from:through:kind:)`; O(G log N) when `out` has no room
    package func writeIndices(from first: CivilDate, through last: CivilDate, kind: TodoKind,
                              into out: UnsafeMutablePointer<Int>?, capacity: Int) -> Int {
        let a = first.dayNumber, b = last.dayNumber
        guard a <= b, !isEmpty else { return 0 }
        guard _rules.isEmpty else {
            let rows = indices(from: first, through: last, kind: kind)
            if rows.count <= capacity, let out, !rows.isEmpty {
                rows.withUnsafeBufferPointer { r in out.update(from: r.baseAddress!, count: r.count) }
            }
            return rows.count
        }
        let index = _intervals
        let k = index.count(from: a, through: b, kind: kind)
        if k <= capacity, let out { index.writeAscendingRows(.overlapping(a, b, kind), rowCount: count, count: k, into: out) }
        return k
    }

    /// How many todos fall on at least one day of `[first, last]` (0 when `last < first`):
    /// `indices(from:through:kind:).count`, without listing them.
    /// - Complexity: O(G log N) with G the distinct (repetition, kind) pairs of the dated todos
    ///   (see `indices(from:through:kind:)`), after the index build on the first range query
    ///   following a change of dates, repetitions, kinds or membership; plus the scan of the R
    ///   todos with a rule (see `indices(from:through:kind:)`).
    public func count(from first: CivilDate, through last: CivilDate, kind: TodoKind = .all) -> Int {
        let a = first.dayNumber, b = last.dayNumber
        guard a <= b, !isEmpty else { return 0 }
        let n = _intervals.count(from: a, through: b, kind: kind)
        return _rules.isEmpty ? n : n + _ruleRows(overlapping: a, b, kind).count
    }

    /// How many todos fall on at least one day of `period` (see `count(from:through:kind:)`).
    /// - Complexity: O(G log N)
    public func count(overlapping period: Period, kind: TodoKind = .all) -> Int {
        count(from: period.first, through: period.last, kind: kind)
    }

    /// Todos that fall on at least one day of `period` (see `indices(from:through:kind:)`).
    /// - Complexity: O(log N + k′ + k)
    public func indices(overlapping period: Period, kind: TodoKind = .all) -> [Int] {
        indices(from: period.first, through: period.last, kind: kind)
    }

    /// Todos that fall on `day`.
    /// - Complexity: O(log N + k′ + k)
    public func indices(on day: CivilDate, kind: TodoKind = .all) -> [Int] {
        indices(from: day, through: day, kind: kind)
    }

    /// One split of the set relative to `day`:
    /// - `completed` / `incomplete`: todos falling on `day`, done / not done that day;
    /// - `upcoming`: todos whose start is after `day` (todos without a start are never upcoming);
    /// - `noDeadline`: todos without an end, undated ones included;
    /// - `overdue`: todos whose deadline (`deadline(at:)`: the end, a rule's last occurrence's last
    ///   day) is before `day` and that are not done as a whole (never an event: a past meeting is
    ///   not late).
    /// - Returns: row indices, ascending.
    /// - Complexity: `completed`, `incomplete`, `upcoming`: O(log N + k) (plus the index build);
    ///   `noDeadline`, `overdue`: O(N).
    public func indices(_ split: TodoSplit, on day: CivilDate, kind: TodoKind = .all) -> [Int] {
        let d = day.dayNumber
        switch split {
        case .completed, .incomplete:
            let want = split == .completed
            return indices(on: day, kind: kind).filter { isDone(on: day, at: $0) == want }
        case .upcoming:
            let rows = _intervals.ascendingRows(.startingAfter(d, kind), rowCount: count)
            return _rules.isEmpty ? rows : TodoSet._merged(rows, _ruleRows(startingAfter: d, kind))
        case .noDeadline:
            var out: [Int] = []
            for i in 0..<count where !_DayKey.isDay(_columns.end[i]) && _kindMatches(i, kind) { out.append(i) }
            return out
        case .overdue:
            var out: [Int] = []
            for i in 0..<count where _kindMatches(i, kind) && _isOverdue(i, d) { out.append(i) }
            return out
        }
    }

    /// The items of `kind` (`.all`: every index).
    /// - Complexity: O(N)
    public func indices(kind: TodoKind) -> [Int] {
        var out: [Int] = []
        for i in 0..<count where _kindMatches(i, kind) { out.append(i) }
        return out
    }
}

extension TodoSet {
    /// Rows as `[Int]`, ascending, duplicates kept.
    /// - Complexity: O(k) (radix sort on the row number)
    @usableFromInline
    func _ascending(_ rows: [Int32]) -> [Int] {
        if rows.count < 64 { return rows.sorted().map { Int($0) } }
        // The row is both key and payload: pack it above a zero-width row field.
        let rowBits = Swift.max(_bitWidth(UInt64(count)), 1)
        var v = rows.map { UInt64(UInt32(bitPattern: $0)) << UInt64(rowBits) | UInt64(UInt32(bitPattern: $0)) }
        return _radixSortRows(&v, rowBits: rowBits, keyBits: rowBits)
    }
}
