// A todo with a recurrence rule, through every query: which days it falls on, how many completion
// flags it keeps and which day each is for. Every facet asks these few members instead of the
// weekday arithmetic when the row is flagged `_ruled`; the weekday path stays as it was.
extension TodoSet {
    /// Checks a rule against the todo's other fields: it needs the todo's start as its own and
    /// no weekday repetition beside it.
    @usableFromInline
    static func _validateRule(_ rule: _TodoRule, _ f: TodoFields, position p: Int, id: () -> String) throws(TodoError) {
        guard let s = f.start else { throw .ruleWithoutStart(position: p, id: id()) }
        if f.repetition != .all { throw .ruleWithRepetition(position: p, id: id()) }
        let r = rule.recurrence.start
        if r != s { throw .ruleStartMismatch(position: p, id: id(), start: s, ruleStart: r) }
    }

    /// Row `i`'s rule, nil when it repeats on weekdays.
    /// - Complexity: O(log R), R the rows with a rule; O(1) for a row without one.
    @inlinable @inline(__always)
    func _rule(_ i: Int) -> _TodoRule? {
        guard _columns.flags[i] & TodoSet._ruled != 0, let k = _rules.slot(ofRow: i) else { return nil }
        return _rules.rules[k]
    }

    /// The todo's recurrence (its rule with RDATE and EXDATE days), nil when it repeats on weekdays.
    /// - Complexity: O(log R), R the todos with a rule; O(1) for a todo without one.
    @inlinable
    public func recurrence(at i: Int) -> Recurrence? {
        _check(i)
        return _rule(i)?.recurrence
    }

    /// Completion flags of row `i`: its repeat days (or occurrences) in `[start, end]` when tracked, else 0.
    @inlinable
    func _trackedDays(_ i: Int) -> Int {
        guard _columns.flags[i] & TodoSet._tracked != 0 else { return 0 }
        if _columns.flags[i] & TodoSet._ruled != 0, let k = _rules.slot(ofRow: i) { return Int(_rules.trackedCounts[k]) }
        return _repeatDayCount(from: _columns.start[i], through: _columns.end[i], days: _columns.repetition[i])
    }

    /// Row `i`'s repeat days (or occurrences) in `[start, min(day, end)]` (tracked rows).
    @usableFromInline
    func _trackedDays(_ i: Int, through day: Int32) -> Int {
        let last = Swift.min(day, _columns.end[i])
        if let rule = _rule(i) { return rule.count(_columns.start[i], Swift.min(day, _lastOccurrenceStart(i))) }
        return _repeatDayCount(from: _columns.start[i], through: last, days: _columns.repetition[i])
    }

    /// Whether row `i` falls on `day`: inside its span and on its repetition, or on a day an
    /// occurrence of its rule covers.
    @inlinable @inline(__always)
    func _fallsOn(_ i: Int, _ d: Int32) -> Bool {
        guard d >= _columns.start[i], d <= _columns.end[i] else { return false }
        if let rule = _rule(i) {
            let extra = _extra(i)
            guard extra > 0 else { return rule.contains(d) }
            let lo = Swift.max(_columns.start[i], d &- extra), hi = Swift.min(d, _lastOccurrenceStart(i))
            return lo <= hi && rule.occurs(lo, hi)
        }
        return _columns.repetition[i]._contains(day: d)
    }

    /// The error for a tick on `day`, which is not a tracked day of row `i`: for a tracked todo
    /// with a rule, the occurrences around it are named.
    @usableFromInline
    func _untrackedDayError(_ i: Int, _ day: CivilDate) -> TodoError {
        if _columns.flags[i] & TodoSet._event != 0 { return _eventNeverDone(i) }
        if let k = _openRuleSlot(i) {
            // Open-ended: any day that is not an occurrence, before the start too.
            let rule = _rules.rules[k], around = rule.neighbours(of: day)
            let before = around.previous.flatMap { $0.dayNumber >= _columns.start[i] ? $0 : nil }
            let after = day.dayNumber < _columns.start[i] ? rule.recurrence.start : around.next
            return .notAnOccurrence(position: i, day: day, previous: before, next: after)
        }
        guard _columns.flags[i] & TodoSet._tracked != 0 || _openRuleSlot(i) != nil, let rule = _rule(i),
              day.dayNumber >= _columns.start[i], day.dayNumber <= _columns.end[i] else {
            return .dayNotTracked(position: i, day: day)
        }
        let around = rule.neighbours(of: day)
        let before = around.previous.flatMap { $0.dayNumber >= _columns.start[i] ? $0 : nil }
        let after = around.next.flatMap { $0.dayNumber <= _lastOccurrenceStart(i) ? $0 : nil }
        return .notAnOccurrence(position: i, day: day, previous: before, next: after)
    }

