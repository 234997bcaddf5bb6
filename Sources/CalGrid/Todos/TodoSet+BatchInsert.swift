// Bulk insert of a staged batch (`TodoBatch`): the two passes of `insert(contentsOf:)` over
// drafts — check everything, then append — with the same rules and errors, but ids are hashed and
// compared as the batch's bytes, a todo's text enters the arena as one copy and its flags as
// words, so nothing is allocated or reference-counted per todo.
extension TodoSet {
    /// Adds the batch's todos at the end, in order, or none of them, exactly as
    /// `insert(contentsOf:)` adds the same drafts; errors name the todo's position in the batch.
    /// - Complexity: O(n + total text + total span) expected
    public mutating func insert(contentsOf batch: TodoBatch) throws(TodoError) {
        try insert(contentsOf: batch, range: 0..<batch.count)
    }

    /// Adds the todos of `batch` in `range`, in order, or none of them; errors name the todo's
    /// position in the batch (not in `range`).
    /// - Complexity: O(range.count + their text + their span) expected
    public mutating func insert(contentsOf batch: TodoBatch, range: Range<Int>) throws(TodoError) {
        precondition(range.lowerBound >= 0 && range.upperBound <= batch.count, "TodoBatch range out of bounds")
        let n = range.count, lo = range.lowerBound
        var textBytes = 0, bitCount = 0
        // The range's own ids, by position in the range, to find duplicates within it.
        var table = _IDTable(minimumCapacity: n)
        var hashes = [UInt64](repeating: 0, count: n)
        try batch._rows.withUnsafeBufferPointer { (rows) throws(TodoError) in
            try batch._text.withUnsafeBufferPointer { (textBuffer) throws(TodoError) in
                try batch._tagLengths.withUnsafeBufferPointer { (tagLengths) throws(TodoError) in
                    let text = UnsafeRawBufferPointer(textBuffer)
                    func id(_ p: Int) -> UnsafeRawBufferPointer {
                        UnsafeRawBufferPointer(rebasing: text[rows[p].textStart..<(rows[p].textStart + rows[p].idCount)])
                    }
                    // As for drafts: hash first and warm the index, so the probes' cache misses overlap.
                    for j in 0..<n { hashes[j] = _hashBytes(id(lo + j)) }
                    if _ids.slotCount >= 1 << 15 { _warmIDIndex(hashes) }
                    for j in 0..<n {
                        let p = lo + j, r = rows[p]
                        bitCount = TodoSet._saturatingSum(bitCount, try TodoSet._validate(idBytes: r.idCount, start: r.start, end: r.end, repetition: r.repetition,
                                                          reminderMinutes: r.reminderMinutes,
                                                          completedCount: r.completedCount < 0 ? nil : r.completedCount,
                                                          position: p) { batch._id(at: p) })
                        let h = hashes[j], bytes = id(p)
                        if _findRow(bytes, hash: h) != nil { throw .duplicateID(position: p, id: batch._id(at: p)) }
                        let earlier = table.insertUnlessPresent(j, hash: h) { v in hashes[v] == h && _bytesEqual(id(lo + v), bytes) }
                        if earlier != nil { throw .duplicateID(position: p, id: batch._id(at: p)) }
                        textBytes = TodoSet._saturatingSum(textBytes, _textRecordSize(r, tagLengths))
                    }
                }
            }
        }
        try _makeRoom(for: n, textBytes: textBytes, bitCount: bitCount)

        // Pass 2: append. Nothing below can fail.
        batch._rows.withUnsafeBufferPointer { rows in
            batch._text.withUnsafeBufferPointer { text in
                batch._tagLengths.withUnsafeBufferPointer { tagLengths in
                    for j in 0..<n {
                        let r = rows[lo + j]
                        let k = TodoSet._rowKeys(start: r.start, end: r.end, isChallenge: r.isChallenge, isCompleted: r.isCompleted,
                                                 hasCreatedAt: r.createdAt != nil, explicitDays: r.completedCount >= 0)
                        let textOffset = UInt32(truncatingIfNeeded: _text.count)
                        _appendTextRecord(r, text, tagLengths, to: &_text)
                        let (offset, done) = _appendFlags(r, from: batch._bits, start: k.start, end: k.end,
                                                          tracked: k.flags & TodoSet._tracked != 0)
                        _columns.append(_TodoColumns.Row(start: k.start, end: k.end, createdAt: r.createdAt ?? 0, flags: k.flags,
                                                         repetition: r.repetition, reminder: r.reminderMinutes ?? -1,
                                                         textOffset: textOffset, bitOffset: offset, doneCount: done))
                        _ids.insert(count - 1, hash: hashes[j])
                    }
                }
            }
        }
        _invalidateDerived()
        _checkInvariants(changed: (count - n)..<count)
    }

    /// Appends a staged todo's completion flags (tracked todos only), copied a word at a time, and
    /// counts the done ones into the per-day histogram. Returns the bit offset and the done count.
    @usableFromInline
    mutating func _appendFlags(_ r: _StagedTodo, from source: _BitArena, start: Int32, end: Int32, tracked: Bool) -> (UInt32, UInt32) {
        guard tracked else { return (UInt32(truncatingIfNeeded: _bits.count), 0) }
        let n = _repeatDayCount(from: start, through: end, days: r.repetition)
        guard r.completedCount >= 0 else { return (UInt32(truncatingIfNeeded: _bits.appendZeros(n)), 0) }
        let offset = _bits.append(from: source, at: r.bitOffset, count: n)
        let done = _countDoneDays(bitOffset: offset, count: n, start: start, days: r.repetition, challenge: r.isChallenge, by: 1)
        return (UInt32(truncatingIfNeeded: offset), done)
    }
}

/// Bytes a staged todo's record takes in the set's text arena (see _TextArena.swift).
@inlinable
func _textRecordSize(_ r: _StagedTodo, _ tagLengths: UnsafeBufferPointer<Int32>) -> Int {
    var n = _varintSize(r.idCount) + r.idCount + _varintSize(r.titleCount) + r.titleCount
        + _varintSize(r.memoCount + 1) + Swift.max(r.memoCount, 0) + _varintSize(r.tagCount)
    for t in r.tagStart..<(r.tagStart + r.tagCount) { let c = Int(tagLengths[t]); n += _varintSize(c) + c }
    return n
}

/// Appends a staged todo's text record: the header, then its bytes, which the batch already
/// holds in record order.
@inlinable
func _appendTextRecord(_ r: _StagedTodo, _ text: UnsafeBufferPointer<UInt8>, _ tagLengths: UnsafeBufferPointer<Int32>,
                       to a: inout [UInt8]) {
    _appendVarint(r.idCount, to: &a)
    _appendVarint(r.titleCount, to: &a)
    _appendVarint(r.memoCount + 1, to: &a)
    _appendVarint(r.tagCount, to: &a)
    var tagBytes = 0
    for t in r.tagStart..<(r.tagStart + r.tagCount) {
        let c = Int(tagLengths[t])
        _appendVarint(c, to: &a)
        tagBytes += c
    }
    a.append(contentsOf: UnsafeBufferPointer(rebasing: text[r.textStart..<(r.tagBytesStart + tagBytes)]))
}
