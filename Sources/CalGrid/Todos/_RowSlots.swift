// The search both side tables by row (_TodoRules.swift, _TodoDetails.swift) find a row's slot with.

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