    /// The error for a change that would make the event at `i` done or not done. Its id is made
    /// as an insert's errors make theirs (`_stringOfValidUTF8`: ids are valid UTF-8 once stored),
    /// not by `id(at:)`, whose repairing decode would put String's slow paths into every firmware
    /// that ticks a day (9 KB of flash on Cortex-M).
    @usableFromInline
    func _eventNeverDone(_ i: Int) -> TodoError {
        let id = _text.withUnsafeBufferPointer { b in
            let r = _idAndTitleRanges(b.baseAddress!, at: Int(_columns.textOffset[i]))
            return _stringOfValidUTF8(UnsafeRawBufferPointer(start: b.baseAddress! + r.idStart, count: r.idCount))
        }
        return .eventNeverDone(position: i, id: id)
    }

    /// The rows with a rule that fall on some day of `[a, b]` and match `kind`, ascending.
    /// - Complexity: O(R × periods to each one's first occurrence in the range)
    @usableFromInline
    func _ruleRows(overlapping a: Int32, _ b: Int32, _ kind: TodoKind) -> [Int] {
        var out: [Int] = []
        for k in 0..<_rules.count {
            let i = Int(_rules.rows[k])
            guard _kindMatches(i, kind) else { continue }
            // An occurrence that starts up to its extra days before `a` still covers `a`.
            let x = _rules.extra(k), end = _columns.end[i]
            let lo = Swift.max(a &- x, _columns.start[i]), hi = Swift.min(b, _DayKey.isDay(end) ? end &- x : end)
            if lo <= hi && _rules.rules[k].occurs(lo, hi) { out.append(i) }
        }
        return out
    }

    /// The rows with a rule that start after `day` and match `kind`, ascending.
    /// - Complexity: O(R)
    @usableFromInline
    func _ruleRows(startingAfter day: Int32, _ kind: TodoKind) -> [Int] {
        var out: [Int] = []
        for k in 0..<_rules.count {
            let i = Int(_rules.rows[k])
            if _kindMatches(i, kind) && _columns.start[i] > day { out.append(i) }
        }
        return out
    }

    /// Two ascending row lists merged (no row is in both).
    @usableFromInline
    static func _merged(_ a: [Int], _ b: [Int]) -> [Int] {
        guard !b.isEmpty else { return a }
        guard !a.isEmpty else { return b }
        var out: [Int] = []
        out.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if a[i] < b[j] { out.append(a[i]); i += 1 } else { out.append(b[j]); j += 1 }
        }
        out.append(contentsOf: a[i...]); out.append(contentsOf: b[j...])
        return out
    }

    /// Adds `delta` to the per-day histograms on every day of every done occurrence of a ruled
    /// row's `n` flags at `o` (each covering `extra` days after its first), walking its
    /// occurrences from `start`; returns how many are done.
    /// - Complexity: O(n + periods + done days) when any flag is set, else O(n / 64)
    @usableFromInline
    mutating func _countDoneOccurrences(bitOffset o: Int, count n: Int, start: Int32, rule: _TodoRule, challenge: Bool,
                                        extra: Int32, by delta: Int32) -> UInt32 {
        guard n > 0, _bits.popCount(from: o, count: n) > 0 else { return 0 }
        var done: UInt32 = 0
        var k = 0
        rule.forEachOccurrence(start, CivilDate.maxDayNumber) { day in
            if _bits.bit(o + k) {
                _addDone(delta, occurrence: day, extra: extra, challenge: challenge)
                done += 1
            }
            k += 1
            return k < n
        }
        return done
    }
}
