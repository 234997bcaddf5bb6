// A set's storage as flat bytes and back (issue 41, the warm view of a 100,000-item vdir): the
// CLI's vdir view cache keeps a set this way, so a warm view copies its columns and arenas instead
// of parsing a JSON store and inserting every todo again (0.55 s of CPU at 100,000 todos).
//
// `package`, not public: the layout is this build's memory layout, readable only by the same
// build (the cache is keyed on the GNU build id), and no firmware reaches it (nothing in insert,
// ticks or the views calls it, so a firmware's link drops it).
//
// Layout: integers 8 bytes little-endian; an array is its element count and then its elements'
// bytes as they lie in memory, padded to 8 bytes. In order: the magic word, the nine columns,
// the text arena, the bit arena, the id table, the rule table (rows, tracked counts, keys, and per
// rule its start day, bounds, RRULE text and RDATE/EXDATE days), the alarm table (its zones by
// name, which the zoned times name too), the details table (and its zoned times' rows and words),
// the two done histograms, the garbage and event counts. The derived
// indexes (`_cache`) are not kept: a fresh set builds them on the first query, as after any change.
//
// Reading checks that every array fits the bytes, every column has one entry a row, every text
// record lies inside the arena, every index into another array is inside it, and every rule reads
// back to the key the set had for it. A file damaged in a way those checks cannot see is the
// caller's to reject (the view cache's checksum).

/// Appends integers and arrays to a snapshot.
struct _SnapshotWriter {
    var out: [UInt8] = []

    mutating func integer(_ v: Int) { integer64(Int64(v)) }

    mutating func integer64(_ v: Int64) {
        withUnsafeBytes(of: v.littleEndian) { out.append(contentsOf: $0) }
    }

    /// The element count, then the elements' bytes, padded to 8.
    mutating func array<T: BitwiseCopyable>(_ a: [T]) {
        integer(a.count)
        a.withUnsafeBytes { out.append(contentsOf: $0) }
        while out.count & 7 != 0 { out.append(0) }
    }

    /// A zone table: its count, then each zone's name (the reader asks tzdata for it again).
    mutating func zones(_ zones: [TimeZoneRules]) {
        integer(zones.count)
        for z in zones { array(Array(z.name.utf8)) }
    }
}

/// Reads what `_SnapshotWriter` wrote; every read is nil past the end.
struct _SnapshotReader {
    let bytes: UnsafeRawBufferPointer
    var at = 0

    mutating func integer() -> Int? { integer64().flatMap { Int(exactly: $0) } }

    mutating func integer64() -> Int64? {
        guard bytes.count - at >= 8 else { return nil }
        let v = Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: Int64.self))
        at += 8
        return v
    }

    /// An integer in `0...limit`.
    mutating func count(atMost limit: Int) -> Int? {
        guard let n = integer(), n >= 0, n <= limit else { return nil }
        return n
    }

    mutating func array<T: BitwiseCopyable>(_ type: T.Type) -> [T]? {
        let stride = MemoryLayout<T>.stride
        guard let n = count(atMost: (bytes.count - at) / stride) else { return nil }
        let size = n * stride, padded = (size + 7) & ~7
        guard padded <= bytes.count - at else { return nil }
        let source = UnsafeRawBufferPointer(rebasing: bytes[at..<at + size])
        at += padded
        return [T](unsafeUninitializedCapacity: n) { buffer, initialized in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: source)
            initialized = n
        }
    }

    /// What `_SnapshotWriter.zones` wrote, each name given to `zone`; nil when one is not known or
    /// the table is longer than a row's 12-bit zone number can name.
    mutating func zones(_ zone: (String) -> TimeZoneRules?) -> [TimeZoneRules]? {
        guard let count = self.count(atMost: 0xFFF) else { return nil }
        var zones: [TimeZoneRules] = []
        for _ in 0..<count {
            guard let name = array(UInt8.self), let z = zone(String(decoding: name, as: UTF8.self)) else { return nil }
            zones.append(z)
        }
        return zones
    }
}

