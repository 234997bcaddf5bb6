// The agenda: every day an item falls on in a range, each day's items in `khal list`'s order (by
// the occurrence's start, then its end, then its title), as khal and a phone's day list show
// them. Built on the range query (the interval index and the rule side table), so
// only the items of the range are read.

/// One item on one day of an agenda: a day it falls on (an occurrence of a rule, or a day of its
/// span or repetition) and its index in the set.
public struct TodoOccurrence: Hashable, Sendable {
    /// The day.
    public var day: CivilDate
    /// The item's index in the set.
    public var index: Int
    /// The occurrence's times of day (`TodoSet.times(at:on:)`), nil when it is all-day.
    public var times: TodoTimes?

    /// The item at `index` on `day`, at `times`.
    /// - Complexity: O(1)
    @inlinable public init(day: CivilDate, index: Int, times: TodoTimes? = nil) { self.day = day; self.index = index; self.times = times }
}

/// An agenda's occurrences in order (`TodoSet._agenda(from:through:kind:)`), with what the C
/// layer fills its caller's structs from: each one's day, row and times, read without a lookup.
package struct _AgendaOccurrences {
    @usableFromInline let first: Int32
    /// Bits below the day in a key: the day key's, and `indexBits`.
    @usableFromInline let shift: UInt64
    /// The keys in order. When `indexBits` > 0 each key holds in its low `indexBits` bits the
    /// index in `rows` of its occurrence (the order it was found in): one array of words is
    /// sorted, not keys and rows in pairs (half the bytes moved; 8.4 -> 7.4-7.7 ms at 1M todos).
    @usableFromInline var keys: [UInt64]
    /// Each occurrence's row, and its packed times (`TodoTimes._packed`, `_TodoDetails._none`
    /// all-day) above: in the keys' order when `indexBits` is 0, else in the order found.
    @usableFromInline var rows: [UInt64]
    @usableFromInline let indexBits: UInt64

    /// How many occurrences there are.
    /// - Complexity: O(1)
    package var count: Int { rows.count }
    /// The index in `rows` of occurrence `j`.
    @inlinable func _slot(_ j: Int) -> Int {
        indexBits == 0 ? j : Int(truncatingIfNeeded: keys[j] & ((1 &<< indexBits) &- 1))
    }
    /// The day of occurrence `j`.
    /// - Complexity: O(1)
    @inlinable package func day(_ j: Int) -> CivilDate { CivilDate(_unchecked: first &+ Int32(truncatingIfNeeded: keys[j] &>> shift)) }
    /// The row (index in the set) of occurrence `j`.
    /// - Complexity: O(1)
    @inlinable package func row(_ j: Int) -> Int { Int(truncatingIfNeeded: rows[_slot(j)] & 0xFFFF_FFFF) }
    /// The times of occurrence `j`'s item, nil when it is all-day.
    /// - Complexity: O(1)
    @inlinable package func times(_ j: Int) -> TodoTimes? {
        let t = UInt32(truncatingIfNeeded: rows[_slot(j)] &>> 32)
        return t == _TodoDetails._none ? nil : TodoTimes(_packed: t)
    }
}

extension TodoSet {
    /// Every day of `first...last` each item of `kind` falls on, by day, and on one day in
    /// `khal list`'s order: by the start of the occurrence covering the day (its first day, then
    /// its start time; all-day as 00:00), so one continuing from an earlier day (a 23:00-01:00
    /// call on its second day, a trip's later days) comes first; then by its end (its last day,
    /// then its end time; all-day as 00:00), so of equal starts an all-day item and the shorter
    /// one come first; then by title bytes, then by index. That is for events, which khal lists; a
    /// todo is ordered on each of its days as if it began that day and ended on it: all-day
    /// first, then by start time, then by title (a 30-day challenge is not put first on each of
    /// its days). An item over several days is on each of them; a recurring one on each occurrence (every day an occurrence covers; a day two
    /// occurrences cover belongs to the earlier). Done items are in it too
    /// (`isDone(on:at:)` says which). Empty when `last` is before first.
    ///
    /// Read through the interval index (items without a rule) and the agenda index (items with
    /// one: their first occurrences, and the others by rule pattern; `_AgendaIndex`), both built
    /// on the first query after a change; the occurrences are put in order by one radix sort on
    /// keys that hold each item's time and title rank.
    /// - Complexity: O(G log N + P + W + k) for k occurrences, after the indexes are built
    ///   (O(N log N) on the first agenda after a change): G the interval index's groups and the
    ///   rule patterns (a few per set: one per kind, weekday set, rule pattern and occurrence
    ///   length), P the patterns' days in the range, W the items whose rule has RDATE or EXDATE
    ///   days (walked one by one). An item repeating on some weekdays adds at most 6 days tested
    ///   per occurrence.
    public func occurrences(from first: CivilDate, through last: CivilDate, kind: TodoKind = .all) -> [TodoOccurrence] {
        let found = _agenda(from: first, through: last, kind: kind)
        return (0..<found.count).map { TodoOccurrence(day: found.day($0), index: found.row($0), times: found.times($0)) }
    }

