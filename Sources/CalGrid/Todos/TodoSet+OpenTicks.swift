// Ticks of a todo with a rule and no end. Its occurrences may run to the last supported day (or
// without a COUNT or UNTIL, forever), so it cannot own one flag per occurrence as a tracked todo
// does. It keeps flags for its first `h` occurrences only, `h` as far as the last one ever ticked
// (its horizon, in the rule side table), and a tick past the horizon moves its flags to the end
// of the bit arena, larger. Occurrences past the horizon are not done, unless `isCompleted` says
// the whole todo is: an open-ended todo is done as a whole only by that flag, and on a day when
// it is ticked or done as a whole. While `isCompleted` is set its ticks stay stored but are left
// out of the per-day histogram, so no day counts one todo twice.
extension TodoSet {
    /// True when the todo keeps one tick per repeat day or occurrence, so `setDone(_:on:at:)`
    /// takes a day: it is tracked (`isTracked(at:)`), or it has a rule and no end.
    /// - Complexity: O(1)
    @inlinable
    public func ticksPerDay(at i: Int) -> Bool {
        _check(i)
        return _columns.flags[i] & (TodoSet._ruled | TodoSet._tracked) != 0
            && (_columns.flags[i] & TodoSet._tracked != 0 || _DayKey.isDay(_columns.start[i]))
    }

    /// The days the todo is ticked on, ascending: a tracked todo's done repeat days or
    /// occurrences, the ticked occurrences of a todo with a rule and no end. Empty for any other
    /// todo (its completion is `isCompleted`), and the days `isCompleted` alone makes done are
    /// not listed.
    /// - Complexity: O(flags / 64 + span) for weekday repetition; with a rule, O(flags +
    ///   periods of the occurrences they cover)
    public func tickedDays(at i: Int) -> [CivilDate] {
        _check(i)
        guard _columns.doneCount[i] != 0 else { return [] }
        let o = Int(_columns.bitOffset[i]), n = _storedFlags(i), s = _columns.start[i]
        var out: [CivilDate] = []
        out.reserveCapacity(Int(_columns.doneCount[i]))
        if let rule = _rule(i) {
            var k = 0
            if n > 0 {
                rule.forEachOccurrence(s, CivilDate.maxDayNumber) { day in
                    if _bits.bit(o &+ k) { out.append(CivilDate(_unchecked: day)) }
                    k &+= 1
                    return k < n
                }
            }
            return out
        }
        let days = _columns.repetition[i]
        for k in 0..<n where _bits.bit(o &+ k) { out.append(CivilDate(_unchecked: _repeatDay(k, from: s, days: days))) }
        return out
    }

    /// Row `i`'s slot in the rule side table when it has a rule and no end.
    @inlinable @inline(__always)
    func _openRuleSlot(_ i: Int) -> Int? {
        // An event with a rule is untracked too, but keeps no ticks.
        guard _columns.flags[i] & (TodoSet._ruled | TodoSet._tracked | TodoSet._event) == TodoSet._ruled else { return nil }
        return _rules.slot(ofRow: i)
    }

    /// The completion flags row `i` stores: its tracked days, or, open-ended with a rule, its horizon.
    /// - Complexity: O(1); O(log R) for a todo with a rule.
    @inlinable
    func _storedFlags(_ i: Int) -> Int {
        if _columns.flags[i] & TodoSet._tracked != 0 { return _trackedDays(i) }
        guard let k = _openRuleSlot(i) else { return 0 }
        return _rules.horizon(k)
    }

    /// Whether row `i`'s done flags are in the per-day histogram: a tracked todo's always, an
    /// open-ended one's while it is not done as a whole.
    @inlinable @inline(__always)
    func _ticksCountPerDay(_ i: Int) -> Bool {
        let f = _columns.flags[i]
        return f & TodoSet._tracked != 0 || f & TodoSet._completed == 0
    }

    /// The position of `day` among the occurrences of the open-ended row at slot `k` (nil when it
    /// is not one), whether or not the row keeps a flag for it yet.
    /// - Complexity: O(occurrences and periods from the start to `day`)
    @usableFromInline
    func _openOccurrenceIndex(_ i: Int, slot k: Int, _ day: Int32) -> Int? {
        let rule = _rules.rules[k], s = _columns.start[i]
        guard day >= s, rule.contains(day) else { return nil }
        return day == s ? 0 : rule.count(s, day &- 1)
    }

    /// The flags the open-ended row `i` keeps once `day` is ticked (its occurrences up to `day`),
    /// 0 for any other todo or a day that is not an occurrence: what a tick may have to allocate.
    /// - Complexity: O(occurrences and periods from the start to `day`) for such a todo, else O(1)
    package func _openFlagsNeeded(at i: Int, on day: CivilDate) -> Int {
        guard _DayKey.isDay(_columns.start[i]), let k = _openRuleSlot(i),
              let n = _openOccurrenceIndex(i, slot: k, day.dayNumber) else { return 0 }
        return n &+ 1
    }

