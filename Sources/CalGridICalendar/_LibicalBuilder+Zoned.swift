// A zoned item's DATE-TIMEs as RFC 5545 says them: on its own zone's clock with that zone's TZID
// (DTSTART, DUE or DTEND, RDATE, EXDATE, RECURRENCE-ID; UNTIL in UTC, 3.3.10), a UTC zone's with Z.
// Written floating, as before, every other client (Thunderbird, khal, todoman, phones) read them as
// its own wall clock: an hour or a day off for anyone in another zone. The item keeps its days and
// its first occurrence's times read in the zone it was read in (`TodoTimeZone.readIn`); each value is
// that wall-clock time made an instant there and read on its own zone's clock, and every occurrence
// keeps its first one's wall-clock start there (so its day there is its day here plus `shift`, and
// the rule is written that many days later: `_RuleParts.shifted`, the reader's inverse).
import CLibical
import CalGrid
import CalGridImport

/// How one zoned item's date-times are written.
struct _WrittenZone {
    /// The item's zones.
    var zone: TodoTimeZone
    /// The TZID written (the zone's name); nil for UTC, written with Z.
    var tzid: String?
    /// Days from an occurrence's day in the reading zone to its day on its own clock.
    var shift: Int
    /// The second of its own day each occurrence starts at.
    var start: Int32
    /// Wall-clock seconds on its own clock from an occurrence's start to its end.
    var length: Int64

    /// How `d`'s date-times are written: nil when it has no zone or no times, when its start is no
    /// instant, or when its rule has no form on its own zone's days (then floating, with
    /// X-CALGRID-TIMEZONE, as before: the reader still restores the zone).
    /// - Complexity: O(log transitions + rule text)
    init?(_ d: TodoDraft) {
        guard let z = d.timeZone, let times = d.times, let day = d.start ?? d.end else { return nil }
        let minute = d.start != nil ? times.start : times.end
        guard let s = Self.instant(z.readIn, day, Int32(minute) * 60), let l = z.source.localTime(at: s) else { return nil }
        zone = z
        // The core's UTC (`TimeZoneRules.utc`, a UTC DTSTART's zone) is written with Z.
        tzid = _sameBytes(z.source.name, "UTC") && z.source.isFixedOffset && z.source.utcOffset(at: 0) == 0 ? nil : Self.tzid(z.source.name)
        shift = day.days(to: l.day)
        start = l.secondOfDay
        length = 0
        // The first occurrence's end (the item's own end for a one-off) on its own clock.
        if d.start != nil {
            let end = d.recurrence != nil ? d.start!._clampedAdding(Int64(Swift.max(d.occurrenceDays, 1)) - 1) : (d.end ?? d.start!)
            let e = d.isEvent ? _Builder.eventEnd(d.start, end, times) : _Builder.date(end, at: times.end)
            if let w = wallSeconds(e) { length = Swift.max(w - (Int64(l.day.dayNumber) * 86_400 + Int64(start)), 0) }
        }
        if shift != 0, let rule = d.recurrence?.rule, _RuleParts(Array(rule.text.utf8))?.shifted(by: shift, start: day) == nil { return nil }
    }

    /// The TZID of a zone named `name`: the name itself when it is a tz database name's letters,
    /// digits, spaces and `/_+-.` (tz database names, Outlook's Windows names), else (a POSIX TZ string read from an Outlook
    /// VTIMEZONE: `<STD>8:00:00<DST>…,M3.2.0/…`, whose commas a TZID must quote) `CalGrid-` and a
    /// 64-bit hash of it: the VTIMEZONE written beside it says its rules, for every reader.
    static func tzid(_ name: String) -> String {
        // A zone made from a file's VTIMEZONE (`_ICalZoneRules.prefix`) is written under its TZID.
        let prefix = _expandedZonePrefix, bytes = Array(name.utf8)
        if bytes.count > prefix.count, Array(bytes[0..<prefix.count]) == prefix {
            return tzid(String(decoding: bytes[prefix.count...], as: UTF8.self))
        }
        let plain = !name.isEmpty && name.utf8.allSatisfy { b in
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2F || b == 0x5F || b == 0x2B || b == 0x2D || b == 0x2E || b == 0x20
        }
        return plain ? name : "CalGrid-" + _hex16(_fnv1a(name.utf8), uppercase: true)
    }

