// Every VALARM of an item as the set's alarms (docs/icalendar.md, "Alarms"). A relative TRIGGER
// rings at its anchor (DTSTART, or with RELATED=END a VTODO's DUE, a VEVENT's DTEND) plus its
// duration, weeks and days nominal; that first ring is kept as days after the item's first day
// and a time of day: on UTC's clock for a UTC anchor (a UTC rule keeps its UTC time), else on the
// import zone's (a TZID anchor's instant there, a DATE or floating one as written). An absolute
// TRIGGER (VALUE=DATE-TIME) rings once. REPEAT and DURATION give the rings after the first. The
// VALARM that is the reminder (_ICalAlarm.mapped) is marked with the reminder time read from it: it
// time is the reminder's. The bytes of every VALARM stay as written (the splice writer).
import CLibical
import CalGrid
import CalGridImport
import CalGridSystem

enum _ICalAlarms {
    /// The alarms of `c`, whose first day in the import zone is `first` (nil: undated); flaws
    /// that drop an alarm or part of one go to `warnings`, located on the property.
    static func read(_ c: _Component, first: CivilDate?, clock: inout _ICalClock,
                     warnings: inout [_FieldFailure]) throws(_FieldFailure) -> [TodoAlarm] {
        guard icalcomponent_get_first_component(c.raw, ICAL_VALARM_COMPONENT) != nil else { return [] }
        let mapped = try _ICalAlarm.mapped(c, clock: &clock)
        let (reminder, reminderMinutes) = (mapped?.alarm, mapped?.minutes)
        var out: [TodoAlarm] = []
        for a in c.children(ICAL_VALARM_COMPONENT) {
            guard let p = a.first(ICAL_TRIGGER_PROPERTY) else {
                warnings.append(_FieldFailure(.missingField, "TRIGGER", _ICalText.alarmWithoutTrigger))
                continue
            }
            let action = Self.action(a)
            var (count, interval) = (Int32(0), Int32(0))
            if let r = a.first(ICAL_REPEAT_PROPERTY) {
                let n = icalproperty_get_repeat(r)
                let d = a.first(ICAL_DURATION_PROPERTY).map { icalproperty_get_duration($0) }
                let seconds = d.flatMap { icaldurationtype_is_bad_duration($0) == 0 && $0.is_neg == 0 ? Int64(icaldurationtype_as_int($0)) : nil } ?? 0
                if n < 0 {
                    warnings.append(_FieldFailure(.invalidDateTime, "REPEAT", _ICalText.negativeRepeat(Int(n))))
                } else if n > 0 && seconds <= 0 {
                    warnings.append(_FieldFailure(.invalidDateTime, "DURATION", _ICalText.repeatWithoutInterval(Int(n))))
                } else if n > 0 {
                    count = Int32(n)
                    interval = Int32(clamping: seconds)
                }
            }
            let t = icalproperty_get_trigger(p)
            if icaltime_is_null_time(t.time) == 0 {
                // An absolute trigger: an instant (RFC 5545 requires UTC; a TZID or floating one
                // is read as the item's other values are).
                guard let time = try? _Property.time(t.time, of: p, "TRIGGER"),
                      case .instant(let i) = try _ICalItem.moment(time, "TRIGGER", c.root, &clock) else {
                    warnings.append(_FieldFailure(.invalidDateTime, "TRIGGER", _ICalText.outOfRange("TRIGGER")))
                    continue
                }
                let (day, second) = _floorDivide(i, 86_400)
                out.append(TodoAlarm(clock: .absolute, day: Int32(clamping: day), second: Int32(second),
                                     repeatCount: count, repeatInterval: interval, action: action, description: description(a)))
                continue
            }
            guard icaldurationtype_is_bad_duration(t.duration) == 0 else {
                warnings.append(_FieldFailure(.invalidDateTime, "TRIGGER", _ICalText.badDuration("TRIGGER")))
                continue
            }
            let end = icalproperty_get_first_parameter(p, ICAL_RELATED_PARAMETER).map { icalparameter_get_related($0) == ICAL_RELATED_END } ?? false
            let name = end ? (c.isTodo ? "DUE" : "DTEND") : "DTSTART"
            guard let first, let anchor = try c.time(end ? (c.isTodo ? ICAL_DUE_PROPERTY : ICAL_DTEND_PROPERTY) : ICAL_DTSTART_PROPERTY, name) else {
                warnings.append(_FieldFailure(.missingField, "TRIGGER", _ICalText.alarmWithoutAnchor(name)))
                continue
            }
            // A ring before 0001-01-01 or after 9999-12-31 (TRIGGER:-P1000000W) has no day.
            let d = t.duration, nominal = (Int64(d.weeks) * 7 + Int64(d.days)) * (d.is_neg != 0 ? -1 : 1)
            guard (Int64(CivilDate.minDayNumber)...Int64(CivilDate.maxDayNumber)).contains(Int64(anchor.day.dayNumber) + nominal) else {
                warnings.append(_FieldFailure(.invalidDateTime, "TRIGGER", _ICalText.outOfRange("TRIGGER")))
                continue
            }
            var ring: (day: Int64, second: Int64, utc: Bool)
            var zone: TimeZoneRules? = nil
            switch try _ICalItem.after(anchor, t.duration, "TRIGGER", c.root, &clock) {
            case .wall(let w):
                let (d, s) = _floorDivide(w, 86_400)
                ring = (d, s, false)
            case .instant(let i):
                if case .utc = anchor.form {
                    let (d, s) = _floorDivide(i, 86_400)
                    ring = (d, s, true)
                } else if case .zoned(let tzid) = anchor.form, let z = clock.tzdataZone(tzid), z.name != clock.zone.name,
                          let l = z.localTime(at: i) {
                    // On the anchor zone's wall clock: each occurrence keeps that zone's time. A name
                    // tzdata does not know (Outlook's Windows names) keeps the import zone's.
                    ring = (Int64(l.day.dayNumber), Int64(l.secondOfDay), false)
                    zone = z
                } else if let l = clock.zone.localTime(at: i) {
                    ring = (Int64(l.day.dayNumber), Int64(l.secondOfDay), false)
                } else {
                    ring = (Int64.min, 0, false)
                }
            }
            guard ring.day >= Int64(CivilDate.minDayNumber), ring.day <= Int64(CivilDate.maxDayNumber) else {
                warnings.append(_FieldFailure(.invalidDateTime, "TRIGGER", _ICalText.outOfRange("TRIGGER")))
                continue
            }
            out.append(TodoAlarm(clock: ring.utc ? .utc : .local, day: Int32(truncatingIfNeeded: ring.day - Int64(first.dayNumber)),
                                 second: Int32(ring.second), repeatCount: count, repeatInterval: interval, action: action, zone: zone,
                                 reminder: a.raw == reminder ? reminderMinutes : nil, description: description(a)))
        }
        return out
    }

