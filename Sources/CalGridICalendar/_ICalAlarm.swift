// VALARM ↔ the todo's reminder, a time of day (minutes after midnight). An alarm whose TRIGGER is
// a duration rings at its anchor plus that duration: DTSTART, or with RELATED=END the DUE of a
// VTODO (DTEND of a VEVENT); with a UTC or TZID anchor that moment's time of day in the import zone
// is the reminder, with a DATE or floating one its time as written. The alarm read is the first
// VALARM with such a trigger whose anchor the item has and that rings on a whole minute; the day
// it rings on is not kept (Thunderbird's all-day "-PT15H" is 09:00), only its time. Other alarms,
// absolute triggers and everything else in the VALARM stay as written.
import CLibical
import CalGrid
import CalGridImport

enum _ICalAlarm {
    /// The VALARM of `c` that is the reminder, with its anchor's value and the reminder in minutes
    /// after midnight: the first with a relative TRIGGER, an anchor the item has, and a ring on a
    /// whole minute (`PT29M59S` after a DTSTART of 07:30:01, as CalGrid writes 08:00 there, is one). A reminder is a time of day in whole minutes, as the start and
    /// end times are: an alarm that rings off the minute (a DTSTART with seconds, a zone offset with
    /// seconds) stays an alarm of its own, ringing at its second, written back as one
    /// (import(export(set)) == set), and a reminder set later is a VALARM of its own beside it.
    static func mapped(_ c: _Component, clock: inout _ICalClock) throws(_FieldFailure)
        -> (alarm: OpaquePointer, anchor: _ICalTime, minutes: Int16)? {
        guard icalcomponent_get_first_component(c.raw, ICAL_VALARM_COMPONENT) != nil else { return nil }
        for a in c.children(ICAL_VALARM_COMPONENT) {
            guard let p = a.first(ICAL_TRIGGER_PROPERTY) else { continue }
            let t = icalproperty_get_trigger(p)
            guard icaltime_is_null_time(t.time) != 0, icaldurationtype_is_bad_duration(t.duration) == 0 else { continue }
            let end = icalproperty_get_first_parameter(p, ICAL_RELATED_PARAMETER).map { icalparameter_get_related($0) == ICAL_RELATED_END } ?? false
            let kind = end ? (c.isTodo ? ICAL_DUE_PROPERTY : ICAL_DTEND_PROPERTY) : ICAL_DTSTART_PROPERTY
            guard let anchor = try c.time(kind, end ? (c.isTodo ? "DUE" : "DTEND") : "DTSTART") else { continue }
            let second: Int64
            switch try _ICalItem.after(anchor, t.duration, "TRIGGER", c.root, &clock) {
            case .wall(let w): second = _floorDivide(w, 86_400).1
            case .instant(let i):
                guard let l = clock.zone.localTime(at: i) else { throw _FieldFailure(.invalidDateTime, "TRIGGER", _ICalText.outOfRange("TRIGGER")) }
                second = Int64(l.secondOfDay)
            }
            guard second % 60 == 0 else { continue }
            return (a.raw, anchor, Int16(second / 60))
        }
        return nil
    }

    /// The reminder of `c` in minutes after midnight; nil when no VALARM maps to one (`mapped`).
    static func reminder(_ c: _Component, clock: inout _ICalClock) throws(_FieldFailure) -> Int16? {
        try mapped(c, clock: &clock)?.minutes
    }

    /// A relative TRIGGER that rings at `minutes` after midnight of `anchor`'s day: as written for a
    /// DATE or floating anchor, in the import zone for an instant.
    static func trigger(ringing minutes: Int16, after anchor: _ICalTime, _ calendar: _Component,
                        clock: inout _ICalClock) throws(_FieldFailure) -> icaldurationtype {
        let want: Int64, from: Int64
        switch try clock.read(anchor, "TRIGGER", in: calendar) {
        case .day:
            from = anchor.wallSeconds
            want = Int64(anchor.day.dayNumber) * 86_400 + Int64(minutes) * 60
        case .instant(let i):
            from = i
            let day = try clock.day(.instant(i), "TRIGGER")
            switch clock.zone.instant(of: day, secondOfDay: Int32(minutes) * 60) {
            case .unique(let e), .ambiguous(let e, _): want = e
            // In a gap the clock jumps past the minute: the first instant after the gap.
            case .nonexistent(let gapStart): want = gapStart
            }
        }
        return icaldurationtype_from_int(Int32(clamping: want - from))
    }

