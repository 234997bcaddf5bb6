// The alarms of a set's items and the instants they ring at. Relative alarms ring for each
// occurrence (a recurring item's from its rule; a challenge's or an item repeating on weekdays, each
// day it falls on, as each is ticked apart; any other item's once, for its first day); an item
// done, or its occurrence ticked, does not ring. The person's own reminder time
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
    /// - Complexity: O(A + alarms), plus a copy of the cache's day tables when another copy of the set shares them
    public mutating func setAlarms(_ alarms: [TodoAlarm], at i: Int) {
        _check(i)
        var w: [Int32] = []
        w.reserveCapacity(alarms.count &* _TodoAlarms.stride)
        for a in alarms { _TodoAlarms.pack(a, zone: _alarms.zoneIndex(a.zone), into: &w, text: &_alarms.text) }
        _alarms.set(row: i, words: w[...])
        _ownCache(keepingIntervals: true)
        _cache.dropAlarms()
    }

    /// Every instant in `[from, to)` (seconds since 1970, UTC) at which an alarm of an item that is
    /// not done rings, in time order (then by row, then in the order of the item's alarms, its
    /// reminder time last): relative alarms on the wall clock of `zone` (the zone the set's days
    /// were read in). A repeating alarm's rings inside the range are found by arithmetic, not by
    /// counting from the first, so an alarm repeating 10⁶ times costs only the rings it yields.
    ///
    /// Read through the alarms' index (`_AlarmIndex`, built on the first query after a change):
    /// only the alarms with an occurrence whose rings can reach the range's days are asked, each
    /// recurring item's later occurrences found by its rule's pattern days, as the agenda finds them.
    /// - Complexity: O(G log A + P + W + c + k log k) for k instants, after the index is built
    ///   (O(N + A log A + R) on the first query after a change, plus the agenda's index): G the
    ///   index's groups (a few: one per clock, rule pattern, occurrence length and alarm offset), P
    ///   the patterns' days in the range's days, W the alarms of items whose rule has RDATE or
    ///   EXDATE days, c the alarms with an occurrence on the range's days (a day wider each side
    ///   on a wall clock, four on a zone of their own) but no ring in the range.
    public func alarmInstants(from: Int64, to: Int64, zone: TimeZoneRules) -> [TodoAlarmInstant] {
        var out: [TodoAlarmInstant] = []
        guard from < to, !isEmpty else { return out }
        let fd = _floorDivide(from, 86_400).quotient, td = _floorDivide(to &- 1, 86_400).quotient
        // Every zone's offset is within ±26 h: two days of margin take any wall clock's day in.
        let wLo = fd &- 2, wHi = td &+ 2
        let lf = zone.localTime(at: from).map { Int64($0.day.dayNumber) } ?? wLo
        let lt = zone.localTime(at: to &- 1).map { Int64($0.day.dayNumber) } ?? wHi
        func window(_ c: UInt8) -> (Int64, Int64) {
            c == _AlarmIndex.utcClock ? (fd, td) : (c == _AlarmIndex.zoneClock ? (lf &- 1, lt &+ 1) : (fd &- 4, td &+ 4))
        }
        let x = _alarmIndex
        guard !x.rows.isEmpty else { return out }
        // Sources to ring in full (their occurrences found by `_ring`), and group members with
        // the pattern days (their later occurrences) they ring for.
        var found: [Int32] = []
        var sink = _RowSink(capacity: 0)
        for c in [_AlarmIndex.utcClock, _AlarmIndex.zoneClock, _AlarmIndex.ownClock] {
            let (a, b) = window(c)
            sink.rows.removeAll(keepingCapacity: true)
            x.once.forEachRun(from: _clampDay(a), through: _clampDay(b), kind: _AlarmIndex.kind(c), into: &sink)
            for r in sink.rows { found.append(x.onceSources[Int(r)]) }
        }
        found.append(contentsOf: x.walked)
        found.sort()
        var ring = _AlarmRing(x, self)
        var last: Int32 = -1
        for src in found where src != last {
            last = src
            ring.ring(src, nil, from, to, wLo, wHi, zone, &out)
        }
        // Rule items' later occurrences, a group at a time: its pattern's days whose rings may
        // reach the range, then its members with a day among them, each ringing for those days.
        var days: [Int32] = []
        for g in x.groups {
            let (a, b) = window(g.clock)
            guard g.pattern.members(from: _clampDay(a &- Int64(g.widen) &- Int64(g.shift)), through: _clampDay(b &- Int64(g.shift)),
                                    kind: .all, days: &days, into: &sink) else { continue }
            for r in sink.rows {
                let src = g.sources[Int(r)]
                // Rung in full above (its first occurrence is near): every occurrence already.
                guard !_containsSorted(found, src) else { continue }
                let lo = _lowerBound(days, g.pattern.first[Int(r)]), hi = _upperBound(days, g.pattern.last[Int(r)])
                if lo < hi { ring.ring(src, days[lo..<hi], from, to, wLo, wHi, zone, &out) }
            }
        }
        // By instant, then row, then the item's alarms in order, its reminder time last.
        out.sort { p, q in
            if p.at != q.at { return p.at < q.at }
            if p.row != q.row { return p.row < q.row }
            return UInt(bitPattern: p.alarm) < UInt(bitPattern: q.alarm)
        }
        return out
    }

    /// An upper bound on the bytes `alarmInstants(from:to:zone:)` allocates besides its answer: a
    /// read's, and when the alarms' index is not built, its build (with the agenda's index it
    /// reads: as `_agendaAllocationBound`), about 200 bytes a source (an alarm or a reminder) and
    /// 16 a row.
    /// - Complexity: O(1)
    package func _alarmsAllocationBound() -> Int {
        let bound = readAllocationBound(days: 0, dayTableOf: nil)
        guard _cache.alarmIndex() == nil else { return bound }
        return _add(bound, _add(_add(_mul(count, 96 &+ 16), _mul(_rules.count, 160)), _mul(_alarms.count &+ count, 200)))
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
    /// An item ringing for each of its days (`_ringsPerDay`) rings on that day.
    func _lastDayOffset(_ i: Int) -> Int32 {
        if _columns.flags[i] & TodoSet._ruled != 0 { return _extra(i) }
        if _ringsPerDay(i) { return 0 }
        let s = _columns.start[i], e = _columns.end[i]
        return _DayKey.isDay(s) && _DayKey.isDay(e) && e > s ? e &- s : 0
    }

    /// Appends the rings of alarm `a` (the row's alarm number `alarm`) of row `i` in `[from, to)`;
    /// `own`: the row's occurrences marked `.silent`, ascending, where an alarm for every
    /// occurrence does not ring; `given`: for a row with a rule, the occurrences to ring for (else
    /// its rule is walked over the range).
    func _ring(_ i: Int, _ a: TodoAlarm, second: Int32, alarm: Int, _ own: [Int32], _ from: Int64, _ to: Int64, _ wLo: Int64, _ wHi: Int64,
               _ zone: TimeZoneRules, _ out: inout [TodoAlarmInstant], occurrences given: ArraySlice<Int32>? = nil) {
        let ruled = _columns.flags[i] & TodoSet._ruled != 0
        // An item with no done day and not completed is done on no occurrence: no occurrence
        // count from its start to ask (`_mayBeDone`, as the agenda's).
        let may = _mayBeDone(i) != 0
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
                guard !(ruled ? may && _doneOccurrence(i, o, orCompleted: true) : _isDone(i)) else { return }
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
            if Int64(only) >= lo, Int64(only) <= hi, !(ruled ? may && _doneOccurrence(i, only, orCompleted: true) : _isDone(i)) { occurrence(only) }
        } else if _ringsPerDay(i) {
            // Each day of its span it falls on, unless ticked that day.
            let days = _columns.repetition[i]
            var d = Swift.max(lo, Int64(s))
            let top = _DayKey.isDay(e) ? Swift.min(hi, Int64(e)) : hi
            while d <= top {
                let o = Int32(truncatingIfNeeded: d)
                if days._bits == 0x7F || days._contains(day: o), !(may && _done(i, o, orCompleted: true)) { occurrence(o) }
                d &+= 1
            }
        } else if ruled, let given {
            // Its later occurrences, read off its rule's pattern days up to its last start
            // (`_AlarmIndex.Group`): no rule question.
            for o in given where Int64(o) >= lo && Int64(o) <= hi {
                if !(may && _doneOccurrence(i, o, orCompleted: true)) { occurrence(o) }
            }
        } else if ruled, let rule = _rule(i) {
            // An item's end bounds its rule as it bounds its days (`fallsOn`): no occurrence
            // starts after its end less the occurrence's own length, so none rings there.
            let top = _DayKey.isDay(e) ? Swift.min(hi, Int64(e) &- Int64(_extra(i))) : hi
            guard lo <= top else { return }
            rule.forEachOccurrence(Int32(truncatingIfNeeded: lo), Int32(truncatingIfNeeded: top)) { o in
                if !(may && _doneOccurrence(i, o, orCompleted: true)) { occurrence(o) }
                return true
            }
        } else if Int64(first) >= lo, Int64(first) <= hi, !_isDone(i) {
            occurrence(first)
        }
    }
}