    /// `occurrences(from:through:kind:)` as keys and rows (see `_AgendaOccurrences`).
    /// - Complexity: as `occurrences(from:through:kind:)`
    package func _agenda(from first: CivilDate, through last: CivilDate, kind: TodoKind) -> _AgendaOccurrences {
        let a = first.dayNumber, b = last.dayNumber
        guard a <= b, !isEmpty else { return _AgendaOccurrences(first: a, shift: 0, keys: [], rows: [], indexBits: 0) }
        let x = _agendaIndex
        let shift = UInt64(x.backBits &+ x.rankBits)
        var keys: [UInt64] = [], rows: [UInt64] = []
        // Rows without a rule: the interval index's runs, each row's days of the range tested
        // against its weekdays (all of them for most).
        let iv = _intervals
        var sink = _RowSink(capacity: iv.count(from: a, through: b, kind: kind))
        iv.forEachRun(from: a, through: b, kind: kind, into: &sink)
        keys.reserveCapacity(sink.rows.count); rows.reserveCapacity(sink.rows.count)
        for r in sink.rows {
            let i = Int(r), s = _columns.start[i], e = _columns.end[i]
            let lo = _DayKey.isDay(s) ? Swift.max(a, s) : a, hi = _DayKey.isDay(e) ? Swift.min(b, e) : b
            let w = x.rowInfo[i], payload = w & ~0xFFFF_FFFF | UInt64(UInt32(bitPattern: r))
            let days = _columns.repetition[i]
            var d = lo
            while d <= hi {
                if days._bits == 0x7F || days._contains(day: d) {
                    keys.append(UInt64(UInt32(bitPattern: d &- a)) &<< shift | x.dayKey(w, back: _agendaBack(i, d, days, s)))
                    rows.append(payload)
                }
                d &+= 1
            }
        }
        if !_rules.isEmpty { _addRuleOccurrences(x, a, b, kind, shift, &keys, &rows) }
        let keyBits = Int(shift) &+ _bitWidth(UInt64(b &- a)), indexBits = _bitWidth(UInt64(keys.count))
        guard keyBits &+ indexBits <= 64, keys.count > 1 else {
            _radixSortPairs64(&keys, &rows, keyBits: keyBits)
            var found = _AgendaOccurrences(first: a, shift: shift, keys: keys, rows: rows, indexBits: 0)
            if !_details.zoned.isEmpty { _reorderZoned(&found, x) }
            return found
        }
        keys.withUnsafeMutableBufferPointer { k in
            for j in 0..<k.count { k[j] = k[j] &<< UInt64(indexBits) | UInt64(j) }
        }
        _radixSortWords(&keys, lowBit: indexBits, bits: keyBits)
        var found = _AgendaOccurrences(first: a, shift: shift &+ UInt64(indexBits), keys: keys, rows: rows, indexBits: UInt64(indexBits))
        if !_details.zoned.isEmpty { _reorderZoned(&found, x) }
        return found
    }