    /// The alarms of a recurring item's overrides (`_ICalRecurrence.overrides`): each override's
    /// own VALARMs for its occurrence only (`TodoAlarm.occurrence`), relative ones from its own
    /// DTSTART, DUE or DTEND, and a `.silent` alarm on its day so that the item's alarms do not
    /// ring for it (RFC 5545: an override replaces the occurrence whole, VALARMs too, as
    /// recurring-ical-events reads it) unless the rule's own occurrence of that day keeps them, or
    /// the item has no alarm of its own to silence (`silencing` false), or the override is done.
    static func overrides(_ list: [(component: OpaquePointer, day: CivilDate, shared: Bool)], silencing: Bool, clock: inout _ICalClock,
                          warnings: inout [_FieldFailure]) throws(_FieldFailure) -> [TodoAlarm] {
        var out: [TodoAlarm] = []
        for (raw, day, shared) in list {
            let override = _Component(raw: raw)
            let own = try read(override, first: day, clock: &clock, warnings: &warnings)
            // A done occurrence rings for nothing anyway: no mark, so that a tick written as a
            // completed instance reads back as the same set.
            if !shared && silencing && !override.isDone { out.append(TodoAlarm(clock: .silent, day: 0, second: 0, occurrence: day)) }
            for a in own {
                out.append(TodoAlarm(clock: a.clock, day: a.day, second: a.second, repeatCount: a.repeatCount,
                                     repeatInterval: a.repeatInterval, action: a.action, zone: a.zone,
                                     occurrence: day, description: a.description))
            }
        }
        return out
    }

    /// The VALARM's DESCRIPTION as written (unescaped); nil without one.
    static func description(_ a: _Component) -> String? {
        guard a.has(ICAL_DESCRIPTION_PROPERTY) else { return nil }
        var s: String? = nil
        a.withText(ICAL_DESCRIPTION_PROPERTY) { t in if let t { s = String(decoding: t, as: UTF8.self) } }
        return s
    }

    /// The VALARM's ACTION; `.other` for one CalGrid does not know (PROCEDURE, an X- action) or none.
    static func action(_ a: _Component) -> TodoAlarm.Action {
        guard let p = a.first(ICAL_ACTION_PROPERTY) else { return .other }
        switch icalproperty_get_action(p) {
        case ICAL_ACTION_DISPLAY: return .display
        case ICAL_ACTION_AUDIO: return .audio
        case ICAL_ACTION_EMAIL: return .email
        default: return .other
        }
    }
}
