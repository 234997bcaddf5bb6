/// One growable bitset holding every todo's per-day completion flags back to back: a todo owns
/// the bits `[offset, offset + repeatDays)`, with no per-todo padding or allocation.
@usableFromInline
struct _BitArena: Sendable {
    @usableFromInline var _words: [UInt64] = []
    /// Bits in use (live and garbage).
    @usableFromInline var count: Int = 0

    @inlinable init() {}

    @inlinable @inline(__always)
    func bit(_ i: Int) -> Bool { _words[i &>> 6] & (1 &<< UInt64(i & 63)) != 0 }

    @inlinable @inline(__always)
    mutating func setBit(_ i: Int, _ value: Bool) {
        let m: UInt64 = 1 &<< UInt64(i & 63)
        if value { _words[i &>> 6] |= m } else { _words[i &>> 6] &= ~m }
    }

    /// Makes room for `n` more bits (all zero) and returns the offset of the first.
    @inlinable
    mutating func appendZeros(_ n: Int) -> Int {
        let offset = count
        count += n
        let needed = (count + 63) >> 6
        if needed > _words.count { _words.append(contentsOf: repeatElement(0, count: needed - _words.count)) }
        return offset
    }

    /// Makes room for `n` more bits, all set, and returns the offset of the first.
    /// - Complexity: O(n / 64)
    @inlinable
    mutating func appendOnes(_ n: Int) -> Int {
        let offset = appendZeros(n)
        var i = 0
        while i < n {
            let k = n - i < 64 ? n - i : 64
            _orWord(k == 64 ? UInt64.max : (1 &<< UInt64(k)) &- 1, at: offset + i)
            i += k
        }
        return offset
    }

    /// Drops the bits from `newCount` on, clearing what the last kept word held past it (so that
    /// bits appended later start as zero, as `appendZeros` promises).
    /// - Complexity: O(1) beyond freeing words
    @inlinable
    mutating func truncate(to newCount: Int) {
        count = newCount
        _words.removeLast(_words.count - (newCount + 63) / 64)
        if newCount & 63 != 0 { _words[_words.count - 1] &= (1 &<< UInt64(newCount & 63)) &- 1 }
    }

    /// Drops every bit, keeping the storage.
    /// - Complexity: O(1)
    @inlinable
    mutating func removeAll() {
        _words.removeAll(keepingCapacity: true)
        count = 0
    }

    /// Up to 64 bits starting at bit `i` (bit `i` lands in bit 0). Bits past `count` read as 0.
    @inlinable @inline(__always)
    func word(at i: Int, count n: Int) -> UInt64 {
        let w = i &>> 6, s = UInt64(i & 63)
        var v = _words[w] &>> s
        if s != 0, w + 1 < _words.count { v |= _words[w + 1] &<< (64 &- s) }
        return n >= 64 ? v : v & ((1 &<< UInt64(n)) &- 1)
    }

    /// Set bits in `[from, from + n)`.
    /// - Complexity: O(n / 64)
    @inlinable
    func popCount(from: Int, count n: Int) -> Int {
        var total = 0, i = from, left = n
        while left > 0 {
            let k = left < 64 ? left : 64
            total &+= word(at: i, count: k).nonzeroBitCount
            i &+= k; left &-= k
        }
        return total
    }

    /// Appends `n` bits copied from `source` starting at `from`; returns the new offset.
    /// - Complexity: O(n / 64)
    @inlinable
    mutating func append(from source: _BitArena, at from: Int, count n: Int) -> Int {
        let offset = appendZeros(n)
        var i = 0
        while i < n {
            let k = n - i < 64 ? n - i : 64
            _orWord(source.word(at: from + i, count: k), at: offset + i)
            i += k
        }
        return offset
    }

    /// Copies the `n` bits at `from` onto the zero bits at `to`, in this arena (the ranges must
    /// not overlap).
    /// - Complexity: O(n / 64)
    @inlinable
    mutating func copy(from: Int, count n: Int, to: Int) {
        var i = 0
        while i < n {
            let k = n - i < 64 ? n - i : 64
            _orWord(word(at: from + i, count: k), at: to + i)
            i += k
        }
    }

    /// ORs `v` into the bits starting at `i` (the target bits must be in range).
    @inlinable @inline(__always)
    mutating func _orWord(_ v: UInt64, at i: Int) {
        guard v != 0 else { return }
        let w = i &>> 6, s = UInt64(i & 63)
        _words[w] |= v &<< s
        if s != 0 { let hi = v &>> (64 &- s); if hi != 0 { _words[w + 1] |= hi } }
    }

    /// The length of the run of set bits ending at bit `from + n - 1` within `[from, from + n)`
    /// (0 when that bit is clear): `runs(from:count:).trailing`, read backwards from the last bit,
    /// so a streak costs its own length, not the todo's whole history.
    /// - Complexity: O(run / 64)
    @inlinable
    func trailingRun(from: Int, count n: Int) -> Int {
        var run = 0, left = n
        while left > 0 {
            let k = left < 64 ? left : 64
            // The k bits ending at from + left - 1, the last in bit k - 1, moved up to bit 63.
            let v = word(at: from &+ left &- k, count: k) &<< UInt64(64 &- k)
            let ones = (~v).leadingZeroBitCount
            run &+= ones < k ? ones : k
            if ones < k { return run }
            left &-= k
        }
        return run
    }

    /// Length of the longest run of set bits in `[from, from + n)`, and the length of the run
    /// ending at bit `from + n - 1` (0 when that bit is clear).
    /// - Complexity: O(n / 64 + runs)
    @inlinable
    func runs(from: Int, count n: Int) -> (longest: Int, trailing: Int) {
        var longest = 0, current = 0, i = 0
        while i < n {
            let k = n - i < 64 ? n - i : 64
            var v = word(at: from + i, count: k)
            if v == ((k == 64) ? UInt64.max : (1 &<< UInt64(k)) &- 1) {
                current += k
            } else {
                // Walk the runs inside this word: alternate between ones and zeros from bit 0.
                var pos = 0
                while pos < k {
                    let ones = (~v).trailingZeroBitCount
                    let o = Swift.min(ones, k - pos)
                    current += o
                    pos += o
                    if pos >= k { break }
                    if current > longest { longest = current }
                    current = 0
                    v = o == 64 ? 0 : v &>> UInt64(o)
                    let zeros = v == 0 ? k - pos : Swift.min(v.trailingZeroBitCount, k - pos)
                    pos += zeros
                    v = zeros >= 64 ? 0 : v &>> UInt64(zeros)
                }
            }
            if current > longest { longest = current }
            i += k
        }
        return (longest, current)
    }
}