    /// The occurrences of the rows with a rule in `a...b`, appended as keys and rows.
    func _addRuleOccurrences(_ x: _AgendaIndex, _ a: Int32, _ b: Int32, _ kind: TodoKind, _ shift: UInt64,
                             _ keys: inout [UInt64], _ rows: inout [UInt64]) {
        // Row `i` (its `rowInfo` word `w`) on the days `lo...hi` of its occurrence beginning on `o`.
        let zoned = !_details.zoned.isEmpty
        func add(_ i: Int, _ w: UInt64, _ lo: Int32, _ hi: Int32, _ o: Int32) {
            var payload = w & ~0xFFFF_FFFF | UInt64(UInt32(truncatingIfNeeded: i))
            // Times in a zone of their own: this occurrence's (its rank stays the first's; the
            // day's order is mended after the sort, `_reorderZoned`).
            if zoned, o != _columns.start[i], let z = _details.zoned(ofRow: i) {
                let t = UInt32(truncatingIfNeeded: w &>> 32)
                if t != _TodoDetails._none {
                    payload = UInt64(_occurrenceTimes(z, o, TodoTimes(_packed: t))._packed) &<< 32 | UInt64(UInt32(truncatingIfNeeded: i))
                }
            }
            var d = lo
            while d <= hi { keys.append(UInt64(UInt32(bitPattern: d &- a)) &<< shift | x.dayKey(w, back: d &- o)); rows.append(payload); d &+= 1 }
        }
        // First occurrences: one interval each.
        var sink = _RowSink(capacity: 0)
        x.starts.forEachRun(from: a, through: b, kind: kind, into: &sink)
        for k in sink.rows {
            let s = x.slotStarts[Int(k)]
            add(Int(_rules.rows[Int(k)]), x.slotInfos[Int(k)], Swift.max(a, s), Swift.min(b, s &+ _rules.extra(Int(k))), s)
        }
        // Later occurrences, a pattern at a time: its days in the range once, then its rows whose
        // interval meets the first and last of them, each row's occurrences read off those days.
        var days: [Int32] = []
        var members = _RowSink(capacity: 0)
        for g in x.groups {
            guard g.pattern.members(from: a &- g.extra, through: b, kind: kind, days: &days, into: &members) else { continue }
            days.withUnsafeBufferPointer { p in
                for j in members.rows {
                    let i = Int(g.rows[Int(j)]), w = g.infos[Int(j)]
                    // Days its first occurrence covers were added above.
                    var next = Swift.max(a, g.starts[Int(j)] &+ g.extra &+ 1)
                    var t = _lowerBound(p, 0, p.count, g.pattern.first[Int(j)])
                    let top = g.pattern.last[Int(j)]
                    while t < p.count && p[t] <= top {
                        let o = p[t], from = Swift.max(o, next), through = Swift.min(o &+ g.extra, b)
                        if from <= through { add(i, w, from, through, o); next = through &+ 1 }
                        t &+= 1
                    }
                }
            }
        }
        // Rules with RDATE or EXDATE days: each walked over the range.
        for k in x.walked {
            let i = Int(_rules.rows[Int(k)])
            guard _kindMatches(i, kind) else { continue }
            let s = _columns.start[i], e = _columns.end[i]
            let lo = _DayKey.isDay(s) ? Swift.max(a, s) : a, hi = _DayKey.isDay(e) ? Swift.min(b, e) : b
            guard lo <= hi else { continue }
            let extra = _rules.extra(Int(k)), lastStart = _DayKey.isDay(e) ? e &- extra : hi, w = x.rowInfo[i]
            var next = lo
            _rules.rules[Int(k)].forEachOccurrence(Swift.max(lo &- extra, s), Swift.min(hi, lastStart)) { o in
                let from = Swift.max(o, next), through = Swift.min(o &+ extra, hi)
                if from <= through { add(i, w, from, through, o); next = through &+ 1 }
                return true
            }
        }
    }

    /// Sorts `words` by their bits `lowBit ..< lowBit + bits`, stably (LSD radix in digits of at
    /// most 11 bits, every digit's counts taken in one first pass; a digit the same everywhere is
    /// skipped).
    /// - Complexity: O(n × ⌈bits / 11⌉)
    func _radixSortWords(_ words: inout [UInt64], lowBit: Int, bits: Int) {
        let n = words.count
        guard n > 1, bits > 0 else { return }
        let passes = (bits &+ 10) / 11, width = (bits &+ passes &- 1) / passes
        let buckets = 1 &<< width, mask = UInt64(buckets &- 1)
        var counts = [Int](repeating: 0, count: buckets &* passes)
        var other = [UInt64](repeating: 0, count: n)
        counts.withUnsafeMutableBufferPointer { c in
            words.withUnsafeBufferPointer { w in
                for v in w {
                    var s = UInt64(lowBit)
                    for p in 0..<passes { c[p &* buckets &+ Int(truncatingIfNeeded: (v &>> s) & mask)] &+= 1; s &+= UInt64(width) }
                }
            }
            var from = true   // the words are in `words` (else in `other`)
            for p in 0..<passes {
                let base = p &* buckets
                var sum = 0, same = false
                for b in 0..<buckets {
                    let t = c[base &+ b]
                    if t == n { same = true; break }
                    c[base &+ b] = sum; sum &+= t
                }
                if same { continue }
                let s = UInt64(lowBit &+ p &* width)
                func scatter(_ src: UnsafeBufferPointer<UInt64>, _ dst: UnsafeMutableBufferPointer<UInt64>) {
                    for v in src {
                        let b = base &+ Int(truncatingIfNeeded: (v &>> s) & mask), at = c[b]
                        dst[at] = v; c[b] = at &+ 1
                    }
                }
                if from {
                    words.withUnsafeBufferPointer { src in other.withUnsafeMutableBufferPointer { scatter(src, $0) } }
                } else {
                    other.withUnsafeBufferPointer { src in words.withUnsafeMutableBufferPointer { scatter(src, $0) } }
                }
                from.toggle()
            }
            if !from { swap(&words, &other) }
        }
    }

