// The VTIMEZONE a written TZID needs (RFC 5545 3.6.5: every TZID used in a VCALENDAR has one), made
// from the core's rules of that zone (the system tzdata read by CalGridSystem, or the rules a file's
// own VTIMEZONE gave): the rules in force since the zone's last change of rules, as a yearly
// STANDARD and DAYLIGHT pair with RRULEs (what phones, Thunderbird and Outlook write), and before
// them each change from a year before the item's start, one observance each. libical's own
// VTIMEZONEs (icaltimezone_get_builtin_timezone) list every change since 1883 (120 lines for
// New York) under a `/freeassociation.sourceforge.net/` TZID; a vdir writes one per file.
import CLibical
import CalGrid
import CalGridImport

enum _ICalZoneWriter {
    /// One change of a zone's offset: its instant and the offsets before and after.
    struct Change: Equatable { var at: Int64; var from: Int32; var to: Int32 }

    /// A yearly change on the n-th (1...4) or last (-1) `weekday` of `month` at `second` of the day
    /// on the clock before it, from offset `from` to `to`.
    struct Yearly: Equatable {
        var month: Int, ordinal: Int, weekday: Weekday, second: Int32, from: Int32, to: Int32

        /// Its instant in `year`.
        func instant(in year: Int) -> Int64? {
            guard let first = try? CivilDate(year: year, month: month, day: 1) else { return nil }
            let last = first.lastOfMonth
            let day: CivilDate
            if ordinal > 0 {
                day = first.advanced(by: (Int(weekday.rawValue) - Int(first.weekday.rawValue) + 7) % 7 + 7 * (ordinal - 1))
            } else {
                day = last.advanced(by: -((Int(last.weekday.rawValue) - Int(weekday.rawValue) + 7) % 7))
            }
            return Int64(day.dayNumber) * 86_400 + Int64(second) - Int64(from)
        }

        /// The rules `c` may be an instance of: its weekday's n-th in the month, and the last one when it is.
        static func candidates(_ c: Change) -> [Yearly] {
            let (days, second) = _floorDivide(c.at + Int64(c.from), 86_400)
            let day = CivilDate(_unchecked: Int32(truncatingIfNeeded: days))
            let (_, month, dom) = day.components
            var out: [Yearly] = []
            let n = (dom - 1) / 7 + 1
            if n <= 4 { out.append(Yearly(month: month, ordinal: n, weekday: day.weekday, second: Int32(second), from: c.from, to: c.to)) }
            if dom + 7 > CivilDate.daysInMonth(year: day.year, month: month) {
                out.append(Yearly(month: month, ordinal: -1, weekday: day.weekday, second: Int32(second), from: c.from, to: c.to))
            }
            return out
        }

        var rrule: String {
            let words = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
            return "RRULE:FREQ=YEARLY;BYMONTH=\(month);BYDAY=\(ordinal)" + words[Int(weekday.rawValue)]
        }
    }

    /// The changes of `zone` after `a` up to and including `b`.
    /// - Complexity: O(changes × log transitions)
    static func changes(_ zone: TimeZoneRules, after a: Int64, through b: Int64) -> [Change] {
        var out: [Change] = []
        var t = a
        while let n = zone.nextOffsetChange(after: t), n <= b {
            let from = zone.utcOffset(at: n - 1), to = zone.utcOffset(at: n)
            if from != to { out.append(Change(at: n, from: from, to: to)) }
            t = n
        }
        return out
    }

    /// The first instant of `year` in UTC.
    static func startOf(_ year: Int) -> Int64 {
        Int64((try? CivilDate(year: Swift.min(Swift.max(year, 1), 9999), month: 1, day: 1))?.dayNumber ?? 0) * 86_400
    }

