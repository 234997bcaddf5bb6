// The alarms of a set's items and the instants they ring at. Relative alarms ring for each
// occurrence (a recurring item's from its rule, any other item's once, for its first day); an
// item done, or its occurrence ticked, does not ring. The person's own reminder time
// (`reminderMinutes`) is an alarm too: it rings on the day of its `.reminder` alarm (kept from the
// VALARM it was read from), else on each occurrence's last day, at that time.

extension TodoSet {
    /// Alarms of every item together.
    /// - Complexity: O(1)
    public var alarmCount: Int { _alarms.count }

    /// The alarms of the item at `i`, in the order they were given.
    /// - Complexity: O(log A + its alarms)
    public func alarms(at i: Int) -> [TodoAlarm] {
        _check(i)
        return _alarms.slots(ofRow: i).map { _alarms.alarm($0) }
    }

    /// How many alarms the item at `i` has.
    /// - Complexity: O(log A + its alarms)
    public func alarmCount(at i: Int) -> Int {
        _check(i)
        return _alarms.slots(ofRow: i).count
    }

    /// Alarm `k` of the item at `i` (`TodoAlarmInstant.alarm`): `alarms(at: i)[k]` without the others.
    /// - Complexity: O(log A)
    public func alarm(_ k: Int, at i: Int) -> TodoAlarm {
        _check(i)
        let r = _alarms.slots(ofRow: i)
        precondition(k >= 0 && k < r.count, "TodoSet.alarm(_:at:): no such alarm")
        return _alarms.alarm(r.lowerBound &+ k)
    }

    /// Replaces the alarms of the item at `i` (an empty array removes them).
    /// - Complexity: O(A + alarms)
    public mutating func setAlarms(_ alarms: [TodoAlarm], at i: Int) {
        _check(i)
        var w: [Int32] = []
        w.reserveCapacity(alarms.count &* _TodoAlarms.stride)
        for a in alarms { _TodoAlarms.pack(a, zone: _alarms.zoneIndex(a.zone), into: &w, text: &_alarms.text) }
        _alarms.set(row: i, words: w[...])
    }

    /// Every instant in `[from, to)` (seconds since 1970, UTC) at which an alarm of an item that is
    /// not done rings, in time order (then by row, then in the order of the item's alarms):
    /// relative alarms on the wall clock of `zone` (the zone the set's days were read in). A
    /// repeating alarm's rings inside the range are found by arithmetic, not by counting from the
    /// first, so an alarm repeating 10⁶ times costs only the rings it yields.
    /// - Complexity: O(N/64 + Σ over rows with alarms of (log R + occurrences in the range's days
    ///   widened by the alarm's offset and repeat span) + k log k) for k instants; a set without
    ///   alarms or reminders answers after one pass over the reminder column.
    public func alarmInstants(from: Int64, to: Int64, zone: TimeZoneRules) -> [TodoAlarmInstant] {
        var out: [TodoAlarmInstant] = []
        guard from < to else { return out }
        // Every zone's offset is within ±26 h: two days of margin take any wall clock's day in.
        let wLo = _floorDay(from) &- 2, wHi = _floorDay(to &- 1) &+ 2
        var k = 0
        // The row's occurrences marked `.silent` (RECURRENCE-ID overrides), ascending: its alarms
        // for every occurrence do not ring for them.
        var own: [Int32] = []
        while k < _alarms.count {
            let i = Int(_alarms.rows[k])
            var e = k &+ 1
            while e < _alarms.count && Int(_alarms.rows[e]) == i { e &+= 1 }
            own.removeAll(keepingCapacity: true)
            for s in k..<e where _alarms.words[_TodoAlarms.stride &* s &+ 4] & 0xF == Int32(TodoAlarm.Clock.silent.rawValue)
                && _alarms.words[_TodoAlarms.stride &* s &+ 5] != Int32.min {
                own.append(_alarms.words[_TodoAlarms.stride &* s &+ 5])
            }
            if own.count > 1 { own.sort() }
            for s in k..<e {
                var a = _alarms.alarm(s)
                if a.clock == .silent { continue }
                var second = a.second
                if a.clock == .reminder || a.reminder != nil {
                    // The reminder's VALARM: silent without a reminder, on its own clock while
                    // the reminder is the time it was read as, else at the new time that day.
                    let m = _columns.reminder[i]
                    guard m >= 0 else { continue }
                    if a.clock == .reminder || a.reminder != m {
                        if a.clock == .utc || a.zone != nil { a = TodoAlarm(clock: .reminder, day: _reminderDay(i, a, zone), second: 0, action: a.action) }
                        second = Int32(m) &* 60
                        a.clock = .local
                    }
                }
                _ring(i, a, second: second, alarm: s &- k, own, from, to, wLo, wHi, zone, &out)
            }
            k = e
        }
        _columns.reminder.withUnsafeBufferPointer { r in
            for i in 0..<r.count where r[i] >= 0 {
                if !_alarms.isEmpty, _alarms.slots(ofRow: i).contains(where: { let a = _alarms.alarm($0); return a.clock == .reminder || a.reminder != nil }) { continue }
                let a = TodoAlarm(clock: .reminder, day: _lastDayOffset(i), second: 0)
                _ring(i, a, second: Int32(r[i]) &* 60, alarm: -1, [], from, to, wLo, wHi, zone, &out)
            }
        }
        out.sort { x, y in x.at != y.at ? x.at < y.at : x.row < y.row }
        return out
    }