    /// The instant of `second` of `day` on `zone`'s clock: in a fold the earlier, in a gap the
    /// offset before it (as the import reads a TZID, RFC 5545 3.3.5).
    static func instant(_ zone: TimeZoneRules, _ day: CivilDate, _ second: Int32) -> Int64? {
        switch zone.instant(of: day, secondOfDay: second) {
        case .unique(let i): return i
        case .ambiguous(let earlier, _): return earlier
        case .nonexistent(let gap): return Int64(day.dayNumber) * 86_400 + Int64(second) - Int64(zone.utcOffset(at: gap - 1))
        }
    }

    /// Seconds since 1970 on the item's own clock of `t`, a wall-clock DATE-TIME of the reading zone.
    func wallSeconds(_ t: icaltimetype) -> Int64? {
        guard t.is_date == 0, let day = try? CivilDate(year: Int(t.year), month: Int(t.month), day: Int(t.day)),
              let i = Self.instant(zone.readIn, day, t.hour * 3600 + t.minute * 60 + t.second),
              let l = zone.source.localTime(at: i) else { return nil }
        return Int64(l.day.dayNumber) * 86_400 + Int64(l.secondOfDay)
    }

    /// `seconds` on the item's own clock as a value: a local DATE-TIME (its TZID said by the
    /// property), or a UTC one.
    func value(_ seconds: Int64) -> icaltimetype {
        var t = _ICalZoneWriter.wall(seconds)
        if tzid == nil { t.zone = _Libical.utc }
        return t
    }

    /// `t` (a wall-clock value of the reading zone) on the item's own clock; a DATE as it is.
    func converted(_ t: icaltimetype) -> icaltimetype {
        guard t.is_date == 0, let w = wallSeconds(t) else { return t }
        return value(w)
    }

    /// The start of the occurrence on `day` (the reading zone's) on the item's own clock.
    func occurrenceStart(_ day: CivilDate) -> icaltimetype { value(Int64(ownDay(day)) * 86_400 + Int64(start)) }

    /// The end of the occurrence on `day`.
    func occurrenceEnd(_ day: CivilDate) -> icaltimetype { value(Int64(ownDay(day)) * 86_400 + Int64(start) + length) }

    /// The times of the occurrence on `day` read in the reading zone (its own start and end there,
    /// which across DST differ from the first occurrence's): what its alarms count from.
    /// - Complexity: O(log transitions)
    func readInTimes(_ day: CivilDate) -> TodoTimes? {
        let own = CivilDate(_unchecked: ownDay(day))
        let endWall = Int64(start) + length
        guard let s = Self.instant(zone.source, own, start), let ls = zone.readIn.localTime(at: s),
              let e = Self.instant(zone.source, own._clampedAdding(endWall / 86_400), Int32(endWall % 86_400)),
              let le = zone.readIn.localTime(at: Swift.max(s, e)) else { return nil }
        return TodoTimes(start: Int(ls.secondOfDay / 60), end: Int(le.secondOfDay / 60))
    }

    /// The day on its own clock of the occurrence on `day`: `day + shift`, unless the two zones'
    /// offsets moved it by a day there (a rule the reader wrote out as days, RDATEs, for that: a
    /// Monday 10:00 in Kolkata is Sunday in New York in winter, Monday in summer).
    /// - Complexity: O(log transitions)
    func ownDay(_ day: CivilDate) -> Int32 {
        for k: Int32 in [0, -1, 1] {
            let own = day.dayNumber + Int32(shift) + k
            guard own >= CivilDate.minDayNumber, own <= CivilDate.maxDayNumber,
                  let i = Self.instant(zone.source, CivilDate(_unchecked: own), start), let l = zone.readIn.localTime(at: i) else { continue }
            if l.day == day { return own }
        }
        return day.dayNumber + Int32(shift)
    }

