/// What the agenda (`TodoSet.occurrences(from:through:kind:)`) reads besides the interval index,
/// built on the first agenda after a change and kept in the set's cache (`_TodoSetCache.agenda`):
///
/// - per row, its times and its rank in `khal list`'s order of occurrences that start on the same
///   day (start time, all-day as 00:00; then the days the occurrence covers; end time, all-day as
///   00:00; title bytes; row), so that one 64-bit key a day orders an occurrence (day, how many
///   days before it the occurrence began, most first, then that rank) and a radix sort puts k
///   occurrences in order in O(k), with no title comparison and no times lookup per occurrence.
///   That is `khal list`'s order by the occurrence's start instant, then its end, then its title:
///   an occurrence continuing from an earlier day (a 23:00-01:00 call, the second day of a trip)
///   comes before the day's own, and of equal starts the one ending first. It is for events (bit
///   31 of the rank word marks them), which khal lists; a todo (a 30-day challenge, a report due
///   in a week) is ordered on each of its days as if it began that day, all-day first, then by
///   start time, then by title, as the day view always listed them;
/// - the rows with a rule, indexed by day. A rule row's occurrences are its start, then the days
///   of its rule's pattern (`_TodoRule._key`: the words the day tables group rows by) after its
///   start, up to the last day an occurrence may start on (its end less the days an occurrence
///   covers after its first, and the rule's own COUNT or UNTIL). The starts are one interval each,
///   `[start, start + extra]`, in one interval index. Rows of one pattern and one occurrence length
///   form a group, and a group's rows are the intervals from their first pattern day after the start
///   to their last start day, in an interval index of their own: as for weekday repetitions
///   (`_IntervalIndex`), a row has a pattern day in `[a, b]` exactly when its interval meets
///   `[a′, b′]`, the first and last pattern days in `[a, b]` (its interval begins on a pattern day,
///   so the meeting's first day is one). So a range finds each group's rows in O(log R + runs)
///   after listing the pattern's days in the range once per group, and each row's occurrences
///   from that list: no rule question per row.
/// - Rows whose rule has RDATE or EXDATE days, or a pattern the key cannot hold (its words zero),
///   are walked one by one (`walked`).
///
/// - per rank, its row and times (`byRank`), so that an agenda can mark its occurrences in a bitmap
///   a day by rank and read them back in order (`TodoSet._agenda(from:through:kind:)`), with no
///   sort.
///
/// Built in O(N log N) (the title order) plus O(R log R + each group's pattern days over its
/// rows' starts). Memory: 16 bytes a row, about 40 a rule row.
@usableFromInline
struct _AgendaIndex: Sendable {
    /// Rows with a rule of one pattern and one occurrence length.
    @usableFromInline
    struct RuleGroup: Sendable {
        /// Its members' rule pattern, their first and last pattern days and their index.
        @usableFromInline let pattern: _PatternMembers
        /// Days an occurrence covers after its first.
        @usableFromInline let extra: Int32
        /// Per member: its rule slot, its row, its start and its `rowInfo`: read in the members'
        /// order (by start, as the index's runs list them), not looked up in the set's columns a row.
        @usableFromInline var slots: [Int32]
        @usableFromInline var rows: [Int32]
        @usableFromInline var starts: [Int32]
        @usableFromInline var infos: [UInt64]
    }

    /// Per row: its packed times (`TodoTimes._packed`, `_TodoDetails._none` when all-day) in the
    /// high half, its rank in the order of occurrences starting on one day (start time, days
    /// covered, end time, title, row; see above) in the low half.
    @usableFromInline var rowInfo: [UInt64] = []
    /// Per rank (the low half of `rowInfo`): its row in the low half, its packed times in the high
    /// half (as `rowInfo`).
    @usableFromInline var byRank: [UInt64] = []
    /// Bits of a rank (ranks are below the row count).
    @usableFromInline var rankBits = 1
    /// Bits of "days since the occurrence began": enough for the longest occurrence of the set
    /// (16 when a row has an open end; an item that began more days ago than that compares as if
    /// it began then).
    @usableFromInline var backBits = 0
    /// The rule rows' first occurrences, `[start, start + extra]`, by rule slot, and per slot its
    /// start and `rowInfo`.
    @usableFromInline var starts: _IntervalIndex
    @usableFromInline var slotStarts: [Int32] = []
    @usableFromInline var slotInfos: [UInt64] = []
    /// None in an Embedded build (`_PatternGroups`): its rule rows are all walked.
    @usableFromInline var groups = _PatternGroups<RuleGroup>()
    /// Rule slots walked one by one on every agenda.
    @usableFromInline var walked: [Int32] = []

