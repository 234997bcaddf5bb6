extension TodoSet {
    /// The index of the todo with this id, nil when there is none.
    /// - Complexity: O(length of the id) expected
    public func index(ofID id: String) -> Int? {
        _withUTF8(id) { index(ofIDBytes: $0) }
    }

    /// The index of the todo whose id has these UTF-8 bytes, nil when there is none.
    /// - Complexity: O(length of the id) expected
    public func index(ofIDBytes id: UnsafeRawBufferPointer) -> Int? {
        _findRow(id, hash: _hashBytes(id))
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

    /// The row whose id has the bytes `id` (whose hash is `hash`), nil when there is none.
    @inlinable
    func _findRow(_ id: UnsafeRawBufferPointer, hash: UInt64) -> Int? {
        _text.withUnsafeBufferPointer { text in
            _columns.textOffset.withUnsafeBufferPointer { offsets in
                _ids.find(hash: hash) { row in
                    let r = _idAndTitleRanges(text.baseAddress!, at: Int(offsets[row]))
                    return _bytesEqual(UnsafeRawBufferPointer(start: text.baseAddress! + r.idStart, count: r.idCount), id)
                }
            }
        }
    }

    /// The hash the id index uses for row `i`'s id.
    @usableFromInline
    func _hashOfID(at i: Int) -> UInt64 {
        _text.withUnsafeBufferPointer { text in
            _columns.textOffset.withUnsafeBufferPointer { offsets in TodoSet._hashOfID(i, text, offsets) }
        }
    }

    /// The hash of row `i`'s id, given the text arena and the text offsets column.
    @inlinable @inline(__always)
    static func _hashOfID(_ i: Int, _ text: UnsafeBufferPointer<UInt8>, _ offsets: UnsafeBufferPointer<UInt32>) -> UInt64 {
        let r = _idAndTitleRanges(text.baseAddress!, at: Int(offsets[i]))
        return _hashBytes(UnsafeRawBufferPointer(start: text.baseAddress! + r.idStart, count: r.idCount))
    }

    /// Adds row `i` (whose id is not in the table yet) to the id table, growing it if needed.
    @usableFromInline
    mutating func _indexID(_ i: Int, hash: UInt64? = nil) {
        if _ids.needsResize(for: _ids.count + 1) { _rebuildIDTable(minimumCount: _ids.count + 1) }
        _ids.insert(i, hash: hash ?? _hashOfID(at: i))
    }

    /// Rebuilds the id table for rows `0..<rows` (by default the rows it holds now), sized for at
    /// least `minimumCount` entries.
    @usableFromInline
    mutating func _rebuildIDTable(minimumCount: Int, rows: Int? = nil) {
        let rows = rows ?? _ids.count, minimum = Swift.max(minimumCount, count)
        // The closures read the text, never `self` as a whole: a copy of `self` would share the
        // table's storage and make the mutation below copy it.
        _text.withUnsafeBufferPointer { text in
            _columns.textOffset.withUnsafeBufferPointer { offsets in
                _ids.rebuild(minimumCapacity: minimum, rows: rows) { TodoSet._hashOfID($0, text, offsets) }
            }
        }
    }

    /// Removes the entry for row `i`.
    @usableFromInline
    mutating func _unindexID(_ i: Int) {
        _text.withUnsafeBufferPointer { text in
            _columns.textOffset.withUnsafeBufferPointer { offsets in
                _ids.remove(i, hash: TodoSet._hashOfID(i, text, offsets)) { TodoSet._hashOfID($0, text, offsets) }
            }
        }
    }
}
