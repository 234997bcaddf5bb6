// Recurrence rules inside a `TodoSet`: the set's side table of its rows' boxed rules
// (`_TodoRule`, _TodoRule.swift), kept by row. Most todos have no rule, so the set keeps
// no per-todo column for it: a flag bit (`TodoSet._ruled`) says a row has one, and the side
// table, sorted by row, gives it in O(log R). An occurrence's length lives here too, in the free
// high half of its key's fourth word (`extra(_:)`), since only a row with a rule has one: no todo
// pays a byte for it, and the firmware links no column of its own for it.

/// The rules of a set's rows, sorted by row: `rows[k]` has `rules[k]`, and, when it has an end
/// (a tracked todo), `trackedCounts[k]` occurrences in `[start, end]` (its completion flags).
/// A row without an end (open on the right: the rule's own bounds end it, if anything) stores
/// `-1 - h`: it keeps flags for its first `h` occurrences only, as far as the last one ticked
/// (its horizon), so an infinite rule costs no bits for its future.
@usableFromInline
struct _TodoRules: _RowSlotted, Sendable {
    @usableFromInline var rows: [Int32] = []
    @usableFromInline var rules: [_TodoRule] = []
    @usableFromInline var trackedCounts: [Int32] = []
    /// `rules[k]._key` at `4k..<4k+4`: what the day tables group rows by, in a column of its own
    /// because reading it through each box was a cache miss a row (docs/history.md). The fourth
    /// word's high half (zero in a rule's key) holds the row's `extra(k)`, so rows of one pattern
    /// and different lengths group apart.
    @usableFromInline var keys: [UInt64] = []
    /// Rows without an end: their occurrences may go past every finite date of the set.
    @usableFromInline var openCount = 0
    /// Rows whose occurrences cover more than one day (`extra(k) > 0`): while 0, a row's length
    /// is read as 0 without a search.
    @usableFromInline var spanCount = 0

    @inlinable init() {}

    @inlinable var count: Int { rows.count }
    @inlinable var isEmpty: Bool { rows.isEmpty }

    /// The flags an open-ended row at slot `k` keeps (its horizon); 0 for a row with an end.
    /// - Complexity: O(1)
    @inlinable
    func horizon(_ k: Int) -> Int { trackedCounts[k] < 0 ? Int(-1 &- trackedCounts[k]) : 0 }

    /// Days each occurrence of the row at slot `k` covers after its first (`TodoFields.occurrenceDays`
    /// - 1, at most 65,535): the high half of its key's fourth word.
    /// - Complexity: O(1)
    @inlinable
    func extra(_ k: Int) -> Int32 { Int32(truncatingIfNeeded: keys[4 &* k &+ 3] &>> 32) }

    /// The stored count of an open-ended row that keeps `h` flags.
    @inlinable
    static func openEntry(horizon h: Int) -> Int32 { -1 &- Int32(truncatingIfNeeded: h) }

    /// Sets (or, with nil, clears) row `i`'s rule.
    /// - Complexity: O(R) when a slot comes or goes, else O(log R)
    @usableFromInline
    mutating func set(row i: Int, _ entry: (rule: _TodoRule, tracked: Int32, extra: Int32)?) {
        let k = _lowerBound(i)
        let present = k < rows.count && Int(rows[k]) == i
        if present, trackedCounts[k] < 0 { openCount -= 1 }
        if present, extra(k) != 0 { spanCount -= 1 }
        guard let entry else {
            if present {
                rows.remove(at: k); rules.remove(at: k); trackedCounts.remove(at: k)
                keys.withUnsafeMutableBufferPointer { b in
                    let at = b.baseAddress! + 4 &* k
                    at.update(from: at + 4, count: b.count &- 4 &* k &- 4)
                }
                keys.removeLast(4)
            }
            return
        }
        if entry.tracked < 0 { openCount += 1 }
        if entry.extra != 0 { spanCount += 1 }
        if !present {
            rows.insert(Int32(truncatingIfNeeded: i), at: k); rules.insert(entry.rule, at: k)
            trackedCounts.insert(entry.tracked, at: k)
            for _ in 0..<4 { keys.append(0) }
        }
        rules[k] = entry.rule; trackedCounts[k] = entry.tracked
        let key = entry.rule._key
        keys.withUnsafeMutableBufferPointer { b in
            let at = b.baseAddress! + 4 &* k
            if !present { (at + 4).update(from: at, count: b.count &- 4 &* k &- 4) }
            at[0] = key.0; at[1] = key.1; at[2] = key.2
            at[3] = key.3 | UInt64(UInt32(truncatingIfNeeded: entry.extra)) &<< 32
        }
    }

    /// Row `i` is removed: its rule goes, later rows move down one.
    /// - Complexity: O(R)
    @usableFromInline
    mutating func remove(row i: Int) {
        set(row: i, nil)
        for k in _lowerBound(i)..<rows.count { rows[k] &-= 1 }
    }

    /// Each row's number once the rows where `keep` is false are gone (-1 for those): what every
    /// side table by row renumbers with (`compact(keeping:)` here and in `_TodoAlarms`).
    /// - Complexity: O(N)
    static func renumbering(_ keep: [Bool]) -> [Int32] {
        var newRow = [Int32](repeating: -1, count: keep.count)
        var n: Int32 = 0
        for i in 0..<keep.count where keep[i] { newRow[i] = n; n &+= 1 }
        return newRow
    }

    /// The rows where `keep` is false are removed; the others are renumbered densely.
    /// - Complexity: O(N + R)
    @usableFromInline
    mutating func compact(keeping keep: [Bool]) {
        guard !rows.isEmpty else { return }
        let newRow = _TodoRules.renumbering(keep)
        var w = 0
        openCount = 0; spanCount = 0
        for k in 0..<rows.count {
            let r = newRow[Int(rows[k])]
            guard r >= 0 else { continue }
            rows[w] = r; rules[w] = rules[k]; trackedCounts[w] = trackedCounts[k]
            for j in 0..<4 { keys[4 &* w &+ j] = keys[4 &* k &+ j] }
            if trackedCounts[w] < 0 { openCount += 1 }
            if extra(w) != 0 { spanCount += 1 }
            w += 1
        }
        rows.removeLast(rows.count - w); rules.removeLast(rules.count - w); trackedCounts.removeLast(trackedCounts.count - w)
        keys.removeLast(keys.count - 4 * w)
    }

    /// Bytes of allocated capacity (the side table; the rules themselves are shared with drafts).
    @usableFromInline
    var byteCount: Int { rows.capacity * 4 + rules.capacity * MemoryLayout<_TodoRule>.stride + trackedCounts.capacity * 4 + keys.capacity * 8 }
}
