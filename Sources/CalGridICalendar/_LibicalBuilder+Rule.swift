// A recurring item's rule as written (RRULE, RDATE, EXDATE), and its occurrences' times as its
// overrides, RDATEs and EXDATEs say them: on its zone's clock, or as DATEs and floating DATE-TIMEs.
import CLibical
import CalGrid

extension _Builder {
    /// RRULE, RDATE and EXDATE of a recurring todo (DATE values; the todo's end as UNTIL when the
    /// rule has neither UNTIL nor COUNT; no RDATE after the end), replacing any the component has.
    static func setRule(_ c: OpaquePointer, _ draft: TodoDraft) {
        remove(c, ICAL_RRULE_PROPERTY)
        remove(c, ICAL_RDATE_PROPERTY)
        remove(c, ICAL_EXDATE_PROPERTY)
        guard let r = draft.recurrence else { return }
        // On the item's own zone's clock when its DTSTART is (`_WrittenZone`), else as written.
        let zoned = _WrittenZone(draft)?.written(in: c)
        if let rule = r.rule {
            var t = rule.text
            if rule.until == nil, rule.count == nil, let e = draft.end { t += ";UNTIL=" + e.basic }
            // UNTIL takes DTSTART's value type (RFC 5545 3.3.10): with a time of day, DTSTART is a
            // floating DATE-TIME, and a DATE UNTIL would be read as that day's midnight, before its
            // occurrence. The end of the day keeps the last occurrence. With a TZID (or UTC)
            // DTSTART it is the UTC instant ending that day on the zone's clock.
            if let zoned, let s = draft.start { t = zoned.rule(t, start: s) } else if draft.times != nil { t = timedUntil(t) }
            if let p = ("RRULE:" + t).withCString({ icalproperty_new_from_string($0) }) { icalcomponent_add_property(c, p) }
        }
        // An added day after the todo's end is no occurrence of it (the set's days stop at the end).
        for d in r.rdates where draft.end.map({ d <= $0 }) ?? true {
            var v = icaldatetimeperiodtype()
            v.time = occurrenceID(draft, zoned, on: d)
            v.period = icalperiodtype_null_period()
            if let p = time(ICAL_RDATE_PROPERTY, v.time, tzid: zoned?.tzid, { _ in icalproperty_new_rdate(v) }) { icalcomponent_add_property(c, p) }
        }
        for d in r.exdates {
            if let p = time(ICAL_EXDATE_PROPERTY, occurrenceID(draft, zoned, on: d), tzid: zoned?.tzid, { icalproperty_new_exdate($0) }) { icalcomponent_add_property(c, p) }
        }
    }

    /// The start and end of timed `draft`'s occurrence on `day` as its override's DTSTART and DUE
    /// (DTEND) say them; nil for an item without times.
    static func occurrenceSpan(_ draft: TodoDraft, _ zoned: _WrittenZone?, on day: CivilDate) -> (start: icaltimetype, end: icaltimetype)? {
        guard let t = draft.times else { return nil }
        if let zoned { return (zoned.occurrenceStart(day), zoned.occurrenceEnd(day)) }
        let last = day._clampedAdding(Int64(Swift.max(draft.occurrenceDays, 1)) - 1)
        return (date(day, at: t.start), draft.isEvent ? eventEnd(day, last, t) : date(last, at: t.end))
    }

    /// The start of `draft`'s occurrence on `day` as its RECURRENCE-ID, RDATE or EXDATE says it:
    /// on its zone's clock when `zoned`, else a DATE or the floating DATE-TIME DTSTART is written as.
    static func occurrenceID(_ draft: TodoDraft, _ zoned: _WrittenZone?, on day: CivilDate) -> icaltimetype {
        zoned?.occurrenceStart(day) ?? date(day, at: draft.times?.start)
    }

    /// `rule` with a DATE UNTIL (`UNTIL=20261216`) made the floating DATE-TIME at that day's last
    /// second (`UNTIL=20261216T235959`).
    /// - Complexity: O(rule)
    static func timedUntil(_ rule: String) -> String {
        let b = Array(rule.utf8), key = Array("UNTIL=".utf8)
        var out: [UInt8] = [], start = 0
        out.reserveCapacity(b.count + 7)
        while start < b.count {
            var end = start
            while end < b.count && b[end] != UInt8(ascii: ";") { end += 1 }
            out += b[start..<end]
            if end - start == key.count + 8 && Array(b[start..<start + key.count]) == key { out += Array("T235959".utf8) }
            if end < b.count { out.append(UInt8(ascii: ";")) }
            start = end + 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