extension TodoSet {
    /// The first word of every snapshot of this layout ("CgtSnap3", since the details table's
    /// zoned times are one array of rows and words, their zones in the alarms' table; 64 bits
    /// where `Int` is 32 too).
    static var _snapshotMagic: Int64 { 0x3370_616e_5374_6743 }

    /// The set's storage as bytes that `init(_snapshot:zone:)` of the same build reads back.
    /// - Complexity: O(n + total text + tracked days + rules × their text)
    package func _snapshot() -> [UInt8] {
        var w = _SnapshotWriter()
        w.out.reserveCapacity(_columns.count * 40 + _text.count + _bits._words.count * 8 + _ids._slots.count * 4 + 4096)
        w.integer64(TodoSet._snapshotMagic)
        w.integer(_columns.count)
        w.array(_columns.start); w.array(_columns.end); w.array(_columns.createdAt); w.array(_columns.flags)
        w.array(_columns.repetition.map { $0._bits }); w.array(_columns.reminder)
        w.array(_columns.textOffset); w.array(_columns.bitOffset); w.array(_columns.doneCount)
        w.array(_text); w.integer(_textGarbage)
        w.array(_bits._words); w.integer(_bits.count); w.integer(_bitsGarbage)
        w.array(_ids._slots); w.integer(_ids._count); w.array(_ids._removed)
        w.array(_rules.rows); w.array(_rules.trackedCounts); w.array(_rules.keys)
        w.integer(_rules.openCount); w.integer(_rules.spanCount)
        for box in _rules.rules {
            let r = box.recurrence
            w.integer(Int(r.start.dayNumber)); w.integer(r._ruleFirst ?? Int.min); w.integer(r._ruleLast)
            if let rule = r.rule { w.array(Array(rule.text.utf8)) } else { w.integer(-1) }
            w.array(r.rdates.map { $0.dayNumber }); w.array(r.exdates.map { $0.dayNumber })
        }
        w.array(_alarms.rows); w.array(_alarms.words); w.array(_alarms.text); w.integer(_alarms.garbage)
        w.zones(_alarms.zones)
        w.array(_details.rows); w.array(_details.times); w.array(_details.locationStarts)
        w.array(_details.locationCounts); w.array(_details.locationText)
        w.array(_details.zoned)
        w.integer(Int(_doneByDay.base)); w.array(_doneByDay.counts)
        w.integer(Int(_doneByDayChallenges.base)); w.array(_doneByDayChallenges.counts)
        w.integer(_eventCount)
        return w.out
    }

