// The one insert path. Every todo enters a set staged in a `TodoBatch` (drafts are staged first,
// see TodoSet+Mutation.swift): two passes, check everything (`_validate`, ids against the set and
// the batch), then append (`_storeRow`, also behind `update(at:to:)`). Ids are hashed and compared
// as the batch's bytes, a todo's text enters the arena as one copy and its flags as words, so
// nothing is allocated or reference-counted per todo.
extension TodoSet {
    /// Adds the batch's todos at the end, in order, or none of them, exactly as
    /// `insert(contentsOf:)` adds the same drafts; errors name the todo's position in the batch.
    /// - Complexity: O(n + total text + total span) expected
    public mutating func insert(contentsOf batch: TodoBatch) throws(TodoError) {
        try insert(contentsOf: batch, range: 0..<batch.count)
    }

    /// Adds the todos of `batch` in `range`, in order, or none of them: the first invalid todo (by
    /// position) throws and leaves the set untouched. An id already in the set or earlier in the
    /// range is `duplicateID`. Errors name the todo's position in the batch (not in `range`).
    /// - Complexity: O(range.count + their text + their span) expected
    public mutating func insert(contentsOf batch: TodoBatch, range: Range<Int>) throws(TodoError) {
        precondition(range.lowerBound >= 0 && range.upperBound <= batch.count, "TodoBatch range out of bounds")
        let n = range.count, lo = range.lowerBound
        guard n > 0 else { return }
        var textBytes = 0, bitCount = 0
        // The range's own ids, by position in the range, to find duplicates within it (one todo
        // cannot repeat itself: no table).
        var table = n > 1 ? _IDTable(minimumCapacity: n) : _IDTable()
        var hashes = [UInt64](repeating: 0, count: n)
        // Rules staged as text, parsed and bound here (the set is their one validator).
        let staged = !batch._rules.isEmpty
        var parsed = staged ? [_TodoRule?](repeating: nil, count: n) : []
        try batch._withBuffers { (rows, textBuffer, tagLengths) throws(TodoError) in
            let text = UnsafeRawBufferPointer(textBuffer)
            func id(_ p: Int) -> UnsafeRawBufferPointer {
                UnsafeRawBufferPointer(rebasing: text[rows[p].textStart..<(rows[p].textStart + rows[p].idCount)])
            }
            // Hash every id first and touch the id index where each one lands: the cache misses of
            // the whole batch then overlap, instead of each probe waiting for its own.
            for j in 0..<n { hashes[j] = _hashBytes(id(lo + j)) }
            if _ids.slotCount >= 1 << 15 { _warmIDIndex(hashes) }
            for j in 0..<n {
                let p = lo + j
                var r = rows[p]
                if r.rule >= 0 {
                    let x = try batch._recurrence(r.rule, start: r.fields.start, position: p) { batch._id(at: p) }
                    r.fields._rule = x
                    parsed[j] = x
                }
                bitCount = TodoSet._saturatingSum(bitCount, try TodoSet._validate(idBytes: r.idCount, r.fields, completedCount: r.completedFlags,
                                                                                  position: p) { batch._id(at: p) })
                let h = hashes[j], bytes = id(p)
                if _findRow(bytes, hash: h) != nil { throw .duplicateID(position: p, id: batch._id(at: p)) }
                if n > 1, table.insertUnlessPresent(j, hash: h, { v in hashes[v] == h && _bytesEqual(id(lo + v), bytes) }) != nil {
                    throw .duplicateID(position: p, id: batch._id(at: p))
                }
                textBytes = TodoSet._saturatingSum(textBytes, _textRecordSize(r, tagLengths))
            }
        }
        try _makeRoom(for: n, textBytes: textBytes, bitCount: bitCount)

        // Pass 2: append. Nothing below can fail.
        batch._withBuffers { rows, text, tagLengths in
            for j in 0..<n {
                var r = rows[lo + j]
                if staged, let x = parsed[j] { r.fields._rule = x }
                _columns.append(_storeRow(r, text, tagLengths, batch._bits, row: count))
                _ids.insert(count - 1, hash: hashes[j])
            }
        }
        if let take = batch._takeSideTables { take(&self, batch, range, count - n, false) }
        _didAppendRows((count - n)..<count)
        _checkInvariants(changed: (count - n)..<count)
    }

