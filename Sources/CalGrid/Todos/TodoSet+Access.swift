// Per-index accessors. Every one is O(1) except where noted (text accessors copy their text).
extension TodoSet {
    /// The todo's id.
    /// - Complexity: O(length of the id)
    public func id(at i: Int) -> String {
        _check(i)
        return _text.withUnsafeBufferPointer { b in
            let r = _idAndTitleRanges(b.baseAddress!, at: Int(_columns.textOffset[i]))
            return _string(b.baseAddress!, r.idStart, r.idCount)
        }
    }

    /// The todo's title.
    /// - Complexity: O(length of the title)
    public func title(at i: Int) -> String {
        _check(i)
        return _text.withUnsafeBufferPointer { b in
            let r = _idAndTitleRanges(b.baseAddress!, at: Int(_columns.textOffset[i]))
            return _string(b.baseAddress!, r.titleStart, r.titleCount)
        }
    }

    /// The id's UTF-8 bytes, without copying (valid only inside `body`).
    /// - Complexity: O(1) plus `body`
    public func withIDBytes<R, E: Error>(at i: Int, _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        _check(i)
        let r = _text.withUnsafeBufferPointer { b in _idAndTitleRanges(b.baseAddress!, at: Int(_columns.textOffset[i])) }
        return try _withTextBytes(r.idStart, r.idCount, body)
    }

    /// The title's UTF-8 bytes, without copying (valid only inside `body`).
    /// - Complexity: O(1) plus `body`
    public func withTitleBytes<R, E: Error>(at i: Int, _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        _check(i)
        let r = _text.withUnsafeBufferPointer { b in _idAndTitleRanges(b.baseAddress!, at: Int(_columns.textOffset[i])) }
        return try _withTextBytes(r.titleStart, r.titleCount, body)
    }