    /// `byteCount` when built: what the set's footprint reads (a stored number, so that a firmware
    /// reading its footprint links none of the index's code).
    @usableFromInline var bytes = 0

    @usableFromInline var byteCount: Int {
        var b = rowInfo.capacity * 8 + byRank.capacity * 8 + starts.byteCount + walked.capacity * 4 + slotStarts.capacity * 4 + slotInfos.capacity * 8
        for g in groups {
            b += g.pattern.byteCount + (g.slots.capacity + g.rows.capacity + g.starts.capacity) * 4 + g.infos.capacity * 8
        }
        return b
    }

    /// A row's order key within one day from its `rowInfo` word, for an occurrence that began
    /// `back` days before that day: the more days, the earlier (`backBits` bits), then its rank
    /// (`rankBits` bits).
    @inlinable @inline(__always)
    func dayKey(_ w: UInt64, back: Int32) -> UInt64 {
        let top = Int32(truncatingIfNeeded: (1 &<< backBits) &- 1)
        let days = w & 0x8000_0000 == 0 ? 0 : Swift.min(Swift.max(back, 0), top)
        return UInt64(UInt32(bitPattern: top &- days)) &<< UInt64(rankBits) | (w & 0x7FFF_FFFF)
    }
}

#if hasFeature(Embedded)
/// The agenda's and the alarms' pattern groups. An Embedded build keeps none: its rule rows are all
/// walked (small sets), so that no firmware's flash holds the class metadata of an array of groups
/// (Swift keeps a module's class metadata in one data section, linked whole).
@usableFromInline typealias _PatternGroups<Group> = EmptyCollection<Group>
#else
@usableFromInline typealias _PatternGroups<Group> = [Group]
#endif

/// Rows of one rule pattern, as the agenda's and the alarms' indexes group them: per member its
/// first pattern day after its start and the last day an occurrence may start on (`first > last`:
/// none), in an interval index of their own. A range lists the pattern's days in it once, and the
/// members with one of them come from the index in O(log R + runs): no rule question per row.
@usableFromInline
struct _PatternMembers: Sendable {
    /// One of its members' rules: the pattern's days.
    @usableFromInline let rule: _TodoRule
    @usableFromInline var first: [Int32], last: [Int32]
    /// Over the members' `[first, last]`, grouped by kind.
    @usableFromInline var index: _IntervalIndex
    /// The smallest `first` and largest `last` of the members with a day: a range outside skips them.
    @usableFromInline var lo: Int32, hi: Int32

    /// nil when no member has a pattern day to start on.
    init?(rule: _TodoRule, first: [Int32], last: [Int32], kinds: [UInt8]) {
        var lo = Int32.max, hi = Int32.min
        for j in first.indices where first[j] <= last[j] { lo = Swift.min(lo, first[j]); hi = Swift.max(hi, last[j]) }
        guard lo <= hi else { return nil }
        self.rule = rule; self.first = first; self.last = last; self.lo = lo; self.hi = hi
        index = _IntervalIndex(lo: first, hi: last, days: [WeekdaySet](repeating: WeekdaySet(rawValue: 0x7F), count: first.count),
                               flags: kinds)
    }

    @usableFromInline var byteCount: Int { (first.capacity + last.capacity) * 4 + index.byteCount }

    /// The pattern's days in `a...b` (cut to `lo...hi`) into `days`, and the members of `kind` with
    /// one of them into `members`' rows (both replaced): false when there are none.
    /// - Complexity: O(pattern days in the range + log R + runs)
    func members(from a: Int32, through b: Int32, kind: TodoKind, days: inout [Int32], into members: inout _RowSink) -> Bool {
        let a = Swift.max(a, lo), b = Swift.min(b, hi)
        guard a <= b else { return false }
        days.removeAll(keepingCapacity: true)
        rule.forEachPatternDay(a, b) { d in days.append(d); return true }
        guard let a2 = days.first, let b2 = days.last else { return false }
        members.rows.removeAll(keepingCapacity: true)
        index.forEachRun(from: a2, through: b2, kind: kind, into: &members)
        return true
    }
}

extension TodoSet {
    /// The agenda index, built when missing (see `_AgendaIndex`).
    /// - Complexity: O(1) when built; else O(N log N + R log R + the groups' pattern days)
    @usableFromInline
    var _agendaIndex: _AgendaIndex {
        if let index = _cache.agendaIndex() { return index }
        return _cache.publish(_makeAgendaIndex())
    }

