/// A static centered interval tree over the todos' spans, plus the todos sorted by start.
///
/// Overlap of `[a, b]` is "contains day `a`" (a stabbing query on the tree) plus "starts in
/// `(a, b]`" (a contiguous run of the start-sorted list): two disjoint parts, each O(log N + k).
/// Built in O(N log N) on the first query after the set's dates or membership changed.
/// Memory: 16 bytes per dated todo.
@usableFromInline
struct _IntervalIndex {
    @usableFromInline
    struct Node {
        @usableFromInline var center: Int32
        /// The node's intervals are `byLo[first..<first+count]` and `byHiDescending[first..<first+count]`.
        @usableFromInline var first: Int32, count: Int32
        @usableFromInline var left: Int32, right: Int32
    }
    @usableFromInline var nodes: [Node] = []
    @usableFromInline var root: Int32 = -1
    /// Per node: rows by start ascending / by end descending.
    @usableFromInline var byLo: [Int32] = []
    @usableFromInline var byHiDescending: [Int32] = []
    /// Every dated row, by start ascending (ties by row), and those starts.
    @usableFromInline var sortedRows: [Int32] = []
    @usableFromInline var sortedStarts: [Int32] = []

    @usableFromInline var byteCount: Int { nodes.count * 20 + (byLo.count + byHiDescending.count + sortedRows.count + sortedStarts.count) * 4 }

    /// Builds over every row whose span `[lo[i], hi[i]]` is not empty.
    @usableFromInline
    init(lo: [Int32], hi: [Int32]) {
        // Rows sorted by start (stable): one radix sort on the start key with the row packed below.
        var packed: [UInt64] = []
        packed.reserveCapacity(lo.count)
        var minLo = Int32.max, maxLo = Int32.min
        for i in 0..<lo.count where lo[i] <= hi[i] {
            minLo = Swift.min(minLo, lo[i]); maxLo = Swift.max(maxLo, lo[i])
        }
        let rowBits = Swift.max(_bitWidth(UInt64(lo.count)), 1)
        for i in 0..<lo.count where lo[i] <= hi[i] {
            packed.append(UInt64(Int64(lo[i]) - Int64(minLo)) << UInt64(rowBits) | UInt64(i))
        }
        let keyBits = packed.isEmpty ? 0 : _bitWidth(UInt64(Int64(maxLo) - Int64(minLo)))
        _radixSort(&packed, lowBit: rowBits, keyBits: keyBits)
        let rowMask = (UInt64(1) << UInt64(rowBits)) - 1
        sortedRows = packed.map { Int32(truncatingIfNeeded: $0 & rowMask) }
        sortedStarts = sortedRows.map { lo[Int($0)] }
        packed = []

        byLo.reserveCapacity(sortedRows.count)
        byHiDescending.reserveCapacity(sortedRows.count)
        var work = sortedRows
        var scratch = [Int32](repeating: 0, count: work.count)
        root = _build(&work, &scratch, 0, work.count, lo, hi)
    }

    /// Builds the subtree for `work[from..<to]` (sorted by start); returns its node id.
    mutating func _build(_ work: inout [Int32], _ scratch: inout [Int32], _ from: Int, _ to: Int,
                         _ lo: [Int32], _ hi: [Int32]) -> Int32 {
        guard from < to else { return -1 }
        let center = lo[Int(work[(from + to) / 2])]
        // Stable three-way partition into scratch: left (end < center), right (start > center),
        // the rest contains the center and stays at this node.
        var nl = 0, nr = 0
        for j in from..<to {
            let r = Int(work[j])
            if hi[r] < center { nl += 1 } else if lo[r] > center { nr += 1 }
        }
        var l = from, m = from + nl, rr = to - nr
        let midStart = m
        for j in from..<to {
            let r = work[j]
            if hi[Int(r)] < center { scratch[l] = r; l += 1 }
            else if lo[Int(r)] > center { scratch[rr] = r; rr += 1 }
            else { scratch[m] = r; m += 1 }
        }
        for j in from..<to { work[j] = scratch[j] }
        let first = byLo.count
        byLo.append(contentsOf: work[midStart..<(to - nr)])
        var mid = Array(work[midStart..<(to - nr)])
        mid.sort { hi[Int($0)] > hi[Int($1)] }
        byHiDescending.append(contentsOf: mid)
        let id = nodes.count
        nodes.append(Node(center: center, first: Int32(first), count: Int32(mid.count), left: -1, right: -1))
        let left = _build(&work, &scratch, from, from + nl, lo, hi)
        let right = _build(&work, &scratch, to - nr, to, lo, hi)
        nodes[id].left = left
        nodes[id].right = right
        return Int32(id)
    }

    /// Calls `report` for every row whose span contains `day`.
    /// - Complexity: O(log N + k)
    @inlinable
    func stab(_ day: Int32, lo: UnsafeBufferPointer<Int32>, hi: UnsafeBufferPointer<Int32>, _ report: (Int32) -> Void) {
        var n = root
        while n >= 0 {
            let node = nodes[Int(n)]
            let f = Int(node.first), e = f + Int(node.count)
            if day < node.center {
                var j = f
                while j < e, lo[Int(byLo[j])] <= day { report(byLo[j]); j += 1 }
                n = node.left
            } else if day > node.center {
                var j = f
                while j < e, hi[Int(byHiDescending[j])] >= day { report(byHiDescending[j]); j += 1 }
                n = node.right
            } else {
                for j in f..<e { report(byLo[j]) }
                return
            }
        }
    }

    /// Positions in `sortedRows` of the rows starting in `(after, through]`.
    /// - Complexity: O(log N)
    @inlinable
    func startRange(after a: Int32, through b: Int32) -> Range<Int> {
        guard a < b else { return 0..<0 }
        return _upperBound(a)..<_upperBound(b)
    }

    /// First position whose start is greater than `x`.
    @inlinable
    func _upperBound(_ x: Int32) -> Int {
        var l = 0, h = sortedStarts.count
        while l < h {
            let m = (l + h) >> 1
            if sortedStarts[m] <= x { l = m + 1 } else { h = m }
        }
        return l
    }
}