    /// A new VALARM ringing at `minutes` after midnight of the anchor's day: ACTION:DISPLAY, the
    /// todo's title as DESCRIPTION (RFC 5545 requires one), the trigger (RELATED=END when `end`).
    static func alarm(_ trigger: icaldurationtype, end: Bool, title: String) -> OpaquePointer {
        let a = icalcomponent_new(ICAL_VALARM_COMPONENT)!
        icalcomponent_add_property(a, icalproperty_new_action(ICAL_ACTION_DISPLAY))
        let text = title.isEmpty ? _ICalText.reminder : title
        if let d = _Builder.text(text, { icalproperty_new_description($0) }) { icalcomponent_add_property(a, d) }
        var t = icaltriggertype()
        t.time = icaltime_null_time()
        t.duration = trigger
        let p = icalproperty_new_trigger(t)!
        if end { icalproperty_add_parameter(p, icalparameter_new_related(ICAL_RELATED_END)) }
        icalcomponent_add_property(a, p)
        return a
    }

    /// Gives VALARM `v` (a DISPLAY one `alarm(_:end:title:)` made) `a`'s ACTION and REPEAT/DURATION.
    static func dress(_ v: OpaquePointer, like a: TodoAlarm) {
        let action: icalproperty_action
        switch a.action {
        case .audio: action = ICAL_ACTION_AUDIO
        case .email: action = ICAL_ACTION_EMAIL
        case .display, .other: action = ICAL_ACTION_DISPLAY
        }
        if let p = icalcomponent_get_first_property(v, ICAL_ACTION_PROPERTY) { icalproperty_set_action(p, action) }
        if a.repeatCount > 0 {
            icalcomponent_add_property(v, icalproperty_new_repeat(a.repeatCount))
            icalcomponent_add_property(v, icalproperty_new_duration(icaldurationtype_from_int(a.repeatInterval)))
        }
    }

