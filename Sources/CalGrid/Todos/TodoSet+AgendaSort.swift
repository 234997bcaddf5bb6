// The agenda's orderings (TodoSet+Agenda.swift): least-significant-digit radix sorts of its 64-bit
// keys, with or without a payload beside each, so that ordering k occurrences costs O(k) a digit
// and no comparison.

extension TodoSet {
    /// Sorts `words` by their bits `lowBit ..< lowBit + bits`, stably (LSD radix in digits of at
    /// most 11 bits, every digit's counts taken in one first pass; a digit the same everywhere is
    /// skipped).
    /// - Complexity: O(n × ⌈bits / 11⌉)
    func _radixSortWords(_ words: inout [UInt64], lowBit: Int, bits: Int) {
        let n = words.count
        guard n > 1, bits > 0 else { return }
        let passes = (bits &+ 10) / 11, width = (bits &+ passes &- 1) / passes
        let buckets = 1 &<< width, mask = UInt64(buckets &- 1)
        var counts = [Int](repeating: 0, count: buckets &* passes)
        var other = [UInt64](repeating: 0, count: n)
        counts.withUnsafeMutableBufferPointer { c in
            words.withUnsafeBufferPointer { w in
                for v in w {
                    var s = UInt64(lowBit)
                    for p in 0..<passes { c[p &* buckets &+ Int(truncatingIfNeeded: (v &>> s) & mask)] &+= 1; s &+= UInt64(width) }
                }
            }
            var from = true   // the words are in `words` (else in `other`)
            for p in 0..<passes {
                let base = p &* buckets
                var sum = 0, same = false
                for b in 0..<buckets {
                    let t = c[base &+ b]
                    if t == n { same = true; break }
                    c[base &+ b] = sum; sum &+= t
                }
                if same { continue }
                let s = UInt64(lowBit &+ p &* width)
                func scatter(_ src: UnsafeBufferPointer<UInt64>, _ dst: UnsafeMutableBufferPointer<UInt64>) {
                    for v in src {
                        let b = base &+ Int(truncatingIfNeeded: (v &>> s) & mask), at = c[b]
                        dst[at] = v; c[b] = at &+ 1
                    }
                }
                if from {
                    words.withUnsafeBufferPointer { src in other.withUnsafeMutableBufferPointer { scatter(src, $0) } }
                } else {
                    other.withUnsafeBufferPointer { src in words.withUnsafeMutableBufferPointer { scatter(src, $0) } }
                }
                from.toggle()
            }
            if !from { swap(&words, &other) }
        }
    }

    /// Sorts `payloads` by `keys` (parallel arrays) on the low `keyBits` bits, stably: the
    /// 64-bit-payload twin of `_radixSortPairs`, in 12-bit digits (a 7-day agenda of a million
    /// items has 35-bit keys: three passes, not four).
    /// - Complexity: O(n × ⌈keyBits / 12⌉), passes whose digit is the same everywhere skipped
    func _radixSortPairs64(_ keys: inout [UInt64], _ payloads: inout [UInt64], keyBits: Int) {
        let n = keys.count
        guard n > 1, keyBits > 0 else { return }
        let passes = (keyBits &+ 11) / 12, width = (keyBits &+ passes &- 1) / passes
        let buckets = 1 &<< width, mask = UInt64(buckets &- 1)
        var counts = [Int](repeating: 0, count: buckets)
        var k2 = [UInt64](repeating: 0, count: n), p2 = [UInt64](repeating: 0, count: n)
        for pass in 0..<passes {
            let shift = UInt64(pass &* width)
            let skip = counts.withUnsafeMutableBufferPointer { c in
                for b in 0..<buckets { c[b] = 0 }
                keys.withUnsafeBufferPointer { k in for v in k { c[Int(truncatingIfNeeded: (v &>> shift) & mask)] &+= 1 } }
                var sum = 0
                for b in 0..<buckets { let t = c[b]; if t == n { return true }; c[b] = sum; sum &+= t }
                keys.withUnsafeBufferPointer { k in payloads.withUnsafeBufferPointer { p in
                    k2.withUnsafeMutableBufferPointer { dk in p2.withUnsafeMutableBufferPointer { dp in
                        for i in 0..<n {
                            let v = k[i], b = Int(truncatingIfNeeded: (v &>> shift) & mask), at = c[b]
                            dk[at] = v; dp[at] = p[i]; c[b] = at &+ 1
                        }
                    } }
                } }
                return false
            }
            if !skip { swap(&keys, &k2); swap(&payloads, &p2) }
        }
    }
}
