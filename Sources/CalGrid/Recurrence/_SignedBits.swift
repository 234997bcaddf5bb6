/// A set of the integers ±1...limit (never 0) as bits: positive k is bit k of the first half,
/// negative -k bit k of the second. Empty sets own no storage. The BY parts of a rule keep their
/// lists in it, so duplicates fold and the canonical text prints them sorted.
@usableFromInline
struct _SignedBits: Hashable, Sendable {
    @usableFromInline var _words: [UInt64]
    @usableFromInline let _half: Int

    @inlinable
    init(limit: Int) {
        _words = []
        _half = (limit + 64) / 64
    }

    @inlinable var isEmpty: Bool { _words.isEmpty }

    /// The number of members.
    @inlinable
    var count: Int {
        var n = 0
        for w in _words { n &+= w.nonzeroBitCount }
        return n
    }

    /// `value` must be in ±1...limit.
    @inlinable
    mutating func insert(_ value: Int) {
        if _words.isEmpty { _words = Array(repeating: 0, count: 2 * _half) }
        let bit = value > 0 ? value : _half * 64 - value
        _words[bit >> 6] |= 1 &<< UInt64(truncatingIfNeeded: bit & 63)
    }

    /// Whether positive `k` (1...limit) is in the set; false for an empty set.
    @inlinable @inline(__always)
    func containsPositive(_ k: Int) -> Bool {
        _words.isEmpty ? false : _words[k >> 6] & (1 &<< UInt64(truncatingIfNeeded: k & 63)) != 0
    }

    /// Whether `-k` (k in 1...limit) is in the set; false for an empty set.
    @inlinable @inline(__always)
    func containsNegative(_ k: Int) -> Bool {
        guard !_words.isEmpty else { return false }
        let bit = _half * 64 + k
        return _words[bit >> 6] & (1 &<< UInt64(truncatingIfNeeded: bit & 63)) != 0
    }

    /// Whether the `index`-th (0-based) of `length` items is selected, counted from either end.
    @inlinable @inline(__always)
    func contains(index: Int, of length: Int) -> Bool {
        containsPositive(index + 1) || containsNegative(length - index)
    }

    /// The members in ascending numeric order: -limit...-1, then 1...limit.
    @inlinable
    func forEach(_ body: (Int) -> Void) {
        guard !_words.isEmpty else { return }
        var k = _half * 64 - 1
        while k >= 1 { if containsNegative(k) { body(-k) }; k -= 1 }
        for k in 1..<(_half * 64) where containsPositive(k) { body(k) }
    }
}