    /// A VALARM for alarm `a` of `draft` (export: every alarm but the reminder's, which is written
    /// from the reminder time): ACTION, DESCRIPTION (the alarm's; a DISPLAY one without, the title:
    /// RFC 5545 requires one), TRIGGER and REPEAT/DURATION. An absolute alarm's TRIGGER is its UTC
    /// DATE-TIME; a relative one counts from DTSTART (without a start, RELATED=END from the DUE) on the
    /// wall clock the export writes those in (`zone`'s: an alarm kept on UTC's or its own zone's clock
    /// rings there as it does for the first occurrence). Nil for what has no VALARM of its own: a `.silent` mark,
    /// an override's alarm (its occurrence is not written as a RECURRENCE-ID), a `.reminder` clock
    /// (the reminder time is written apart), an action CalGrid does not know, a relative alarm of an
    /// undated item.
    static func written(_ a: TodoAlarm, _ draft: TodoDraft, zone: TimeZoneRules) -> OpaquePointer? {
        guard a.occurrence == nil, a.clock != .silent, a.clock != .reminder else { return nil }
        let action: icalproperty_action
        switch a.action {
        case .display: action = ICAL_ACTION_DISPLAY
        case .audio: action = ICAL_ACTION_AUDIO
        case .email: action = ICAL_ACTION_EMAIL
        case .other: return nil
        }
        var t = icaltriggertype()
        t.time = icaltime_null_time()
        t.duration = icaldurationtype_null_duration()
        var end = false
        if a.clock == .absolute {
            var v = icaltime_from_timet_with_zone(0, 0, icaltimezone_get_utc_timezone())
            let (d, s) = (CivilDate(_unchecked: a.day), a.second)
            let (y, m, day) = d.components
            v.year = Int32(y); v.month = Int32(m); v.day = Int32(day)
            v.hour = s / 3600; v.minute = s / 60 % 60; v.second = s % 60
            t.time = v
        } else {
            // Days after the first day (the start's, else the end's) and seconds after its midnight,
            // less the anchor's own time of day.
            guard let first = draft.start ?? draft.end else { return nil }
            end = draft.start == nil
            let anchor = draft.times.map { Int64(end ? $0.end : $0.start) * 60 } ?? 0
            var offset = Int64(a.day) * 86_400 + Int64(a.second)
            let ringDay = first._clampedAdding(Int64(a.day))
            var instant: Int64? = nil
            if a.clock == .utc { instant = Int64(ringDay.dayNumber) * 86_400 + Int64(a.second) }
            if let z = a.zone {
                switch z.instant(of: ringDay, secondOfDay: a.second) {
                case .unique(let x), .ambiguous(let x, _): instant = x
                case .nonexistent(let g): instant = g
                }
            }
            if let instant, let l = zone.localTime(at: instant) {
                offset = Int64(first.days(to: l.day)) * 86_400 + Int64(l.secondOfDay)
            }
            t.duration = icaldurationtype_from_int(Int32(clamping: offset - anchor))
        }
        let v = icalcomponent_new(ICAL_VALARM_COMPONENT)!
        icalcomponent_add_property(v, icalproperty_new_action(action))
        if let text = a.description ?? (a.action == .display ? (draft.title.isEmpty ? _ICalText.reminder : draft.title) : nil),
           let p = _Builder.text(text, { icalproperty_new_description($0) }) {
            icalcomponent_add_property(v, p)
        }
        let p = icalproperty_new_trigger(t)!
        if end { icalproperty_add_parameter(p, icalparameter_new_related(ICAL_RELATED_END)) }
        icalcomponent_add_property(v, p)
        if a.repeatCount > 0 {
            icalcomponent_add_property(v, icalproperty_new_repeat(a.repeatCount))
            icalcomponent_add_property(v, icalproperty_new_duration(icaldurationtype_from_int(a.repeatInterval)))
        }
        return v
    }

    /// Sets `c`'s reminder to `minutes` (nil: none): the mapped VALARM's trigger changed or the
    /// VALARM removed, or, when none maps, a new VALARM on a todo's DUE (RELATED=END), else on
    /// DTSTART (else an event's DTEND).
    static func set(_ c: _Component, to minutes: Int16?, title: String, clock: inout _ICalClock) throws(_FieldFailure) {
        if let m = try mapped(c, clock: &clock) {
            guard let minutes else {
                icalcomponent_remove_component(c.raw, m.alarm)
                icalcomponent_free(m.alarm)
                return
            }
            let p = icalcomponent_get_first_property(m.alarm, ICAL_TRIGGER_PROPERTY)!
            var t = icalproperty_get_trigger(p)
            t.duration = try trigger(ringing: minutes, after: m.anchor, c.root, clock: &clock)
            icalproperty_set_trigger(p, t)
            return
        }
        guard let minutes else { return }
        // A todo's deadline is the day its reminder is for (`add --end tomorrow --remind 08:00`
        // rings tomorrow, not on the start day): RELATED=END on its DUE. Without a DUE, or for an
        // event, the reminder is on the start day.
        if c.isTodo, let e = try c.time(ICAL_DUE_PROPERTY, "DUE") {
            icalcomponent_add_component(c.raw, alarm(try trigger(ringing: minutes, after: e, c.root, clock: &clock), end: true, title: title))
        } else if let s = try c.time(ICAL_DTSTART_PROPERTY, "DTSTART") {
            icalcomponent_add_component(c.raw, alarm(try trigger(ringing: minutes, after: s, c.root, clock: &clock), end: false, title: title))
        } else if c.isEvent, let e = try c.time(ICAL_DTEND_PROPERTY, "DTEND") {
            icalcomponent_add_component(c.raw, alarm(try trigger(ringing: minutes, after: e, c.root, clock: &clock), end: true, title: title))
        }
    }
}
