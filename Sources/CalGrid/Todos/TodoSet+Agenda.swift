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
/// layer fills its caller's structs from, read in one pass (`TodoSet._forEachInAgenda`). Two
/// forms:
/// - sorted: `keys` in order, each occurrence's row and times in `rows`;
/// - marked (`wordsPerDay` > 0): per day of the range a bitmap of `wordsPerDay` words by rank
///   (`_AgendaIndex.byRank`: row and times), read in rank order, which is the day's order for
///   occurrences that began that day; the others (an event's later days) in `keys`, sorted, each
///   before the marked ones of its day (they began earlier). `rows` is empty.
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
    /// The marked form: the bitmaps, day after day, and the index's rows by rank.
    @usableFromInline var marks: [UInt64] = []
    @usableFromInline var wordsPerDay = 0
    @usableFromInline var byRank: [UInt64] = []
    @usableFromInline var rankMask: UInt64 = 0
    /// How many occurrences there are.
    /// - Complexity: O(1)
    package var count: Int

    @usableFromInline init(first: Int32, shift: UInt64, keys: [UInt64], rows: [UInt64], indexBits: UInt64) {
        self.first = first; self.shift = shift; self.keys = keys; self.rows = rows; self.indexBits = indexBits; count = rows.count
    }

    /// The index in `rows` of occurrence `j` (the sorted form).
    @inlinable func _slot(_ j: Int) -> Int {
        indexBits == 0 ? j : Int(truncatingIfNeeded: keys[j] & ((1 &<< indexBits) &- 1))
    }
    /// The row (index in the set) of occurrence `j` (the sorted form).
    /// - Complexity: O(1)
    @inlinable package func row(_ j: Int) -> Int { Int(truncatingIfNeeded: rows[_slot(j)] & 0xFFFF_FFFF) }
}

/// Where the agenda's emission puts each occurrence it finds (`TodoSet._emitAgenda`).
protocol _AgendaSink {
    /// Whether `add` reads `payload` (an occurrence's own times in a zone of their own): when
    /// false the emission does not work them out.
    static var wantsPayload: Bool { get }
    /// The occurrence on day `a + day` with the day key `key` (`_AgendaIndex.dayKey`), its row and
    /// times in `payload` (as `_AgendaOccurrences.rows`).
    mutating func add(_ day: UInt64, _ key: UInt64, _ payload: UInt64)
}

/// Keys and rows in the order found (the sorted form, before its sort).
struct _AgendaPairs: _AgendaSink {
    var keys: [UInt64] = [], rows: [UInt64] = []
    let shift: UInt64
    static var wantsPayload: Bool { true }
    @inline(__always) mutating func add(_ day: UInt64, _ key: UInt64, _ payload: UInt64) {
        keys.append(day &<< shift | key); rows.append(payload)
    }
}

