// The most a set holds, written once. A todo's text and flags are found by UInt32 offsets and
// its row by an Int32, so on a 64-bit host the limits are those widths; where `Int` is 32 bits
// (Cortex-M, wasm32) an array holds at most `Int.max` elements, so text and flags stop lower,
// and the todo count stops where the id index's slot arithmetic still fits in an `Int`. Each
// check is written so that it cannot overflow itself (a limit minus what is used, never a sum).
extension TodoSet {
    /// The most todos one set holds: 2^31 − 2 where `Int` is 64 bits, 2^27 where it is 32 bits
    /// (the id index then needs 2^28 four-byte slots, all a 32-bit address space could give).
    /// An insert past it throws `TodoError.capacityExceeded`.
    /// - Complexity: O(1)
    @inlinable public static var maxCount: Int { _is32Bit ? 1 << 27 : Int(Int32.max) - 1 }

    /// The most bytes of text records (ids, titles, memos, tags and their length headers) one set
    /// holds: 2^32 − 1 where `Int` is 64 bits, 2^31 − 1 where it is 32 bits.
    /// - Complexity: O(1)
    @inlinable public static var maxTextBytes: Int { Int(clamping: UInt32.max) }

    /// The most per-day completion flags (tracked repeat days, live and replaced) one set holds:
    /// 2^32 − 1 where `Int` is 64 bits, 2^31 − 64 where it is 32 bits (the flag words' count
    /// must stay an `Int`).
    /// - Complexity: O(1)
    @inlinable public static var maxCompletionFlags: Int { _is32Bit ? Int.max - 63 : Int(clamping: UInt32.max) }

    /// Whether `Int` is 32 bits, as a condition the compiler folds without a dead-code warning.
    @inlinable static var _is32Bit: Bool {
        #if _pointerBitWidth(_32)
        return true
        #else
        return false
        #endif
    }

    /// `a + b` for the running totals of a batch's text and flags: `Int.max` instead of a trap
    /// when a batch of huge spans would overflow a 32-bit `Int` (any total past the limits is
    /// rejected anyway).
    @inlinable @inline(__always)
    static func _saturatingSum(_ a: Int, _ b: Int) -> Int {
        let (s, o) = a.addingReportingOverflow(b)
        return o ? Int.max : s
    }

    /// Throws `capacityExceeded` unless `textBytes` more text and `bitCount` more flags fit in
    /// the arenas once their garbage is dropped, and compacts an arena when that is what makes
    /// them fit.
    /// - Complexity: O(live text + live flags / 64) when it compacts, else O(1)
    @usableFromInline
    mutating func _makeArenaRoom(textBytes: Int, bitCount: Int) throws(TodoError) {
        let maxText = TodoSet.maxTextBytes, maxBits = TodoSet.maxCompletionFlags
        guard textBytes <= maxText - (_text.count - _textGarbage),
              bitCount <= maxBits - (_bits.count - _bitsGarbage) else { throw .capacityExceeded }
        if textBytes > maxText - _text.count { _compactText() }
        if bitCount > maxBits - _bits.count { _compactBits() }
    }
}
