// An item's times of day (docs/icalendar.md, Times of day): the wall-clock minutes of its
// DATE-TIME DTSTART and of its DTEND (VEVENT) or DUE (VTODO), or DTSTART + DURATION, in the
// import zone: an instant's minutes there (on whatever day that is), a floating value's as written.
// DATE values have none. A recurring item whose DTSTART is UTC or has a TZID other than the import
// zone keeps that zone (`TodoTimeZone`): each occurrence's times are then its own, DST included.
import CLibical
import CalGrid
import CalGridImport

extension _ICalItem {
    /// The times of `c`, nil when neither its start nor its end is a DATE-TIME. An end that is not
    /// after the start (or is missing) ends at the start.
    static func times(_ c: _Component, _ clock: inout _ICalClock) throws(_FieldFailure) -> TodoTimes? {
        let calendar = c.root
        var sm: _Moment? = nil, em: _Moment? = nil
        let s = try c.time(ICAL_DTSTART_PROPERTY, "DTSTART")
        if let s, !s.isDate { sm = try moment(s, "DTSTART", calendar, &clock) }
        let endName = c.isTodo ? "DUE" : "DTEND"
        if let e = try c.time(c.isTodo ? ICAL_DUE_PROPERTY : ICAL_DTEND_PROPERTY, endName) {
            if !e.isDate { em = try moment(e, endName, calendar, &clock) }
        } else if let s, !s.isDate, let d = try c.duration(), d.is_neg == 0 {
            em = try after(s, d, "DURATION", calendar, &clock)
        }
        if let a = sm, let b = em, !b.isAfter(a), !c.isTodo { em = nil }
        guard let first = sm ?? em else { return nil }
        let startMinutes = minutes(first, clock), endMinutes = minutes(em ?? first, clock)
        return TodoTimes(start: startMinutes, end: endMinutes)
    }

    /// Minutes after midnight of `m`: a wall-clock reading's own, an instant's in the import zone.
    static func minutes(_ m: _Moment, _ clock: _ICalClock) -> Int {
        switch m {
        case .wall(let w): return Int(_floorDivide(w, 86_400).1 / 60)
        case .instant(let i): return Int(clock.zone.localTime(at: i)?.secondOfDay ?? 0) / 60
        }
    }

    /// The zone `c`'s times keep their wall-clock time in, read in the import zone: its DTSTART's
    /// (a VTODO without one: its DUE's) TZID by its tzdata rules, or UTC; nil for a floating or
    /// DATE value or the import zone itself. A TZID tzdata does not know is the file's own
    /// VTIMEZONE's rules (`_ICalZoneRules`: a POSIX TZ string, or the changes libical expands it
    /// to), made once per distinct VTIMEZONE of a streamed file. When it gives none, a warning
    /// (to `warnings`) and nil: its occurrences keep the first one's times.
    static func timeZone(_ c: _Component, _ clock: inout _ICalClock, warnings: inout [_FieldFailure]) -> TodoTimeZone? {
        let name = c.has(ICAL_DTSTART_PROPERTY) || !c.isTodo ? "DTSTART" : "DUE"
        guard let t = (try? c.time(ICAL_DTSTART_PROPERTY, "DTSTART")) ?? (c.isTodo ? try? c.time(ICAL_DUE_PROPERTY, "DUE") : nil)
        else { return nil }
        let source: TimeZoneRules
        switch t.form {
        case .date, .floating: return nil
        case .utc: source = .utc
        case .zoned(let tzid):
            // tzdata's rules for a name it knows, whatever the file's VTIMEZONE says (`_ICalClock`).
            if let rules = clock.tzdataZone(tzid) { source = rules; break }
            let calendar = c.root
            var made: TimeZoneRules? = nil
            if let k = clock.zoneCache.zone(named: tzid, in: calendar.raw) {
                // A zone refused for its cost (`_ICalZoneCheck`) refused the DTSTART already.
                guard clock.zoneCache.problem(k) == nil, let z = clock.zoneCache.zones[k].zone else { return nil }
                if let known = clock.zoneCache.zones[k].rules { made = known } else {
                    made = _ICalZoneRules.rules(z, tzid: tzid)
                    clock.zoneCache.zones[k].rules = .some(made)
                }
            } else if let z = tzid.withCString({ icalcomponent_get_timezone(calendar.raw, $0) }) {
                if let known = clock.zoneProblems[z] { if known != nil { return nil } } else {
                    let problem = icaltimezone_get_component(z).flatMap { _ICalZoneCheck.problem(_Component(raw: $0)) }
                    clock.zoneProblems[z] = problem
                    if problem != nil { return nil }
                }
                made = _ICalZoneRules.rules(z, tzid: tzid)
            } else {
                return nil
            }
            guard let made else {
                warnings.append(_FieldFailure(.invalidDateTime, name, _ICalText.zoneWithoutRules(name, tzid)))
                return nil
            }
            source = made
        }
        let z = TodoTimeZone(source: source, readIn: clock.zone)
        return z.isSameZone ? nil : z
    }
}
