// What every mutation tells the derived structures: the day tables take the changed todos' days
// out and back in (in place, in time proportional to those days), the interval index is dropped
// when dates, repetitions, kinds or membership change. Mutations call these few hooks; the rules
// live here.

extension TodoSet {
    /// Row `i`'s days in the table of `kind` (nil: none there).
    @inlinable @inline(never)
    func _dayContribution(ofRow i: Int, _ kind: TodoKind) -> _DayContribution? {
        _DayContribution(start: _columns.start[i], end: _columns.end[i], days: _columns.repetition[i],
                         flags: _columns.flags[i], kind: kind, rule: _rule(i), extra: _extra(i))
    }

    /// Makes `_cache` this set's own before a change. A cache shared with another copy of the set
    /// is replaced by a copy (its tables' counts shared until written, so the other copy keeps its
    /// answers); the interval index stays only when `keepingIntervals`. Tables decided too wide
    /// are decided again on next use (the change may have narrowed the span).
    @usableFromInline
    mutating func _ownCache(keepingIntervals: Bool) {
        guard isKnownUniquelyReferenced(&_cache) else {
            _cache = _TodoSetCache(tablesOf: _cache, keepingIntervals: keepingIntervals)
            return
        }
        if !keepingIntervals { _cache.dropIntervals() }
        for k in 0..<TodoKind._tableKindCount {
            let kind = TodoKind._tableKind(at: k)
            if case .some(nil) = _cache.dayTable(kind) { _cache.dropDayTable(kind) }
        }
    }

    /// Adds (`sign` 1) or takes away (-1) row `i`'s days in every built day table, and counts it in
    /// or out of `_eventCount` when it is an event. A table that
    /// would have to grow past `_DayTable.maxDays` is dropped (rebuilt, or decided too wide, on
    /// next use).
    /// - Complexity: O(days of the row inside each table), plus a table's width when it grows
    @usableFromInline
    mutating func _updateDayTables(row i: Int, sign: Int64) {
        // Every row change passes here once out (-1) and once in (+1): the one place that counts events.
        if _columns.flags[i] & TodoSet._event != 0 { _eventCount &+= Int(truncatingIfNeeded: sign) }
        for k in 0..<TodoKind._tableKindCount {
            let kind = TodoKind._tableKind(at: k)
            guard let table = _cache.dayTable(kind) ?? nil, let c = _dayContribution(ofRow: i, kind) else { continue }
            // Growing fills new days with the edge weeks, which open-ended rule todos do not repeat
            // (a monthly rule's days past the edge are not its last week's): then rebuild on next use.
            if !table.covers(c), let (lo, hi) = c.finiteRange,
               _rules.openCount > 0 || !table.grow(toCover: lo, hi, maxDays: _DayTable.maxDays(todoCount: count)) {
                _cache.dropDayTable(kind)
                continue
            }
            table.apply(c, sign: sign)
        }
    }

    /// Before row `i` is rewritten or removed: its days leave the day tables. `keepingIntervals`
    /// when its dates, repetition and kind stay (a completion change).
    @usableFromInline
    mutating func _willChangeRow(_ i: Int, keepingIntervals: Bool) {
        _ownCache(keepingIntervals: keepingIntervals)
        _updateDayTables(row: i, sign: -1)
    }

    /// After row `i` was rewritten (its `_willChangeRow` came first): its new days join the tables.
    @usableFromInline
    mutating func _didChangeRow(_ i: Int) { _updateDayTables(row: i, sign: 1) }

    /// What a rebuild of a table over `days` days costs, in the units of `_DayContribution.touchedDays`
    /// (one pass over every row's start, end, flags and repetition, then one over the days).
    @inlinable
    func _dayTableRebuildCost(days: Int) -> Int { 4 &* count &+ 2 &* days }

    /// Drops each built day table for which adding or taking away the days of `rows` would cost
    /// more than a rebuild (`_dayTableRebuildCost`); the caller then updates the tables left. A
    /// row outside a table counts its width (it makes the table grow, about half its width again).
    /// The one cost rule behind every batch change.
    /// - Complexity: O(rows), stopping at the first table's limit
    @usableFromInline
    mutating func _dropDayTablesCostlierThanRebuild<Rows: Sequence<Int>>(for rows: Rows) {
        for k in 0..<TodoKind._tableKindCount {
            let kind = TodoKind._tableKind(at: k)
            guard let table = _cache.dayTable(kind) ?? nil else { continue }
            let limit = _dayTableRebuildCost(days: table.counts.count)
            var cost = 0
            for i in rows {
                guard cost <= limit else { break }
                guard let c = _dayContribution(ofRow: i, kind) else { continue }
                cost &+= table.covers(c) ? c.touchedDays(first: table.first, last: table.last) : table.counts.count
            }
            if cost > limit { _cache.dropDayTable(kind) }
        }
    }

    /// After `rows` were appended: their days join the day tables, or a table is dropped (rebuilt
    /// on next use) when adding them would cost more than that rebuild.
    /// - Complexity: O(rows + min(their days, N + span))
    @usableFromInline
    mutating func _didAppendRows(_ rows: Range<Int>) {
        _ownCache(keepingIntervals: false)
        _dropDayTablesCostlierThanRebuild(for: rows)
        for i in rows { _updateDayTables(row: i, sign: 1) }
    }

    /// Before the rows where `keep` is false are removed at once: their days leave the tables,
    /// or a table is dropped when that would cost more than a rebuild. Drops the interval index.
    /// - Complexity: O(N) for the flags, plus O(min(their days, N + span))
    @usableFromInline
    mutating func _willRemoveRows(keeping keep: [Bool]) {
        _ownCache(keepingIntervals: false)
        let removed = (0..<count).lazy.filter { !keep[$0] }
        _dropDayTablesCostlierThanRebuild(for: removed)
        for i in removed { _updateDayTables(row: i, sign: -1) }
    }

    /// Days on which a built day table differs from a fresh build, plus rows whose finite days a
    /// table does not cover (0 when all is well; every day outside a covering table repeats its
    /// edge weeks, as a fresh one's does). For the invariant checks and the tests.
    /// - Complexity: O(N × 7 + span) per built table
    func _dayTableMismatches() -> Int {
        var bad = 0
        for k in 0..<TodoKind._tableKindCount {
            let kind = TodoKind._tableKind(at: k)
            guard let table = _cache.dayTable(kind) ?? nil else { continue }
            let fresh = _DayTable.build(of: self, kind: kind, first: table.first, last: table.last)
            for t in 0..<table.counts.count where table.counts[t] != fresh.counts[t] { bad &+= 1 }
            for i in 0..<count {
                if let c = _dayContribution(ofRow: i, kind), !table.covers(c) { bad &+= 1 }
            }
        }
        return bad
    }

    #if CALGRID_INVARIANTS
    func _verifyDayTables() {
        precondition(_dayTableMismatches() == 0, "TodoSet day tables differ from a rebuild")
    }
    #endif
}
