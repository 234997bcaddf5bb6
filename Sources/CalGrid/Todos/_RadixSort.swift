// Stable LSD radix sorts on unsigned keys. They order by key only and keep the input order of
// equal keys, which is how every TodoSet order gets insertion order as its last tie-break.

/// Sorts `rows` by `keys` (parallel arrays), stably, on the low `keyBits` bits of the keys.
/// - Complexity: O(n × ⌈keyBits / 11⌉), trivial passes skipped.
@inlinable
func _radixSortPairs(keys: inout [UInt64], rows: inout [Int32], keyBits: Int) {
    let n = keys.count
    guard n > 1, keyBits > 0 else { return }
    let (passes, width, buckets, mask) = _radixDigits(keyBits: keyBits)
    var counts = [Int](repeating: 0, count: buckets)
    var k2 = [UInt64](repeating: 0, count: n), r2 = [Int32](repeating: 0, count: n)
    for p in 0..<passes {
        let shift = UInt64(p * width)
        for b in 0..<buckets { counts[b] = 0 }
        keys.withUnsafeBufferPointer { k in
            counts.withUnsafeMutableBufferPointer { c in
                for x in k { c[Int(truncatingIfNeeded: (x &>> shift) & mask)] &+= 1 }
            }
        }
        if counts.contains(n) { continue }
        var sum = 0
        for b in 0..<buckets { let t = counts[b]; counts[b] = sum; sum += t }
        keys.withUnsafeBufferPointer { k in rows.withUnsafeBufferPointer { r in
            k2.withUnsafeMutableBufferPointer { dk in r2.withUnsafeMutableBufferPointer { dr in
                counts.withUnsafeMutableBufferPointer { c in
                    for i in 0..<n {
                        let x = k[i]
                        let b = Int(truncatingIfNeeded: (x &>> shift) & mask)
                        let at = c[b]
                        dk[at] = x; dr[at] = r[i]
                        c[b] = at &+ 1
                    }
                }
            } }
        } }
        swap(&keys, &k2); swap(&rows, &r2)
    }
}

/// Bits needed to write `x` (0 for 0).
@inlinable @inline(__always)
func _bitWidth(_ x: UInt64) -> Int { 64 - x.leadingZeroBitCount }

/// The `m` smallest of `values` (all distinct), in ascending order.
/// Narrows by 11-bit digits from the top: each round keeps only the values in the bucket that
/// holds the m-th smallest, so at most ⌈64 / 11⌉ rounds over shrinking candidate lists.
/// - Complexity: O(n + m log m)
@inlinable
func _smallest(_ m: Int, of values: [UInt64], bits: Int) -> [UInt64] {
    guard m < values.count else { return values.sorted() }
    var out: [UInt64] = []
    out.reserveCapacity(m)
    var candidates = values
    var need = m
    var shift = Swift.max(bits - 11, 0)
    while need > 0 {
        if candidates.count <= need { out.append(contentsOf: candidates); break }
        var counts = [Int](repeating: 0, count: 2048)
        for x in candidates { counts[Int(truncatingIfNeeded: (x &>> UInt64(shift)) & 2047)] += 1 }
        var t = 0, below = 0
        while below + counts[t] < need { below += counts[t]; t += 1 }
        var next: [UInt64] = []
        next.reserveCapacity(counts[t])
        for x in candidates {
            let dgt = Int(truncatingIfNeeded: (x &>> UInt64(shift)) & 2047)
            if dgt < t { out.append(x) } else if dgt == t { next.append(x) }
        }
        need -= below
        candidates = next
        if shift == 0 {
            // Values are distinct, so the last digit leaves at most one per bucket.
            out.append(contentsOf: candidates.prefix(need)); break
        }
        shift = Swift.max(shift - 11, 0)
    }
    out.sort()
    return out
}