    /// Builds the agenda index (see `_AgendaIndex`).
    func _makeAgendaIndex() -> _AgendaIndex {
        let n = count
        let r = _rules.count
        // Per row the days an occurrence covers after its first (`_agendaSpan`), and the bits the
        // days since an occurrence began need.
        var spans = [Int32](repeating: 0, count: n)
        var longest: Int32 = 0
        let isEvent = _columns.flags.map { $0 & TodoSet._event != 0 }
        for i in 0..<n where isEvent[i] { let l = _agendaSpan(i); spans[i] = l; longest = Swift.max(longest, l) }
        for k in 0..<r where isEvent[Int(_rules.rows[k])] {
            let l = _rules.extra(k)
            spans[Int(_rules.rows[k])] = l; longest = Swift.max(longest, l)
        }
        let backBits = Swift.min(_bitWidth(UInt64(longest)), 16), top = Int32((1 << backBits) - 1)
        // Times, and the rank in the order of occurrences starting on one day, one word a row:
        // the title order, then a stable radix sort by start time, days covered and end time.
        var info = [UInt64](repeating: UInt64(_TodoDetails._none) &<< 32, count: n)
        if !_details.isEmpty {
            for k in 0..<_details.rows.count { info[Int(_details.rows[k])] = UInt64(_details.times[k]) &<< 32 }
        }
        let byTitle = _sortedByTitle(nil, descending: false)
        var sortKeys = [UInt64](repeating: 0, count: byTitle.count), order = [Int32](repeating: 0, count: byTitle.count)
        for (p, i) in byTitle.enumerated() {
            order[p] = Int32(truncatingIfNeeded: i)
            let t = UInt32(truncatingIfNeeded: info[i] &>> 32)
            // A todo: all-day first (end 0), then by start time (end 1), then by title.
            let start: UInt64 = t == _TodoDetails._none ? 0 : UInt64(t & 0xFFFF)
            let end: UInt64 = t == _TodoDetails._none ? 0 : isEvent[i] ? UInt64(t &>> 16) : 1
            sortKeys[p] = start &<< UInt64(backBits &+ 11) | UInt64(Swift.min(spans[i], top)) &<< 11 | end
        }
        _radixSortPairs(keys: &sortKeys, rows: &order, keyBits: 22 &+ backBits)
        var byRank = [UInt64](repeating: 0, count: order.count)
        for p in 0..<order.count {
            let i = Int(order[p])
            byRank[p] = info[i] & 0xFFFF_FFFF_0000_0000 | UInt64(UInt32(truncatingIfNeeded: i))
            info[i] |= UInt64(p) | (isEvent[i] ? 0x8000_0000 : 0)
        }
        let all = WeekdaySet(rawValue: 0x7F)
        // The rule rows' starts, and which rows group by pattern.
        var startLo = [Int32](repeating: 1, count: r), startHi = [Int32](repeating: 0, count: r)
        var kinds = [UInt8](repeating: 0, count: r)
        var patterned: [Int32] = [], walked: [Int32] = []
        let kindBits = TodoSet._challenge | TodoSet._event
        for k in 0..<r {
            let i = Int(_rules.rows[k]), s = _columns.start[i]
            kinds[k] = _columns.flags[i] & kindBits
            #if hasFeature(Embedded)
            walked.append(Int32(truncatingIfNeeded: k)); continue
            #endif
            guard _DayKey.isDay(s), _rules.keys[4 &* k &+ 1] != 0 else { walked.append(Int32(truncatingIfNeeded: k)); continue }
            guard s <= _agendaLastStart(slot: k) else { continue }   // no occurrence at all
            startLo[k] = s; startHi[k] = s &+ _rules.extra(k)
            patterned.append(Int32(truncatingIfNeeded: k))
        }
        let starts = _IntervalIndex(lo: startLo, hi: startHi, days: [WeekdaySet](repeating: all, count: r), flags: kinds)
        // Groups: by the pattern's three words and the occurrence length, members by start.
        let keys = _rules.keys
        func less(_ p: Int32, _ q: Int32) -> Bool {
            let a = 4 &* Int(p), b = 4 &* Int(q)
            for w in 0..<3 where keys[a &+ w] != keys[b &+ w] { return keys[a &+ w] < keys[b &+ w] }
            let xa = keys[a &+ 3] &>> 32, xb = keys[b &+ 3] &>> 32
            if xa != xb { return xa < xb }
            return startLo[Int(p)] != startLo[Int(q)] ? startLo[Int(p)] < startLo[Int(q)] : p < q
        }
        func same(_ p: Int32, _ q: Int32) -> Bool {
            let a = 4 &* Int(p), b = 4 &* Int(q)
            return keys[a] == keys[b] && keys[a &+ 1] == keys[b &+ 1] && keys[a &+ 2] == keys[b &+ 2]
                && keys[a &+ 3] &>> 32 == keys[b &+ 3] &>> 32
        }
        patterned.sort(by: less)
        #if !hasFeature(Embedded)
        var groups: [_AgendaIndex.RuleGroup] = []
        var g0 = 0
        while g0 < patterned.count {
            var g1 = g0 &+ 1
            while g1 < patterned.count && same(patterned[g0], patterned[g1]) { g1 &+= 1 }
            let m = g1 &- g0, k0 = Int(patterned[g0])
            let slots = Array(patterned[g0..<g1])
            var first = [Int32](repeating: Int32.max, count: m), last = [Int32](repeating: 0, count: m)
            var top = Int32.min
            for j in 0..<m {
                last[j] = Swift.min(_agendaLastStart(slot: Int(slots[j])), _agendaRuleLast(slot: Int(slots[j])), CivilDate.maxDayNumber)
                top = Swift.max(top, last[j])
            }
            // Each member's first pattern day after its start, in one walk of the pattern (the
            // members are by start): it stops once the last member has its day.
            var j = 0
            let from = startLo[k0] &+ 1
            if from <= top {
                _rules.rules[k0].forEachPatternDay(from, top) { d in
                    while j < m && startLo[Int(slots[j])] < d { first[j] = d; j &+= 1 }
                    return j < m
                }
            }
            if let pattern = _PatternMembers(rule: _rules.rules[k0], first: first, last: last, kinds: slots.map { kinds[Int($0)] }) {
                let rows = slots.map { _rules.rows[Int($0)] }
                groups.append(_AgendaIndex.RuleGroup(pattern: pattern, extra: _rules.extra(k0), slots: slots, rows: rows,
                                                     starts: slots.map { startLo[Int($0)] }, infos: rows.map { info[Int($0)] }))
            }
            g0 = g1
        }
        #endif
        var x = _AgendaIndex(starts: starts)
        x.slotStarts = startLo
        x.slotInfos = _rules.rows.map { info[Int($0)] }
        x.rowInfo = info
        x.byRank = byRank
        x.rankBits = Swift.max(_bitWidth(UInt64(n)), 1)
        x.backBits = backBits
        #if !hasFeature(Embedded)
        x.groups = groups
        #endif
        x.walked = walked
        x.bytes = x.byteCount
        return x
    }