    /// The yearly pair of rules `zone` follows in the years from the one returned through `reference`
    /// (both changes of each year their instances), or nil when `reference` has not two changes of
    /// that form.
    /// - Complexity: O(years × log transitions)
    static func yearly(_ zone: TimeZoneRules, reference: Int) -> (rules: [Yearly], since: Int)? {
        let inYear = changes(zone, after: startOf(reference) - 1, through: startOf(reference + 1) - 1)
        guard inYear.count == 2 else { return nil }
        // Of each change's candidates, the one that held longest going back.
        var best: (rules: [Yearly], since: Int)? = nil
        for a in Yearly.candidates(inYear[0]) {
            for b in Yearly.candidates(inYear[1]) {
                var year = reference
                while year > 1900 {
                    let y = year - 1
                    let seen = changes(zone, after: startOf(y) - 1, through: startOf(y + 1) - 1)
                    guard seen.count == 2, seen[0].at == a.instant(in: y), seen[0].from == a.from, seen[0].to == a.to,
                          seen[1].at == b.instant(in: y), seen[1].from == b.from, seen[1].to == b.to else { break }
                    year = y
                }
                if best.map({ year < $0.since }) ?? true { best = ([a, b], year) }
            }
        }
        return best
    }

    /// A local DATE-TIME value (floating) of `seconds` on a clock.
    static func wall(_ seconds: Int64) -> icaltimetype {
        let (days, second) = _floorDivide(seconds, 86_400)
        var t = _Builder.date(CivilDate(_unchecked: Int32(truncatingIfNeeded: days)))
        t.is_date = 0
        t.hour = Int32(second / 3600); t.minute = Int32(second / 60 % 60); t.second = Int32(second % 60)
        return t
    }

    /// A VTIMEZONE of `zone` named `tzid` good for times from `from` on: the yearly rules it has
    /// followed since they last changed (up to 2040, or two years after `from`), each change before
    /// them from a year before `from` (a zone made from a file's VTIMEZONE: from 1969), or one
    /// fixed offset's observance when it has neither.
    /// - Complexity: O(years from 1900 or `from` × log transitions)
    static func vtimezone(_ zone: TimeZoneRules, tzid: String, from: Int64) -> OpaquePointer {
        let z = icalcomponent_new(ICAL_VTIMEZONE_COMPONENT)!
        if let p = tzid.withCString({ icalproperty_new_tzid($0) }) { icalcomponent_add_property(z, p) }
        func observance(_ daylight: Bool, _ start: Int64, _ from: Int32, _ to: Int32, _ rule: String?) {
            let o = icalcomponent_new(daylight ? ICAL_XDAYLIGHT_COMPONENT : ICAL_XSTANDARD_COMPONENT)!
            icalcomponent_add_property(o, icalproperty_new_tzoffsetfrom(Int32(from)))
            icalcomponent_add_property(o, icalproperty_new_tzoffsetto(Int32(to)))
            icalcomponent_add_property(o, icalproperty_new_dtstart(wall(start)))
            if let rule, let p = rule.withCString({ icalproperty_new_from_string($0) }) { icalcomponent_add_property(o, p) }
            icalcomponent_add_component(z, o)
        }
        let year = CivilDate(_unchecked: Int32(truncatingIfNeeded: _floorDivide(from, 86_400).0)).year
        let reference = Swift.max(2040, year + 2)
        let rules = yearly(zone, reference: reference)
        // The changes before the rules (or, without rules, through the reference year), from the
        // start of the year before the item's; for a zone made from a file's VTIMEZONE, from 1969:
        // its reader names it by its changes since 1970 (`_ICalZoneRules.yearlySince1970`), so one
        // written without its early changes would read back as another zone (a fixed offset).
        let cutoff = _isExpandedZoneName(zone.name) ? Swift.min(startOf(1969), startOf(year - 1)) : startOf(year - 1)
        let through = rules.map { startOf($0.since) - 1 } ?? (startOf(reference + 1) - 1)
        var written = 0
        if cutoff < through {
            for c in changes(zone, after: cutoff, through: through) {
                observance(c.to > c.from, c.at + Int64(c.from), c.from, c.to, nil)
                written += 1
            }
        }
        if let (pair, since) = rules {
            let daylight = pair[0].to > pair[1].to ? 0 : 1
            for (k, r) in pair.enumerated() {
                guard let at = r.instant(in: since) else { continue }
                observance(k == daylight, at + Int64(r.from), r.from, r.to, r.rrule)
                written += 1
            }
        }
        if written == 0 {
            // A fixed offset (Asia/Kolkata since 1945, or a POSIX zone without daylight time).
            let offset = zone.utcOffset(at: from)
            observance(false, startOf(1970), offset, offset, nil)
        }
        return z
    }
}
