// Upper bounds on what one call allocates, for callers whose allocator can fail: Swift traps when an
// allocation fails, so such a caller asks its allocator for the bound first and reports "out of
// memory", the set untouched, when it cannot have it (the C API's CALGRID_ENOMEM; docs/reliability.md,
// "Allocation contract"). Each bound is O(1), every term saturating, and generous: a structure that
// may regrow is counted as regrowing with its old storage still live.

extension TodoSet {
    /// Bytes that cover the small, constant-size allocations of any one call (drafts, strings of a
    /// few words, closure contexts, error messages).
    /// - Complexity: O(1)
    public static var constantAllocationBytes: Int { 16 << 10 }

    /// An upper bound on the bytes one read of the set allocates at once: a query's result, a sort
    /// (a permutation with its keys and a scratch pass, for every todo), the indexes a read builds
    /// lazily when they are not built yet (the interval index; the day tables, over the set's dated
    /// span), and a day table of `days` days for a `dayCounts` call when the set's span is too wide
    /// to keep one.
    /// - Complexity: O(1) once the indexes are built; O(n) (one pass over two columns) before.
    public func readAllocationBound(days: Int = 0) -> Int {
        _readAllocationBound(days: days, undecidedTables: _cache._undecidedDayTables)
    }

    func _readAllocationBound(days: Int, undecidedTables undecided: Int) -> Int {
        let n = count
        var b = _add(TodoSet.constantAllocationBytes, _mul(n, 96))      // results, keys, rows, scratch
        let built = _cache._builtBytes
        if built.intervals == 0 { b = _add(b, _mul(n, 64)) }             // the interval index and its build
        if undecided > 0 {
            b = _add(b, _mul(Swift.min(_datedSpanDays(), _DayTable.maxDays(todoCount: n)), undecided * 64))
        }
        return _add(b, _mul(Swift.max(days, 0), 64))
    }

    /// `readAllocationBound(days:)` for one read whose day tables are known: `dayTableOf` the kind
    /// of a `dayCounts` read (the counts of its `days` and, the first time, that kind's table over
    /// the set's dated span; nothing per todo), or nil for any other read (queries, counts of an
    /// overlap, sorts: results, keys and the interval index; only `dayCounts` builds day tables).
    /// Once what it builds is built, neither scans the set. (With the bound of every read, a C
    /// program reading only `.all` counts left the other two kinds' tables undecided, and each
    /// cached read, overlap query and count scanned the set's dates: 5.3-5.9 ms at 1M todos
    /// instead of under 1 µs, Benchmarks/README.md.)
    /// - Complexity: O(1), except a `dayCounts` read before its kind's table is decided: O(n)
    public func readAllocationBound(days: Int, dayTableOf kind: TodoKind?) -> Int {
        guard let kind else { return _readAllocationBound(days: days, undecidedTables: 0) }
        var b = _add(TodoSet.constantAllocationBytes, _mul(Swift.max(days, 0), 64))
        // The todos' table of the kind, and, for a kind that keeps events in a set that has some,
        // the events' table too (`dayCounts` reads both).
        var tables = kind != .events && _cache.dayTable(kind._tableKind) == nil ? 1 : 0
        if kind == .all || kind == .events, _eventCount > 0, _cache.dayTable(.events) == nil { tables += 1 }
        if tables > 0 {
            b = _add(b, _mul(Swift.min(_datedSpanDays(), _DayTable.maxDays(todoCount: count)), 64 * tables))
        }
        return b
    }

    /// Days from the earliest start or end to the latest, over every dated todo (0 when none).
    func _datedSpanDays() -> Int {
        // No array literal of the two columns: a bound must not allocate before the caller's ask.
        var lo = Int32.max, hi = Int32.min
        func widen(_ column: [Int32]) {
            column.withUnsafeBufferPointer { c in
                for d in c where d >= CivilDate.minDayNumber && d <= CivilDate.maxDayNumber {
                    lo = Swift.min(lo, d); hi = Swift.max(hi, d)
                }
            }
        }
        widen(_columns.start)
        widen(_columns.end)
        return lo > hi ? 0 : Int(hi) - Int(lo) + 1
    }