/// Rings one source of the alarms' index (`_AlarmIndex`): its alarm as it rings now (the
/// reminder's VALARM at the reminder time), with its row's `.silent` occurrences when it has any,
/// kept from the last source of the same row.
struct _AlarmRing {
    let x: _AlarmIndex
    let set: TodoSet
    var own: [Int32] = []
    var row = -1

    init(_ x: _AlarmIndex, _ set: TodoSet) { self.x = x; self.set = set }

    mutating func ring(_ src: Int32, _ given: ArraySlice<Int32>?, _ from: Int64, _ to: Int64, _ wLo: Int64, _ wHi: Int64,
                       _ zone: TimeZoneRules, _ out: inout [TodoAlarmInstant]) {
        let i = Int(x.rows[Int(src)]), s = Int(x.slots[Int(src)]), number = x.numbers[Int(src)]
        if s < 0 {
            let m = set._columns.reminder[i]
            guard m >= 0 else { return }
            let a = TodoAlarm(clock: .reminder, day: set._lastDayOffset(i), second: 0)
            set._ring(i, a, second: Int32(m) &* 60, alarm: -1, [], from, to, wLo, wHi, zone, &out, occurrences: given)
            return
        }
        if number & _AlarmIndex.silencing == 0 {
            if !own.isEmpty { own.removeAll(keepingCapacity: true); row = -1 }
        } else if i != row {
            row = i
            let r = set._alarms.slots(ofRow: i)
            own.removeAll(keepingCapacity: true)
            for t in r where set._alarms.words[_TodoAlarms.stride &* t &+ 4] & 0xF == Int32(TodoAlarm.Clock.silent.rawValue)
                && set._alarms.words[_TodoAlarms.stride &* t &+ 5] != Int32.min {
                own.append(set._alarms.words[_TodoAlarms.stride &* t &+ 5])
            }
            if own.count > 1 { own.sort() }
        }
        var a = set._alarms.alarm(s)
        var second = a.second
        if a.clock == .reminder || a.reminder != nil {
            // The reminder's VALARM: silent without a reminder, on its own clock while the
            // reminder is the time it was read as, else at the new time that day.
            let m = set._columns.reminder[i]
            guard m >= 0 else { return }
            if a.clock == .reminder || a.reminder != m {
                if a.clock == .utc || a.zone != nil { a = TodoAlarm(clock: .reminder, day: set._reminderDay(i, a, zone), second: 0, action: a.action) }
                second = Int32(m) &* 60
                a.clock = .local
            }
        }
        set._ring(i, a, second: second, alarm: Int(number & ~_AlarmIndex.silencing), own, from, to, wLo, wHi, zone, &out, occurrences: given)
    }
}

/// The first index of `v` (ascending) holding `x` or more.
func _lowerBound(_ v: [Int32], _ x: Int32) -> Int {
    var lo = 0, hi = v.count
    while lo < hi { let mid = (lo &+ hi) / 2; if v[mid] < x { lo = mid &+ 1 } else { hi = mid } }
    return lo
}

/// The first index of `v` (ascending) holding more than `x`.
func _upperBound(_ v: [Int32], _ x: Int32) -> Int {
    var lo = 0, hi = v.count
    while lo < hi { let mid = (lo &+ hi) / 2; if v[mid] <= x { lo = mid &+ 1 } else { hi = mid } }
    return lo
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