    /// The day (after an occurrence's first) on the zone's clock of reminder alarm `a`, kept on
    /// UTC's or another zone's clock: the day its first ring had there, read in `zone`.
    func _reminderDay(_ i: Int, _ a: TodoAlarm, _ zone: TimeZoneRules) -> Int32 {
        let s = _columns.start[i], e = _columns.end[i]
        guard let first = _DayKey.isDay(s) ? s : (_DayKey.isDay(e) ? e : nil) else { return a.day }
        let d = CivilDate(_unchecked: Swift.min(Swift.max(first &+ a.day, CivilDate.minDayNumber), CivilDate.maxDayNumber))
        let t: Int64
        if a.clock == .utc { t = Int64(d.dayNumber) &* 86_400 &+ Int64(a.second) } else {
            switch a.zone!.instant(of: d, secondOfDay: a.second) {
            case .unique(let x), .ambiguous(let x, _): t = x
            case .nonexistent(let g): t = g
            }
        }
        return (zone.localTime(at: t)?.day.dayNumber).map { $0 &- first } ?? a.day
    }

    /// Days from an occurrence's first day to its last: where a reminder without a day of its own rings.
    func _lastDayOffset(_ i: Int) -> Int32 {
        if _columns.flags[i] & TodoSet._ruled != 0 { return _extra(i) }
        let s = _columns.start[i], e = _columns.end[i]
        return _DayKey.isDay(s) && _DayKey.isDay(e) && e > s ? e &- s : 0
    }

    func _floorDay(_ t: Int64) -> Int64 { t >= 0 ? t / 86_400 : (t &- 86_399) / 86_400 }

