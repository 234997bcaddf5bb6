// Answers of the grouped interval index: runs of rows, counts, and rows in ascending order.

/// First position of `v[from..<to]` (ascending) whose value is greater than `x`.
@inlinable @inline(__always)
func _upperBound(_ v: UnsafeBufferPointer<Int32>, _ from: Int, _ to: Int, _ x: Int32) -> Int {
    var l = from, h = to
    while l < h {
        let m = Int(bitPattern: UInt(bitPattern: l &+ h) &>> 1)
        if v[m] <= x { l = m &+ 1 } else { h = m }
    }
    return l
}

/// First position of `v[from..<to]` (ascending) whose value is at least `x`.
@inlinable @inline(__always)
func _lowerBound(_ v: UnsafeBufferPointer<Int32>, _ from: Int, _ to: Int, _ x: Int32) -> Int {
    var l = from, h = to
    while l < h {
        let m = Int(bitPattern: UInt(bitPattern: l &+ h) &>> 1)
        if v[m] < x { l = m &+ 1 } else { h = m }
    }
    return l
}

/// The first day on or after `day` whose weekday is in `days` (not empty).
@inlinable @inline(__always)
func _repeatDay(onOrAfter day: Int32, days: WeekdaySet) -> Int32 {
    let w = _weekdayNumber(ofDay: Int(day))
    let bits = UInt16(days._bits)
    // Weekday w + k is bit k of the mask rotated down by w.
    let rotated = ((bits &>> UInt16(w)) | (bits &<< UInt16(7 &- w))) & 0x7F
    return day &+ Int32(truncatingIfNeeded: rotated.trailingZeroBitCount)
}

/// The last day on or before `day` whose weekday is in `days` (not empty).
@inlinable @inline(__always)
func _repeatDay(onOrBefore day: Int32, days: WeekdaySet) -> Int32 {
    let w = _weekdayNumber(ofDay: Int(day))
    let bits = UInt16(days._bits)
    // Weekday w - k is bit 6 - k of the mask rotated up by 6 - w.
    let rotated = ((bits &<< UInt16(6 &- w)) | (bits &>> UInt16(w &+ 1))) & 0x7F
    return day &- Int32(truncatingIfNeeded: (rotated << 9).leadingZeroBitCount)
}

extension _IntervalIndex {
    @inlinable @inline(__always)
    static func _wants(_ g: Group, _ kind: TodoKind) -> Bool {
        kind._matches((g.isChallenge ? TodoSet._challenge : 0) | (g.isEvent ? TodoSet._event : 0))
    }

    /// `[a, b]` narrowed to the group's weekdays (`[a′, b′]`, see the type), nil when it holds none.
    @inlinable @inline(__always)
    static func _narrowed(_ g: Group, _ a: Int32, _ b: Int32) -> (Int32, Int32)? {
        if g.days == 0x7F { return (a, b) }
        if g.days == 0 { return nil }
        let d = WeekdaySet(rawValue: g.days)
        let a2 = _repeatDay(onOrAfter: a, days: d), b2 = _repeatDay(onOrBefore: b, days: d)
        return a2 <= b2 ? (a2, b2) : nil
    }

    /// Number of rows of `kind` falling on at least one day of `[a, b]` (`a <= b`).
    /// - Complexity: O(G log N), G the groups of `kind`
    @usableFromInline
    func count(from a: Int32, through b: Int32, kind: TodoKind) -> Int {
        var total = 0
        sortedStarts.withUnsafeBufferPointer { st in sortedEnds.withUnsafeBufferPointer { en in
            for g in groups where Self._wants(g, kind) {
                guard let (a2, b2) = Self._narrowed(g, a, b) else { continue }
                let f = Int(g.first), e = f &+ Int(g.count)
                total &+= _upperBound(st, f, e, b2) &- _lowerBound(en, f, e, a2)
            }
        } }
        return total
    }