    /// Replaces row `i` with todo 0 of `batch` (the one-todo batch `update(at:to:)` stages), keeping
    /// its index: the same checks and the same append as an insert, then the row is overwritten.
    @usableFromInline
    mutating func _replace(_ i: Int, withFirstOf batch: TodoBatch) throws(TodoError) {
        let (_, hash) = try batch._withBuffers { (rows, text, tagLengths) throws(TodoError) -> (Bool, UInt64) in
            var r = rows[0]
            if r.rule >= 0 { r.fields._rule = try batch._recurrence(r.rule, start: r.fields.start, position: i) { batch._id(at: 0) } }
            let bitCount = try TodoSet._validate(idBytes: r.idCount, r.fields, completedCount: r.completedFlags,
                                                 position: i) { batch._id(at: 0) }
            let id = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(text)[r.textStart..<(r.textStart + r.idCount)])
            let hash = _hashBytes(id)
            if let other = _findRow(id, hash: hash), other != i { throw .duplicateID(position: i, id: batch._id(at: 0)) }
            let textBytes = _textRecordSize(r, tagLengths)
            try _makeArenaRoom(textBytes: textBytes, bitCount: bitCount)

            let datesChanged = start(at: i) != r.fields.start || end(at: i) != r.fields.end
                || _columns.repetition[i] != r.fields.repetition
                || isChallenge(at: i) != r.fields.isChallenge   // the interval index groups rows by kind
                || isEvent(at: i) != r.fields.isEvent
                || _rule(i) != r.fields._rule                    // and holds no row with a rule
            _willChangeRow(i, keepingIntervals: !datesChanged)
            _cache.dropAgenda()   // its title or times may change: the agenda's keys hold them
            _forgetDoneDays(i)
            _unindexID(i)
            _textGarbage += _textRecordEnd(i) - Int(_columns.textOffset[i])
            _bitsGarbage += _storedFlags(i)
            _columns.replace(i, with: _storeRow(r, text, tagLengths, batch._bits, row: i))
            return (datesChanged, hash)
        }
        if let take = batch._takeSideTables {
            take(&self, batch, 0..<1, i, true)
        } else if !_details.isEmpty {
            _details.set(row: i, times: nil, location: nil)
        }
        _indexID(i, hash: hash)
        _didChangeRow(i)
        if _textGarbage > 4096, _textGarbage > _text.count - _textGarbage { _compactText() }
        if _bitsGarbage > 4096, _bitsGarbage > _bits.count - _bitsGarbage { _compactBits() }
        _checkInvariants(changed: i..<i + 1)
    }

    /// The staged times, locations and alarms of `batch`'s todos in `range`, now rows from
    /// `firstRow` on: appended rows (the last ones, so the side tables stay sorted by appending),
    /// or the one row `update(at:to:)` replaced, whose old times and location go and whose alarms
    /// stay. Reached only through `TodoBatch._takeSideTables`.
    /// - Complexity: O(range.count + their locations + the batch's alarms), plus O(D) to replace
    static func _takeSideTables(_ set: inout TodoSet, _ batch: TodoBatch, _ range: Range<Int>, firstRow: Int,
                                replacing: Bool) {
        for p in range {
            let r = batch._rows[p], row = firstRow &+ p &- range.lowerBound
            if r.fields.times != nil || r.locationCount >= 0 {
                set._storeDetails(r, batch._locationText, row: row)
            } else if replacing && !set._details.isEmpty {
                set._details.set(row: row, times: nil, location: nil)
            }
        }
        if !batch._alarms.isEmpty || (replacing && !set._details.zoned.isEmpty) { set._takeTimeZones(batch, range, firstRow: firstRow) }
        if !replacing && !batch._alarms.isEmpty { set._appendAlarms(batch, range, firstRow: firstRow) }
    }

    /// The zoned times staged for `batch`'s todos in `range`, now rows from `firstRow` on: each
    /// kept as its first occurrence in its own zone (`_ZonedTimes`); a row with times but no zone
    /// staged has none.
    mutating func _takeTimeZones(_ batch: TodoBatch, _ range: Range<Int>, firstRow: Int) {
        // The staged records are by position (each todo's after the earlier ones'), a zone's
        // marked by the position's complement: one walk.
        let w = batch._alarms, n = 1 &+ _TodoAlarms.stride
        var k = 0
        for p in range {
            let row = firstRow &+ p &- range.lowerBound
            while k < w.count && (w[k] < 0 ? Int(~w[k]) : Int(w[k])) < p { k &+= n }
            while k < w.count && Int(w[k]) == p { k &+= n }   // its alarms before its zone
            var word: _ZonedTimes? = nil
            if k < w.count, w[k] < 0, Int(~w[k]) == p, let t = batch._rows[p].fields.times, let first = batch._rows[p].fields.start {
                let z = TodoTimeZone(source: batch._alarmZones[Int(w[k &+ 1])], readIn: batch._alarmZones[Int(w[k &+ 2])])
                // The zones go into the alarms' table (index + 1 there; 0 when it is full).
                let s = Int(_alarms.zoneIndex(z.source)), r = Int(_alarms.zoneIndex(z.readIn))
                if s > 0, r > 0 {
                    word = _ZonedTimes.make(first: first, times: t, extra: batch._rows[p].fields.occurrenceDays &- 1, zone: z,
                                            source: s &- 1, readIn: r &- 1)
                }
            }
            if word != nil || !_details.zoned.isEmpty { _details.setZone(row: row, word) }
        }
    }

    /// The staged alarms of `batch`'s todos in `range`, now rows from `firstRow` on (the last rows,
    /// so the side table stays sorted by appending).
    mutating func _appendAlarms(_ batch: TodoBatch, _ range: Range<Int>, firstRow: Int) {
        let w = batch._alarms, n = 1 &+ _TodoAlarms.stride
        var k = 0
        while k < w.count {
            let p = Int(w[k])
            if range.contains(p) {
                _alarms.rows.append(Int32(truncatingIfNeeded: firstRow &+ p &- range.lowerBound))
                _alarms.words.append(contentsOf: w[(k &+ 1)..<(k &+ 5)])
                // The batch's zone index becomes the set's.
                let packed = w[k &+ 5], z = Int((packed >> 8) & 0xFFF)
                _alarms.words.append(packed & ~(0xFFF << 8) | (z > 0 ? _alarms.zoneIndex(batch._alarmZones[z &- 1]) : 0) << 8)
                _alarms.words.append(w[k &+ 6])
                // The description's bytes move into the set's text.
                let ts = Int(w[k &+ 7]), tn = Int(w[k &+ 8])
                if tn >= 0 {
                    _alarms.words.append(Int32(truncatingIfNeeded: _alarms.text.count)); _alarms.words.append(Int32(truncatingIfNeeded: tn))
                    _alarms.text.append(contentsOf: batch._alarmText[ts..<(ts &+ tn)])
                } else {
                    _alarms.words.append(-1); _alarms.words.append(-1)
                }
            }
            k &+= n
        }
    }

    /// Stores a validated staged todo's text record and completion flags in the arenas and gives
    /// its columns' row (the caller appends or replaces it at `row`, and indexes its id); the
    /// rule, if any, goes into the side table for `row` (times, locations and alarms are the
    /// batch's `_takeSideTables`). The one append.
    @usableFromInline
    mutating func _storeRow(_ r: _StagedTodo, _ text: UnsafeBufferPointer<UInt8>, _ tagLengths: UnsafeBufferPointer<Int32>,
                            _ bits: _BitArena, row: Int) -> _TodoColumns.Row {
        let textOffset = UInt32(truncatingIfNeeded: _text.count)
        _appendTextRecord(r, text, tagLengths, to: &_text)
        let (offset, done, n) = _appendFlags(r, from: bits)
        if let rule = r.fields._rule {
            // An event with an end is closed like a tracked todo, with no flags (n is 0).
            _rules.set(row: row, (rule, r.fields.end != nil ? Int32(truncatingIfNeeded: n) : _TodoRules.openEntry(horizon: n),
                                  r.fields.occurrenceDays &- 1))
        } else if !_rules.isEmpty {
            _rules.set(row: row, nil)
        }
        return _TodoColumns.Row(r.fields, explicitDays: r.completedCount >= 0, textOffset: textOffset, bitOffset: offset,
                                doneCount: done)
    }

    /// Puts a staged todo's times and location into the side table for `row`.
    @usableFromInline @inline(never)
    mutating func _storeDetails(_ r: _StagedTodo, _ locations: [UInt8], row: Int) {
        locations.withUnsafeBufferPointer { l in
            _details.set(row: row, times: r.fields.times,
                         location: r.locationCount < 0 ? nil : UnsafeBufferPointer(rebasing: l[r.locationStart..<(r.locationStart + r.locationCount)]))
        }
    }

    /// Appends a staged todo's completion flags (tracked todos only), copied a word at a time, and
    /// counts the done ones into the per-day histogram. Returns the bit offset, the done count and
    /// the number of flags.
    @usableFromInline
    mutating func _appendFlags(_ r: _StagedTodo, from source: _BitArena) -> (UInt32, UInt32, Int) {
        // An event keeps no flags: it is never done.
        if r.fields.isEvent { return (UInt32(truncatingIfNeeded: _bits.count), 0, 0) }
        guard let s = r.fields.start?.dayNumber, let e = r.fields.end?.dayNumber else {
            // An open-ended rule keeps the flags it came with: its first occurrences, as far as
            // the last ticked one (validated against the rule). Its ticks count per day unless
            // `isCompleted` already makes every occurrence done.
            guard let rule = r.fields._rule, let s = r.fields.start?.dayNumber, r.completedCount > 0 else {
                return (UInt32(truncatingIfNeeded: _bits.count), 0, 0)
            }
            let n = r.completedCount
            let offset = _bits.append(from: source, at: r.bitOffset, count: n)
            let done = r.fields.isCompleted ? UInt32(truncatingIfNeeded: _bits.popCount(from: offset, count: n))
                : _countDoneOccurrences(bitOffset: offset, count: n, start: s, rule: rule, challenge: r.fields.isChallenge,
                                        extra: r.fields.occurrenceDays &- 1, by: 1)
            return (UInt32(truncatingIfNeeded: offset), done, n)
        }
        let rule = r.fields._rule
        let n = rule.map { $0.count(s, e &- (r.fields.occurrenceDays &- 1)) } ?? _repeatDayCount(from: s, through: e, days: r.fields.repetition)
        let offset: Int
        if r.completedCount >= 0 {
            offset = _bits.append(from: source, at: r.bitOffset, count: n)
        } else if r.fields.isCompleted {
            // A tracked todo that comes without flags takes them from `isCompleted`: completed as
            // a whole, it is done on every one of its days (JSON `iscompleted` alone, iCalendar's
            // STATUS:COMPLETED, Taskwarrior's completed status), not open on each.
            offset = _bits.appendOnes(n)
        } else {
            return (UInt32(truncatingIfNeeded: _bits.appendZeros(n)), 0, n)
        }
        let c = r.fields.isChallenge
        let done = rule.map { _countDoneOccurrences(bitOffset: offset, count: n, start: s, rule: $0, challenge: c,
                                                    extra: r.fields.occurrenceDays &- 1, by: 1) }
            ?? _countDoneDays(bitOffset: offset, count: n, start: s, days: r.fields.repetition, challenge: c, by: 1)
        return (UInt32(truncatingIfNeeded: offset), done, n)
    }
}

extension TodoBatch {
    /// `body` on the batch's rows, text bytes and tag lengths, read in place.
    @inlinable
    func _withBuffers<R, E: Error>(_ body: (UnsafeBufferPointer<_StagedTodo>, UnsafeBufferPointer<UInt8>,
                                            UnsafeBufferPointer<Int32>) throws(E) -> R) throws(E) -> R {
        try _rows.withUnsafeBufferPointer { (rows) throws(E) -> R in
            try _text.withUnsafeBufferPointer { (text) throws(E) -> R in
                try _tagLengths.withUnsafeBufferPointer { (tagLengths) throws(E) -> R in try body(rows, text, tagLengths) }
            }
        }
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
