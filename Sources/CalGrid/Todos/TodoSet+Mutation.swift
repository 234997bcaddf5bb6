extension TodoSet {
    /// Adds one todo at the end (it gets index `count`); returns its index.
    /// - Throws: a validation error naming position 0 of the (one-todo) batch; the set is untouched.
    /// - Complexity: O(text + span of the todo) amortized
    @discardableResult
    public mutating func append(_ draft: TodoDraft) throws(TodoError) -> Int {
        try insert(contentsOf: CollectionOfOne(draft))
        return count - 1
    }

    /// Adds the drafts at the end, in order, or none of them: the first invalid draft (by position
    /// in `drafts`) throws and leaves the set untouched. An id already in the set or earlier in the
    /// batch is `duplicateID`.
    /// - Complexity: O(n + total text + total span) expected
    public mutating func insert<C: Collection<TodoDraft>>(contentsOf drafts: C) throws(TodoError) {
        // Staged first, then the batch path: one validation and one append for every todo.
        try insert(contentsOf: TodoBatch(drafts))
    }

    /// Before a batch's appends: throws `capacityExceeded` unless `n` more todos with `textBytes`
    /// of text records and `bitCount` flags fit (compacting the arenas when that makes them fit),
    /// then reserves the columns, text and id index for them.
    @usableFromInline
    mutating func _makeRoom(for n: Int, textBytes: Int, bitCount: Int) throws(TodoError) {
        guard n <= TodoSet.maxCount - count else { throw .capacityExceeded }
        try _makeArenaRoom(textBytes: textBytes, bitCount: bitCount)
        _reserve(additional: n, textBytes: textBytes)
        if _ids.needsResize(for: _ids.count + n) { _rebuildIDTable(minimumCount: _ids.count + n) }
    }

    /// Makes room for at least `minimumCount` todos in all and `textBytes` more bytes of text (ids,
    /// titles, memos and tags, about 4 bytes more per todo), so that growing the set up to there
    /// neither reallocates its columns nor rebuilds its id index. Room not yet used stays
    /// untouched (virtual memory only); text beyond `textBytes` grows as usual.
    /// - Complexity: O(count) when it reallocates or rebuilds, else O(1).
    public mutating func reserveCapacity(_ minimumCount: Int, textBytes: Int = 0) {
        let c = minimumCount
        if c > _columns.capacity { _columns.reserveCapacity(c) }
        if textBytes > 0, textBytes > _text.capacity - _text.count {
            _text.reserveCapacity(_text.count + Swift.min(textBytes, TodoSet.maxTextBytes - _text.count))
        }
        if _ids.needsResize(for: c) { _rebuildIDTable(minimumCount: c) }
    }

    /// Reads the home slot of each hash and the start of the text of the row it holds, so that the
    /// probes that follow find them in cache. Independent loads: the processor overlaps their misses.
    @usableFromInline
    func _warmIDIndex(_ hashes: [UInt64]) {
        let touched = _columns.textOffset.withUnsafeBufferPointer { offsets in
            _text.withUnsafeBufferPointer { text in
                _ids.prefetchHomes(hashes) { row in UInt32(text[Int(offsets[row])]) }
            }
        }
        _blackHole(touched)
    }

    @usableFromInline
    mutating func _reserve(additional n: Int, textBytes: Int) {
        // Grow geometrically: reserving exactly `count + 1` on every append would be quadratic.
        var c = count + n
        guard c > _columns.capacity else { return }
        if n < count { c = Swift.max(c, 2 * _columns.capacity) }
        _columns.reserveCapacity(c)
        if _text.count + textBytes > _text.capacity {
            // Doubled, but not past the limit (twice a 32-bit arena's capacity could overflow `Int`).
            let doubled = _text.capacity <= TodoSet.maxTextBytes / 2 ? 2 * _text.capacity : TodoSet.maxTextBytes
            _text.reserveCapacity(Swift.max(_text.count + textBytes, n < count ? doubled : 0))
        }
    }

    /// Adds `delta` to the per-day histograms on every done day of the `count` flags at
    /// `bitOffset` (a row whose span starts at `start` and repeats on `days`), walking set bits
    /// only; returns how many days are done. The one walk behind appending, removing and
    /// rewriting a row's flags.
    /// - Complexity: O(count / 64 + done days)
    @usableFromInline
    mutating func _countDoneDays(bitOffset o: Int, count n: Int, start: Int32, days: WeekdaySet, challenge: Bool,
                                 by delta: Int32) -> UInt32 {
        var done: UInt32 = 0
        var k = 0
        while k < n {
            let w = Swift.min(64, n - k)
            var v = _bits.word(at: o + k, count: w)
            while v != 0 {
                let day = _repeatDay(k + v.trailingZeroBitCount, from: start, days: days)
                _doneByDay.add(delta, on: day)
                if challenge { _doneByDayChallenges.add(delta, on: day) }
                done += 1
                v &= v &- 1
            }
            k += w
        }
        return done
    }

    /// Takes row `i`'s done flags out of the per-day histogram.
    @usableFromInline
    mutating func _forgetDoneDays(_ i: Int) {
        guard _columns.doneCount[i] != 0, _ticksCountPerDay(i) else { return }
        let n = _storedFlags(i)
        if let rule = _rule(i) {
            _ = _countDoneOccurrences(bitOffset: Int(_columns.bitOffset[i]), count: n, start: _columns.start[i], rule: rule,
                                      challenge: _columns.flags[i] & TodoSet._challenge != 0, extra: _extra(i), by: -1)
            return
        }
        _ = _countDoneDays(bitOffset: Int(_columns.bitOffset[i]), count: n, start: _columns.start[i],
                           days: _columns.repetition[i], challenge: _columns.flags[i] & TodoSet._challenge != 0, by: -1)
    }

    @usableFromInline
    func _textRecordEnd(_ i: Int) -> Int {
        _text.withUnsafeBufferPointer { b in _TextRecord(b.baseAddress!, at: Int(_columns.textOffset[i])).end }
    }


    // MARK: Removal

    /// Removes the todo at `i`; later todos move down one index (insertion order is kept).
    /// - Complexity: O(N) (one move of the columns; the id index renumbers once every 64
    ///   removals); remove many at once with `removeAll(where:)`.
    public mutating func remove(at i: Int) {
        _check(i)
        _willChangeRow(i, keepingIntervals: false)
        _forgetDoneDays(i)
        _textGarbage += _textRecordEnd(i) - Int(_columns.textOffset[i])
        _bitsGarbage += _storedFlags(i)
        _unindexID(i)
        if !_rules.isEmpty { _rules.remove(row: i) }
        if !_alarms.isEmpty { _alarms.remove(row: i) }
        if !_details.isEmpty { _details.remove(row: i) }
        _columns.remove(at: i)
        _ids.closeGap(at: i)
        _afterRemoval()
    }

    /// Removes the todo with this id; false when there is none.
    /// - Complexity: O(N)
    @discardableResult
    public mutating func remove(id: String) -> Bool {
        guard let i = index(ofID: id) else { return false }
        remove(at: i)
        return true
    }

    /// Removes every todo whose index satisfies `shouldRemove` (called once per index, in order,
    /// on the set as it was); the rest keep their order.
    /// - Complexity: O(N + text of the removed todos)
    public mutating func removeAll(where shouldRemove: (Int) -> Bool) {
        var keep = [Bool](repeating: true, count: count)
        var any = false
        for i in 0..<count where shouldRemove(i) { keep[i] = false; any = true }
        guard any else { return }
        _willRemoveRows(keeping: keep)
        for i in 0..<count where !keep[i] {
            _forgetDoneDays(i)
            _textGarbage += _textRecordEnd(i) - Int(_columns.textOffset[i])
            _bitsGarbage += _storedFlags(i)
        }
        _columns.compact(keeping: keep)
        _rules.compact(keeping: keep)
        _alarms.compact(keeping: keep)
        _details.compact(keeping: keep)
        _rebuildIDTable(minimumCount: count, rows: count)
        _afterRemoval()
    }

    /// Removes every todo.
    /// - Complexity: O(1) (storage is released)
    public mutating func removeAll() { self = TodoSet() }

    @usableFromInline
    mutating func _afterRemoval() {
        if _textGarbage > 4096, _textGarbage > _text.count - _textGarbage { _compactText() }
        if _bitsGarbage > 4096, _bitsGarbage > _bits.count - _bitsGarbage { _compactBits() }
        _checkInvariants()
    }

    /// Rewrites the text arena with only the live records, in index order.
    /// - Complexity: O(live text)
    @usableFromInline
    mutating func _compactText() {
        var fresh: [UInt8] = []
        fresh.reserveCapacity(_text.count - _textGarbage)
        _text.withUnsafeBufferPointer { b in
            for i in 0..<count {
                let o = Int(_columns.textOffset[i])
                let e = _TextRecord(b.baseAddress!, at: o).end
                _columns.textOffset[i] = UInt32(truncatingIfNeeded: fresh.count)
                fresh.append(contentsOf: UnsafeBufferPointer(rebasing: b[o..<e]))
            }
        }
        _text = fresh
        _textGarbage = 0
    }

    /// Rewrites the bit arena with only the live flags, in index order.
    /// - Complexity: O(live flags / 64 + N)
    @usableFromInline
    mutating func _compactBits() {
        var fresh = _BitArena()
        for i in 0..<count {
            let n = _storedFlags(i)
            _columns.bitOffset[i] = UInt32(truncatingIfNeeded: fresh.append(from: _bits, at: Int(_columns.bitOffset[i]), count: n))
        }
        _bits = fresh
        _bitsGarbage = 0
    }

    // MARK: Update

    /// Replaces the todo at `i` with `draft`, keeping its index (and so its insertion order).
    /// - Throws: a validation error with `position: i`, or `duplicateID` when another todo has
    ///   the new id; the set is untouched.
    /// - Complexity: O(text + span of the old and new todo) amortized
    public mutating func update(at i: Int, to draft: TodoDraft) throws(TodoError) {
        _check(i)
        // Staged like an insert, and through the same checks and append (`_replace`).
        var batch = TodoBatch()
        batch.append(draft)
        try _replace(i, withFirstOf: batch)
    }

    /// Replaces the todo with id `id` (the draft may carry a new id).
    /// - Complexity: O(text + span of the old and new todo) amortized
    public mutating func update(id: String, to draft: TodoDraft) throws(TodoError) {
        guard let i = index(ofID: id) else { throw .unknownID(id) }
        try update(at: i, to: draft)
    }
}

/// Keeps a value alive so the loads that made it are not optimized away.
@inline(never) @_optimize(none) @usableFromInline
func _blackHole(_ x: UInt32) { _ = x }
