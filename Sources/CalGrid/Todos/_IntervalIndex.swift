/// The todos' spans grouped by repetition and kind, each group a static centered interval tree
/// whose answers are contiguous runs of rows, plus the group's rows sorted by start and its ends
/// sorted, so that a count needs no rows at all.
///
/// Why groups: a todo repeating on the weekdays `R` falls on a day of `[a, b]` exactly when its
/// span meets `[a′, b′]`, with `a′` the first `R`-day on or after `a` and `b′` the last on or
/// before `b` (both ends of that meeting are then `R`-days; conversely any `R`-day of the span in
/// `[a, b]` lies in `[a′, b′]`). So, among the todos sharing `R` and whose span holds an `R`-day,
/// "falls on some day of `[a, b]`" is a plain interval overlap with `[a′, b′]`: no per-row weekday
/// test, and the kind is the group's, so no per-row flag test either. Todos whose span holds none
/// of their weekdays fall on no day; they sit in groups of their own (weekdays 0) that only
/// `upcoming` reads.
///
/// In a group, overlap of `[a′, b′]` is "contains `a′`" (the stabbing query: in each node on the
/// path, a prefix of the node's rows by start or by end descending, found by binary search on the
/// keys stored beside them) plus "starts in `(a′, b′]`" (a run of the start-sorted rows): at most
/// one run per tree level plus one. Its size is `#(start ≤ b′) − #(end < a′)` (an end before
/// `a′` implies a start before `b′`): two binary searches.
///
/// Built in O(N log N) (radix sorts and a partition per tree level) on the first range query
/// after the set's dates, repetitions, kinds or membership changed. Memory: 28 bytes per dated
/// todo plus 20 per node.
@usableFromInline
struct _IntervalIndex: Sendable {
    @usableFromInline
    struct Node: Sendable {
        @usableFromInline var center: Int32
        /// The node's rows are `byLo[first..<first+count]` and `byHiDescending[first..<first+count]`.
        @usableFromInline var first: Int32, count: Int32
        @usableFromInline var left: Int32, right: Int32
    }

    /// Rows sharing a repetition and a kind.
    @usableFromInline
    struct Group: Sendable {
        /// The repetition's weekday bits; 0 for rows on none of their span's days.
        @usableFromInline var days: UInt8
        @usableFromInline var isChallenge: Bool
        @usableFromInline var isEvent: Bool
        /// The group's rows are `sortedRows[first..<first+count]` (likewise `sortedStarts`, `sortedEnds`).
        @usableFromInline var first: Int32, count: Int32
        @usableFromInline var root: Int32
    }

    @usableFromInline var groups: [Group] = []
    @usableFromInline var nodes: [Node] = []
    /// Each node's rows by start ascending, node after node (see `Node.first`), and their starts.
    @usableFromInline var byLo: [Int32] = []
    @usableFromInline var byLoKeys: [Int32] = []
    /// Each node's rows by end descending, in the same slots as `byLo`, and their ends.
    @usableFromInline var byHiDescending: [Int32] = []
    @usableFromInline var byHiKeys: [Int32] = []
    /// Each group's rows by start ascending (ties by row), group after group, and their starts.
    @usableFromInline var sortedRows: [Int32] = []
    @usableFromInline var sortedStarts: [Int32] = []
    /// Each group's ends, ascending, group after group (for counts).
    @usableFromInline var sortedEnds: [Int32] = []

    @usableFromInline var byteCount: Int {
        groups.capacity * MemoryLayout<Group>.stride + nodes.capacity * MemoryLayout<Node>.stride
            + (byLo.capacity + byLoKeys.capacity + byHiDescending.capacity + byHiKeys.capacity
               + sortedRows.capacity + sortedStarts.capacity + sortedEnds.capacity) * 4
    }

    /// A row's group key: weekday bits (0 when its span holds none of them), the challenge bit
    /// above and the event bit above that; nil for an undated row (empty span) or one with a rule.
    @inlinable @inline(__always)
    static func _groupKey(lo: Int32, hi: Int32, days: WeekdaySet, flags: UInt8) -> Int? {
        // A row with a recurrence rule is not a weekday interval: the set answers those itself.
        guard lo <= hi, flags & TodoSet._ruled == 0 else { return nil }
        let finite = _DayKey.isDay(lo) && _DayKey.isDay(hi)
        let bits = !finite || _hasRepeatDay(from: lo, through: hi, days: days) ? Int(days._bits) : 0
        return bits | (flags & TodoSet._challenge != 0 ? 0x80 : 0) | (flags & TodoSet._event != 0 ? 0x100 : 0)
    }

