/// What the alarms' query (`TodoSet.alarmInstants(from:to:zone:)`) reads, so that a range finds
/// only the alarms that can ring in it. Built on the first query after a change and kept in the
/// set's cache (`_TodoSetCache.alarms`, dropped with the agenda's index and by `setAlarms`).
///
/// A *source* is one alarm of a row (its slot in `_TodoAlarms`; `.silent` marks ring nothing and
/// are left out) or a row's reminder time with no alarm of its own (slot -1). Sources are numbered
/// by row, then slot, so that sorting found sources groups each row's together. A source rings on
/// the days `d…d+w` for each of its occurrences `o`, `d = o + day` (`TodoAlarm.day`), `w` the days
/// its repeats and its time of day reach past `d` (`_AlarmIndex.widen`); an absolute alarm has
/// `d` its UTC day. Which days a range `[from, to)` asks for depends on the source's clock, one
/// class each (kept in the interval index's kind bits, so one index answers all three):
///
/// - UTC (`.utc` and `.absolute`, kind bits 0, `TodoKind.plain`): the UTC days of the range;
/// - the query zone's clock (`.local` without a zone of its own, `.reminder`, reminders,
///   `_challenge`, `TodoKind.challenges`): the query zone's days of the range, one day wider each
///   side (a gap at midnight, a zone whose clock goes back over midnight);
/// - a zone of its own, or a reminder read on another clock (`_reminderDay` moves it by up to a
///   day on the query zone's clock; `_event`, `TodoKind.events`): the UTC days, four wider each
///   side (a zone's day is within ±26 h of UTC's, twice over for a reminder moved between zones).
///
/// Sources with one occurrence (no rule, or an override's own alarm), absolute ones, and the first
/// occurrences of rule rows are one interval each, `[d, d + w]`, in `once`. A row repeating on
/// weekdays or a challenge rings for each of its days (`TodoSet._ringsPerDay`): one interval over
/// its span. Rule rows' later occurrences are read through the agenda's index (`_AgendaIndex`,
/// read only): the rows of one agenda group share their rule's pattern days; the sources of its
/// rows are grouped again by day offset, widening and clock class, each group an interval index
/// over its members' `[first, last]` (the agenda's first pattern day after the start, last start
/// day), so a range lists the pattern days in its days (shifted by the offset) once per group and
/// finds the members with one of them in O(log R + runs), as the agenda does; each member's
/// occurrences are read off that list, with no rule question. Rules with RDATE or
/// EXDATE days (the agenda's `walked`) are asked on every query.
///
/// Built in O(A log A + R), A the sources (plus the agenda index when not built). Memory: about
/// 40 bytes a source.
@usableFromInline
struct _AlarmIndex: Sendable {
    /// Sources of one agenda group's rows with one day offset, widening and clock class.
    @usableFromInline
    struct Group: Sendable {
        /// The agenda group's rule (its pattern days are the members' later occurrences), and the
        /// members' first and last pattern days (the agenda's) and their index.
        @usableFromInline let pattern: _PatternMembers
        /// `TodoAlarm.day` (or the reminder's day offset) of every member.
        @usableFromInline let shift: Int32
        /// Days past `o + shift` a member's rings may reach (`widen`).
        @usableFromInline let widen: Int32
        /// The clock class, as the kind bits of `once` (0, `_challenge`, `_event`).
        @usableFromInline let clock: UInt8
        /// Per member its source.
        @usableFromInline var sources: [Int32]
    }