    /// `rule` (RRULE text of the reading zone's days, its UNTIL a DATE or a floating time there)
    /// on the item's own days, its UNTIL the UTC instant ending its last day there.
    func rule(_ rule: String, start day: CivilDate) -> String {
        guard var parts = _RuleParts(Array(rule.utf8)).flatMap({ $0.shifted(by: shift, start: day) }) else { return rule }
        if let u = parts.value("UNTIL") {
            let b = Array(u.utf8)
            func n(_ r: Range<Int>) -> Int { b[r].reduce(0) { $0 * 10 + Int($1) - 0x30 } }
            var last: Int64? = nil
            if b.count == 8, let d = try? CivilDate(year: n(0..<4), month: n(4..<6), day: n(6..<8)) {
                // A day of its own clock (shifted with the rule): its last second there.
                if let i = Self.instant(zone.source, d, 86_399) { last = i }
            } else if b.count == 15, b[8] == 0x54, let d = try? CivilDate(year: n(0..<4), month: n(4..<6), day: n(6..<8)) {
                last = Self.instant(zone.readIn, d, Int32(n(9..<11) * 3600 + n(11..<13) * 60 + n(13..<15)))
            }
            if let last {
                let t = _ICalZoneWriter.wall(last)
                func two(_ v: Int32, _ w: Int) -> String { var s = "\(v)"; while s.utf8.count < w { s = "0" + s }; return s }
                parts.set("UNTIL", two(t.year, 4) + two(t.month, 2) + two(t.day, 2) + "T" + two(t.hour, 2) + two(t.minute, 2) + two(t.second, 2) + "Z")
            }
        }
        return parts.textString
    }

    /// How `c`'s other date-times are written beside its DTSTART (else DUE) as it stands: on this
    /// zone's clock under the TZID that value has (an Outlook file's "Pacific Standard Time",
    /// whose VTIMEZONE gave this zone), or UTC; nil when it is floating (a file CalGrid wrote
    /// before it wrote TZIDs, with X-CALGRID-TIMEZONE) or a DATE: its rule's values stay so too.
    func written(in c: OpaquePointer) -> _WrittenZone? {
        guard let p = icalcomponent_get_first_property(c, ICAL_DTSTART_PROPERTY) ?? icalcomponent_get_first_property(c, ICAL_DUE_PROPERTY)
        else { return self }
        if let t = icalproperty_get_first_parameter(p, ICAL_TZID_PARAMETER).flatMap({ icalparameter_get_tzid($0) }) {
            var w = self
            w.tzid = String(cString: t)
            return tzid == nil ? nil : w
        }
        guard let v = icalproperty_get_value(p) else { return nil }
        return tzid == nil && icaltime_is_utc(icalvalue_get_datetime(v)) != 0 ? self : nil
    }
}

/// Whether `a` and `b` have the same bytes: not String `==` nor `elementsEqual` (each links
/// Unicode code into the Embedded calgrid_ical.o, as the core's `_sameUTF8` says).
func _sameBytes(_ a: String, _ b: String) -> Bool {
    guard a.utf8.count == b.utf8.count else { return false }
    var i = a.utf8.makeIterator(), j = b.utf8.makeIterator()
    while let x = i.next() { if x != j.next() { return false } }
    return true
}

extension _Builder {
    /// The VTIMEZONEs the items `drafts` written as new need: one per TZID, good from the earliest
    /// start among them.
    /// - Complexity: O(drafts + zones × `_ICalZoneWriter.vtimezone`)
    static func zones(_ drafts: [TodoDraft]) -> [OpaquePointer] {
        var needed: [(tzid: String, zone: TimeZoneRules, from: Int64)] = []
        for d in drafts {
            guard let w = _WrittenZone(d), let tzid = w.tzid, let day = d.start ?? d.end else { continue }
            let from = Int64(day.dayNumber) * 86_400
            if let k = needed.firstIndex(where: { _sameBytes($0.tzid, tzid) }) { needed[k].from = Swift.min(needed[k].from, from) } else {
                needed.append((tzid, w.zone.source, from))
            }
        }
        return needed.map { _ICalZoneWriter.vtimezone($0.zone, tzid: $0.tzid, from: $0.from) }
    }
}
