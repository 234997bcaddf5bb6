// Sorting: every order maps each todo to an unsigned key whose ascending order is the wanted
// order (descending is folded into the key, missing values get the largest key), then a stable
// LSD radix sort orders the rows. When key bits + row bits fit in 64, key and row are packed
// into one word (`key << rowBits | row`), so ties fall to the row — insertion order — for free.

/// Keys for a list of rows, ready to sort.
@usableFromInline
enum _SortKeys {
    /// `key << rowBits | row`, the key in bits `[rowBits, rowBits + keyBits)`.
    case packed([UInt64], rowBits: Int, keyBits: Int)
    /// Keys too wide to pack next to the row.
    case pairs([UInt64], [Int32], keyBits: Int)
}

extension TodoSet {
    /// Every index, in `order`.
    /// - Complexity: O(N) for deadline, start, registration and completion share (a radix sort
    ///   on keys of at most ~44 bits: one to four passes); title: O(N) plus O(r log r) for each
    ///   run of r titles sharing their first 8 bytes.
    @inlinable
    public func sortedIndices(by order: TodoOrder) -> [Int] {
        // Split by key where the caller sees it: a caller whose order is a constant links only
        // that order's sort (a firmware sorting by deadline leaves out the title and share
        // sorts, docs/embedded.md).
        switch order.key {
        case .title: return _sortedByTitle(nil, descending: order.descending)
        case .deadline, .start: return _sortedByDay(nil, order)
        case .registration, .completionShare: return _sorted(nil, order)
        case .time: return _sortedByTime(nil, descending: order.descending)
        }
    }

    /// `indices` (any subset, e.g. a query result, duplicates allowed) in `order`; ties keep
    /// ascending index.
    /// - Complexity: O(k) for k indices, as `sortedIndices(by:)`.
    public func sorted(_ indices: [Int], by order: TodoOrder) -> [Int] {
        return _sorted(_rowsAscending(indices), order)
    }

    /// A page of `order`: the indices at positions `offset ..< offset + limit` of
    /// `sortedIndices(by:)` (fewer at the end).
    /// - Complexity: O(N + m log m) with m = offset + limit, for every key but title (which
    ///   sorts everything: O(N) plus its tie runs).
    public func sortedIndices(by order: TodoOrder, offset: Int = 0, limit: Int) -> [Int] {
        _page(nil, order, offset: offset, limit: limit)
    }

    /// A page of `indices` in `order`.
    /// - Complexity: O(k + m log m), m = offset + limit (title: O(k) plus tie runs).
    public func sorted(_ indices: [Int], by order: TodoOrder, offset: Int = 0, limit: Int) -> [Int] {
        return _page(_rowsAscending(indices), order, offset: offset, limit: limit)
    }

    /// The indices as rows, ascending: every sort below is stable, so ties then keep row order.
    @usableFromInline
    func _rowsAscending(_ indices: [Int]) -> [Int32] {
        for i in indices { _check(i) }
        return _ascending(indices.map { Int32(truncatingIfNeeded: $0) }).map { Int32(truncatingIfNeeded: $0) }
    }

    @usableFromInline
    func _page(_ rows: [Int32]?, _ order: TodoOrder, offset: Int, limit: Int) -> [Int] {
        let n = rows?.count ?? count
        let lo = Swift.min(Swift.max(offset, 0), n)
        let hi = Swift.min(lo + Swift.max(limit, 0), n)
        guard lo < hi else { return [] }
        if order.key != .title, order.key != .time, hi < n / 4, case .packed(let v, let rowBits, let keyBits) = _sortKeys(rows, order) {
            let top = _smallest(hi, of: v, bits: rowBits + keyBits)
            let rowMask = (UInt64(1) << UInt64(rowBits)) - 1
            return top[lo..<hi].map { Int($0 & rowMask) }
        }
        return Array(_sorted(rows, order)[lo..<hi])
    }

    @usableFromInline
    func _sorted(_ rows: [Int32]?, _ order: TodoOrder) -> [Int] {
        if order.key == .title { return _sortedByTitle(rows, descending: order.descending) }
        if order.key == .time { return _sortedByTime(rows, descending: order.descending) }
        return _radixSorted(_sortKeys(rows, order))
    }

    /// `rows` (every row when nil) by deadline or start day (`order.key` is one of them).
    @usableFromInline
    func _sortedByDay(_ rows: [Int32]?, _ order: TodoOrder) -> [Int] {
        _radixSorted(_dayKeys(rows, order))
    }