    /// Each source's row and slot in `_TodoAlarms` (-1: the row's reminder time), and its number
    /// among its row's alarms (`TodoAlarmInstant.alarm`; -1 for the reminder time), `silencing`
    /// set when the row marks occurrences `.silent`.
    @usableFromInline var rows: [Int32] = []
    @usableFromInline var slots: [Int32] = []
    @usableFromInline var numbers: [Int32] = []
    @usableFromInline static var silencing: Int32 { 1 << 30 }
    /// One interval a source (some sources several: one per index row), and for each of its rows
    /// the source.
    @usableFromInline var once: _IntervalIndex
    @usableFromInline var onceSources: [Int32] = []
    /// None in an Embedded build (`_PatternGroups`): its rule rows' sources are all walked.
    @usableFromInline var groups = _PatternGroups<Group>()
    /// Sources asked on every query.
    @usableFromInline var walked: [Int32] = []
    /// `byteCount` when built (a stored number, as `_AgendaIndex.bytes`).
    @usableFromInline var bytes = 0

    @usableFromInline var byteCount: Int {
        var b = (rows.capacity + slots.capacity + numbers.capacity + onceSources.capacity + walked.capacity) * 4 + once.byteCount
        for g in groups { b += g.sources.capacity * 4 + g.pattern.byteCount }
        return b
    }

    /// Clock classes, as kind bits.
    @inlinable static var utcClock: UInt8 { 0 }
    @inlinable static var zoneClock: UInt8 { TodoSet._challenge }
    @inlinable static var ownClock: UInt8 { TodoSet._event }

    /// The kind that finds the sources of clock class `c` in an interval index.
    @inlinable
    static func kind(_ c: UInt8) -> TodoKind { c == utcClock ? .plain : (c == zoneClock ? .challenges : .events) }

    /// Days past `d` the rings of an alarm at `second` after midnight with `span` seconds of
    /// repeats reach on its clock: exact on UTC's and the query zone's (whose window is a day
    /// wider each side for a gap or daylight saving), any time of day and one more on a zone of
    /// its own (its ring's UTC day may be the next).
    @inlinable
    static func widen(clock c: UInt8, second: Int32, span: Int64) -> Int32 {
        c == ownClock ? _clampDay((86_399 &+ span) / 86_400 &+ 1) : _clampDay((Int64(second) &+ span) / 86_400)
    }
}

/// `x` as a day key strictly between the sentinels (`_DayKey`).
@inlinable @inline(__always)
func _clampDay(_ x: Int64) -> Int32 {
    Int32(truncatingIfNeeded: Swift.min(Swift.max(x, Int64(Int32.min) &+ 1), Int64(Int32.max) &- 1))
}

extension TodoSet {
    /// The alarms' index, built when missing (see `_AlarmIndex`).
    /// - Complexity: O(1) when built; else O(A log A + R), plus the agenda index when not built
    @usableFromInline
    var _alarmIndex: _AlarmIndex {
        if let index = _cache.alarmIndex() { return index }
        return _cache.publish(_makeAlarmIndex())
    }

    /// Whether row `i` (without a rule) rings for each of its days: it repeats on some weekdays
    /// only, or is a challenge, and has a first day. Its alarms ring for each day of its span it
    /// falls on, as each is ticked apart; a reminder on that day (`_lastDayOffset` is 0).
    @inlinable
    func _ringsPerDay(_ i: Int) -> Bool {
        _columns.flags[i] & TodoSet._ruled == 0 && _DayKey.isDay(_columns.start[i])
            && (_columns.repetition[i]._bits != 0x7F || _columns.flags[i] & TodoSet._challenge != 0)
    }

    /// The clock class of `a` (see `_AlarmIndex`).
    func _alarmClock(_ a: TodoAlarm) -> UInt8 {
        switch a.clock {
        case .utc, .absolute: return a.reminder == nil ? _AlarmIndex.utcClock : _AlarmIndex.ownClock
        case .local: return a.zone == nil ? _AlarmIndex.zoneClock : _AlarmIndex.ownClock
        case .reminder, .silent: return _AlarmIndex.zoneClock
        }
    }

