// Times of a recurring item whose zone is not the zone its times were read in (docs/icalendar.md,
// Times of day): each occurrence keeps its wall-clock time in its own zone (RFC 5545), so where the
// two zones change offset on different dates its time in the reading zone moves by their
// difference. Kept in the details side table (_TodoDetails.swift) only for items that have one.

/// The zones of an item's times: `source`, the zone its times keep their wall-clock time in (its
/// TZID's rules, or UTC), and `readIn`, the zone its days and times were read in (the import zone).
/// A floating item, or one whose zone is the import zone, has none.
public struct TodoTimeZone: Hashable, Sendable {
    /// The item's own zone (an iCalendar TZID's rules, or UTC).
    public var source: TimeZoneRules
    /// The zone the item's days and times are read in.
    public var readIn: TimeZoneRules

    /// Times kept in `source`, read in `readIn`.
    /// - Complexity: O(1)
    public init(source: TimeZoneRules, readIn: TimeZoneRules) { self.source = source; self.readIn = readIn }

    /// Whether both zones have the same name, compared as bytes (a name is a zone's rules).
    /// - Complexity: O(name)
    public var isSameZone: Bool { _sameUTF8(source.name, readIn.name) }

    /// Zones of the same names, compared as bytes.
    /// - Complexity: O(names)
    public static func == (a: TodoTimeZone, b: TodoTimeZone) -> Bool {
        _sameUTF8(a.source.name, b.source.name) && _sameUTF8(a.readIn.name, b.readIn.name)
    }

    /// Hashes the two names' bytes.
    /// - Complexity: O(names)
    public func hash(into h: inout Hasher) {
        for b in source.name.utf8 { h.combine(b) }
        h.combine(0 as UInt8)
        for b in readIn.name.utf8 { h.combine(b) }
    }
}

/// One item's zoned times as the set keeps them, one word: where its first occurrence is in its
/// own zone (the wall-clock minute it starts, the days from its day in the reading zone to its day
/// there, the wall-clock minutes to its end there) and the two zones' indices in the table.
/// Bits: start minute 0..<11, source-day shift + 4 11..<14, wall minutes to the end 14..<35 (at
/// most 2^21 - 1, about four years), source zone 35..<47, reading zone 47..<59.
@usableFromInline
struct _ZonedTimes {
    @usableFromInline var word: UInt64

    @inlinable init(word: UInt64) { self.word = word }

    init(start: Int, shift: Int, length: Int, source: Int, readIn: Int) {
        word = UInt64(start & 0x7FF) | UInt64((shift &+ 4) & 7) << 11 | UInt64(Swift.min(Swift.max(length, 0), 0x1F_FFFF)) << 14
            | UInt64(source & 0xFFF) << 35 | UInt64(readIn & 0xFFF) << 47
    }

    var start: Int { Int(word & 0x7FF) }
    var shift: Int32 { Int32(truncatingIfNeeded: (word >> 11) & 7) &- 4 }
    var length: Int { Int((word >> 14) & 0x1F_FFFF) }
    var source: Int { Int((word >> 35) & 0xFFF) }
    var readIn: Int { Int((word >> 47) & 0xFFF) }

    /// The word of an item whose first occurrence starts on `first` at `times` read in `zone.readIn`,
    /// covering `extra` days after its first; nil when its start is not an instant there (a gap).
    /// - Complexity: O(log transitions)
    static func make(first: CivilDate, times: TodoTimes, extra: Int32, zone: TodoTimeZone, source: Int, readIn: Int) -> _ZonedTimes? {
        guard let s = _instant(zone.readIn, first.dayNumber, Int(times.start)), let l = zone.source.localTime(at: s) else { return nil }
        // The end in the reading zone: its minutes on the occurrence's last day (the next day when
        // a one-day occurrence ends before it starts).
        var endDays = Int(extra)
        if endDays == 0 && times.end < times.start { endDays = 1 }
        let endMinutes = endDays &* 1440 &+ Int(times.end) &- Int(times.start)
        guard let e = zone.source.localTime(at: s &+ Int64(endMinutes) &* 60) else { return nil }
        let length = Int(e.day.dayNumber &- l.day.dayNumber) &* 1440 &+ Int(e.secondOfDay / 60) &- Int(l.secondOfDay / 60)
        let shift = Int(l.day.dayNumber &- first.dayNumber)
        guard shift >= -3, shift <= 3 else { return nil }
        return _ZonedTimes(start: Int(l.secondOfDay / 60), shift: shift, length: length, source: source, readIn: readIn)
    }

    /// The times of the occurrence starting on `day` in the reading zone: its own wall-clock start
    /// and end in its zone, on its day there, each read in the reading zone. Nil when no day of
    /// its zone near `day` has its start there (`day` is not an occurrence's).
    /// - Complexity: O(log transitions)
    func times(on day: Int32, _ zones: [TimeZoneRules]) -> TodoTimes? {
        guard source < zones.count, readIn < zones.count else { return nil }
        let src = zones[source], dst = zones[readIn]
        // Its day in its own zone is `day + shift`, unless the two zones' offsets moved it by a day.
        for k: Int32 in 0..<3 {
            let s = day &+ shift &+ (k == 0 ? 0 : k == 1 ? -1 : 1)
            guard let a = _instant(src, s, start), let la = dst.localTime(at: a), la.day.dayNumber == day else { continue }
            let endMinute = start &+ length
            guard let b = _instant(src, s &+ Int32(truncatingIfNeeded: endMinute / 1440), endMinute % 1440),
                  let lb = dst.localTime(at: Swift.max(a, b)) else { continue }
            return TodoTimes(start: Int(la.secondOfDay / 60), end: Int(lb.secondOfDay / 60))
        }
        return nil
    }
}

/// The instant of minute `minute` of day `day` on `zone`'s clock: in a fold the earlier, in a gap
/// the offset before it (RFC 5545 3.3.5, as the import reads a TZID).
/// - Complexity: O(log transitions)
func _instant(_ zone: TimeZoneRules, _ day: Int32, _ minute: Int) -> Int64? {
    guard day >= CivilDate.minDayNumber, day <= CivilDate.maxDayNumber else { return nil }
    let second = Int32(truncatingIfNeeded: minute &* 60)
    switch zone.instant(of: CivilDate(_unchecked: day), secondOfDay: second) {
    case .unique(let i): return i
    case .ambiguous(let earlier, _): return earlier
    case .nonexistent(let gapStart):
        return Int64(day) &* 86_400 &+ Int64(second) &- Int64(zone.utcOffset(at: gapStart &- 1))
    }
}
