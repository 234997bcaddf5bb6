/// Open-addressing hash table from id to todo row: `Int32` slots (-1 = empty), linear probing,
/// load factor at most 3/4 (7/8 where `Int` is 32 bits), backward-shift deletion (no tombstones). It owns the probing, like
/// swift-collections' `_HashTable`; the ids themselves stay in the owner's storage (the text
/// arena for `TodoSet`, the drafts for a batch being checked), so every operation that must
/// tell ids apart takes the owner's test `isMatch(row)` or hash `hashOfRow(row)`.
@usableFromInline
struct _IDTable: Sendable {
    @usableFromInline var _slots: [Int32] = []
    @usableFromInline var _count = 0

    @inlinable init() {}

    /// An empty table with room for `n` entries.
    @inlinable
    init(minimumCapacity n: Int) { _slots = [Int32](repeating: -1, count: _IDTable.slotCount(for: n)) }

    /// Entries in the table.
    @inlinable var count: Int { _count }

    @inlinable var slotCount: Int { _slots.count }

    /// The most entries per slot, as `loadNumerator / loadDenominator`: 3/4 on 64-bit hosts; 7/8
    /// where `Int` is 32 bits, where RAM is what is short (a 100-todo set on a Cortex-M4 needs 128
    /// slots instead of 256: 512 bytes of an 8 KB budget, for about four probes instead of two on
    /// a miss). `maxCount`'s 2^27 entries still need at most 2^28 slots.
    @inlinable static var loadNumerator: Int { TodoSet._is32Bit ? 7 : 3 }
    @inlinable static var loadDenominator: Int { TodoSet._is32Bit ? 8 : 4 }

    /// Slots needed so that `n` entries keep the load factor at most `loadNumerator / loadDenominator`.
    @inlinable
    static func slotCount(for n: Int) -> Int {
        var c = 8
        while c * loadNumerator < n * loadDenominator { c <<= 1 }
        return c
    }

    /// Whether `n` entries in all would exceed the load factor.
    @inlinable @inline(__always)
    func needsResize(for n: Int) -> Bool { n * _IDTable.loadDenominator > _slots.count * _IDTable.loadNumerator }

    @inlinable
    var byteCount: Int { _slots.count * 4 }

    @inlinable @inline(__always)
    static func home(_ hash: UInt64, _ mask: Int) -> Int { Int(truncatingIfNeeded: hash) & mask }

    /// The row of the entry with this hash that `isMatch` accepts, nil when there is none.
    /// - Complexity: O(1) expected probes
    @inlinable @inline(__always)
    func find(hash: UInt64, _ isMatch: (Int) -> Bool) -> Int? {
        guard !_slots.isEmpty else { return nil }
        return _slots.withUnsafeBufferPointer { slots in
            let mask = slots.count &- 1
            var s = _IDTable.home(hash, mask)
            while true {
                let v = slots[s]
                if v < 0 { return nil }
                if isMatch(Int(v)) { return Int(v) }
                s = (s &+ 1) & mask
            }
        }
    }

    /// Adds `row` (not in the table yet) in the first empty slot from its home. The table must
    /// have room (`needsResize(for: count + 1)` false).
    @inlinable @inline(__always)
    mutating func insert(_ row: Int, hash: UInt64) {
        _slots.withUnsafeMutableBufferPointer { slots in
            let mask = slots.count &- 1
            var s = _IDTable.home(hash, mask)
            while slots[s] >= 0 { s = (s &+ 1) & mask }
            slots[s] = Int32(truncatingIfNeeded: row)
        }
        _count &+= 1
    }

    /// Adds `row` unless an entry with this hash that `isMatch` accepts is there already; returns
    /// that entry's row, nil when `row` was added. The table must have room.
    @inlinable @inline(__always)
    mutating func insertUnlessPresent(_ row: Int, hash: UInt64, _ isMatch: (Int) -> Bool) -> Int? {
        let found: Int? = _slots.withUnsafeMutableBufferPointer { slots in
            let mask = slots.count &- 1
            var s = _IDTable.home(hash, mask)
            while true {
                let v = slots[s]
                if v < 0 { slots[s] = Int32(truncatingIfNeeded: row); return nil }
                if isMatch(Int(v)) { return Int(v) }
                s = (s &+ 1) & mask
            }
        }
        if found == nil { _count &+= 1 }
        return found
    }

    /// Removes `row`'s entry (`hash` is its hash). Backward-shift deletion keeps every probe chain
    /// intact: the entries after the hole move back unless their home lies cyclically after it,
    /// which `hashOfRow` tells.
    /// - Complexity: O(1) expected
    @inlinable
    mutating func remove(_ row: Int, hash: UInt64, hashOfRow: (Int) -> UInt64) {
        _slots.withUnsafeMutableBufferPointer { slots in
            let mask = slots.count &- 1
            var s = _IDTable.home(hash, mask)
            while Int(slots[s]) != row { s = (s &+ 1) & mask }
            var hole = s
            var j = (s &+ 1) & mask
            while true {
                let v = slots[j]
                if v < 0 { break }
                let home = _IDTable.home(hashOfRow(Int(v)), mask)
                // Move v into the hole unless its home lies cyclically in (hole, j].
                let inRange = hole <= j ? (home > hole && home <= j) : (home > hole || home <= j)
                if !inRange { slots[hole] = v; hole = j }
                j = (j &+ 1) & mask
            }
            slots[hole] = -1
        }
        _count &-= 1
    }

    /// Replaces the table by one of at least `minimumCapacity` entries' room holding rows `0..<rows`.
    /// - Complexity: O(rows + slots)
    @inlinable
    mutating func rebuild(minimumCapacity: Int, rows: Int, hashOfRow: (Int) -> UInt64) {
        var fresh = _IDTable(minimumCapacity: Swift.max(minimumCapacity, rows))
        for i in 0..<rows { fresh.insert(i, hash: hashOfRow(i)) }
        self = fresh
    }

    /// Renumbers the entries after row `removed` left the rows: every later row moves down one.
    /// Every slot is rewritten, with 1 or 0 taken away (empty slots, -1, stay), so the loop has no
    /// branch: it runs vectorized at memory speed, where a conditional store stays scalar and
    /// mispredicts on every other slot when a row from the middle goes.
    /// - Complexity: O(slots)
    @inlinable
    mutating func closeGap(at removed: Int) {
        let moved = Int32(truncatingIfNeeded: removed)
        _slots.withUnsafeMutableBufferPointer { s in
            for j in s.indices { s[j] &-= s[j] > moved ? 1 : 0 }
        }
    }

    /// Reads the home slot of each hash and calls `touch` with the row it holds, so that the
    /// probes that follow find them (and what `touch` read) in cache. The loads are independent,
    /// so the processor overlaps their misses. Returns the sum of `touch`'s results, for the
    /// caller to keep alive.
    @inlinable
    func prefetchHomes(_ hashes: [UInt64], _ touch: (Int) -> UInt32) -> UInt32 {
        var touched: UInt32 = 0
        _slots.withUnsafeBufferPointer { slots in
            let mask = slots.count &- 1
            for h in hashes {
                let v = slots[_IDTable.home(h, mask)]
                if v >= 0 { touched &+= touch(Int(v)) }
            }
        }
        return touched
    }
}
