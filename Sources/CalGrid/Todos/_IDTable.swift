/// Open-addressing hash table from id to todo row: `Int32` slots (-1 = empty), linear probing,
/// load factor at most 3/4 (7/8 where `Int` is 32 bits), backward-shift deletion (no tombstones). It owns the probing, like
/// swift-collections' `_HashTable`; the ids themselves stay in the owner's storage (the text
/// arena for `TodoSet`, the drafts for a batch being checked), so every operation that must
/// tell ids apart takes the owner's test `isMatch(row)` or hash `hashOfRow(row)`.
///
/// A row leaving the owner's rows (`closeGap(at:)`) makes every later row one less. Rewriting
/// every slot for that was a pass over the whole table per removal (8 MB at 1M todos, 17.5 % of
/// `TodoSet.remove(at:)`), so the slots keep their numbering and the table remembers the removed
/// rows' positions in it instead: `_removed`, sorted, fewer than `removedLimit`. A slot's stored
/// value `v` stands for row `v` less the removed positions below `v`; row `r` is stored as the
/// `r`-th value (from 0) not in `_removed`. Together the stored values and `_removed` are exactly
/// `0..<count + _removed.count`, each once, so a row appended at the end is stored as
/// `row + _removed.count`. Lookups correct each probed value by a binary search of the list (they
/// only read); the removal that would make it `removedLimit` long renumbers every slot in one pass
/// and empties it, so each removal pays 1/64 of that pass.
@usableFromInline
struct _IDTable: Sendable {
    @usableFromInline var _slots: [Int32] = []
    @usableFromInline var _count = 0
    /// Removed rows' positions in the slots' numbering, ascending, fewer than `removedLimit`.
    @usableFromInline var _removed: [Int32] = []

    /// The removals one renumbering pass is shared by.
    @inlinable static var removedLimit: Int { 64 }

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
    var byteCount: Int { (_slots.count + _removed.capacity) * 4 }

    @inlinable @inline(__always)
    static func home(_ hash: UInt64, _ mask: Int) -> Int { Int(truncatingIfNeeded: hash) & mask }

    /// The row a slot's stored value `v` (not empty) stands for.
    /// - Complexity: O(1); O(log removedLimit) while removals wait for their renumbering
    @inlinable @inline(__always)
    func _row(_ v: Int32) -> Int { _IDTable._row(v, _removed) }

    /// `_row(v)` given the removed positions (a mutation probing its slots cannot call a method of `self`).
    @inlinable @inline(__always)
    static func _row(_ v: Int32, _ removed: [Int32]) -> Int { removed.isEmpty ? Int(v) : _correctedRow(v, removed) }

    /// `v` less the removed positions below it (binary search of the short list).
    /// - Complexity: O(log removedLimit)
    @usableFromInline
    static func _correctedRow(_ v: Int32, _ removed: [Int32]) -> Int {
        removed.withUnsafeBufferPointer { r in
            var lo = 0, hi = r.count
            while lo < hi {
                let m = (lo &+ hi) >> 1
                if r[m] < v { lo = m &+ 1 } else { hi = m }
            }
            return Int(v) &- lo
        }
    }

    /// The value row `row` is stored as: `row` itself, or past the removed positions at or below it.
    /// - Complexity: O(1) for a row appended at the end; O(removedLimit) for one in the middle
    @inlinable @inline(__always)
    func _stored(_ row: Int) -> Int32 {
        guard let last = _removed.last else { return Int32(truncatingIfNeeded: row) }
        // Every removed position below `row + k` (k = the list's length) leaves it there.
        if Int(last) < row &+ _removed.count { return Int32(truncatingIfNeeded: row &+ _removed.count) }
        return _storedPastRemoved(row)
    }

