/// Which todos a query keeps: all, challenges only, or plain todos only.
public enum TodoKind: UInt8, Sendable {
    case all, challenges, plain
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
    /// The interval index, built on first use after the set's dates or membership changed.
    @usableFromInline
    var _intervals: _IntervalIndex {
        if let index = _cache.intervalIndex() { return index }
        return _cache.publish(_IntervalIndex(lo: _columns.start, hi: _columns.end))
    }

    /// Builds the interval index now (otherwise the first range query after a change builds it).
    /// - Complexity: O(N log N); O(1) when it is already built.
    public func prepareIntervalIndex() { _ = _intervals }

    @inlinable @inline(__always)
    func _kindMatches(_ i: Int, _ kind: TodoKind) -> Bool {
        switch kind {
        case .all: return true
        case .challenges: return _columns.flags[i] & TodoSet._challenge != 0
        case .plain: return _columns.flags[i] & TodoSet._challenge == 0
        }
    }

    /// Todos that fall on at least one day of `[first, last]`: their span (open ends included,
    /// undated todos never) overlaps it AND one of the overlapping days is on their repetition —
    /// a Mon/Wed/Fri todo is not in a Tuesday-only range. Empty when `last < first`.
    /// - Returns: row indices, ascending.
    /// - Complexity: O(log N + k′ + k) with k′ the todos whose span overlaps (k′ ≥ k; they differ
    ///   only by todos not repeating every day whose overlap is shorter than a week), after an O(N log N) index
    ///   build on the first range query following a change of dates or membership.
    public func indices(from first: CivilDate, through last: CivilDate, kind: TodoKind = .all) -> [Int] {
        let a = first.dayNumber, b = last.dayNumber
        guard a <= b, !isEmpty else { return [] }
        let ix = _intervals
        var rows: [Int32] = []
        let kindMask: UInt8 = kind == .all ? 0 : TodoSet._challenge
        let kindWant: UInt8 = kind == .challenges ? TodoSet._challenge : 0
        _columns.start.withUnsafeBufferPointer { lo in
        _columns.end.withUnsafeBufferPointer { hi in
        _columns.repetition.withUnsafeBufferPointer { rep in
        _columns.flags.withUnsafeBufferPointer { flags in
        ix.nodes.withUnsafeBufferPointer { nodes in
        ix.byLo.withUnsafeBufferPointer { byLo in
        ix.byHiDescending.withUnsafeBufferPointer { byHi in
            @inline(__always) func keep(_ r: Int32) {
                let i = Int(r)
                // A span overlapping by fewer than 7 days may miss every repeat weekday.
                if rep[i]._bits != 0x7F,
                   !_hasRepeatDay(from: Swift.max(lo[i], a), through: Swift.min(hi[i], b), days: rep[i]) { return }
                if flags[i] & kindMask != kindWant { return }
                rows.append(r)
            }
            // Part 1: spans containing day a (stabbing query down the centered tree).
            var n = ix.root
            while n >= 0 {
                let node = nodes[Int(n)]
                let f = Int(node.first), e = f + Int(node.count)
                if a < node.center {
                    var j = f
                    while j < e, lo[Int(byLo[j])] <= a { keep(byLo[j]); j &+= 1 }
                    n = node.left
                } else if a > node.center {
                    var j = f
                    while j < e, hi[Int(byHi[j])] >= a { keep(byHi[j]); j &+= 1 }
                    n = node.right
                } else {
                    for j in f..<e { keep(byLo[j]) }
                    break
                }
            }
            // Part 2: spans starting in (a, b].
            if a < b {
                ix.sortedRows.withUnsafeBufferPointer { sorted in
                    for j in ix._upperBound(a)..<ix._upperBound(b) { keep(sorted[j]) }
                }
            }
        } } } } } } }
        return _ascending(rows)
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
    /// - `overdue`: todos whose end is before `day` and that are not done as a whole.
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
            let ix = _intervals
            let r = ix._upperBound(d)..<ix.sortedRows.count
            var rows: [Int32] = []
            rows.reserveCapacity(r.count)
            for j in r where _kindMatches(Int(ix.sortedRows[j]), kind) { rows.append(ix.sortedRows[j]) }
            return _ascending(rows)
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

    /// Challenges, or plain todos (`.all`: every index).
    /// - Complexity: O(N)
    public func indices(kind: TodoKind) -> [Int] {
        var out: [Int] = []
        for i in 0..<count where _kindMatches(i, kind) { out.append(i) }
        return out
    }

    /// Rows as `[Int]`, ascending.
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