/// Sorts packed `key << rowBits | row` values by their key bits, stably, and returns the rows.
/// The last scatter writes rows straight into the result, so no extra pass extracts them.
/// Up to `_insertionSortLimit` values are insertion-sorted instead: clearing and summing 2 × 2048
/// counters costs more than the at most 496 comparisons (a small set's first overlap query, such
/// as the `calgrid` sample's, sorts a few values; Benchmarks/README.md, History).
/// - Complexity: O(n × ⌈keyBits / 11⌉), trivial passes skipped.
@inlinable
func _radixSortRows<R: FixedWidthInteger>(_ values: inout [UInt64], rowBits: Int, keyBits: Int, as: R.Type = Int.self) -> [R] {
    let n = values.count
    let rowMask = (UInt64(1) << UInt64(rowBits)) &- 1
    if n <= _insertionSortLimit {
        let keyMask = keyBits >= 64 ? UInt64.max : (UInt64(1) << UInt64(keyBits)) &- 1
        let shift = UInt64(rowBits)
        values.withUnsafeMutableBufferPointer { v in
            var i = 1
            while i < n {
                let x = v[i], key = (x &>> shift) & keyMask
                var j = i
                while j > 0 && (v[j &- 1] &>> shift) & keyMask > key { v[j] = v[j &- 1]; j &-= 1 }
                v[j] = x
                i &+= 1
            }
        }
        return values.map { R(truncatingIfNeeded: $0 & rowMask) }
    }
    let (passes, width, buckets, mask) = _radixDigits(keyBits: keyBits)
    var counts = [Int](repeating: 0, count: Swift.max(buckets * passes, 1))
    values.withUnsafeBufferPointer { v in
        counts.withUnsafeMutableBufferPointer { c in
            if passes == 1 {
                let s = UInt64(rowBits)
                for x in v { c[Int(truncatingIfNeeded: (x &>> s) & mask)] &+= 1 }
            } else if passes > 1 {
                for x in v {
                    var p = 0
                    while p < passes {
                        c[p &* buckets &+ Int(truncatingIfNeeded: (x &>> UInt64(rowBits &+ p &* width)) & mask)] &+= 1
                        p &+= 1
                    }
                }
            }
        }
    }
    var live: [Int] = []
    for p in 0..<passes where !counts[(p * buckets)..<((p + 1) * buckets)].contains(n) { live.append(p) }
    guard n > 1, !live.isEmpty else { return values.map { R(truncatingIfNeeded: $0 & rowMask) } }
    // One live pass (the usual case for day keys) scatters straight into the result.
    var scratch = live.count > 1 ? [UInt64](unsafeUninitializedCapacity: n) { _, c in c = n } : []
    var out = [R](unsafeUninitializedCapacity: n) { _, c in c = n }
    counts.withUnsafeMutableBufferPointer { c in
        for p in live {
            var sum = 0
            for b in 0..<buckets { let t = c[p &* buckets &+ b]; c[p &* buckets &+ b] = sum; sum &+= t }
        }
    }
    var inScratch = false
    for (k, p) in live.enumerated() {
        let shift = UInt64(rowBits + p * width)
        let base = p * buckets
        let last = k == live.count - 1
        values.withUnsafeMutableBufferPointer { vv in
        scratch.withUnsafeMutableBufferPointer { ss in
        out.withUnsafeMutableBufferPointer { o in
        counts.withUnsafeMutableBufferPointer { c in
            let src = inScratch ? ss : vv
            let dst = inScratch ? vv : ss
            if last {
                for i in 0..<n {
                    let x = src[i]
                    let b = base &+ Int(truncatingIfNeeded: (x &>> shift) & mask)
                    o[c[b]] = R(truncatingIfNeeded: x & rowMask)
                    c[b] &+= 1
                }
            } else {
                for i in 0..<n {
                    let x = src[i]
                    let b = base &+ Int(truncatingIfNeeded: (x &>> shift) & mask)
                    dst[c[b]] = x
                    c[b] &+= 1
                }
            }
        } } } }
        inScratch.toggle()
    }
    return out
}

/// The digits of a radix sort on `keyBits` key bits: the fewest passes of at most `_digitBits`
/// bits, the bits shared evenly between them (no pass, one-bit digits for 0 key bits).
/// - Complexity: O(1)
@inlinable @inline(__always)
func _radixDigits(keyBits: Int) -> (passes: Int, width: Int, buckets: Int, mask: UInt64) {
    let passes = keyBits == 0 ? 0 : (keyBits + _digitBits - 1) / _digitBits
    let width = passes == 0 ? 1 : (keyBits + passes - 1) / passes
    let buckets = 1 << width
    return (passes, width, buckets, UInt64(buckets - 1))
}

/// At most this many values `_radixSortRows` sorts by insertion: 32, or 128 where `Int` is 32 bits,
/// where the radix sort's counters and scratch copy (about 12 bytes a value) are RAM a
/// microcontroller lacks and at most 8,128 comparisons cost it well under a millisecond.
@usableFromInline var _insertionSortLimit: Int { TodoSet._is32Bit ? 128 : 32 }

/// Digit width of `_radixSortRows`. 11 bits (2048 buckets, 16 KB of counts in L1) sorts day keys
/// spanning up to 5.6 years in one pass, where 8-bit digits would take two.
@usableFromInline var _digitBits: Int { 11 }