    /// The keys' rows in key order. It consumes the keys, so the sort works in their storage
    /// (a borrowed key array would be copied first: 8 bytes a todo more at the sort's peak).
    @usableFromInline
    func _radixSorted(_ keys: consuming _SortKeys) -> [Int] {
        switch consume keys {
        case .packed(var v, let rowBits, let keyBits):
            return _radixSortRows(&v, rowBits: rowBits, keyBits: keyBits)
        case .pairs(var keys, var r, let keyBits):
            _radixSortPairs(keys: &keys, rows: &r, keyBits: keyBits)
            return r.map { Int($0) }
        }
    }

    /// Bits that hold any row number of the set.
    @usableFromInline
    var _rowBits: Int { Swift.max(_bitWidth(UInt64(Swift.max(count - 1, 0))), 1) }

    /// Sort keys by deadline or start day (`order.key` is one of them). The deadline is the end
    /// column as it is while no row has a rule; else a copy with each rule row's deadline
    /// (`_deadline`: its last occurrence's last day), 4 bytes a todo more at the sort's peak, made
    /// through the first rule box (`_TodoRule._deadlines`).
    @usableFromInline
    func _dayKeys(_ rows: [Int32]?, _ order: TodoOrder) -> _SortKeys {
        let column = order.key != .deadline ? _columns.start : _rules.rules.first.map { $0._deadlines(self) } ?? _columns.end
        return _int32Keys(column, rows, descending: order.descending, rowBits: _rowBits)
    }

    /// Sort keys for `rows` (every row when nil) in `order` (not for `.title`).
    @usableFromInline
    func _sortKeys(_ rows: [Int32]?, _ order: TodoOrder) -> _SortKeys {
        let n = rows?.count ?? count
        let rowBits = _rowBits
        // Values as signed 64-bit (present) or nil; mapped to keys below.
        var minV = Int64.max, maxV = Int64.min
        let key = order.key
        let desc = order.descending
        if key == .deadline || key == .start { return _dayKeys(rows, order) }
        // Allocated after the day keys return: they build their own (a deadline sort held both,
        // 8 bytes a todo more at its peak).
        var keys = [UInt64](repeating: 0, count: n)
        // Share: exact fractions need 2^s > (largest denominator)^2 (see `_shareKey`).
        var shareShift = 0
        if key == .completionShare {
            var qmax: UInt64 = 1
            _forEachRow(rows) { _, i in
                if _columns.flags[i] & TodoSet._tracked != 0 {
                    qmax = Swift.max(qmax, UInt64(_trackedDays(i)))
                }
            }
            shareShift = _bitWidth(qmax * qmax)
            let top = UInt64(1) << UInt64(shareShift)
            keys.withUnsafeMutableBufferPointer { k in
                _forEachRow(rows) { j, i in
                    let s = _shareKey(i, shift: shareShift)
                    k[j] = desc ? top - s : s
                }
            }
            return _finish(keys, rows, rowBits: rowBits, keyBits: shareShift + 1)
        }
        // Pass 1: range of the present values.
        _forEachRow(rows) { _, i in
            if let v = _sortValue(i, key) { minV = Swift.min(minV, v); maxV = Swift.max(maxV, v) }
        }
        guard minV <= maxV else {
            // Every key missing: the order is the row order.
            return _finish(keys, rows, rowBits: rowBits, keyBits: 0)
        }
        let range = UInt64(bitPattern: maxV &- minV)
        guard range < UInt64.max else {
            // Registration times spanning all of Int64: no spare key for "missing". Rank instead.
            return _rankedKeys(rows, order, rowBits: rowBits)
        }
        let missing = range + 1
        keys.withUnsafeMutableBufferPointer { k in
            _forEachRow(rows) { j, i in
                if let v = _sortValue(i, key) {
                    let u = UInt64(bitPattern: v &- minV)
                    k[j] = desc ? range - u : u
                } else {
                    k[j] = missing
                }
            }
        }
        return _finish(keys, rows, rowBits: rowBits, keyBits: _bitWidth(missing))
    }

