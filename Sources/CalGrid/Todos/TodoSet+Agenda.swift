// The agenda: every day an item falls on in a range, each day's items in time order
// (`TodoSortKey.time`: all-day first, then start time, then title), as `khal list` and a phone's
// day list show them. Built on the range query (the interval index and the rule side table), so
// only the items of the range are read.

/// One item on one day of an agenda: a day it falls on (an occurrence of a rule, or a day of its
/// span or repetition) and its index in the set.
public struct TodoOccurrence: Hashable, Sendable {
    /// The day.
    public var day: CivilDate
    /// The item's index in the set.
    public var index: Int

    /// The item at `index` on `day`.
    /// - Complexity: O(1)
    @inlinable public init(day: CivilDate, index: Int) { self.day = day; self.index = index }
}

extension TodoSet {
    /// Every day of `first...last` each item of `kind` falls on, by day, and on one day in time
    /// order: all-day items (no times) first, then by start time, then by title bytes, then by
    /// index (`TodoOrder.time`). An item over several days is on each of them; a recurring one on
    /// each occurrence (every day an occurrence covers). Done items are in it too
    /// (`isDone(on:at:)` says which). Empty when `last` is before `first`.
    /// - Complexity: O(log N + k′ × d + k log k) for the k′ items of the range (the range query
    ///   `indices(from:through:kind:)`, which adds a scan of the R rule items), d the days of the
    ///   range (each item's days are tested one by one, O(1) each) and k occurrences.
    public func occurrences(from first: CivilDate, through last: CivilDate, kind: TodoKind = .all) -> [TodoOccurrence] {
        let a = first.dayNumber, b = last.dayNumber
        guard a <= b else { return [] }
        var out: [(key: UInt64, row: Int32)] = []
        for i in indices(from: first, through: last, kind: kind) {
            // The item's own days inside the range: never before its start nor after its end.
            let s = _columns.start[i], e = _columns.end[i]
            let lo = _DayKey.isDay(s) ? Swift.max(a, s) : a, hi = _DayKey.isDay(e) ? Swift.min(b, e) : b
            guard lo <= hi else { continue }
            let m = _timeMinutesKey(i)
            if _columns.flags[i] & TodoSet._ruled != 0, let rule = _rule(i) {
                // Its occurrences in one walk of the rule (each covering `extra` days more), not a
                // rule question a day.
                let extra = _extra(i), lastStart = _DayKey.isDay(e) ? e &- extra : hi
                var next = lo
                rule.forEachOccurrence(Swift.max(lo &- extra, s), Swift.min(hi, lastStart)) { o in
                    var d = Swift.max(o, next)
                    let top = Swift.min(o &+ extra, hi)
                    while d <= top { out.append((UInt64(d &- a) << 11 | m, Int32(truncatingIfNeeded: i))); d &+= 1 }
                    next = d
                    return true
                }
                continue
            }
            var d = lo
            while true {
                if _fallsOn(i, d) { out.append((UInt64(d &- a) << 11 | m, Int32(truncatingIfNeeded: i))) }
                if d == hi { break }
                d &+= 1
            }
        }
        _sortByTimeThenTitle(&out)
        return out.map { TodoOccurrence(day: CivilDate(_unchecked: a &+ Int32(truncatingIfNeeded: $0.key >> 11)), index: Int($0.row)) }
    }

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