    /// Hands `sink` the runs of rows of `kind` falling on at least one day of `[a, b]`
    /// (`a <= b`): disjoint, each row once, in no particular order.
    /// - Complexity: O(G log² N + runs), G the groups of `kind`
    @usableFromInline
    func forEachRun(from a: Int32, through b: Int32, kind: TodoKind, into sink: inout _RowSink) {
        nodes.withUnsafeBufferPointer { nodes in
        byLo.withUnsafeBufferPointer { byLo in byLoKeys.withUnsafeBufferPointer { loKeys in
        byHiDescending.withUnsafeBufferPointer { byHi in byHiKeys.withUnsafeBufferPointer { hiKeys in
        sortedRows.withUnsafeBufferPointer { rows in sortedStarts.withUnsafeBufferPointer { starts in
            for g in groups where Self._wants(g, kind) {
                guard let (a2, b2) = Self._narrowed(g, a, b) else { continue }
                // Rows containing a2: a prefix of each node's rows on the path.
                var n = g.root
                while n >= 0 {
                    let node = nodes[Int(n)]
                    let f = Int(node.first), e = f &+ Int(node.count)
                    if a2 < node.center {
                        sink.take(byLo, f, _upperBound(loKeys, f, e, a2))
                        n = node.left
                    } else if a2 > node.center {
                        // Ends descending: the rows ending on or after a2 come first.
                        var l = f, h = e
                        while l < h {
                            let m = Int(bitPattern: UInt(bitPattern: l &+ h) &>> 1)
                            if hiKeys[m] >= a2 { l = m &+ 1 } else { h = m }
                        }
                        sink.take(byHi, f, l)
                        n = node.right
                    } else {
                        sink.take(byLo, f, e)
                        break
                    }
                }
                // Rows starting in (a2, b2].
                if a2 < b2 {
                    let f = Int(g.first), e = f &+ Int(g.count)
                    sink.take(rows, _upperBound(starts, f, e, a2), _upperBound(starts, f, e, b2))
                }
            }
        } } } } } } }
    }

    /// Hands `sink` the runs of rows of `kind` whose start is after `day`.
    /// - Complexity: O(G log N + runs)
    @usableFromInline
    func forEachRunStarting(after day: Int32, kind: TodoKind, into sink: inout _RowSink) {
        sortedRows.withUnsafeBufferPointer { rows in sortedStarts.withUnsafeBufferPointer { starts in
            for g in groups where Self._wants(g, kind) {
                let f = Int(g.first), e = f &+ Int(g.count)
                sink.take(rows, _upperBound(starts, f, e, day), e)
            }
        } }
    }

    /// What `ascendingRows` lists.
    @usableFromInline
    enum Query {
        /// Rows falling on at least one day of `[a, b]` (`a <= b`).
        case overlapping(Int32, Int32, TodoKind)
        /// Rows whose start is after the day.
        case startingAfter(Int32, TodoKind)
    }

    @usableFromInline
    func _runs(_ q: Query, into sink: inout _RowSink) {
        switch q {
        case let .overlapping(a, b, kind): forEachRun(from: a, through: b, kind: kind, into: &sink)
        case let .startingAfter(d, kind): forEachRunStarting(after: d, kind: kind, into: &sink)
        }
    }

    /// The rows `q` lists (each below `rowCount`), ascending: sorted in place when few, marked in
    /// a bitmap and read back in order when many (a bitmap of `rowCount` bits costs about
    /// `rowCount / 64` word passes, cheaper than radix passes once the answer reaches
    /// `rowCount / 256`), radix-sorted in between.
    /// - Complexity: O(G log² N + k + min(k × passes, rowCount / 64))
    @usableFromInline
    func ascendingRows(_ q: Query, rowCount: Int) -> [Int] {
        let k = _count(q)
        guard k > 0 else { return [] }
        if Self._usesBitmap(k, rowCount: rowCount) {
            return [Int](unsafeUninitializedCapacity: k) { out, written in
                _writeFromBitmap(q, rowCount: rowCount, count: k, into: out.baseAddress!)
                written = k
            }
        }
        return _sortedRows(q, count: k, rowCount: rowCount)
    }

