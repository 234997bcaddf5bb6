extension TodoSet {
    /// The index of the todo with this id, nil when there is none.
    /// - Complexity: O(length of the id) expected
    public func index(ofID id: String) -> Int? {
        _withUTF8(id) { index(ofIDBytes: $0) }
    }

    /// The index of the todo whose id has these UTF-8 bytes, nil when there is none.
    /// - Complexity: O(length of the id) expected
    public func index(ofIDBytes id: UnsafeRawBufferPointer) -> Int? {
        let s = _findSlot(id, hash: _hashBytes(id))
        return s.index
    }

    /// True when a todo has this id.
    /// - Complexity: O(length of the id) expected
    public func contains(id: String) -> Bool { index(ofID: id) != nil }

    /// `body` on the UTF-8 bytes of `s`: in place for a native string, else on a contiguous copy.
    @inlinable
    func _withUTF8<R>(_ s: String, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        if let r = s.utf8.withContiguousStorageIfAvailable({ body(UnsafeRawBufferPointer($0)) }) { return r }
        var copy = s
        return copy.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }

    /// Probes for `id`: the index when found, else the empty slot where it would go.
    @usableFromInline
    func _findSlot(_ id: UnsafeRawBufferPointer, hash: UInt64) -> (slot: Int, index: Int?) {
        guard !_ids._slots.isEmpty else { return (-1, nil) }
        return _ids._slots.withUnsafeBufferPointer { slots in
            _text.withUnsafeBufferPointer { text in
                let mask = slots.count - 1
                var s = Int(truncatingIfNeeded: hash) & mask
                while true {
                    let v = slots[s]
                    if v < 0 { return (s, nil) }
                    let r = _idAndTitleRanges(text.baseAddress!, at: Int(_textOffset[Int(v)]))
                    if _bytesEqual(UnsafeRawBufferPointer(start: text.baseAddress! + r.idStart, count: r.idCount), id) {
                        return (s, Int(v))
                    }
                    s = (s + 1) & mask
                }
            }
        }
    }

    @usableFromInline
    func _hashOfID(at i: Int) -> UInt64 {
        _text.withUnsafeBufferPointer { text in
            let r = _idAndTitleRanges(text.baseAddress!, at: Int(_textOffset[i]))
            return _hashBytes(UnsafeRawBufferPointer(start: text.baseAddress! + r.idStart, count: r.idCount))
        }
    }

    /// Adds row `i` (whose id is not in the table yet) to the id table, growing it if needed.
    @usableFromInline
    mutating func _indexID(_ i: Int, hash: UInt64? = nil) {
        if (_ids._count + 1) * 4 > _ids._slots.count * 3 { _rebuildIDTable(minimumCount: _ids._count + 1) }
        let h = hash ?? _hashOfID(at: i)
        let mask = _ids.mask
        var s = Int(truncatingIfNeeded: h) & mask
        while _ids._slots[s] >= 0 { s = (s + 1) & mask }
        _ids._slots[s] = Int32(truncatingIfNeeded: i)
        _ids._count += 1
    }

    /// Rebuilds the id table for the indexed rows `0..<_ids._count` (during a batch insert rows are
    /// appended before they are indexed), sized for at least `minimumCount` entries.
    @usableFromInline
    mutating func _rebuildIDTable(minimumCount: Int) {
        let cap = _IDTable.capacity(for: Swift.max(minimumCount, count))
        var slots = [Int32](repeating: -1, count: cap)
        let mask = cap - 1
        for i in 0..<_ids._count {
            var s = Int(truncatingIfNeeded: _hashOfID(at: i)) & mask
            while slots[s] >= 0 { s = (s + 1) & mask }
            slots[s] = Int32(truncatingIfNeeded: i)
        }
        _ids._slots = slots
    }

    /// Removes the entry for row `i` (backward-shift deletion keeps probe chains intact).
    @usableFromInline
    mutating func _unindexID(_ i: Int) {
        let h = _hashOfID(at: i)
        let mask = _ids.mask
        var s = Int(truncatingIfNeeded: h) & mask
        while Int(_ids._slots[s]) != i { s = (s + 1) & mask }
        var hole = s
        var j = (s + 1) & mask
        while true {
            let v = _ids._slots[j]
            if v < 0 { break }
            let home = Int(truncatingIfNeeded: _hashOfID(at: Int(v))) & mask
            // Move v into the hole unless its home lies cyclically in (hole, j].
            let inRange = hole <= j ? (home > hole && home <= j) : (home > hole || home <= j)
            if !inRange { _ids._slots[hole] = v; hole = j }
            j = (j + 1) & mask
        }
        _ids._slots[hole] = -1
        _ids._count -= 1
    }
}