    /// Sorts `payloads` by `keys` (parallel arrays) on the low `keyBits` bits, stably: the
    /// 64-bit-payload twin of `_radixSortPairs`, in 12-bit digits (a 7-day agenda of a million
    /// items has 35-bit keys: three passes, not four).
    /// - Complexity: O(n × ⌈keyBits / 12⌉), passes whose digit is the same everywhere skipped
    func _radixSortPairs64(_ keys: inout [UInt64], _ payloads: inout [UInt64], keyBits: Int) {
        let n = keys.count
        guard n > 1, keyBits > 0 else { return }
        let passes = (keyBits &+ 11) / 12, width = (keyBits &+ passes &- 1) / passes
        let buckets = 1 &<< width, mask = UInt64(buckets &- 1)
        var counts = [Int](repeating: 0, count: buckets)
        var k2 = [UInt64](repeating: 0, count: n), p2 = [UInt64](repeating: 0, count: n)
        for pass in 0..<passes {
            let shift = UInt64(pass &* width)
            let skip = counts.withUnsafeMutableBufferPointer { c in
                for b in 0..<buckets { c[b] = 0 }
                keys.withUnsafeBufferPointer { k in for v in k { c[Int(truncatingIfNeeded: (v &>> shift) & mask)] &+= 1 } }
                var sum = 0
                for b in 0..<buckets { let t = c[b]; if t == n { return true }; c[b] = sum; sum &+= t }
                keys.withUnsafeBufferPointer { k in payloads.withUnsafeBufferPointer { p in
                    k2.withUnsafeMutableBufferPointer { dk in p2.withUnsafeMutableBufferPointer { dp in
                        for i in 0..<n {
                            let v = k[i], b = Int(truncatingIfNeeded: (v &>> shift) & mask), at = c[b]
                            dk[at] = v; dp[at] = p[i]; c[b] = at &+ 1
                        }
                    } }
                } }
                return false
            }
            if !skip { swap(&keys, &k2); swap(&payloads, &p2) }
        }
    }

    /// 0x8000_0000 when row `i` may be done on some day (a done day, or completed), else 0: an
    /// item with neither is done on no day, and needs no occurrence count from its start.
    @inlinable @inline(__always)
    func _mayBeDone(_ i: Int) -> UInt64 {
        _columns.doneCount[i] != 0 || _columns.flags[i] & TodoSet._completed != 0 ? 0x8000_0000 : 0
    }

    /// `isDone(on:at:)` for occurrence `j` of an agenda: at once for an item with no done day and
    /// not completed (most).
    /// - Complexity: O(1) for such an item, else as `isDone(on:at:)`
    package func _isDoneInAgenda(_ found: _AgendaOccurrences, _ j: Int) -> Bool {
        let i = found.row(j)
        return _mayBeDone(i) != 0 && isDone(on: found.day(j), at: i)
    }

    /// Calls `body` with each occurrence of `found` in order: its index there, day number, row,
    /// start and end minutes (-1 when all-day) and whether it is done. The C layer's fill: one
    /// pass over the keys and rows, no per-occurrence lookup through `_AgendaOccurrences`' getters
    /// (each a call with its arrays retained and released, when they were used: a third of the
    /// C call's time).
    /// - Complexity: O(k), plus `isDone(on:at:)` for an item that has a done day or is completed
    package func _forEachInAgenda(_ found: _AgendaOccurrences, _ body: (Int, Int32, Int, Int32, Int32, Bool) -> Void) {
        let first = found.first, shift = found.shift
        let slotMask = found.indexBits == 0 ? 0 : (UInt64(1) &<< found.indexBits) &- 1
        found.keys.withUnsafeBufferPointer { k in found.rows.withUnsafeBufferPointer { r in
        _columns.doneCount.withUnsafeBufferPointer { dc in _columns.flags.withUnsafeBufferPointer { fl in
            for j in 0..<r.count {
                let w = r[found.indexBits == 0 ? j : Int(truncatingIfNeeded: k[j] & slotMask)], i = Int(truncatingIfNeeded: w & 0xFFFF_FFFF), t = UInt32(truncatingIfNeeded: w &>> 32)
                let day = first &+ Int32(truncatingIfNeeded: k[j] &>> shift)
                let done = (dc[i] != 0 || fl[i] & TodoSet._completed != 0) && isDone(on: CivilDate(_unchecked: day), at: i)
                let timed = t != _TodoDetails._none
                body(j, day, i, timed ? Int32(t & 0xFFFF) : -1, timed ? Int32(t &>> 16) : -1, done)
            }
        } } } }
    }

