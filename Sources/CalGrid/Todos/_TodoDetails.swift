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
    /// ascending, each with its `_ZonedTimes` word; the zones once each by name. Empty (and free)
    /// for a set whose items are floating or in the import zone.
    @usableFromInline var zoneRows: [Int32] = []
    @usableFromInline var zoneWords: [UInt64] = []
    @usableFromInline var zones: [TimeZoneRules] = []

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
        if !zoneRows.isEmpty, t == nil { setZone(row: i, nil) }
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
        if !zoneRows.isEmpty { for k in _firstSlot(atOrAfterRow: i, in: zoneRows)..<zoneRows.count { zoneRows[k] &-= 1 } }
    }

    /// The zoned times of row `i`, nil when its times are read in their own zone (or it has none).
    /// - Complexity: O(log Z), Z the rows with zoned times; O(1) when none has
    @inlinable
    func zoned(ofRow i: Int) -> _ZonedTimes? {
        guard !zoneRows.isEmpty else { return nil }
        let k = _firstSlot(atOrAfterRow: i, in: zoneRows)
        return k < zoneRows.count && Int(zoneRows[k]) == i ? _ZonedTimes(word: zoneWords[k]) : nil
    }

    /// Sets (or, nil, removes) row `i`'s zoned times.
    /// - Complexity: O(Z) when an entry comes or goes, else O(log Z)
    mutating func setZone(row i: Int, _ z: _ZonedTimes?) {
        let k = _firstSlot(atOrAfterRow: i, in: zoneRows)
        let present = k < zoneRows.count && Int(zoneRows[k]) == i
        guard let z else {
            if present { zoneRows.remove(at: k); zoneWords.remove(at: k) }
            return
        }
        if present { zoneWords[k] = z.word } else {
            zoneRows.insert(Int32(truncatingIfNeeded: i), at: k); zoneWords.insert(z.word, at: k)
        }
    }

    /// The index of `zone` in `zones`, added when new (by name, as bytes); nil when the table is full.
    /// - Complexity: O(zones × name)
    mutating func zoneIndex(_ zone: TimeZoneRules) -> Int? {
        if let k = zones.firstIndex(where: { _sameUTF8($0.name, zone.name) }) { return k }
        guard zones.count < 0xFFF else { return nil }
        zones.append(zone)
        return zones.count &- 1
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
        guard !zoneRows.isEmpty else { return }
        var z = 0
        for k in 0..<zoneRows.count {
            let r = newRow[Int(zoneRows[k])]
            guard r >= 0 else { continue }
            zoneRows[z] = r; zoneWords[z] = zoneWords[k]; z += 1
        }
        zoneRows.removeLast(zoneRows.count - z); zoneWords.removeLast(zoneWords.count - z)
    }

    /// Bytes of allocated capacity.
    @usableFromInline
    var byteCount: Int {
        rows.capacity * 4 + times.capacity * 4 + locationStarts.capacity * 4 + locationCounts.capacity * 4 + locationText.capacity
            + zoneRows.capacity * 4 + zoneWords.capacity * 8 + zones.capacity * MemoryLayout<TimeZoneRules>.stride
    }
}