    /// Builds over every row whose span `[lo[i], hi[i]]` is not empty.
    @usableFromInline
    init(lo: [Int32], hi: [Int32], days: [WeekdaySet], flags: [UInt8]) {
        let n = lo.count
        let rowBits = Swift.max(_bitWidth(UInt64(n)), 1)
        // Group of each row (-1: undated), rows per group key, and the real days' ranges.
        var key = [Int16](repeating: -1, count: n)
        var perKey = [Int](repeating: 0, count: 512)
        var minS = Int32.max, maxS = Int32.min, minE = Int32.max, maxE = Int32.min, dated = 0
        lo.withUnsafeBufferPointer { l in hi.withUnsafeBufferPointer { h in
        days.withUnsafeBufferPointer { d in flags.withUnsafeBufferPointer { f in
            for i in 0..<n {
                guard let k = Self._groupKey(lo: l[i], hi: h[i], days: d[i], flags: f[i]) else { continue }
                key[i] = Int16(truncatingIfNeeded: k); perKey[k] &+= 1; dated &+= 1
                if _DayKey.isDay(l[i]) { minS = Swift.min(minS, l[i]); maxS = Swift.max(maxS, l[i]) }
                if _DayKey.isDay(h[i]) { minE = Swift.min(minE, h[i]); maxE = Swift.max(maxE, h[i]) }
            }
        } } } }
        guard dated > 0 else { return }
        if minS > maxS { minS = 0; maxS = 0 }
        if minE > maxE { minE = 0; maxE = 0 }
        // Dense group ids in key order; the groups' slices in that order.
        var gid = [Int](repeating: -1, count: 512)
        var at: Int32 = 0
        for k in 0..<512 where perKey[k] > 0 {
            gid[k] = groups.count
            groups.append(Group(days: UInt8(truncatingIfNeeded: k & 0x7F), isChallenge: k & 0x80 != 0, isEvent: k & 0x100 != 0,
                                first: at, count: Int32(truncatingIfNeeded: perKey[k]), root: -1))
            at &+= Int32(truncatingIfNeeded: perKey[k])
        }
        let groupBits = _bitWidth(UInt64(groups.count - 1))
        // Rows by (group, start, row) and by (group, end, row): one radix sort each on packed
        // keys. A missing start sorts before every day, a missing end after (day ranges fit 23 bits).
        let startBits = _bitWidth(UInt64(Int64(maxS) - Int64(minS) + 1))
        let endBits = _bitWidth(UInt64(Int64(maxE) - Int64(minE) + 2))
        precondition(groupBits + Swift.max(startBits, endBits) + rowBits <= 64, "interval index keys exceed 64 bits")
        let bits = (groupBits: groupBits, rowBits: rowBits, dated: dated)
        sortedRows = lo.withUnsafeBufferPointer { Self._sortedRows(by: $0, first: minS, keyBits: startBits, key, gid, bits) }
        let rowsByEnd = hi.withUnsafeBufferPointer { Self._sortedRows(by: $0, first: minE, keyBits: endBits, key, gid, bits) }
        sortedStarts = lo.withUnsafeBufferPointer { l in sortedRows.map { l[Int($0)] } }
        sortedEnds = hi.withUnsafeBufferPointer { h in rowsByEnd.map { h[Int($0)] } }
        key = []

        // Tree shapes, one per group of rows that fall on days: which node holds each row.
        var nodeOf = [Int32](repeating: -1, count: n)
        var work = sortedRows
        var scratch = [Int32](repeating: 0, count: dated)
        var shape: [Node] = []
        lo.withUnsafeBufferPointer { l in hi.withUnsafeBufferPointer { h in
        work.withUnsafeMutableBufferPointer { w in scratch.withUnsafeMutableBufferPointer { s in
        nodeOf.withUnsafeMutableBufferPointer { owner in
            for g in groups.indices where groups[g].days != 0 {
                let f = Int(groups[g].first)
                groups[g].root = _IntervalIndex._partition(w, s, f, f + Int(groups[g].count), l, h, owner, &shape)
            }
        } } } } }
        work = []; scratch = []
        // Node slices in node order, filled from the two sorted orders (both stay sorted).
        var cursor = [Int32](repeating: 0, count: shape.count)
        var sum: Int32 = 0
        for k in 0..<shape.count { shape[k].first = sum; cursor[k] = sum; sum += shape[k].count }
        let placed = Int(sum)
        var a = [Int32](repeating: 0, count: placed), b = [Int32](repeating: 0, count: placed)
        nodeOf.withUnsafeBufferPointer { owner in
            var cur = cursor
            for r in sortedRows {
                let k = Int(owner[Int(r)])
                if k >= 0 { a[Int(cur[k])] = r; cur[k] += 1 }
            }
            cur = cursor
            for r in rowsByEnd.reversed() {
                let k = Int(owner[Int(r)])
                if k >= 0 { b[Int(cur[k])] = r; cur[k] += 1 }
            }
        }
        byLoKeys = lo.withUnsafeBufferPointer { l in a.map { l[Int($0)] } }
        byHiKeys = hi.withUnsafeBufferPointer { h in b.map { h[Int($0)] } }
        byLo = a
        byHiDescending = b
        nodes = shape
    }

    /// The dated rows (`key[i] >= 0`) by (group, day, row): one radix sort on packed keys. A
    /// day is `1 + day - first`; a missing start (`noStart`) sorts before every day, a missing end
    /// (`noEnd`) after (all ones: `keyBits` leaves room for one more than the last day).
    @inline(never)
    static func _sortedRows(by days: UnsafeBufferPointer<Int32>, first: Int32, keyBits: Int, _ key: [Int16], _ gid: [Int],
                            _ shape: (groupBits: Int, rowBits: Int, dated: Int)) -> [Int32] {
        let missingEnd = (UInt64(1) << UInt64(keyBits)) &- 1
        var packed = [UInt64](unsafeUninitializedCapacity: shape.dated) { buf, c in
            var j = 0
            for i in 0..<days.count where key[i] >= 0 {
                let d = days[i]
                let k = d == _DayKey.noStart ? 0 : d == _DayKey.noEnd ? missingEnd : UInt64(Int64(d) - Int64(first) + 1)
                buf[j] = (UInt64(gid[Int(key[i])]) << UInt64(keyBits) | k) << UInt64(shape.rowBits) | UInt64(i)
                j &+= 1
            }
            c = j
        }
        return _radixSortRows(&packed, rowBits: shape.rowBits, keyBits: shape.groupBits + keyBits, as: Int32.self)
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
}