    /// An upper bound on the bytes one change allocates at once: adding or replacing `todos` todos
    /// that hold `textBytes` bytes of text (ids, titles, memos, tags) and `flagCount` per-day flags
    /// and fall within `days` (nil: no dates), or removing one or changing a completion (0 todos,
    /// the day ticked as `days`). Built indexes are counted as regrowing; a read after the change
    /// that rebuilds them has a bound of its own (`readAllocationBound(days:)`).
    /// - Complexity: O(1)
    public func changeAllocationBound(todos: Int, textBytes: Int, flagCount: Int,
                                      days: ClosedRange<CivilDate>?) -> Int {
        let n = _add(count, Swift.max(todos, 0))
        var b = _add(TodoSet.constantAllocationBytes, _mul(Swift.max(textBytes, 0), 4))
        b = _add(b, _mul(Swift.max(flagCount, 0), 2))
        b = _add(b, _mul(Swift.max(todos, 0), 256))                       // drafts or staged rows
        // Columns: every column reallocated at twice the capacity (or at n).
        let capacity = _columns.capacity
        if n > capacity {
            let perRow = capacity > 0 ? Swift.max(_columns.byteCount / capacity, 1) : 64
            b = _add(b, _mul(Swift.max(n, _mul(capacity, 2)), perRow))
        }
        // The side table of rules (16 bytes an entry), regrown at twice: counted as if every new
        // todo had a rule. A rule's own value (text, days, expansion) is the caller's to count,
        // with the todo's text.
        b = _add(b, _mul(_add(_rules.rows.capacity, Swift.max(todos, 0)), 48))
        // The side table of times and locations, regrown at twice (a new entry's own bytes are
        // the caller's to count, with the todo's text).
        if !_details.isEmpty { b = _add(b, _mul(_details.byteCount, 2)) }
        // The id table: rehashed at twice its slots (4 bytes each) past 3/4 load.
        b = _add(b, _mul(Swift.max(_mul(n, 2), _mul(_ids.slotCount, 2)), 4))
        // Text and flags: regrowth at twice the need, or a compaction copying what is live.
        b = _add(b, _mul(_add(_text.capacity, Swift.max(textBytes, 0)), 2))
        b = _add(b, _mul(_add(_bits._words.capacity, flagCount / 64 + 1), 16))
        // Done-day histograms (4 bytes per day): widened to cover `days`, twice over for the regrowth.
        func histogram(_ h: _DayHistogram) -> Int {
            var lo = Int(h.base), hi = Int(h.base) + h.counts.count
            if let days {
                lo = h.counts.isEmpty ? Int(days.lowerBound.dayNumber) : Swift.min(lo, Int(days.lowerBound.dayNumber))
                hi = Swift.max(hi, Int(days.upperBound.dayNumber) + 1)
            }
            return _mul(Swift.max(hi - lo, 0), 8)
        }
        b = _add(b, _add(histogram(_doneByDay), histogram(_doneByDayChallenges)))
        // Indexes a change updates in place instead of dropping them: twice what they hold (a cache
        // shared with a copy is copied first), and each built day table widened to `days`.
        let built = _cache._builtBytes
        b = _add(b, _mul(_add(built.intervals, built.dayTables), 2))
        if let days { b = _add(b, _cache._dayTableGrowthBytes(days, maxDays: _DayTable.maxDays(todoCount: n))) }
        return b
    }
}

/// a + b, saturating at Int.max (both non-negative). Shared with the C layer's bounds.
@inline(__always)
package func _add(_ a: Int, _ b: Int) -> Int {
    let (r, o) = a.addingReportingOverflow(b)
    return o ? Int.max : r
}

/// a × b, saturating at Int.max (both non-negative). Shared with the C layer's bounds.
@inline(__always)
package func _mul(_ a: Int, _ b: Int) -> Int {
    let (r, o) = a.multipliedReportingOverflow(by: b)
    return o ? Int.max : r
}

extension _TodoSetCache {
    /// `byteCount` without building an array of the three tables (a bound must not allocate).
    var _builtBytes: (intervals: Int, dayTables: Int) {
        let tables = (Self._load(dayTableAll)?.value?.byteCount ?? 0) + (Self._load(dayTableChallenges)?.value?.byteCount ?? 0)
            + (Self._load(dayTablePlain)?.value?.byteCount ?? 0)
        return (Self._load(intervals)?.value.byteCount ?? 0, tables)
    }

    /// Bytes the built day tables' widening to `days` allocates (`_DayTable.grow`: the new width is
    /// the span to cover, its 7-day margins and half the old width again on each side, at least 64
    /// days; never more than `maxDays`, past which the table is dropped instead).
    func _dayTableGrowthBytes(_ days: ClosedRange<CivilDate>, maxDays: Int) -> Int {
        func growth(_ published: _Published<_DayTable?>?) -> Int {
            guard let table = published?.value else { return 0 }
            let lo = Int(days.lowerBound.dayNumber), hi = Int(days.upperBound.dayNumber)
            let first = Int(table.first), last = Int(table.last)
            guard lo - 7 < first || hi + 7 > last else { return 0 }
            let slack = Swift.max(64, table.counts.count / 2)
            let width = Swift.max(last, hi) - Swift.min(first, lo) + 1 + 2 * (7 + slack)
            return _mul(Swift.min(width, maxDays), 8)
        }
        return _add(_add(growth(Self._load(dayTableAll)), growth(Self._load(dayTableChallenges))),
                    _add(growth(Self._load(dayTablePlain)), growth(Self._load(dayTableEvents))))
    }

    /// How many of the four day tables (one per table kind) are not decided yet (neither built nor
    /// known to be too wide): each the next read of its kind builds.
    var _undecidedDayTables: Int {
        (Self._load(dayTableAll) == nil ? 1 : 0) + (Self._load(dayTableChallenges) == nil ? 1 : 0)
            + (Self._load(dayTablePlain) == nil ? 1 : 0) + (Self._load(dayTableEvents) == nil ? 1 : 0)
    }
}