    /// Packed keys from a day column where the sentinels of `_DayKey` mean "missing": two tight
    /// passes (range, then keys) over the column.
    @usableFromInline
    func _int32Keys(_ column: [Int32], _ rows: [Int32]?, descending: Bool, rowBits: Int) -> _SortKeys {
        let n = rows?.count ?? count
        var lo = Int32.max, hi = Int32.min
        column.withUnsafeBufferPointer { c in
            if let rows {
                for r in rows { let v = c[Int(r)]; if _DayKey.isDay(v) { lo = Swift.min(lo, v); hi = Swift.max(hi, v) } }
            } else {
                for v in c where _DayKey.isDay(v) { lo = Swift.min(lo, v); hi = Swift.max(hi, v) }
            }
        }
        let range: UInt64 = lo <= hi ? UInt64(Int64(hi) - Int64(lo)) : 0
        let missing = lo <= hi ? range + 1 : 0
        // Present: v - lo (ascending) or hi - v (descending); both as one subtraction from a base.
        let base = Int64(descending ? hi : lo)
        let shift = UInt64(rowBits)
        let values = [UInt64](unsafeUninitializedCapacity: n) { buf, initialized in
            column.withUnsafeBufferPointer { c in
                if let rows {
                    for j in 0..<n {
                        let i = Int(rows[j]), v = c[i]
                        let d = descending ? base &- Int64(v) : Int64(v) &- base
                        let k = _DayKey.isDay(v) ? UInt64(bitPattern: d) : missing
                        buf[j] = k &<< shift | UInt64(i)
                    }
                } else {
                    for i in 0..<n {
                        let v = c[i]
                        let d = descending ? base &- Int64(v) : Int64(v) &- base
                        let k = _DayKey.isDay(v) ? UInt64(bitPattern: d) : missing
                        buf[i] = k &<< shift | UInt64(i)
                    }
                }
            }
            initialized = n
        }
        return .packed(values, rowBits: rowBits, keyBits: _bitWidth(missing))
    }

    @inlinable @inline(__always)
    func _sortValue(_ i: Int, _ key: TodoSortKey) -> Int64? {
        switch key {
        case .deadline:
            let e = _deadline(i)
            return _DayKey.isDay(e) ? Int64(e) : nil
        case .start:
            let s = _columns.start[i]
            return _DayKey.isDay(s) ? Int64(s) : nil
        case .registration:
            return _columns.flags[i] & TodoSet._hasCreatedAt != 0 ? _columns.createdAt[i] : nil
        case .title, .completionShare, .time:
            return nil
        }
    }

    /// floor(p · 2^shift / q) for the todo's share p/q: distinct fractions with denominators
    /// below 2^(shift/2) get distinct keys, equal fractions equal keys.
    @inlinable
    func _shareKey(_ i: Int, shift: Int) -> UInt64 {
        var p: UInt64 = _columns.flags[i] & TodoSet._completed != 0 ? 1 : 0, q: UInt64 = 1
        if _columns.flags[i] & TodoSet._tracked != 0 {
            let n = _trackedDays(i)
            if n > 0 { p = UInt64(_columns.doneCount[i]); q = UInt64(n) }
        }
        if p == q { return UInt64(1) << UInt64(shift) }
        let wide = shift == 0 ? (high: UInt64(0), low: p) : (high: p >> UInt64(64 - shift), low: p << UInt64(shift))
        return q.dividingFullWidth(wide).quotient
    }

    @inlinable @inline(__always)
    func _forEachRow(_ rows: [Int32]?, _ body: (Int, Int) -> Void) {
        if let rows {
            for j in 0..<rows.count { body(j, Int(rows[j])) }
        } else {
            for i in 0..<count { body(i, i) }
        }
    }

    @usableFromInline
    func _finish(_ keys: [UInt64], _ rows: [Int32]?, rowBits: Int, keyBits: Int) -> _SortKeys {
        if keyBits + rowBits <= 64 {
            var v = keys
            v.withUnsafeMutableBufferPointer { k in
                _forEachRow(rows) { j, i in k[j] = k[j] << UInt64(rowBits) | UInt64(i) }
            }
            return .packed(v, rowBits: rowBits, keyBits: keyBits)
        }
        let r = rows ?? (0..<count).map { Int32(truncatingIfNeeded: $0) }
        return .pairs(keys, r, keyBits: keyBits)
    }

