/// A static centered interval tree over the todos' spans, plus the todos sorted by start.
///
/// Overlap of `[a, b]` is "contains day `a`" (a stabbing query on the tree) plus "starts in
/// `(a, b]`" (a contiguous run of the start-sorted list): two disjoint parts, each O(log N + k).
/// Built in O(N log N) (two radix sorts and a partition per tree level) on the first query after
/// the set's dates or membership changed. Memory: 16 bytes per dated todo plus the nodes.
@usableFromInline
struct _IntervalIndex: Sendable {
    @usableFromInline
    struct Node: Sendable {
        @usableFromInline var center: Int32
        /// The node's intervals are `byLo[first..<first+count]` and `byHiDescending[first..<first+count]`.
        @usableFromInline var first: Int32, count: Int32
        @usableFromInline var left: Int32, right: Int32
    }
    @usableFromInline var nodes: [Node] = []
    @usableFromInline var root: Int32 = -1
    /// Each node's rows by start ascending, node after node (see `Node.first`).
    @usableFromInline var byLo: [Int32] = []
    /// Each node's rows by end descending, in the same slots as `byLo`.
    @usableFromInline var byHiDescending: [Int32] = []
    /// Every dated row, by start ascending (ties by row).
    @usableFromInline var sortedRows: [Int32] = []
    /// The start of each row of `sortedRows`, in the same order.
    @usableFromInline var sortedStarts: [Int32] = []

    @usableFromInline var byteCount: Int {
        nodes.capacity * MemoryLayout<Node>.stride
            + (byLo.capacity + byHiDescending.capacity + sortedRows.capacity + sortedStarts.capacity) * 4
    }

    /// Builds over every row whose span `[lo[i], hi[i]]` is not empty.
    @usableFromInline
    init(lo: [Int32], hi: [Int32]) {
        let n = lo.count
        let rowBits = Swift.max(_bitWidth(UInt64(n)), 1)
        var minLo = Int32.max, maxLo = Int32.min, minHi = Int32.max, maxHi = Int32.min, dated = 0
        lo.withUnsafeBufferPointer { l in hi.withUnsafeBufferPointer { h in
            for i in 0..<n where l[i] <= h[i] {
                dated &+= 1
                minLo = Swift.min(minLo, l[i]); maxLo = Swift.max(maxLo, l[i])
                minHi = Swift.min(minHi, h[i]); maxHi = Swift.max(maxHi, h[i])
            }
        } }
        guard dated > 0 else { return }
        // Rows by start ascending, and by end descending: radix sorts on packed keys.
        var packed = [UInt64](unsafeUninitializedCapacity: dated) { buf, c in
            lo.withUnsafeBufferPointer { l in hi.withUnsafeBufferPointer { h in
                var j = 0
                for i in 0..<n where l[i] <= h[i] {
                    buf[j] = UInt64(Int64(l[i]) - Int64(minLo)) << UInt64(rowBits) | UInt64(i); j += 1
                }
            } }
            c = dated
        }
        sortedRows = _radixSortRows(&packed, rowBits: rowBits, keyBits: _bitWidth(UInt64(Int64(maxLo) - Int64(minLo))), as: Int32.self)
        packed = [UInt64](unsafeUninitializedCapacity: dated) { buf, c in
            lo.withUnsafeBufferPointer { l in hi.withUnsafeBufferPointer { h in
                var j = 0
                for i in 0..<n where l[i] <= h[i] {
                    buf[j] = UInt64(Int64(maxHi) - Int64(h[i])) << UInt64(rowBits) | UInt64(i); j += 1
                }
            } }
            c = dated
        }
        let rowsByHiDescending = _radixSortRows(&packed, rowBits: rowBits, keyBits: _bitWidth(UInt64(Int64(maxHi) - Int64(minHi))), as: Int32.self)
        packed = []
        sortedStarts = lo.withUnsafeBufferPointer { l in sortedRows.map { l[Int($0)] } }

        // Tree shape: which node holds each row.
        var nodeOf = [Int32](repeating: -1, count: n)
        var work = sortedRows
        var scratch = [Int32](repeating: 0, count: dated)
        var shape: [Node] = []
        lo.withUnsafeBufferPointer { l in hi.withUnsafeBufferPointer { h in
        work.withUnsafeMutableBufferPointer { w in scratch.withUnsafeMutableBufferPointer { s in
        nodeOf.withUnsafeMutableBufferPointer { owner in
            root = _IntervalIndex._partition(w, s, 0, dated, l, h, owner, &shape)
        } } } } }
        work = []; scratch = []
        // Node slices in node order; fill them from the two global orders (both stay sorted).
        var cursor = [Int32](repeating: 0, count: shape.count)
        var sum: Int32 = 0
        for k in 0..<shape.count { shape[k].first = sum; cursor[k] = sum; sum += shape[k].count }
        var a = [Int32](repeating: 0, count: dated), b = [Int32](repeating: 0, count: dated)
        nodeOf.withUnsafeBufferPointer { owner in
            var cur = cursor
            for r in sortedRows { let k = Int(owner[Int(r)]); a[Int(cur[k])] = r; cur[k] += 1 }
            cur = cursor
            for r in rowsByHiDescending { let k = Int(owner[Int(r)]); b[Int(cur[k])] = r; cur[k] += 1 }
        }
        byLo = a
        byHiDescending = b
        nodes = shape
    }

    /// Shapes the subtree for `w[from..<to]` (sorted by start): records each row's node and the
    /// node's center and size. Returns the node id.
    static func _partition(_ w: UnsafeMutableBufferPointer<Int32>, _ s: UnsafeMutableBufferPointer<Int32>,
                           _ from: Int, _ to: Int, _ lo: UnsafeBufferPointer<Int32>, _ hi: UnsafeBufferPointer<Int32>,
                           _ owner: UnsafeMutableBufferPointer<Int32>, _ nodes: inout [Node]) -> Int32 {
        guard from < to else { return -1 }
        let center = lo[Int(w[(from + to) >> 1])]
        let id = Int32(nodes.count)
        nodes.append(Node(center: center, first: 0, count: 0, left: -1, right: -1))
        // Stable partition into s: left part (end < center) from the front, right part
        // (start > center) from the back; rows containing the center stay at this node.
        var l = from, r = to, mid: Int32 = 0
        for j in from..<to {
            let row = w[j]
            if hi[Int(row)] < center { s[l] = row; l += 1 }
            else if lo[Int(row)] > center { r -= 1; s[r] = row }
            else { owner[Int(row)] = id; mid += 1 }
        }
        // The right part went in reversed; copy back restoring its order.
        for j in from..<l { w[j] = s[j] }
        var k = r
        for j in stride(from: to - 1, through: r, by: -1) { w[k] = s[j]; k += 1 }
        nodes[Int(id)].count = mid
        let left = _partition(w, s, from, l, lo, hi, owner, &nodes)
        let right = _partition(w, s, r, to, lo, hi, owner, &nodes)
        nodes[Int(id)].left = left
        nodes[Int(id)].right = right
        return id
    }

    /// First position whose start is greater than `x`.
    /// - Complexity: O(log N)
    @inlinable
    func _upperBound(_ x: Int32) -> Int {
        sortedStarts.withUnsafeBufferPointer { s in
            var l = 0, h = s.count
            while l < h {
                let m = (l + h) >> 1
                if s[m] <= x { l = m + 1 } else { h = m }
            }
            return l
        }
    }
}
