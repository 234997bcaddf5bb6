// The alarms of a set's rows: a side table sorted by row, as `_TodoRules` is. Most items have no
// alarm, so no column per todo: a set without alarms has empty arrays. Eight Int32 words an alarm
// (day, second, repeat count, repeat interval, clock and action, its one occurrence, where its
// DESCRIPTION's bytes are), 36 bytes with its row; the descriptions' bytes in one array (a [String?]
// column would cost every firmware its metadata and copies, 328 B of flash measured).

@usableFromInline
struct _TodoAlarms: Sendable {
    /// The row of each alarm, ascending; a row's alarms are consecutive, in the order given.
    @usableFromInline var rows: [Int32] = []
    /// Words an alarm: `words[6k..<6k+6]`.
    @usableFromInline static var stride: Int { 8 }
    /// `words[8k..<8k+8]`: alarm k's day, second, repeatCount, repeatInterval, clock | action << 4 |
    /// zone << 8 (12 bits) | (reminder + 1) << 20, its one occurrence's day number (`Int32.min`:
    /// every occurrence), and where its DESCRIPTION is in `text` (start, byte count; -1: none).
    @usableFromInline var words: [Int32] = []
    /// The descriptions' UTF-8 bytes; those of replaced alarms stay until `compact` (`garbage` of them).
    @usableFromInline var text: [UInt8] = []
    @usableFromInline var garbage = 0
    /// The zones of `.local` alarms on a zone of their own (an anchor's TZID), once each by name;
    /// the fifth word's bits 8... hold an index + 1 (0: the query's zone).
    @usableFromInline var zones: [TimeZoneRules] = []

    @inlinable init() {}

    @inlinable var count: Int { rows.count }
    @inlinable var isEmpty: Bool { rows.isEmpty }

    /// Alarm `k`.
    /// - Complexity: O(1)
    func alarm(_ k: Int) -> TodoAlarm {
        let b = Self.stride &* k, packed = words[b &+ 4], o = words[b &+ 5], ts = Int(words[b &+ 6]), tn = Int(words[b &+ 7])
        return TodoAlarm(clock: TodoAlarm.Clock(rawValue: UInt8(packed & 0xF)) ?? .local, day: words[b], second: words[b &+ 1],
                         repeatCount: words[b &+ 2], repeatInterval: words[b &+ 3],
                         action: TodoAlarm.Action(rawValue: UInt8((packed >> 4) & 0xF)) ?? .other,
                         zone: (packed >> 8) & 0xFFF > 0 ? zones[Int((packed >> 8) & 0xFFF) &- 1] : nil,
                         reminder: packed >> 20 > 0 ? Int16(truncatingIfNeeded: (packed >> 20) &- 1) : nil,
                         occurrence: o == Int32.min ? nil : CivilDate(_unchecked: o),
                         description: tn < 0 ? nil : String(decoding: text[ts..<(ts &+ tn)], as: UTF8.self))
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

    /// Appends the `stride` words of `a`, its zone given as an index + 1 (`zoneIndex`), to `w`, and
    /// its description's bytes to `text`.
    static func pack(_ a: TodoAlarm, zone: Int32, into w: inout [Int32], text: inout [UInt8]) {
        w.append(a.day); w.append(a.second); w.append(a.repeatCount); w.append(a.repeatInterval)
        w.append(Int32(a.clock.rawValue) | Int32(a.action.rawValue) << 4 | (zone & 0xFFF) << 8 | Int32(a.reminder.map { $0 &+ 1 } ?? 0) << 20)
        w.append(a.occurrence?.dayNumber ?? Int32.min)
        if let d = a.description {
            w.append(Int32(truncatingIfNeeded: text.count)); w.append(Int32(truncatingIfNeeded: d.utf8.count))
            text.append(contentsOf: d.utf8)
        } else {
            w.append(-1); w.append(-1)
        }
    }

    /// Replaces row `i`'s alarms by `alarms` (`stride` words each, as `words`, their descriptions
    /// already in `text`).
    /// - Complexity: O(A + new alarms), plus O(text) when it is compacted
    mutating func set(row i: Int, words new: ArraySlice<Int32>) {
        let r = slots(ofRow: i), n = new.count / Self.stride
        for k in r { garbage &+= Swift.max(Int(words[Self.stride &* k &+ 7]), 0) }
        rows.replaceSubrange(r, with: repeatElement(Int32(truncatingIfNeeded: i), count: n))
        words.replaceSubrange((Self.stride &* r.lowerBound)..<(Self.stride &* r.upperBound), with: new)
        if garbage > 4096, garbage > text.count / 2 { compactText() }
    }

    /// `text` holding only the live alarms' descriptions.
    /// - Complexity: O(A + text)
    mutating func compactText() {
        var t: [UInt8] = []
        for k in 0..<rows.count where words[Self.stride &* k &+ 7] >= 0 {
            let s = Int(words[Self.stride &* k &+ 6]), n = Int(words[Self.stride &* k &+ 7])
            words[Self.stride &* k &+ 6] = Int32(truncatingIfNeeded: t.count)
            t.append(contentsOf: text[s..<(s &+ n)])
        }
        text = t
        garbage = 0
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
            for j in 0..<Self.stride { words[Self.stride &* w &+ j] = words[Self.stride &* k &+ j] }
            w &+= 1
        }
        rows.removeLast(rows.count &- w); words.removeLast(words.count &- Self.stride &* w)
        compactText()
    }

    /// Bytes of allocated capacity.
    var byteCount: Int {
        rows.capacity &* 4 &+ words.capacity &* 4 &+ zones.capacity &* MemoryLayout<TimeZoneRules>.stride &+ text.capacity
    }
}
