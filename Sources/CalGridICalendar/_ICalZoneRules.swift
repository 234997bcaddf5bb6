// A file's own VTIMEZONE (Outlook's "W. Europe Standard Time") as the core's TimeZoneRules, for the
// times of a recurring item in it (TodoTimeZone): its rules as a POSIX TZ string, when they have
// that shape (a yearly STANDARD and DAYLIGHT change on the n-th or last weekday of a month, as
// Outlook, Exchange and Google write them, or one fixed offset). Any other shape has none: its
// occurrences keep their first one's times.
import CLibical
import CalGrid

enum _ICalZoneRules {
    /// The rules of `vtimezone` (a VTIMEZONE component) as a POSIX TZ string, nil for another shape.
    static func posix(_ vtimezone: OpaquePointer) -> String? {
        // Of each kind, the observance that starts last: the rules in force now.
        func latest(_ kind: icalcomponent_kind) -> (start: icaltimetype, to: Int32, rule: icalrecurrencetype?)? {
            var best: (start: icaltimetype, to: Int32, rule: icalrecurrencetype?)? = nil
            var sub = icalcomponent_get_first_component(vtimezone, kind)
            while let s = sub {
                sub = icalcomponent_get_next_component(vtimezone, kind)
                guard let p = icalcomponent_get_first_property(s, ICAL_TZOFFSETTO_PROPERTY) else { continue }
                let start = icalcomponent_get_dtstart(s)
                let rule = icalcomponent_get_first_property(s, ICAL_RRULE_PROPERTY).map { icalproperty_get_rrule($0) }
                if let b = best, icaltime_compare(b.start, start) > 0 { continue }
                best = (start, Int32(icalproperty_get_tzoffsetto(p)), rule)
            }
            return best
        }
        guard let standard = latest(ICAL_XSTANDARD_COMPONENT) else { return nil }
        guard let daylight = latest(ICAL_XDAYLIGHT_COMPONENT) else {
            return standard.rule == nil ? "<STD>" + offset(-standard.to) : nil
        }
        guard let toDaylight = change(daylight), let toStandard = change(standard) else { return nil }
        return "<STD>" + offset(-standard.to) + "<DST>" + offset(-daylight.to) + "," + toDaylight + "," + toStandard
    }

    /// `Mm.w.d/hh:mm:ss` of a yearly change on the n-th (or last) weekday of a month, nil otherwise.
    static func change(_ o: (start: icaltimetype, to: Int32, rule: icalrecurrencetype?)) -> String? {
        guard var r = o.rule, r.freq == ICAL_YEARLY_RECURRENCE, r.interval <= 1 else { return nil }
        let month = withUnsafeBytes(of: &r.by_month) { $0.load(as: Int16.self) }
        let (day, second) = withUnsafeBytes(of: &r.by_day) { ($0.load(as: Int16.self), $0.load(fromByteOffset: 2, as: Int16.self)) }
        let noMore = Int16(truncatingIfNeeded: ICAL_RECURRENCE_ARRAY_MAX.rawValue)
        guard month >= 1, month <= 12, day != noMore, second == noMore else { return nil }
        let n = icalrecurrencetype_day_position(day), weekday = Int(icalrecurrencetype_day_day_of_week(day).rawValue) - 1
        guard weekday >= 0, weekday <= 6, n == -1 || (n >= 1 && n <= 4) else { return nil }
        let time = "\(o.start.hour):\(two(Int(o.start.minute))):\(two(Int(o.start.second)))"
        return "M\(month).\(n == -1 ? 5 : n).\(weekday)/" + time
    }

    /// A POSIX offset: `[-]h[:mm[:ss]]` of `seconds`.
    static func offset(_ seconds: Int32) -> String {
        let a = abs(Int(seconds))
        return (seconds < 0 ? "-" : "") + "\(a / 3600):\(two(a / 60 % 60)):\(two(a % 60))"
    }

    static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