    /// `ascendingRows(q, rowCount:)` written into `out`, which has room for `k`, the number of
    /// rows `q` lists (`count(from:through:kind:)`): a large answer goes from the bitmap straight
    /// into `out`, with no array of its own to copy (the C layer's caller's array).
    /// - Complexity: as `ascendingRows(_:rowCount:)`
    @usableFromInline
    func writeAscendingRows(_ q: Query, rowCount: Int, count k: Int, into out: UnsafeMutablePointer<Int>) {
        guard k > 0 else { return }
        if Self._usesBitmap(k, rowCount: rowCount) {
            _writeFromBitmap(q, rowCount: rowCount, count: k, into: out)
        } else {
            _sortedRows(q, count: k, rowCount: rowCount).withUnsafeBufferPointer { r in
                out.update(from: r.baseAddress!, count: r.count)
            }
        }
    }

    /// The number of rows `q` lists.
    func _count(_ q: Query) -> Int {
        switch q {
        case let .overlapping(a, b, kind): return count(from: a, through: b, kind: kind)
        case .startingAfter:
            var counter = _RowSink(counting: ())
            _runs(q, into: &counter)
            return counter.count
        }
    }

    /// Whether an answer of `k` rows is put in order through a bitmap of `rowCount` bits.
    @inline(__always)
    static func _usesBitmap(_ k: Int, rowCount: Int) -> Bool { k >= 64 && k >= rowCount >> 8 }

    /// `q`'s `k` rows marked in a bitmap and read back into `out` in order.
    func _writeFromBitmap(_ q: Query, rowCount: Int, count k: Int, into out: UnsafeMutablePointer<Int>) {
        var words = [UInt64](repeating: 0, count: (rowCount &+ 63) >> 6)
        words.withUnsafeMutableBufferPointer { w in
            var sink = _RowSink(bitmap: w.baseAddress!)
            _runs(q, into: &sink)
            var j = 0
            for x in 0..<w.count {
                var v = w[x]
                while v != 0 && j < k {
                    out[j] = x &<< 6 | v.trailingZeroBitCount
                    j &+= 1
                    v &= v &- 1
                }
            }
        }
    }

    /// `q`'s `k` rows gathered, then sorted in place when few, radix-sorted when more.
    func _sortedRows(_ q: Query, count k: Int, rowCount: Int) -> [Int] {
        var sink = _RowSink(capacity: k)
        _runs(q, into: &sink)
        let rows = sink.rows
        if rows.count < 64 { return rows.sorted().map { Int($0) } }
        let rowBits = Swift.max(_bitWidth(UInt64(rowCount)), 1)
        var v = rows.map { UInt64(UInt32(bitPattern: $0)) << UInt64(rowBits) | UInt64(UInt32(bitPattern: $0)) }
        return _radixSortRows(&v, rowBits: rowBits, keyBits: rowBits)
    }
}

/// Where the index's runs of rows go: counted, copied into an array, or marked in a bitmap.
@usableFromInline
struct _RowSink {
    @usableFromInline var count = 0
    @usableFromInline var rows: [Int32] = []
    @usableFromInline let bitmap: UnsafeMutablePointer<UInt64>?
    @usableFromInline let keepsRows: Bool

    @usableFromInline init(counting: ()) { bitmap = nil; keepsRows = false }
    @usableFromInline init(capacity: Int) { bitmap = nil; keepsRows = true; rows.reserveCapacity(capacity) }
    @usableFromInline init(bitmap: UnsafeMutablePointer<UInt64>) { self.bitmap = bitmap; keepsRows = false }

    /// Takes `v[from..<to]` (nothing when `to <= from`). Not inlined: called once per run.
    @usableFromInline @inline(never)
    mutating func take(_ v: UnsafeBufferPointer<Int32>, _ from: Int, _ to: Int) {
        guard from < to else { return }
        count &+= to &- from
        if let w = bitmap {
            for j in from..<to {
                let i = Int(v[j])
                w[i >> 6] |= 1 &<< UInt64(i & 63)
            }
        } else if keepsRows {
            rows.append(contentsOf: UnsafeBufferPointer(rebasing: v[from..<to]))
        }
    }
}
