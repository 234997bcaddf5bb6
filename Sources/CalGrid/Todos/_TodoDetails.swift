// An item's times of day and location inside a `TodoSet`: a side table by row, as the rules are
// (_TodoRules.swift). Most todos have neither, so no todo pays a column for them: a set whose
// items have none keeps this table empty, and a row is looked up in O(log D).

/// The times (`TodoTimes`, packed) and location (UTF-8 in one arena) of the rows that have either,
/// sorted by row: `rows[k]` has `times[k]` (`_none` when it has no times) and the location bytes
/// `locationText[locationStarts[k] ..< locationStarts[k] + locationCounts[k]]` (count -1: none).
@usableFromInline
struct _TodoDetails: _RowSlotted, Sendable {
    @usableFromInline var rows: [Int32] = []
    @usableFromInline var times: [UInt32] = []
    @usableFromInline var locationStarts: [UInt32] = []
    @usableFromInline var locationCounts: [Int32] = []
    @usableFromInline var locationText: [UInt8] = []
    /// The rows with times kept in a zone other than the one they were read in (`TodoTimeZone`),
    /// ascending, each followed by its `_ZonedTimes` word: `zoned[2k]` a row, `zoned[2k + 1]` its
    /// word, whose zones are the set's alarm zone table (`_TodoAlarms.zones`). One array, so a
    /// set whose items are floating or in the import zone (a firmware's) pays one empty array.
    @usableFromInline var zoned: [UInt64] = []

    /// `times[k]` of a row without times.
    @inlinable static var _none: UInt32 { 0xFFFF_FFFF }

    @inlinable init() {}

    @inlinable var isEmpty: Bool { rows.isEmpty }

    /// The times of row `i`, nil when it has none.
    /// - Complexity: O(log D)
    @inlinable
    func times(ofRow i: Int) -> TodoTimes? {
        guard !rows.isEmpty, let k = slot(ofRow: i), times[k] != _TodoDetails._none else { return nil }
        return TodoTimes(_packed: times[k])
    }

    /// Sets row `i`'s times and location (UTF-8 bytes); with neither, the row leaves the table.
    /// A replaced location's bytes stay in the arena until `compact`.
    /// - Complexity: O(D + location) when a slot comes or goes, else O(log D + location)
    @usableFromInline
    mutating func set(row i: Int, times t: TodoTimes?, location: UnsafeBufferPointer<UInt8>?) {
        let k = _lowerBound(i)
        let present = k < rows.count && Int(rows[k]) == i
        if !zoned.isEmpty, t == nil { setZone(row: i, nil) }
        guard t != nil || location != nil else {
            if present {
                rows.remove(at: k); times.remove(at: k); locationStarts.remove(at: k); locationCounts.remove(at: k)
            }
            return
        }
        if !present {
            rows.insert(Int32(truncatingIfNeeded: i), at: k); times.insert(0, at: k)
            locationStarts.insert(0, at: k); locationCounts.insert(-1, at: k)
        }
        times[k] = t?._packed ?? _TodoDetails._none
        if let location {
            locationStarts[k] = UInt32(truncatingIfNeeded: locationText.count)
            locationCounts[k] = Int32(truncatingIfNeeded: location.count)
            locationText.append(contentsOf: location)
        } else {
            locationCounts[k] = -1
        }
    }

    /// Row `i` is removed: its entry goes, later rows move down one.
    /// - Complexity: O(D)
    @usableFromInline
    mutating func remove(row i: Int) {
        set(row: i, times: nil, location: nil)
        for k in _lowerBound(i)..<rows.count { rows[k] &-= 1 }
        if !zoned.isEmpty { for k in stride(from: 2 &* _zonedSlot(i), to: zoned.count, by: 2) { zoned[k] &-= 1 } }
    }

    /// The first entry of `zoned` for row `i` or a later row (its index in pairs).
    /// - Complexity: O(log Z), Z the rows with zoned times
    @inlinable
    func _zonedSlot(_ i: Int) -> Int {
        var lo = 0, hi = zoned.count / 2
        while lo < hi {
            let mid = (lo &+ hi) / 2
            if Int(truncatingIfNeeded: zoned[2 &* mid]) < i { lo = mid &+ 1 } else { hi = mid }
        }
        return lo
    }

    /// The zoned times of row `i`, nil when its times are read in their own zone (or it has none).
    /// - Complexity: O(log Z); O(1) when none has
    @inlinable
    func zoned(ofRow i: Int) -> _ZonedTimes? {
        guard !zoned.isEmpty else { return nil }
        let k = 2 &* _zonedSlot(i)
        return k < zoned.count && Int(truncatingIfNeeded: zoned[k]) == i ? _ZonedTimes(word: zoned[k &+ 1]) : nil
    }

    /// Sets (or, nil, removes) row `i`'s zoned times.
    /// - Complexity: O(Z) when an entry comes or goes, else O(log Z)
    mutating func setZone(row i: Int, _ z: _ZonedTimes?) {
        let k = 2 &* _zonedSlot(i)
        let present = k < zoned.count && Int(truncatingIfNeeded: zoned[k]) == i
        guard let z else {
            if present { zoned.removeSubrange(k..<(k &+ 2)) }
            return
        }
        if present { zoned[k &+ 1] = z.word } else {
            zoned.insert(contentsOf: [UInt64(truncatingIfNeeded: i), z.word], at: k)
        }
    }

    /// The rows where `keep` is false are removed; the others are renumbered densely, and the
    /// location arena keeps only the bytes still named.
    /// - Complexity: O(N + D + location bytes)
    @usableFromInline
    mutating func compact(keeping keep: [Bool]) {
        guard !rows.isEmpty else { return }
        var newRow = [Int32](repeating: -1, count: keep.count)
        var n: Int32 = 0
        for i in 0..<keep.count where keep[i] { newRow[i] = n; n &+= 1 }
        var text: [UInt8] = []
        var w = 0
        for k in 0..<rows.count {
            let r = newRow[Int(rows[k])]
            guard r >= 0 else { continue }
            rows[w] = r; times[w] = times[k]; locationCounts[w] = locationCounts[k]
            let s = Int(locationStarts[k]), c = Int(locationCounts[k])
            locationStarts[w] = UInt32(truncatingIfNeeded: text.count)
            if c > 0 { text.append(contentsOf: locationText[s..<(s + c)]) }
            w += 1
        }
        rows.removeLast(rows.count - w); times.removeLast(times.count - w)
        locationStarts.removeLast(locationStarts.count - w); locationCounts.removeLast(locationCounts.count - w)
        locationText = text
        guard !zoned.isEmpty else { return }
        var z = 0
        for k in stride(from: 0, to: zoned.count, by: 2) {
            let r = newRow[Int(truncatingIfNeeded: zoned[k])]
            guard r >= 0 else { continue }
            zoned[z] = UInt64(r); zoned[z &+ 1] = zoned[k &+ 1]; z &+= 2
        }
        zoned.removeLast(zoned.count - z)
    }

    /// Bytes of allocated capacity.
    @usableFromInline
    var byteCount: Int {
        rows.capacity * 4 + times.capacity * 4 + locationStarts.capacity * 4 + locationCounts.capacity * 4 + locationText.capacity
            + zoned.capacity * 8
    }
}
