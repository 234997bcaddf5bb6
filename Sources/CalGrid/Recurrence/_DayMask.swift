/// The days of one period of a rule (a year at most: 366 bits) on the stack: bit i is the period's
/// i-th day. Building, selecting (`BYSETPOS`) and walking a period never touch the heap.
@usableFromInline
struct _DayMask: Sendable {
    @usableFromInline var _words: InlineArray<6, UInt64>

    @inlinable init() { _words = InlineArray(repeating: 0) }

    @inlinable @inline(__always)
    mutating func insert(_ i: Int) { _words[i &>> 6] |= 1 &<< UInt64(truncatingIfNeeded: i & 63) }

    @inlinable @inline(__always)
    func contains(_ i: Int) -> Bool { _words[i &>> 6] & (1 &<< UInt64(truncatingIfNeeded: i & 63)) != 0 }

    @inlinable
    var count: Int {
        var n = 0
        for k in 0..<6 { n &+= _words[k].nonzeroBitCount }
        return n
    }

    /// Clears the bits below `i` (0...384).
    @inlinable
    mutating func removeBelow(_ i: Int) {
        for k in 0..<6 {
            let lo = k &* 64
            if i >= lo &+ 64 { _words[k] = 0 } else if i > lo { _words[k] &= ~0 &<< UInt64(truncatingIfNeeded: i &- lo) }
        }
    }

    /// Clears the bits above `i` (-1...383).
    @inlinable
    mutating func removeAbove(_ i: Int) {
        for k in 0..<6 {
            let lo = k &* 64
            if i < lo { _words[k] = 0 } else if i < lo &+ 63 { _words[k] &= ~(~0 &<< UInt64(truncatingIfNeeded: i &- lo &+ 1)) }
        }
    }

    /// The lowest set bit at or above `i`, or nil.
    @inlinable
    func first(from i: Int) -> Int? {
        var k = i &>> 6
        guard k < 6 else { return nil }
        var word = _words[k] & (~0 &<< UInt64(truncatingIfNeeded: i & 63))
        while true {
            if word != 0 { return k &* 64 &+ word.trailingZeroBitCount }
            k &+= 1
            guard k < 6 else { return nil }
            word = _words[k]
        }
    }

    /// The highest set bit at or below `i` (i < 384), or nil.
    @inlinable
    func last(through i: Int) -> Int? {
        guard i >= 0 else { return nil }
        var k = i &>> 6
        let keep = i & 63
        var word = keep == 63 ? _words[k] : _words[k] & ~(~0 &<< UInt64(truncatingIfNeeded: keep &+ 1))
        while true {
            if word != 0 { return k &* 64 &+ 63 &- word.leadingZeroBitCount }
            guard k > 0 else { return nil }
            k &-= 1
            word = _words[k]
        }
    }

    /// The `r`-th (0-based) set bit; `r` must be below `count`.
    @inlinable
    func select(_ r: Int) -> Int {
        var r = r
        for k in 0..<6 {
            var word = _words[k]
            let n = word.nonzeroBitCount
            if r < n {
                while r > 0 { word &= word &- 1; r &-= 1 }
                return k &* 64 &+ word.trailingZeroBitCount
            }
            r &-= n
        }
        return -1
    }
}