    /// Whether the open-ended row `i` (slot `k`) is ticked on `day`. Only its first `h`
    /// occurrences (its horizon) keep a flag, so `day` is looked for among them alone: a count of
    /// every occurrence from the start to `day` took 34 s for 9999-12-31 of a ticked DAILY rule.
    /// - Complexity: O(min(h, occurrences to `day`) + their periods)
    @inlinable
    func _openTicked(_ i: Int, slot k: Int, _ day: Int32) -> Bool {
        let h = _rules.horizon(k), s = _columns.start[i]
        guard h > 0, day >= s else { return false }
        var n = 0, found = -1
        _rules.rules[k].forEachOccurrence(s, day) { d in
            if d == day { found = n; return false }
            n &+= 1
            return n < h
        }
        return found >= 0 && _bits.bit(Int(_columns.bitOffset[i]) &+ found)
    }

    /// Makes the open-ended row `i` (slot `k`) keep `m` flags, more than it has: in place when its
    /// flags end the arena, otherwise copied to the end (the old ones become garbage).
    /// - Throws: `capacityExceeded` past `maxCompletionFlags`; the set is unchanged then.
    /// - Complexity: O(m / 64) amortized
    @usableFromInline
    mutating func _growOpenFlags(_ i: Int, slot k: Int, to m: Int) throws(TodoError) {
        let h = _rules.horizon(k)
        guard m > h else { return }
        guard m < Int(Int32.max) else { throw .capacityExceeded }
        try _makeArenaRoom(textBytes: 0, bitCount: m &- h)   // may compact: offsets are read after it
        let o = Int(_columns.bitOffset[i])
        if o &+ h == _bits.count {
            _ = _bits.appendZeros(m &- h)
        } else {
            let fresh = _bits.appendZeros(m)
            _bits.copy(from: o, count: h, to: fresh)
            _columns.bitOffset[i] = UInt32(truncatingIfNeeded: fresh)
            _bitsGarbage &+= h
        }
        _rules.trackedCounts[k] = _TodoRules.openEntry(horizon: m)
    }

    /// Ticks (or clears) `day` of the open-ended row `i` (slot `k`).
    /// - Throws: `notAnOccurrence` for a day that is not one; `capacityExceeded`.
    /// - Complexity: O(occurrences and periods from the start to `day`)
    @usableFromInline
    mutating func _setOpenDone(_ done: Bool, on day: CivilDate, at i: Int, slot k: Int) throws(TodoError) {
        guard let n = _openOccurrenceIndex(i, slot: k, day.dayNumber) else { throw _untrackedDayError(i, day) }
        if n >= _rules.horizon(k) {
            guard done else { return }   // nothing is stored past the horizon: it is not done already
            try _growOpenFlags(i, slot: k, to: n &+ 1)
        }
        let b = Int(_columns.bitOffset[i]) &+ n
        guard _bits.bit(b) != done else { return }
        _bits.setBit(b, done)
        _columns.doneCount[i] = done ? _columns.doneCount[i] &+ 1 : _columns.doneCount[i] &- 1
        if _ticksCountPerDay(i) {
            _addDone(done ? 1 : -1, occurrence: day.dayNumber, extra: _extra(i), challenge: _columns.flags[i] & TodoSet._challenge != 0)
        }
        _columns.flags[i] |= TodoSet._explicitDays
    }

    /// After `isCompleted` of the open-ended row `i` changed: its ticks leave the per-day
    /// histogram when it became done as a whole, and come back when it no longer is.
    /// - Complexity: O(horizon + periods) when it has ticks, else O(1)
    @usableFromInline
    mutating func _openCompletionChanged(_ i: Int) {
        guard _columns.doneCount[i] != 0, let k = _openRuleSlot(i) else { return }
        _ = _countDoneOccurrences(bitOffset: Int(_columns.bitOffset[i]), count: _rules.horizon(k), start: _columns.start[i],
                                  rule: _rules.rules[k], challenge: _columns.flags[i] & TodoSet._challenge != 0,
                                  extra: _extra(i), by: _ticksCountPerDay(i) ? 1 : -1)
    }

    /// Checks the flags an open-ended todo with a rule comes with: its first `c` occurrences, so
    /// the rule must have that many.
    @usableFromInline
    static func _validateOpenFlags(_ c: Int, _ rule: _TodoRule, start s: CivilDate, position p: Int,
                                   id: () -> String) throws(TodoError) {
        guard c > 0 else { return }
        guard c < Int(Int32.max) else { throw .capacityExceeded }   // the side table stores -1 - c
        var n = 0
        rule.forEachOccurrence(s.dayNumber, CivilDate.maxDayNumber) { _ in n &+= 1; return n < c }
        guard n < c else { return }
        throw .completedDaysCountMismatch(position: p, id: id(), expected: n, actual: c)
    }
}
