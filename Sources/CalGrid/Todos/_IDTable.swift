/// Open-addressing hash table from id to todo index: `Int32` slots (-1 = empty), linear probing,
/// load factor at most 3/4, backward-shift deletion (no tombstones). The ids themselves stay in
/// the text arena; a probe compares bytes there.
@usableFromInline
struct _IDTable {
    @usableFromInline var _slots: [Int32] = []
    @usableFromInline var _count = 0

    @inlinable init() {}

    @inlinable var mask: Int { _slots.count &- 1 }

    /// Slots needed so that `n` entries keep the load factor at most 3/4.
    @inlinable
    static func capacity(for n: Int) -> Int {
        var c = 8
        while c * 3 < n * 4 { c <<= 1 }
        return c
    }

    @inlinable
    var byteCount: Int { _slots.count * 4 }
}