    /// `_stored(row)` by a walk of the list: each removed position at or below the candidate moves it up one.
    /// - Complexity: O(removedLimit)
    @usableFromInline
    func _storedPastRemoved(_ row: Int) -> Int32 {
        var s = row
        for p in _removed {
            if Int(p) > s { break }
            s &+= 1
        }
        return Int32(truncatingIfNeeded: s)
    }

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
                let row = _row(v)
                if isMatch(row) { return row }
                s = (s &+ 1) & mask
            }
        }
    }

    /// Adds `row` (not in the table yet: a row appended at the end, or one whose entry `remove`
    /// took out) in the first empty slot from its home. The table must have room
    /// (`needsResize(for: count + 1)` false).
    /// - Complexity: O(1) expected
    @inlinable @inline(__always)
    mutating func insert(_ row: Int, hash: UInt64) {
        let stored = _stored(row)
        _slots.withUnsafeMutableBufferPointer { slots in
            let mask = slots.count &- 1
            var s = _IDTable.home(hash, mask)
            while slots[s] >= 0 { s = (s &+ 1) & mask }
            slots[s] = stored
        }
        _count &+= 1
    }

    /// Adds `row` unless an entry with this hash that `isMatch` accepts is there already; returns
    /// that entry's row, nil when `row` was added. The table must have room.
    @inlinable @inline(__always)
    mutating func insertUnlessPresent(_ row: Int, hash: UInt64, _ isMatch: (Int) -> Bool) -> Int? {
        let stored = _stored(row), removed = _removed
        let found: Int? = _slots.withUnsafeMutableBufferPointer { slots in
            let mask = slots.count &- 1
            var s = _IDTable.home(hash, mask)
            while true {
                let v = slots[s]
                if v < 0 { slots[s] = stored; return nil }
                let other = _IDTable._row(v, removed)
                if isMatch(other) { return other }
                s = (s &+ 1) & mask
            }
        }
        if found == nil { _count &+= 1 }
        return found
    }

    /// Removes `row`'s entry (`hash` is its hash); the rows keep their numbers (`closeGap(at:)`
    /// is a row leaving them). Backward-shift deletion keeps every probe chain intact: the entries
    /// after the hole move back unless their home lies cyclically after it, which `hashOfRow` tells.
    /// - Complexity: O(1) expected
    @inlinable
    mutating func remove(_ row: Int, hash: UInt64, hashOfRow: (Int) -> UInt64) {
        let stored = _stored(row), removed = _removed
        _slots.withUnsafeMutableBufferPointer { slots in
            let mask = slots.count &- 1
            var s = _IDTable.home(hash, mask)
            while slots[s] != stored { s = (s &+ 1) & mask }
            var hole = s
            var j = (s &+ 1) & mask
            while true {
                let v = slots[j]
                if v < 0 { break }
                let home = _IDTable.home(hashOfRow(_IDTable._row(v, removed)), mask)
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

    /// Row `removed` left the rows, its entry already removed: every later row is one less from
    /// now on. Its stored value joins the removed positions, unless it was the highest in use (the
    /// last row went: the numbering ends below it, and below any removed positions just under it);
    /// the removal that would make the list `removedLimit` long renumbers the slots instead.
    /// - Complexity: O(removedLimit), and every `removedLimit`-th removal O(slots): O(slots / 64 +
    ///   removedLimit) amortized
    @usableFromInline
    mutating func closeGap(at removed: Int) {
        let s = _stored(removed)
        if Int(s) == _count &+ _removed.count {
            while let last = _removed.last, Int(last) == _count &+ _removed.count &- 1 { _removed.removeLast() }
            return
        }
        if _removed.capacity < _IDTable.removedLimit { _removed.reserveCapacity(_IDTable.removedLimit) }
        var k = _removed.count
        while k > 0, _removed[k &- 1] > s { k &-= 1 }
        _removed.insert(s, at: k)
        if _removed.count == _IDTable.removedLimit { _renumber() }
    }

    /// Rewrites every slot in the rows' own numbering and empties `_removed` (exactly
    /// `removedLimit` long). Each slot takes away how many removed positions lie below it, found
    /// by a fixed, branch-free binary search of the 64 positions (an empty slot, -1, has none
    /// below it and stays -1), so the pass has no data-dependent branch to mispredict.
    /// - Complexity: O(slots × log removedLimit)
    @usableFromInline
    mutating func _renumber() {
        precondition(_removed.count == 64, "_IDTable renumbering")
        _removed.withUnsafeBufferPointer { r in
            _slots.withUnsafeMutableBufferPointer { slots in
                for j in slots.indices {
                    let v = slots[j]
                    var k = r[31] < v ? 32 : 0
                    k &+= r[k &+ 15] < v ? 16 : 0
                    k &+= r[k &+ 7] < v ? 8 : 0
                    k &+= r[k &+ 3] < v ? 4 : 0
                    k &+= r[k &+ 1] < v ? 2 : 0
                    k &+= r[k] < v ? 1 : 0
                    k &+= r[k] < v ? 1 : 0
                    slots[j] = v &- Int32(truncatingIfNeeded: k)
                }
            }
        }
        _removed.removeAll(keepingCapacity: true)
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
                if v >= 0 { touched &+= touch(_row(v)) }
            }
        }
        return touched
    }

    #if CALGRID_INVARIANTS
    /// Traps unless the numbering holds: `_removed` strictly ascending and shorter than
    /// `removedLimit`, within `0..<count + _removed.count`; with `whole`, also every stored value
    /// within it, none removed, none twice, `count` of them (so together they are all of it).
    /// - Complexity: O(removedLimit), with `whole` O(slots + count)
    func _verifyNumbering(whole: Bool) {
        let end = _count + _removed.count
        precondition(_removed.count < _IDTable.removedLimit, "_IDTable removed positions not renumbered")
        precondition(zip(_removed, _removed.dropFirst()).allSatisfy { $0 < $1 }, "_IDTable removed positions out of order")
        precondition(_removed.allSatisfy { $0 >= 0 && Int($0) < end }, "_IDTable removed position out of range")
        guard whole else { return }
        var seen = [Bool](repeating: false, count: end)
        for p in _removed { seen[Int(p)] = true }
        var entries = 0
        for v in _slots where v >= 0 {
            precondition(Int(v) < end && !seen[Int(v)], "_IDTable stored value out of range, removed or repeated")
            seen[Int(v)] = true
            entries += 1
        }
        precondition(entries == _count, "_IDTable entry count")
    }
    #endif
}