    /// Fallback for keys with no spare value: the rank of each value among the distinct present
    /// values (missing = one past the last rank).
    @usableFromInline
    func _rankedKeys(_ rows: [Int32]?, _ order: TodoOrder, rowBits: Int) -> _SortKeys {
        var present: [Int64] = []
        _forEachRow(rows) { _, i in if let v = _sortValue(i, order.key) { present.append(v) } }
        present.sort()
        var distinct: [Int64] = []
        for v in present where distinct.last != v { distinct.append(v) }
        let top = UInt64(distinct.count)
        var keys = [UInt64](repeating: top, count: rows?.count ?? count)
        _forEachRow(rows) { j, i in
            guard let v = _sortValue(i, order.key) else { return }
            var l = 0, h = distinct.count
            while l < h { let m = (l + h) / 2; if distinct[m] < v { l = m + 1 } else { h = m } }
            keys[j] = order.descending ? top - 1 - UInt64(l) : UInt64(l)
        }
        return _finish(keys, rows, rowBits: rowBits, keyBits: _bitWidth(top))
    }

    /// Title order: an MSD radix sort by 7-byte chunks. Each chunk's key is its 7 bytes
    /// (big-endian, zero-padded) above one byte holding how many bytes remain (capped at 8), so
    /// "ab" sorts before "ab\0" and a run of equal keys with fewer than 8 bytes remaining holds
    /// equal titles. Runs that still have bytes left are sorted by their next chunk; small runs
    /// by insertion sort. Every step is stable, so equal titles keep row order.
    @usableFromInline
    func _sortedByTitle(_ rows: [Int32]?, descending: Bool) -> [Int] {
        var r = rows ?? (0..<count).map { Int32(truncatingIfNeeded: $0) }
        let n = r.count
        guard n > 1 else { return r.map { Int($0) } }
        var titleStart = [Int](repeating: 0, count: count)
        var titleCount = [Int](repeating: 0, count: count)
        _text.withUnsafeBufferPointer { t in
            for row in r {
                let tr = _idAndTitleRanges(t.baseAddress!, at: Int(_columns.textOffset[Int(row)]))
                titleStart[Int(row)] = tr.titleStart
                titleCount[Int(row)] = tr.titleCount
            }
        }
        var keys = [UInt64](repeating: 0, count: n)
        var pending: [(from: Int, to: Int, offset: Int)] = [(0, n, 0)]
        _text.withUnsafeBufferPointer { t in
            let p = t.baseAddress!
            func chunk(_ row: Int32, _ off: Int) -> UInt64 {
                let st = titleStart[Int(row)], left = titleCount[Int(row)] - off
                var k: UInt64 = 0
                for b in 0..<7 { k = k << 8 | (b < left ? UInt64(p[st + off + b]) : 0) }
                k = k << 8 | UInt64(Swift.min(Swift.max(left, 0), 8))
                return descending ? ~k : k
            }
            /// Full comparison from byte `off` on, ties by row.
            func less(_ x: Int32, _ y: Int32, _ off: Int) -> Bool {
                let sa = titleStart[Int(x)], na = titleCount[Int(x)]
                let sb = titleStart[Int(y)], nb = titleCount[Int(y)]
                var k = off
                while k < na, k < nb {
                    let ca = p[sa + k], cb = p[sb + k]
                    if ca != cb { return descending ? ca > cb : ca < cb }
                    k += 1
                }
                if na != nb { return descending ? na > nb : na < nb }
                return x < y
            }
            while let (from, to, off) = pending.popLast() {
                if to - from <= 16 {
                    // Insertion sort: stable, and cheap for the short runs MSD leaves behind.
                    var j = from + 1
                    while j < to {
                        let x = r[j]
                        var h = j
                        while h > from, less(x, r[h - 1], off) { r[h] = r[h - 1]; h -= 1 }
                        r[h] = x
                        j += 1
                    }
                    continue
                }
                var k = [UInt64](repeating: 0, count: to - from)
                var rr = Array(r[from..<to])
                for j in 0..<rr.count { k[j] = chunk(rr[j], off) }
                _radixSortPairs(keys: &k, rows: &rr, keyBits: 64)
                for j in 0..<rr.count { r[from + j] = rr[j]; keys[from + j] = k[j] }
                var s = from
                while s < to {
                    var e = s + 1
                    while e < to, keys[e] == keys[s] { e += 1 }
                    let remaining = (descending ? ~keys[s] : keys[s]) & 0xFF
                    if e - s > 1, remaining == 8 { pending.append((s, e, off + 7)) }
                    s = e
                }
            }
        }
        return r.map { Int($0) }
    }
}