    /// The set `_snapshot()` wrote into `bytes`; nil when they do not read as one (see the top of
    /// the file for what is checked). `zone` gives a zone (an alarm's, an item's times') by name.
    /// - Complexity: O(bytes + n + rules × their text)
    package init?(_snapshot bytes: UnsafeRawBufferPointer, zone: (String) -> TimeZoneRules?) {
        self.init()
        var r = _SnapshotReader(bytes: bytes)
        guard r.integer64() == TodoSet._snapshotMagic, let n = r.count(atMost: Int(Int32.max)) else { return nil }
        guard let start = r.array(Int32.self), let end = r.array(Int32.self), let createdAt = r.array(Int64.self),
              let flags = r.array(UInt8.self), let repetition = r.array(UInt8.self), let reminder = r.array(Int16.self),
              let textOffset = r.array(UInt32.self), let bitOffset = r.array(UInt32.self), let doneCount = r.array(UInt32.self)
        else { return nil }
        _columns.start = start; _columns.end = end; _columns.createdAt = createdAt; _columns.flags = flags
        _columns.repetition = repetition.map { WeekdaySet(rawValue: $0) }; _columns.reminder = reminder
        _columns.textOffset = textOffset; _columns.bitOffset = bitOffset; _columns.doneCount = doneCount
        guard start.count == n, _columns.lengthsAgree,
              let text = r.array(UInt8.self), let textGarbage = r.count(atMost: text.count),
              let words = r.array(UInt64.self), let bitCount = r.count(atMost: words.count * 64), let bitsGarbage = r.count(atMost: bitCount),
              let slots = r.array(Int32.self), let idCount = r.integer(), idCount == n, let removed = r.array(Int32.self)
        else { return nil }
        _text = text; _textGarbage = textGarbage
        _bits._words = words; _bits.count = bitCount; _bitsGarbage = bitsGarbage
        _ids._slots = slots; _ids._count = idCount; _ids._removed = removed
        guard TodoSet._recordsFit(text, textOffset), bitOffset.allSatisfy({ Int($0) <= bitCount }),
              slots.isEmpty ? n == 0 : slots.count >= 8 && slots.count & (slots.count - 1) == 0 && !_ids.needsResize(for: n),
              removed.count < _IDTable.removedLimit, slots.allSatisfy({ $0 >= -1 && Int($0) < n + removed.count })
        else { return nil }

        guard let ruleRows = r.array(Int32.self), let tracked = r.array(Int32.self), let keys = r.array(UInt64.self),
              tracked.count == ruleRows.count, keys.count == 4 * ruleRows.count, TodoSet._rowsAscend(ruleRows, below: n),
              let openCount = r.count(atMost: ruleRows.count), let spanCount = r.count(atMost: ruleRows.count),
              flags.reduce(0, { $0 + ($1 & TodoSet._ruled != 0 ? 1 : 0) }) == ruleRows.count
        else { return nil }
        var boxes: [_TodoRule] = []
        boxes.reserveCapacity(ruleRows.count)
        for k in 0..<ruleRows.count {
            guard let day = r.integer(), day >= Int(CivilDate.minDayNumber), day <= Int(CivilDate.maxDayNumber),
                  let first = r.integer(), let last = r.integer(), let textCount = r.integer() else { return nil }
            var rule: RecurrenceRule? = nil
            if textCount >= 0 {
                r.at -= 8
                guard let ruleText = r.array(UInt8.self),
                      let parsed = ruleText.withUnsafeBufferPointer({ b in try? RecurrenceRule(parsingBytes: b) }) else { return nil }
                rule = parsed
            } else if textCount != -1 { return nil }
            guard let rdates = r.array(Int32.self), let exdates = r.array(Int32.self),
                  TodoSet._validDays(rdates), TodoSet._validDays(exdates) else { return nil }
            let recurrence = Recurrence(start: CivilDate(_unchecked: Int32(truncatingIfNeeded: day)), rule: rule,
                                        rdates: rdates.map { CivilDate(_unchecked: $0) }, exdates: exdates.map { CivilDate(_unchecked: $0) },
                                        ruleFirst: first == Int.min ? nil : first, ruleLast: last)
            let box = _TodoRule._make(recurrence)
            // The rule reads back to the pattern the set grouped its row by.
            guard box._key.0 == keys[4 * k], box._key.1 == keys[4 * k + 1], box._key.2 == keys[4 * k + 2],
                  box._key.3 == keys[4 * k + 3] & 0xFFFF_FFFF,
                  flags[Int(ruleRows[k])] & TodoSet._ruled != 0 else { return nil }
            boxes.append(box)
        }
        _rules.rows = ruleRows; _rules.rules = boxes; _rules.trackedCounts = tracked; _rules.keys = keys
        _rules.openCount = openCount; _rules.spanCount = spanCount

        guard let alarmRows = r.array(Int32.self), let alarmWords = r.array(Int32.self), let alarmText = r.array(UInt8.self),
              alarmWords.count == _TodoAlarms.stride * alarmRows.count, TodoSet._rowsAscend(alarmRows, below: n, repeating: true),
              let alarmGarbage = r.count(atMost: alarmText.count), let zones = r.zones(zone)
        else { return nil }
        let zoneCount = zones.count
        for k in 0..<alarmRows.count {
            let b = _TodoAlarms.stride * k, z = Int((alarmWords[b + 4] >> 8) & 0xFFF)
            let ts = Int(alarmWords[b + 6]), tn = Int(alarmWords[b + 7])
            guard z <= zoneCount, tn < 0 || (ts >= 0 && tn <= alarmText.count && ts <= alarmText.count - tn) else { return nil }
        }
        _alarms.rows = alarmRows; _alarms.words = alarmWords; _alarms.text = alarmText; _alarms.garbage = alarmGarbage
        _alarms.zones = zones

        guard let detailRows = r.array(Int32.self), let times = r.array(UInt32.self), let locationStarts = r.array(UInt32.self),
              let locationCounts = r.array(Int32.self), let locationText = r.array(UInt8.self),
              times.count == detailRows.count, locationStarts.count == detailRows.count, locationCounts.count == detailRows.count,
              TodoSet._rowsAscend(detailRows, below: n)
        else { return nil }
        for k in 0..<detailRows.count where locationCounts[k] >= 0 {
            guard Int(locationCounts[k]) <= locationText.count, Int(locationStarts[k]) <= locationText.count - Int(locationCounts[k]) else { return nil }
        }
        _details.rows = detailRows; _details.times = times; _details.locationStarts = locationStarts
        _details.locationCounts = locationCounts; _details.locationText = locationText
        guard let zoned = r.array(UInt64.self), zoned.count % 2 == 0 else { return nil }
        // Rows ascend, each has times, and its word names zones of the (alarms') table.
        var previous = -1
        for k in stride(from: 0, to: zoned.count, by: 2) {
            let row = zoned[k], z = _ZonedTimes(word: zoned[k + 1])
            guard row < UInt64(n), Int(row) > previous, z.source < zoneCount, z.readIn < zoneCount,
                  _details.times(ofRow: Int(row)) != nil else { return nil }
            previous = Int(row)
        }
        _details.zoned = zoned

        guard let doneBase = r.integer(), let doneCounts = r.array(Int32.self),
              let challengeBase = r.integer(), let challengeCounts = r.array(Int32.self),
              let eventCount = r.count(atMost: n), r.at == bytes.count,
              let base32 = Int32(exactly: doneBase), let challengeBase32 = Int32(exactly: challengeBase)
        else { return nil }
        _doneByDay.base = base32; _doneByDay.counts = doneCounts
        _doneByDayChallenges.base = challengeBase32; _doneByDayChallenges.counts = challengeCounts
        _eventCount = eventCount
        _checkInvariants()
    }