/// The marked form: an occurrence that began on its day sets its rank's bit in its day's bitmap;
/// any other goes to `keys`.
struct _AgendaMarks: _AgendaSink {
    let marks: UnsafeMutablePointer<UInt64>
    /// Bits a day's bitmap spans (a multiple of 64), the rank's bits, and the day key's bits
    /// above the rank for an occurrence that began that day (`_AgendaIndex.dayKey`).
    let bitsPerDay: Int, rankBits: UInt64, began: UInt64, shift: UInt64
    var keys: [UInt64] = []
    var marked = 0
    static var wantsPayload: Bool { false }
    @inline(__always) mutating func add(_ day: UInt64, _ key: UInt64, _ payload: UInt64) {
        if key &>> rankBits == began {
            let bit = Int(truncatingIfNeeded: day) &* bitsPerDay &+ Int(truncatingIfNeeded: key & ((1 &<< rankBits) &- 1))
            marks[bit &>> 6] |= 1 &<< UInt64(bit & 63)
            marked &+= 1
        } else {
            keys.append(day &<< shift | key)
        }
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
    /// on the first query after a change. Each item has a rank in the order of occurrences that
    /// begin on one day (time, then title), fixed between changes: when the range's items are many
    /// against the set (at least D × N / 256 for D days and N items), each occurrence that began
    /// on its day sets its rank's bit in a bitmap of that day, and the bitmaps read back in order
    /// give each day's order with no sort (an event's later days, which come first, are sorted
    /// apart); else one radix sort on keys that hold each occurrence's day and the item's rank.
    /// - Complexity: O(G log N + P + W + k) for k occurrences, plus O(D × N / 64) for the bitmaps
    ///   when they are chosen (then at most 4 words an item found), after the indexes are built
    ///   (O(N log N) on the first agenda after a change): G the interval index's groups and the
    ///   rule patterns (a few per set: one per kind, weekday set, rule pattern and occurrence
    ///   length), P the patterns' days in the range, W the items whose rule has RDATE or EXDATE
    ///   days (walked one by one). An item repeating on some weekdays adds at most 6 days tested
    ///   per occurrence.
    public func occurrences(from first: CivilDate, through last: CivilDate, kind: TodoKind = .all) -> [TodoOccurrence] {
        _occurrences(_agenda(from: first, through: last, kind: kind))
    }

    /// `found` as occurrences.
    func _occurrences(_ found: _AgendaOccurrences) -> [TodoOccurrence] {
        var out: [TodoOccurrence] = []
        out.reserveCapacity(found.count)
        _forEachInAgenda(found, done: false) { _, day, i, start, end, _ in
            out.append(TodoOccurrence(day: CivilDate(_unchecked: day), index: i,
                                      times: start < 0 ? nil : TodoTimes(_packed: UInt32(UInt16(truncatingIfNeeded: start)) | UInt32(UInt16(truncatingIfNeeded: end)) &<< 16)))
        }
        return out
    }

    /// `occurrences(from:through:kind:)` before it is read (see `_AgendaOccurrences`). `marking`
    /// forces the marked form (true) or the sorted one (false) for tests; nil chooses.
    /// - Complexity: as `occurrences(from:through:kind:)`
    package func _agenda(from first: CivilDate, through last: CivilDate, kind: TodoKind) -> _AgendaOccurrences {
        _agenda(from: first, through: last, kind: kind, marking: nil)
    }

    func _agenda(from first: CivilDate, through last: CivilDate, kind: TodoKind, marking: Bool?) -> _AgendaOccurrences {
        let a = first.dayNumber, b = last.dayNumber
        guard a <= b, !isEmpty else { return _AgendaOccurrences(first: a, shift: 0, keys: [], rows: [], indexBits: 0) }
        let x = _agendaIndex
        let shift = UInt64(x.backBits &+ x.rankBits)
        let days = Int(b) &- Int(a) &+ 1
        // The marked form, unless an occurrence's times may be its own (a zone: then each day is
        // ordered again, `_reorderZoned`), or the range's items are few against the bitmaps'
        // bits: their words are read in O(days × N / 64), kept to O(items) here.
        let wordsPerDay = (count &+ 63) &>> 6
        let marks = _details.zoned.isEmpty && days <= (Int.max &>> 7) / wordsPerDay
            && (marking ?? (_agendaItemBound(x, a, b, kind) &* 4 >= days &* wordsPerDay))
        if marks {
            var bits = [UInt64](repeating: 0, count: days &* wordsPerDay)
            let backTop = (UInt64(1) &<< UInt64(x.backBits)) &- 1
            var sink = bits.withUnsafeMutableBufferPointer { m in
                var sink = _AgendaMarks(marks: m.baseAddress!, bitsPerDay: wordsPerDay &<< 6, rankBits: UInt64(x.rankBits),
                                        began: backTop, shift: shift)
                _emitAgenda(x, a, b, kind, shift, &sink)
                return sink
            }
            _radixSortWords(&sink.keys, lowBit: 0, bits: Int(shift) &+ _bitWidth(UInt64(b &- a)))
            var found = _AgendaOccurrences(first: a, shift: shift, keys: sink.keys, rows: [], indexBits: 0)
            found.marks = bits; found.wordsPerDay = wordsPerDay; found.byRank = x.byRank
            found.rankMask = (UInt64(1) &<< UInt64(x.rankBits)) &- 1
            found.count = sink.marked &+ sink.keys.count
            return found
        }
        var sink = _AgendaPairs(shift: shift)
        _emitAgenda(x, a, b, kind, shift, &sink)
        var keys = sink.keys, rows = sink.rows
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

    /// At least the number of items of `kind` the indexes find for `a...b` (each has an occurrence
    /// there), at most twice it (a rule row may be counted with its first occurrence and its
    /// pattern's days).
    /// - Complexity: O(G log N + P)
    func _agendaItemBound(_ x: _AgendaIndex, _ a: Int32, _ b: Int32, _ kind: TodoKind) -> Int {
        var items = _intervals.count(from: a, through: b, kind: kind) &+ x.starts.count(from: a, through: b, kind: kind) &+ x.walked.count
        for g in x.groups { items &+= g.pattern.index.count(from: a &- g.extra, through: b, kind: kind) }
        return items
    }

    /// Every occurrence of `a...b` of the items of `kind`, handed to `sink` in the order found.
    func _emitAgenda<S: _AgendaSink>(_ x: _AgendaIndex, _ a: Int32, _ b: Int32, _ kind: TodoKind, _ shift: UInt64, _ out: inout S) {
        // Rows without a rule: the interval index's runs, each row's days of the range tested
        // against its weekdays (all of them for most).
        let iv = _intervals
        var sink = _RowSink(capacity: iv.count(from: a, through: b, kind: kind))
        iv.forEachRun(from: a, through: b, kind: kind, into: &sink)
        _columns.start.withUnsafeBufferPointer { start in _columns.end.withUnsafeBufferPointer { end in
        _columns.repetition.withUnsafeBufferPointer { repetition in x.rowInfo.withUnsafeBufferPointer { info in
            for r in sink.rows {
                let i = Int(r), s = start[i], e = end[i]
                let lo = _DayKey.isDay(s) ? Swift.max(a, s) : a, hi = _DayKey.isDay(e) ? Swift.min(b, e) : b
                let w = info[i], payload = w & ~0xFFFF_FFFF | UInt64(UInt32(bitPattern: r))
                let days = repetition[i]
                var d = lo
                while d <= hi {
                    if days._bits == 0x7F || days._contains(day: d) {
                        out.add(UInt64(UInt32(bitPattern: d &- a)), x.dayKey(w, back: _agendaBack(i, d, days, s)), payload)
                    }
                    d &+= 1
                }
            }
        } } } }
        if !_rules.isEmpty { _addRuleOccurrences(x, a, b, kind, &out) }
    }

    /// The occurrences of the rows with a rule in `a...b`, handed to `out`.
    func _addRuleOccurrences<S: _AgendaSink>(_ x: _AgendaIndex, _ a: Int32, _ b: Int32, _ kind: TodoKind, _ out: inout S) {
        // Row `i` (its `rowInfo` word `w`) on the days `lo...hi` of its occurrence beginning on `o`.
        let zoned = S.wantsPayload && !_details.zoned.isEmpty
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
            while d <= hi { out.add(UInt64(UInt32(bitPattern: d &- a)), x.dayKey(w, back: d &- o), payload); d &+= 1 }
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
        // The marked form's bitmaps (chosen only when their days × N / 64 words are at most 4 an
        // item, `_agenda`): 32 bytes an item, and a word a day for the rounding.
        let items = _agendaItemBound(x, a, b, kind)
        bound = _add(bound, _add(_mul(_mul(items, Int(b) &- Int(a) &+ 1), 24), _add(_mul(items, 32), _mul(Int(b) &- Int(a) &+ 1, 8))))
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