    /// The memo's UTF-8 bytes, without copying (valid only inside `body`); nil, without calling
    /// `body`, when the todo has no memo.
    /// - Complexity: O(1) plus `body`
    public func withMemoBytes<R, E: Error>(at i: Int, _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R? {
        _check(i)
        let r = _text.withUnsafeBufferPointer { b in _TextRecord(b.baseAddress!, at: Int(_columns.textOffset[i])) }
        return r.memoStart < 0 ? nil : try _withTextBytes(r.memoStart, r.memoCount, body)
    }

    /// The UTF-8 bytes of tag `k` (in the tags' original order), without copying (valid only
    /// inside `body`).
    /// - Precondition: `0 <= k < tagCount(at: i)`
    /// - Complexity: O(k) plus `body`
    public func withTagBytes<R, E: Error>(_ k: Int, at i: Int, _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        _check(i)
        let (start, n) = _text.withUnsafeBufferPointer { b in
            let p = b.baseAddress!
            let r = _TextRecord(p, at: Int(_columns.textOffset[i]))
            precondition(k >= 0 && k < r.tagCount, "tag index out of range")
            var li = r.tagLengthsStart, at = r.tagBytesStart, n = _readVarint(p, &li)
            for _ in 0..<k { at += n; n = _readVarint(p, &li) }
            return (at, n)
        }
        return try _withTextBytes(start, n, body)
    }

    @inlinable
    func _withTextBytes<R, E: Error>(_ start: Int, _ n: Int, _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        let result: Result<R, E> = _text.withUnsafeBufferPointer { b in
            do throws(E) { return .success(try body(UnsafeBufferPointer(rebasing: b[start..<(start + n)]))) }
            catch { return .failure(error) }
        }
        return try result.get()
    }

    /// The todo's memo, nil when it has none.
    /// - Complexity: O(length of the memo)
    public func memo(at i: Int) -> String? {
        _check(i)
        return _text.withUnsafeBufferPointer { b in
            let r = _TextRecord(b.baseAddress!, at: Int(_columns.textOffset[i]))
            return r.memoStart < 0 ? nil : _string(b.baseAddress!, r.memoStart, r.memoCount)
        }
    }

    /// The todo's tags, in their original order.
    /// - Complexity: O(total length of the tags)
    public func tags(at i: Int) -> [String] {
        _check(i)
        return _text.withUnsafeBufferPointer { b in
            let p = b.baseAddress!
            let r = _TextRecord(p, at: Int(_columns.textOffset[i]))
            var out: [String] = []
            out.reserveCapacity(r.tagCount)
            var li = r.tagLengthsStart, at = r.tagBytesStart
            for _ in 0..<r.tagCount {
                let n = _readVarint(p, &li)
                out.append(_string(p, at, n))
                at += n
            }
            return out
        }
    }

    /// True when the todo has a memo (an empty one counts), without copying it.
    /// - Complexity: O(1): reads the text record's header
    public func hasMemo(at i: Int) -> Bool {
        _check(i)
        return _text.withUnsafeBufferPointer { b in _textHeader(b.baseAddress!, at: Int(_columns.textOffset[i])).hasMemo }
    }

    /// Number of tags, without copying them.
    /// - Complexity: O(1): reads the text record's header
    public func tagCount(at i: Int) -> Int {
        _check(i)
        return _text.withUnsafeBufferPointer { b in _textHeader(b.baseAddress!, at: Int(_columns.textOffset[i])).tagCount }
    }

    /// The completion flag of the todo's `k`-th tracked day (`draft(at: i).completedDays?[k]`,
    /// false where the draft has none), without building the draft; for a todo with a rule and
    /// no end, of its `k`-th occurrence.
    /// - Precondition: `0 <= k < completionFlagCount(at: i)`
    /// - Complexity: O(1)
    public func isTrackedDayDone(_ k: Int, at i: Int) -> Bool {
        precondition(k >= 0 && k < completionFlagCount(at: i), "tracked day out of range")
        return _bits.bit(Int(_columns.bitOffset[i]) + k)
    }

    /// First day, nil when the todo has no start.
    @inlinable
    public func start(at i: Int) -> CivilDate? {
        _check(i)
        let s = _columns.start[i]
        return _DayKey.isDay(s) ? CivilDate(_unchecked: s) : nil
    }

    /// Last day, nil when the todo has no deadline.
    @inlinable
    public func end(at i: Int) -> CivilDate? {
        _check(i)
        let e = _columns.end[i]
        return _DayKey.isDay(e) ? CivilDate(_unchecked: e) : nil
    }

    /// Registration time in seconds since the epoch, nil when unknown.
    @inlinable
    public func createdAt(at i: Int) -> Int64? {
        _check(i)
        return _columns.flags[i] & TodoSet._hasCreatedAt != 0 ? _columns.createdAt[i] : nil
    }

    @inlinable
    public func isChallenge(at i: Int) -> Bool { _check(i); return _columns.flags[i] & TodoSet._challenge != 0 }

    /// Whether the item at `i` is an event (`TodoFields.isEvent`), not a todo.
    /// - Complexity: O(1)
    @inlinable
    public func isEvent(at i: Int) -> Bool { _check(i); return _columns.flags[i] & TodoSet._event != 0 }

    /// The stored `isCompleted` flag (the completion of todos without per-day flags).
    @inlinable
    public func isCompleted(at i: Int) -> Bool { _check(i); return _columns.flags[i] & TodoSet._completed != 0 }

    @inlinable
    public func repetition(at i: Int) -> WeekdaySet { _check(i); return _columns.repetition[i] }

    /// Minutes after midnight, nil when the todo has no reminder.
    @inlinable
    public func reminderMinutes(at i: Int) -> Int16? { _check(i); let r = _columns.reminder[i]; return r < 0 ? nil : r }

    /// True when the todo has both a start and an end, so it keeps one completion flag per repeat day.
    @inlinable
    public func isTracked(at i: Int) -> Bool { _check(i); return _columns.flags[i] & TodoSet._tracked != 0 }

    /// Number of repeat days (or, with a rule, occurrences) in `[start, end]` (the length of its
    /// completion flags); 0 when the todo is not tracked.
    /// - Complexity: O(1); O(log R) for a todo with a rule.
    @inlinable
    public func trackedDayCount(at i: Int) -> Int {
        _check(i)
        return _trackedDays(i)
    }

    /// The completion flags the todo keeps: `trackedDayCount(at:)` for a tracked todo; for a todo
    /// with a rule and no end, its first occurrences, as far as the last one ever ticked; else 0.
    /// - Complexity: O(1); O(log R) for a todo with a rule.
    @inlinable
    public func completionFlagCount(at i: Int) -> Int {
        _check(i)
        return _storedFlags(i)
    }

    /// Number of tracked days marked done (for a todo with a rule and no end, its ticked occurrences).
    @inlinable
    public func doneDayCount(at i: Int) -> Int { _check(i); return Int(_columns.doneCount[i]) }

    /// The todo as a value: exactly the draft it was inserted (or last updated) with, with the
    /// completion changes made since.
    /// - Complexity: O(text + tracked days of the todo)
    public func draft(at i: Int) -> TodoDraft {
        _check(i)
        let f = _columns.flags[i]
        var d = TodoDraft(id: id(at: i), title: title(at: i), memo: memo(at: i), start: start(at: i), end: end(at: i),
                          createdAt: createdAt(at: i), isChallenge: f & TodoSet._challenge != 0,
                          isCompleted: f & TodoSet._completed != 0, repetition: repetition(at: i),
                          completedDays: nil, reminderMinutes: reminderMinutes(at: i), tags: tags(at: i))
        d.fields._rule = _rule(i)
        d.fields.isEvent = f & TodoSet._event != 0
        d.fields.occurrenceDays = _extra(i) &+ 1
        if !_details.isEmpty { d.fields.times = times(at: i); d.location = location(at: i); d.timeZone = timeZone(at: i) }
        let n = _storedFlags(i), o = Int(_columns.bitOffset[i])
        // Flags a todo took from `isCompleted` when it came in (all set or none) come back as nil,
        // so the draft re-inserts to the same set; any other flags are written out.
        let seeded = f & TodoSet._tracked != 0 && f & TodoSet._completed != 0 ? n : 0
        if f & TodoSet._tracked != 0 || _openRuleSlot(i) != nil,
           f & TodoSet._explicitDays != 0 || _bits.popCount(from: o, count: n) != seeded {
            var days = [Bool](repeating: false, count: n)
            for k in 0..<n where _bits.bit(o + k) { days[k] = true }
            d.completedDays = days
        }
        return d
    }

    /// All todos as values, in index order.
    /// - Complexity: O(N + text + tracked days)
    public var drafts: [TodoDraft] { indices.map { draft(at: $0) } }
}
