// The alarms of a set's rows: a side table sorted by row, as `_TodoRules` is. Most items have no
// alarm, so no column per todo: a set without alarms has two empty arrays. Five Int32 words an
// alarm (day, second, repeat count, repeat interval, clock and action), 24 bytes with its row.

@usableFromInline
struct _TodoAlarms: Sendable {
    /// The row of each alarm, ascending; a row's alarms are consecutive, in the order given.
    @usableFromInline var rows: [Int32] = []
    /// `words[5k..<5k+5]`: alarm k's day, second, repeatCount, repeatInterval, clock | action << 4 | zone << 8 (12 bits) | (reminder + 1) << 20.
    @usableFromInline var words: [Int32] = []
    /// The zones of `.local` alarms on a zone of their own (an anchor's TZID), once each by name;
    /// the fifth word's bits 8... hold an index + 1 (0: the query's zone).
    @usableFromInline var zones: [TimeZoneRules] = []

    @inlinable init() {}

    @inlinable var count: Int { rows.count }
    @inlinable var isEmpty: Bool { rows.isEmpty }

    /// Alarm `k`.
    /// - Complexity: O(1)
    func alarm(_ k: Int) -> TodoAlarm {
        let b = 5 &* k, packed = words[b &+ 4]
        return TodoAlarm(clock: TodoAlarm.Clock(rawValue: UInt8(packed & 0xF)) ?? .local, day: words[b], second: words[b &+ 1],
                         repeatCount: words[b &+ 2], repeatInterval: words[b &+ 3],
                         action: TodoAlarm.Action(rawValue: UInt8((packed >> 4) & 0xF)) ?? .other,
                         zone: (packed >> 8) & 0xFFF > 0 ? zones[Int((packed >> 8) & 0xFFF) &- 1] : nil,
                         reminder: packed >> 20 > 0 ? Int16(truncatingIfNeeded: (packed >> 20) &- 1) : nil)
    }

    /// The index + 1 of `zone` in `zones`, added when new; 0 for nil.
    /// - Complexity: O(zones)
    mutating func zoneIndex(_ zone: TimeZoneRules?) -> Int32 {
        guard let zone else { return 0 }
        // Bytes, not String ==: that one pulls Unicode normalization and its tables (~70 KB) into
        // libcalgrid.a's calgrid.o, and zone names are ASCII.
        if let k = zones.firstIndex(where: { _sameZoneName($0, zone) }) { return Int32(truncatingIfNeeded: k) &+ 1 }
        guard zones.count < 0xFFF else { return 0 }   // 4,095 zones: the rest ring on the query zone's clock
        zones.append(zone)
        return Int32(truncatingIfNeeded: zones.count)
    }

    /// The slots of row `i`'s alarms.
    /// - Complexity: O(log A)
    func slots(ofRow i: Int) -> Range<Int> {
        let lo = _lowerBound(Int32(truncatingIfNeeded: i))
        var hi = lo
        while hi < rows.count && rows[hi] == Int32(truncatingIfNeeded: i) { hi &+= 1 }
        return lo..<hi
    }

    func _lowerBound(_ i: Int32) -> Int {
        var lo = 0, hi = rows.count
        while lo < hi {
            let mid = (lo &+ hi) / 2
            if rows[mid] < i { lo = mid &+ 1 } else { hi = mid }
        }
        return lo
    }

    /// The five words of `a`, its zone given as an index + 1 (`zoneIndex`).
    static func pack(_ a: TodoAlarm, zone: Int32) -> (Int32, Int32, Int32, Int32, Int32) {
        (a.day, a.second, a.repeatCount, a.repeatInterval, Int32(a.clock.rawValue) | Int32(a.action.rawValue) << 4
            | (zone & 0xFFF) << 8 | Int32(a.reminder.map { $0 &+ 1 } ?? 0) << 20)
    }

    /// Replaces row `i`'s alarms by `alarms` (words of 5, as `words`).
    /// - Complexity: O(A + new alarms)
    mutating func set(row i: Int, words new: ArraySlice<Int32>) {
        let r = slots(ofRow: i), n = new.count / 5
        rows.replaceSubrange(r, with: repeatElement(Int32(truncatingIfNeeded: i), count: n))
        words.replaceSubrange((5 &* r.lowerBound)..<(5 &* r.upperBound), with: new)
    }

    /// Row `i` is removed: its alarms go, later rows move down one.
    /// - Complexity: O(A)
    mutating func remove(row i: Int) {
        set(row: i, words: [])
        for k in _lowerBound(Int32(truncatingIfNeeded: i))..<rows.count { rows[k] &-= 1 }
    }

    /// The rows where `keep` is false are removed; the others are renumbered densely.
    /// - Complexity: O(N + A)
    mutating func compact(keeping keep: [Bool]) {
        guard !rows.isEmpty else { return }
        let newRow = _TodoRules.renumbering(keep)
        var w = 0
        for k in 0..<rows.count {
            let r = newRow[Int(rows[k])]
            guard r >= 0 else { continue }
            rows[w] = r
            for j in 0..<5 { words[5 &* w &+ j] = words[5 &* k &+ j] }
            w &+= 1
        }
        rows.removeLast(rows.count &- w); words.removeLast(words.count &- 5 &* w)
    }

    /// Bytes of allocated capacity.
    var byteCount: Int { rows.capacity &* 4 &+ words.capacity &* 4 &+ zones.capacity &* MemoryLayout<TimeZoneRules>.stride }
}