    /// An upper bound on the bytes `_agenda(from:through:kind:)` allocates: the indexes' builds
    /// when not built yet, and, once the agenda index is built (`prepared`), 24 bytes for each
    /// day of the range of each item the indexes find (their keys, rows and the sort's copies).
    /// - Complexity: O(G log N) once built
    package func _agendaAllocationBound(from first: CivilDate, through last: CivilDate, kind: TodoKind, prepared: Bool) -> Int {
        let a = first.dayNumber, b = last.dayNumber
        var bound = readAllocationBound(days: 0, dayTableOf: nil)
        guard prepared, let x = _cache.agendaIndex() else {
            return _add(bound, _add(_mul(count, 96), _mul(_rules.count, 160)))
        }
        guard a <= b else { return bound }
        var items = _intervals.count(from: a, through: b, kind: kind) &+ x.starts.count(from: a, through: b, kind: kind) &+ x.walked.count
        for g in x.groups { items &+= g.pattern.index.count(from: a &- g.extra, through: b, kind: kind) }
        bound = _add(bound, _mul(_mul(items, Int(b) &- Int(a) &+ 1), 24))
        return bound
    }

    /// Builds the agenda's indexes now (otherwise the first agenda after a change builds them).
    /// - Complexity: O(N log N); O(1) when built
    package func _prepareAgenda() { _ = _intervals; _ = _agendaIndex }

    /// 0 for an all-day item, else its start minute + 1: all-day first, then by start time.
    @inlinable
    func _timeMinutesKey(_ i: Int) -> UInt64 {
        guard !_details.isEmpty, let t = _details.times(ofRow: i) else { return 0 }
        return UInt64(t.start) &+ 1
    }

    /// Sorts `(key, row)` pairs by key, then title bytes, then row (keys are few per day: a
    /// comparison sort on the pairs, the titles read in place).
    func _sortByTimeThenTitle(_ pairs: inout [(key: UInt64, row: Int32)]) {
        _text.withUnsafeBufferPointer { t in
            let p = t.baseAddress
            func title(_ row: Int32) -> (Int, Int) {
                guard let p else { return (0, 0) }
                let r = _idAndTitleRanges(p, at: Int(_columns.textOffset[Int(row)]))
                return (r.titleStart, r.titleCount)
            }
            pairs.sort { x, y in
                if x.key != y.key { return x.key < y.key }
                let (sa, na) = title(x.row), (sb, nb) = title(y.row)
                var k = 0
                while k < na, k < nb {
                    let ca = p![sa + k], cb = p![sb + k]
                    if ca != cb { return ca < cb }
                    k += 1
                }
                if na != nb { return na < nb }
                return x.row < y.row
            }
        }
    }

    /// `rows` (every row when nil) in `TodoOrder.time`: by start day (none last), all-day first,
    /// start time, title, row. `descending` reverses days and times; titles stay ascending.
    @usableFromInline
    func _sortedByTime(_ rows: [Int32]?, descending: Bool) -> [Int] {
        // The title order first, then a stable radix sort by day and time on top of it.
        let byTitle = _sortedByTitle(rows, descending: false)
        var keys = [UInt64](repeating: 0, count: byTitle.count), r = [Int32](repeating: 0, count: byTitle.count)
        let top: UInt64 = (1 << 43) - 1
        for (k, i) in byTitle.enumerated() {
            r[k] = Int32(truncatingIfNeeded: i)
            let s = _columns.start[i]
            guard _DayKey.isDay(s) else { keys[k] = top; continue }
            let key = UInt64(UInt32(bitPattern: s) ^ 0x8000_0000) << 11 | _timeMinutesKey(i)
            keys[k] = descending ? top &- 1 &- key : key
        }
        _radixSortPairs(keys: &keys, rows: &r, keyBits: 43)
        return r.map { Int($0) }
    }
}