    /// Appends the rings of alarm `a` (the row's alarm number `alarm`) of row `i` in `[from, to)`;
    /// `own`: the row's occurrences marked `.silent`, ascending, where an alarm for every
    /// occurrence does not ring.
    func _ring(_ i: Int, _ a: TodoAlarm, second: Int32, alarm: Int, _ own: [Int32], _ from: Int64, _ to: Int64, _ wLo: Int64, _ wHi: Int64,
               _ zone: TimeZoneRules, _ out: inout [TodoAlarmInstant]) {
        let ruled = _columns.flags[i] & TodoSet._ruled != 0
        let s = _columns.start[i], e = _columns.end[i]
        let first: Int32? = _DayKey.isDay(s) ? s : (_DayKey.isDay(e) ? e : nil)
        let span = Int64(a.repeatCount) &* Int64(a.repeatInterval)
        func emit(_ base: Int64, _ occurrence: Int32?) {
            // Rings base + j·interval for j in 0...repeatCount, those in [from, to) only.
            var j0: Int64 = 0, j1 = Int64(a.repeatCount)
            if a.repeatInterval > 0 {
                let n = Int64(a.repeatInterval)
                if base < from { j0 = (from &- base &+ n &- 1) / n }
                if base &+ j1 &* n >= to { j1 = to &- 1 < base ? -1 : (to &- 1 &- base) / n }
            } else if base < from || base >= to { return }
            guard j0 <= j1 else { return }
            let o = occurrence.map { CivilDate(_unchecked: $0) }
            var j = j0
            while j <= j1 {
                out.append(TodoAlarmInstant(at: base &+ j &* Int64(a.repeatInterval), row: i, occurrence: o, action: a.action, alarm: alarm))
                j &+= 1
            }
        }
        if a.clock == .absolute {
            if let o = a.occurrence?.dayNumber {
                // An override's own alarm: silent once its occurrence is done.
                guard !(ruled ? _doneOccurrence(i, o, orCompleted: true) : _isDone(i)) else { return }
                emit(Int64(a.day) &* 86_400 &+ Int64(a.second), o)
                return
            }
            guard !_isDone(i) else { return }
            emit(Int64(a.day) &* 86_400 &+ Int64(a.second), first)
            return
        }
        guard let first else { return }
        // Occurrences o whose ring day o + day lies in the window, widened back by the repeat span.
        let lo = Swift.max(wLo &- span / 86_400 &- 1 &- Int64(a.day), Int64(CivilDate.minDayNumber))
        let hi = Swift.min(wHi &- Int64(a.day), Int64(CivilDate.maxDayNumber))
        guard lo <= hi else { return }
        func occurrence(_ o: Int32) {
            // An occurrence marked silent (an override's) rings with its own alarms only.
            if a.occurrence == nil, !own.isEmpty, _containsSorted(own, o) { return }
            let d = Int64(o) &+ Int64(a.day)
            guard d >= Int64(CivilDate.minDayNumber), d <= Int64(CivilDate.maxDayNumber) else { return }
            let base: Int64
            if a.clock == .utc {
                base = d &* 86_400 &+ Int64(second)
            } else {
                switch (a.zone ?? zone).instant(of: CivilDate(_unchecked: Int32(truncatingIfNeeded: d)), secondOfDay: second) {
                case .unique(let t), .ambiguous(let t, _): base = t
                // In a gap the clock jumps past the time: the first instant after the gap.
                case .nonexistent(let g): base = g
                }
            }
            emit(base, o)
        }
        if let only = a.occurrence?.dayNumber {
            if Int64(only) >= lo, Int64(only) <= hi, !(ruled ? _doneOccurrence(i, only, orCompleted: true) : _isDone(i)) { occurrence(only) }
        } else if ruled, let rule = _rule(i) {
            // An item's end bounds its rule as it bounds its days (`fallsOn`): no occurrence
            // starts after its end less the occurrence's own length, so none rings there.
            let top = _DayKey.isDay(e) ? Swift.min(hi, Int64(e) &- Int64(_extra(i))) : hi
            guard lo <= top else { return }
            rule.forEachOccurrence(Int32(truncatingIfNeeded: lo), Int32(truncatingIfNeeded: top)) { o in
                if !_doneOccurrence(i, o, orCompleted: true) { occurrence(o) }
                return true
            }
        } else if Int64(first) >= lo, Int64(first) <= hi, !_isDone(i) {
            occurrence(first)
        }
    }
}

/// `x` is in `sorted` (ascending).
/// - Complexity: O(log n)
func _containsSorted(_ sorted: [Int32], _ x: Int32) -> Bool {
    var lo = 0, hi = sorted.count
    while lo < hi {
        let mid = (lo &+ hi) / 2
        if sorted[mid] < x { lo = mid &+ 1 } else { hi = mid }
    }
    return lo < sorted.count && sorted[lo] == x
}