    /// Builds the alarms' index (see `_AlarmIndex`).
    func _makeAlarmIndex() -> _AlarmIndex {
        var rows: [Int32] = [], slots: [Int32] = [], numbers: [Int32] = []
        var lo: [Int32] = [], hi: [Int32] = [], days: [WeekdaySet] = [], kinds: [UInt8] = [], onceSources: [Int32] = []
        var walked: [Int32] = []
        let all = WeekdaySet(rawValue: 0x7F)
        // Rule slots: their agenda group and member (-1: none), or walked.
        let r = _rules.count
        var slotGroup = [Int32](repeating: -1, count: r), slotMember = [Int32](repeating: -1, count: r)
        var slotWalked = [Bool](repeating: false, count: r)
        #if hasFeature(Embedded)
        for k in 0..<r { slotWalked[k] = true }
        #else
        let agenda: _AgendaIndex? = r == 0 ? nil : _agendaIndex
        if let agenda {
            for k in agenda.walked { slotWalked[Int(k)] = true }
            for (g, group) in agenda.groups.enumerated() {
                for j in 0..<group.slots.count {
                    slotGroup[Int(group.slots[j])] = Int32(truncatingIfNeeded: g); slotMember[Int(group.slots[j])] = Int32(truncatingIfNeeded: j)
                }
            }
        }
        // Group members: (agenda group, shift, widen, clock) and their source.
        var mGroup: [Int32] = [], mShift: [Int32] = [], mWiden: [Int32] = [], mClock: [UInt8] = [], mSource: [Int32] = []
        #endif

        // Adds source `src` of row `i`: its day offset `day`, second, repeat span and clock class.
        func add(_ i: Int, _ src: Int32, day: Int32, second: Int32, span: Int64, clock c: UInt8, absolute: Bool, only: Int32?) {
            let w = _AlarmIndex.widen(clock: c, second: second, span: span)
            func interval(_ a: Int64, _ b: Int64, _ d: WeekdaySet) {
                lo.append(_clampDay(a)); hi.append(_clampDay(b)); days.append(d); kinds.append(c); onceSources.append(src)
            }
            if absolute { interval(Int64(day), Int64(day) &+ Int64(w), all); return }
            let s = _columns.start[i], e = _columns.end[i]
            guard let first: Int32 = _DayKey.isDay(s) ? s : (_DayKey.isDay(e) ? e : nil) else { return }
            if let only { interval(Int64(only) &+ Int64(day), Int64(only) &+ Int64(day) &+ Int64(w), all); return }
            guard _columns.flags[i] & TodoSet._ruled != 0, let k = _rules.slot(ofRow: i) else {
                if _ringsPerDay(i) {
                    // Each day of its span it falls on: one interval over them (on its weekdays,
                    // turned by the offset, when the rings stay on their day).
                    let top = _DayKey.isDay(e) ? Int64(e) &+ Int64(day) : Int64(Int32.max)
                    let bits = UInt16(_columns.repetition[i]._bits), t = UInt16(((Int(day) % 7) &+ 7) % 7)
                    let turned = WeekdaySet(rawValue: UInt8(truncatingIfNeeded: ((bits &<< t) | (bits &>> (7 &- t))) & 0x7F))
                    if w == 0 { interval(Int64(s) &+ Int64(day), top, turned) } else { interval(Int64(s) &+ Int64(day), top &+ Int64(w), all) }
                } else {
                    interval(Int64(first) &+ Int64(day), Int64(first) &+ Int64(day) &+ Int64(w), all)
                }
                return
            }
            if slotWalked[k] { walked.append(src); return }
            // Its first occurrence, then its later ones through its agenda group.
            interval(Int64(s) &+ Int64(day), Int64(s) &+ Int64(day) &+ Int64(w), all)
            #if !hasFeature(Embedded)
            if slotGroup[k] >= 0 {
                mGroup.append(slotGroup[k]); mShift.append(day); mWiden.append(w); mClock.append(c); mSource.append(src)
            }
            #endif
        }

        // Every row in order (sources numbered by row, then slot): its alarms, then its reminder
        // time when no alarm of its own is the reminder's.
        var k = 0
        for i in 0..<count {
            var e = k
            while e < _alarms.count && Int(_alarms.rows[e]) == i { e &+= 1 }
            var ownsReminder = false
            var silencing: Int32 = 0
            for s in k..<e where _alarms.words[_TodoAlarms.stride &* s &+ 4] & 0xF == Int32(TodoAlarm.Clock.silent.rawValue)
                && _alarms.words[_TodoAlarms.stride &* s &+ 5] != Int32.min {
                silencing = _AlarmIndex.silencing
            }
            for s in k..<e {
                let a = _alarms.alarm(s)
                if a.clock == .reminder || a.reminder != nil { ownsReminder = true }
                if a.clock == .silent { continue }
                let src = Int32(truncatingIfNeeded: rows.count)
                rows.append(Int32(truncatingIfNeeded: i)); slots.append(Int32(truncatingIfNeeded: s))
                numbers.append(Int32(truncatingIfNeeded: s &- k) | silencing)
                let m = Int32(_columns.reminder[i])
                // A reminder's alarm rings at the reminder time once that is not the one it was read as.
                let second = a.clock == .reminder || (a.reminder != nil && a.reminder.map(Int32.init) != m) ? (m >= 0 ? m &* 60 : 86_399) : a.second
                add(i, src, day: a.day, second: second, span: Int64(a.repeatCount) &* Int64(a.repeatInterval), clock: _alarmClock(a),
                    absolute: a.clock == .absolute, only: a.occurrence?.dayNumber)
            }
            if !ownsReminder, _columns.reminder[i] >= 0 {
                let src = Int32(truncatingIfNeeded: rows.count)
                rows.append(Int32(truncatingIfNeeded: i)); slots.append(-1); numbers.append(-1)
                add(i, src, day: _lastDayOffset(i), second: Int32(_columns.reminder[i]) &* 60, span: 0, clock: _AlarmIndex.zoneClock,
                    absolute: false, only: nil)
            }
            k = e
        }

        var x = _AlarmIndex(once: _IntervalIndex(lo: lo, hi: hi, days: days, flags: kinds))
        #if !hasFeature(Embedded)
        if let agenda, !mSource.isEmpty {
            var order = Array(0..<mSource.count)
            order.sort { p, q in
                if mGroup[p] != mGroup[q] { return mGroup[p] < mGroup[q] }
                if mShift[p] != mShift[q] { return mShift[p] < mShift[q] }
                if mWiden[p] != mWiden[q] { return mWiden[p] < mWiden[q] }
                return mClock[p] < mClock[q]
            }
            var g0 = 0
            while g0 < order.count {
                let p0 = order[g0]
                var g1 = g0 &+ 1
                while g1 < order.count, mGroup[order[g1]] == mGroup[p0], mShift[order[g1]] == mShift[p0],
                      mWiden[order[g1]] == mWiden[p0], mClock[order[g1]] == mClock[p0] { g1 &+= 1 }
                let ag = agenda.groups[Int(mGroup[p0])]
                var first: [Int32] = [], last: [Int32] = [], sources: [Int32] = []
                for t in g0..<g1 {
                    let src = mSource[order[t]]
                    guard let slot = _rules.slot(ofRow: Int(rows[Int(src)])) else { continue }
                    let j = Int(slotMember[slot])
                    guard ag.pattern.first[j] <= ag.pattern.last[j] else { continue }
                    first.append(ag.pattern.first[j]); last.append(ag.pattern.last[j]); sources.append(src)
                }
                if let pattern = _PatternMembers(rule: ag.pattern.rule, first: first, last: last,
                                                 kinds: [UInt8](repeating: 0, count: sources.count)) {
                    x.groups.append(_AlarmIndex.Group(pattern: pattern, shift: mShift[p0], widen: mWiden[p0], clock: mClock[p0],
                                                      sources: sources))
                }
                g0 = g1
            }
        }
        #endif
        x.rows = rows; x.slots = slots; x.numbers = numbers; x.onceSources = onceSources; x.walked = walked
        x.bytes = x.byteCount
        return x
    }
}
