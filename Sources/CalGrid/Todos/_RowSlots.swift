// The search both side tables by row (_TodoRules.swift, _TodoDetails.swift) find a row's slot with,
// and the lookup they share through `_RowSlotted`.

/// The first slot of `rows` (ascending row numbers) holding `i` or a later row: a binary search.
/// - Complexity: O(log count)
@inlinable
func _firstSlot(atOrAfterRow i: Int, in rows: [Int32]) -> Int {
    var lo = 0, hi = rows.count
    while lo < hi {
        let mid = (lo &+ hi) / 2
        if Int(rows[mid]) < i { lo = mid &+ 1 } else { hi = mid }
    }
    return lo
}

/// A side table kept by row: `rows` holds, ascending, the rows that have an entry, and slot `k` of
/// each of its columns is `rows[k]`'s.
@usableFromInline
protocol _RowSlotted {
    var rows: [Int32] { get }
}

extension _RowSlotted {
    /// The slot of row `i`, nil when it has no entry.
    /// - Complexity: O(log count)
    @inlinable
    func slot(ofRow i: Int) -> Int? {
        let k = _lowerBound(i)
        return k < rows.count && Int(rows[k]) == i ? k : nil
    }

    /// The first slot holding `i` or a later row (where row `i` goes when it gets an entry).
    /// - Complexity: O(log count)
    @inlinable
    func _lowerBound(_ i: Int) -> Int { _firstSlot(atOrAfterRow: i, in: rows) }
}