    /// The days an occurrence of row `i` without a rule covers after its first, as the agenda
    /// lists it: its span's for a row on every day of it (open: `Int32.max`), else 0 (a row
    /// repeating on some weekdays is on each of those days alone).
    @inline(__always)
    func _agendaSpan(_ i: Int) -> Int32 {
        guard _columns.repetition[i]._bits == 0x7F else { return 0 }
        let s = _columns.start[i], e = _columns.end[i]
        return _DayKey.isDay(s) && _DayKey.isDay(e) ? e &- s : Int32.max
    }

    /// How many days before `d` the occurrence of row `i` without a rule that covers `d` began
    /// (see `_agendaSpan`).
    @inline(__always)
    func _agendaBack(_ i: Int, _ d: Int32, _ days: WeekdaySet, _ s: Int32) -> Int32 {
        guard days._bits == 0x7F else { return 0 }
        return _DayKey.isDay(s) ? d &- s : Int32.max
    }

    /// The last day an occurrence of the rule row at slot `k` may start on (its end less the days
    /// an occurrence covers after its first; the end's sentinel when open).
    @inline(__always)
    func _agendaLastStart(slot k: Int) -> Int32 {
        let e = _columns.end[Int(_rules.rows[k])]
        return _DayKey.isDay(e) ? e &- _rules.extra(k) : e
    }

    /// The last day the rule of slot `k` may add (COUNT and UNTIL applied; `_TodoRule._key`).
    @inline(__always)
    func _agendaRuleLast(slot k: Int) -> Int32 {
        Int32(truncatingIfNeeded: UInt32(truncatingIfNeeded: _rules.keys[4 &* k &+ 3]))
    }
}