    /// Whether every record `offsets` names lies whole inside `text` (its header's varints too).
    /// - Complexity: O(n + total tags)
    static func _recordsFit(_ text: [UInt8], _ offsets: [UInt32]) -> Bool {
        text.withUnsafeBufferPointer { t in
            func varint(_ i: inout Int) -> Int? {
                var shift = 0, v = 0
                while i < t.count, shift < 63 {
                    let b = t[i]; i += 1
                    v |= Int(b & 0x7F) << shift
                    if b < 0x80 { return v }
                    shift += 7
                }
                return nil
            }
            for o in offsets {
                var i = Int(o)
                guard let id = varint(&i), let title = varint(&i), let memo = varint(&i), let tags = varint(&i),
                      tags <= t.count else { return false }
                var total = id
                for v in [title, memo == 0 ? 0 : memo - 1] {
                    guard v <= t.count else { return false }
                    total += v
                }
                for _ in 0..<tags {
                    guard let l = varint(&i), l <= t.count else { return false }
                    total += l
                    guard total <= t.count else { return false }
                }
                guard total <= t.count - i else { return false }
            }
            return true
        }
    }

    /// Whether `rows` ascend (strictly, or not strictly with `repeating`) and lie in `0..<n`.
    /// - Complexity: O(rows)
    static func _rowsAscend(_ rows: [Int32], below n: Int, repeating: Bool = false) -> Bool {
        var last: Int32 = -1
        for r in rows {
            guard Int(r) < n, repeating ? r >= last && r >= 0 : r > last else { return false }
            last = r
        }
        return true
    }

    /// Whether every day number is a date's.
    /// - Complexity: O(days)
    static func _validDays(_ days: [Int32]) -> Bool {
        days.allSatisfy { $0 >= CivilDate.minDayNumber && $0 <= CivilDate.maxDayNumber }
    }
}
