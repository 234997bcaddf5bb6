// Building and changing components through libical: the only place that calls icalcomponent_new*,
// icalproperty_new_* and icalcomponent_as_ical_string_r. libical writes the text: escapes, CRLF and
// RFC 5545 line folding (75 octets, never inside a UTF-8 sequence).
import CLibical
import CalGrid

enum _Builder {
    /// A new VCALENDAR with VERSION and PRODID.
    static func calendar() -> OpaquePointer {
        let cal = icalcomponent_new(ICAL_VCALENDAR_COMPONENT)!
        icalcomponent_add_property(cal, icalproperty_new_version("2.0"))
        icalcomponent_add_property(cal, icalproperty_new_prodid(_ICalText.prodid))
        return cal
    }

    /// The component's text (CRLF, folded); `c` stays the caller's.
    static func text(_ c: OpaquePointer) -> [UInt8] {
        guard let s = icalcomponent_as_ical_string_r(c) else { return [] }
        defer { cg_ical_free(s) }
        return [UInt8](UnsafeRawBufferPointer(start: s, count: strlen(s)))
    }

    /// Removes every property of `kind` from `c`.
    static func remove(_ c: OpaquePointer, _ kind: icalproperty_kind) {
        while let p = icalcomponent_get_first_property(c, kind) {
            icalcomponent_remove_property(c, p)
            icalproperty_free(p)
        }
    }

    /// Replaces `kind`'s properties of `c` with `new` (none when nil).
    static func replace(_ c: OpaquePointer, _ kind: icalproperty_kind, with new: OpaquePointer?) {
        remove(c, kind)
        if let new { icalcomponent_add_property(c, new) }
    }

    /// A text property made by `make` from `text`.
    static func text(_ text: String, _ make: (UnsafePointer<CChar>) -> OpaquePointer?) -> OpaquePointer? {
        text.withCString { make($0) }
    }

    /// A DATE value.
    static func date(_ d: CivilDate) -> icaltimetype {
        var t = icaltime_null_date()
        let (y, m, day) = d.components
        t.year = Int32(y); t.month = Int32(m); t.day = Int32(day); t.is_date = 1
        return t
    }

    /// `d` as a DATE, or with `minutes` after midnight as a floating DATE-TIME (an item's times are
    /// wall-clock times of the zone its days were read in: written floating, they read back as
    /// the same times in any zone).
    static func date(_ d: CivilDate, at minutes: Int16?) -> icaltimetype {
        var t = date(d)
        guard let m = minutes else { return t }
        t.is_date = 0; t.hour = Int32(m / 60); t.minute = Int32(m % 60); t.second = 0
        return t
    }

    /// The exclusive end of an event over `start...last` with `times`: the day after `last` for an
    /// all-day one, else `last` at its end time (a day later when that is before the start).
    static func eventEnd(_ start: CivilDate?, _ last: CivilDate, _ times: TodoTimes?) -> icaltimetype {
        guard let t = times else { return date(last._clampedAdding(1)) }
        let wrapsPastStart = start == last && t.end < t.start
        return date(wrapsPastStart ? last._clampedAdding(1) : last, at: t.end)
    }

    /// A UTC DATE-TIME value of `seconds` since 1970; nil outside years 1...9999 (no DATE-TIME
    /// can say it).
    static func utc(_ seconds: Int64) -> icaltimetype? {
        let (days, second) = _floorDivide(seconds, 86_400)
        guard days >= Int64(CivilDate.minDayNumber), days <= Int64(CivilDate.maxDayNumber) else { return nil }
        var t = date(CivilDate.epoch._clampedAdding(days))
        t.is_date = 0
        t.hour = Int32(second / 3600); t.minute = Int32(second / 60 % 60); t.second = Int32(second % 60)
        t.zone = _Libical.utc
        return t
    }

    /// A date or date-time property of `kind` holding `t` (in zone `tzid` when given), made by
    /// `make`. libical's setters refuse a year past 3000 (`icaltime_is_valid_time`) and keep a null
    /// value, written `00000000T000000`; such a value is made from its text, which libical keeps
    /// as read. Nil when `t` is nil.
    static func time(_ kind: icalproperty_kind, _ t: icaltimetype?, tzid: String? = nil,
                     _ make: (icaltimetype) -> OpaquePointer?) -> OpaquePointer? {
        guard let t else { return nil }
        if t.year <= 3000 {
            let p = make(t)
            if let p, let tzid { tzid.withCString { icalproperty_add_parameter(p, icalparameter_new_tzid($0)) } }
            return p
        }
        func digits(_ n: Int32, _ width: Int) -> String {
            var s = "\(n)"
            while s.utf8.count < width { s = "0" + s }
            return s
        }
        var line = String(cString: icalproperty_kind_to_string(kind))
        if t.is_date != 0 { line += ";VALUE=DATE" }
        if let tzid { line += ";TZID=" + (tzid.utf8.contains { $0 == 0x3A || $0 == 0x3B || $0 == 0x2C } ? "\"" + tzid + "\"" : tzid) }
        line += ":" + digits(t.year, 4) + digits(t.month, 2) + digits(t.day, 2)
        if t.is_date == 0 {
            line += "T" + digits(t.hour, 2) + digits(t.minute, 2) + digits(t.second, 2)
            if tzid == nil, icaltime_is_utc(t) != 0 { line += "Z" }
        }
        return line.withCString { icalproperty_new_from_string($0) }
    }

    /// A new VTODO (a VEVENT for an event) holding `native`'s mapped fields, stamped `now`, and for
    /// a recurring todo with ticked occurrences one RECURRENCE-ID instance per tick,
    /// STATUS:COMPLETED: the components to add to a VCALENDAR, the item first.
    static func todo(_ native: TodoDraft, alarms: [TodoAlarm] = [], zone: TimeZoneRules = .utc, now: Int64) -> [OpaquePointer] {
        // RFC 5545's own properties for what they can say (a weekday repetition as its RRULE), the
        // X-CALGRID- ones for the rest.
        let draft = _ICalNative.standard(native)
        let c = icalcomponent_new(draft.isEvent ? ICAL_VEVENT_COMPONENT : ICAL_VTODO_COMPONENT)!
        icalcomponent_add_property(c, text(draft.id) { icalproperty_new_uid($0) })
        if let p = time(ICAL_DTSTAMP_PROPERTY, utc(now), { icalproperty_new_dtstamp($0) }) { icalcomponent_add_property(c, p) }
        set(c, draft, isEvent: draft.isEvent, now: now)
        // The VALARM the reminder was read from, while the reminder is still its time and it is on
        // the set's own wall clock (the reminder's): written whole (its day, ACTION, REPEAT,
        // DESCRIPTION), as any alarm. One on UTC's or a zone's clock is written from the reminder
        // time, whatever zone the export is given.
        let read = alarms.first { $0.reminder != nil && $0.occurrence == nil }
        if let read, read.reminder == draft.reminderMinutes, read.clock == .local, read.zone == nil,
           let v = _ICalAlarm.written(read, draft, zone: zone) {
            icalcomponent_add_component(c, v)
        } else if let m = draft.reminderMinutes, _ICalNative.hasAlarmAnchor(draft) {
            // Minutes after midnight of the due day (RELATED=END) for a todo with a DUE: its
            // deadline is the day the reminder is for; else of the start day. The trigger counts
            // from the anchor's own time of day when it has one (a timed item's DUE or DTSTART).
            let due = icalcomponent_get_first_property(c, ICAL_DUE_PROPERTY) != nil
            let end = due || draft.start == nil
            let anchor = draft.times.map { Int32(end ? $0.end : $0.start) } ?? 0
            // The VALARM the reminder was read from keeps its DESCRIPTION, ACTION and REPEAT.
            let kept = read.flatMap { $0.reminder == m ? $0 : nil }
            let v = _ICalAlarm.alarm(icaldurationtype_from_int((Int32(m) - anchor) * 60), end: end,
                                     title: kept?.description ?? draft.title)
            if let kept { _ICalAlarm.dress(v, like: kept) }
            icalcomponent_add_component(c, v)
        }
        for a in alarms where a.reminder == nil {
            if let v = _ICalAlarm.written(a, draft, zone: zone) { icalcomponent_add_component(c, v) }
        }
        _ICalNative.set(c, native)
        var out = [c]
        // Occurrences with alarms of their own (a RECURRENCE-ID override's; a `.silent` mark alone:
        // an override without VALARM): each an override again, so that they ring there, and the
        // item's alarms not, when read back or by any client (RFC 5545: an override replaces its
        // occurrence whole, VALARMs too).
        var own: [CivilDate] = []
        if draft.recurrence != nil {
            for a in alarms { if let d = a.occurrence, !own.contains(d) { own.append(d) } }
            own.sort()
        }
        let ticked = ticks(draft)
        let zoned = _WrittenZone(draft)
        for day in ticked {
            // Its RECURRENCE-ID as the item's DTSTART is written (a floating DATE-TIME for an item
            // with times): a DATE would name no occurrence of a timed item for other clients
            // (recurring-ical-events rang the ticked occurrence of an exported timed item).
            let done = instance(of: draft, on: day, recurrenceID: occurrenceID(draft, zoned, on: day), tzid: zoned?.tzid, now: now,
                                timed: occurrenceSpan(draft, zoned, on: day))
            if own.contains(day) { addAlarms(done, alarms, of: occurrence(draft, on: day, times: nil), on: day, zone: zone) }
            out.append(done)
        }
        for day in own where !ticked.contains(day) { out.append(override(of: draft, on: day, alarms: alarms, zone: zone, now: now)) }
        return out
    }

    /// `draft`'s occurrence on `day` as an item of its own: no rule, its days `day` and on,
    /// `times` its times.
    static func occurrence(_ draft: TodoDraft, on day: CivilDate, times: TodoTimes?) -> TodoDraft {
        var o = draft
        o.recurrence = nil
        o.start = day
        o.end = day._clampedAdding(Int64(Swift.max(draft.occurrenceDays, 1)) - 1)
        o.occurrenceDays = 1
        o.times = times
        o.isCompleted = false
        o.completedDays = nil
        return o
    }

    /// Adds to `c` a VALARM for each alarm of `alarms` that belongs to occurrence `day` alone
    /// (`TodoAlarm.occurrence`), counted from `occurrence` (the occurrence as an item, `c`'s DTSTART).
    static func addAlarms(_ c: OpaquePointer, _ alarms: [TodoAlarm], of occurrence: TodoDraft, on day: CivilDate, zone: TimeZoneRules) {
        for a in alarms where a.occurrence == day && a.clock != .silent {
            var b = a
            b.occurrence = nil
            if let v = _ICalAlarm.written(b, occurrence, zone: zone) { icalcomponent_add_component(c, v) }
        }
    }

    /// An override of recurring `draft`'s occurrence on `day` with its own alarms: UID,
    /// RECURRENCE-ID and DTSTART the occurrence's start (a DATE, or the floating DATE-TIME the
    /// item's DTSTART is written as), its DUE or DTEND, the item's other mapped fields, and a
    /// VALARM for each alarm of that occurrence alone. An override replaces its occurrence's
    /// VALARMs too: unless the day is marked `.silent` (the item's alarms do not ring there), the
    /// item's own alarms and reminder, which ring there too (an occurrence moved onto a day of the
    /// rule's own), are written into it as well.
    static func override(of draft: TodoDraft, on day: CivilDate, alarms: [TodoAlarm], zone: TimeZoneRules, now: Int64) -> OpaquePointer {
        let c = icalcomponent_new(draft.isEvent ? ICAL_VEVENT_COMPONENT : ICAL_VTODO_COMPONENT)!
        icalcomponent_add_property(c, text(draft.id) { icalproperty_new_uid($0) })
        if let p = time(ICAL_DTSTAMP_PROPERTY, utc(now), { icalproperty_new_dtstamp($0) }) { icalcomponent_add_property(c, p) }
        let zoned = _WrittenZone(draft)
        if let rid = time(ICAL_RECURRENCEID_PROPERTY, occurrenceID(draft, zoned, on: day), tzid: zoned?.tzid, { icalproperty_new_recurrenceid($0) }) {
            icalcomponent_add_property(c, rid)
        }
        // A zoned occurrence's own times here (its alarms count from its DTSTART).
        let o = occurrence(draft, on: day, times: zoned?.readInTimes(day) ?? draft.times)
        set(c, o, isEvent: draft.isEvent, now: now)
        if let zoned {
            // The occurrence's own wall-clock start and end on its zone's clock (its times read
            // here may differ from the first occurrence's across DST).
            replace(c, ICAL_DTSTART_PROPERTY, with: time(ICAL_DTSTART_PROPERTY, zoned.occurrenceStart(day), tzid: zoned.tzid) { icalproperty_new_dtstart($0) })
            let end = draft.isEvent ? ICAL_DTEND_PROPERTY : ICAL_DUE_PROPERTY
            replace(c, end, with: time(end, zoned.occurrenceEnd(day), tzid: zoned.tzid) { draft.isEvent ? icalproperty_new_dtend($0) : icalproperty_new_due($0) })
        }
        if !alarms.contains(where: { $0.clock == .silent && $0.occurrence == day }) {
            for a in alarms where a.occurrence == nil && a.reminder == nil {
                if let v = _ICalAlarm.written(a, o, zone: zone) { icalcomponent_add_component(c, v) }
            }
            if let m = draft.reminderMinutes {
                // The reminder as it rings for this occurrence: the VALARM it was read from while
                // still its time, else at its time on the occurrence's last day (or that VALARM's day).
                let read = alarms.first { $0.reminder != nil && $0.occurrence == nil }
                var r = read.flatMap { $0.reminder == m ? $0 : nil }
                    ?? TodoAlarm(clock: .local, day: read?.day ?? (Swift.max(draft.occurrenceDays, 1) - 1), second: Int32(m) * 60,
                                 action: read?.action ?? .display, description: read?.description)
                r.reminder = nil
                if let v = _ICalAlarm.written(r, o, zone: zone) { icalcomponent_add_component(c, v) }
            }
        }
        addAlarms(c, alarms, of: o, on: day, zone: zone)
        return c
    }

    /// The days of a recurring todo's ticked occurrences.
    static func ticks(_ draft: TodoDraft) -> [CivilDate] {
        guard let r = draft.recurrence, let flags = draft.completedDays, let s = draft.start else { return [] }
        var out: [CivilDate] = []
        // A rule without an end keeps flags for its first occurrences only (as far as the last ticked).
        var day: CivilDate? = r.contains(s) ? s : r.next(after: s)
        var k = 0
        while let d = day, k < flags.count, draft.end.map({ d <= $0 }) ?? true {
            if flags[k] { out.append(d) }
            k += 1
            day = r.next(after: d)
        }
        return out
    }

    /// A completed instance of recurring `draft`: UID, RECURRENCE-ID (`recurrenceID`, in zone
    /// `tzid` when given), DTSTART on `day`, its DUE on the occurrence's last day when occurrences
    /// cover several days, SUMMARY, STATUS:COMPLETED, COMPLETED (`completedAt`, default `now`),
    /// PERCENT-COMPLETE:100.
    /// `timed`, when given, is the occurrence's start and end (a timed item's), written as its
    /// DTSTART and DUE in `tzid`: a DATE DTSTART would make it an all-day todo for every reader.
    static func instance(of draft: TodoDraft, on day: CivilDate, recurrenceID: icaltimetype, tzid: String?, now: Int64,
                         completedAt: Int64? = nil, timed: (start: icaltimetype, end: icaltimetype)? = nil) -> OpaquePointer {
        let c = icalcomponent_new(ICAL_VTODO_COMPONENT)!
        icalcomponent_add_property(c, text(draft.id) { icalproperty_new_uid($0) })
        if let p = time(ICAL_DTSTAMP_PROPERTY, utc(now), { icalproperty_new_dtstamp($0) }) { icalcomponent_add_property(c, p) }
        if let rid = time(ICAL_RECURRENCEID_PROPERTY, recurrenceID, tzid: tzid, { icalproperty_new_recurrenceid($0) }) { icalcomponent_add_property(c, rid) }
        if !draft.title.isEmpty, let p = text(draft.title, { icalproperty_new_summary($0) }) { icalcomponent_add_property(c, p) }
        if let timed {
            if let p = time(ICAL_DTSTART_PROPERTY, timed.start, tzid: tzid, { icalproperty_new_dtstart($0) }) { icalcomponent_add_property(c, p) }
            if let p = time(ICAL_DUE_PROPERTY, timed.end, tzid: tzid, { icalproperty_new_due($0) }) { icalcomponent_add_property(c, p) }
        } else if let p = time(ICAL_DTSTART_PROPERTY, date(day), { icalproperty_new_dtstart($0) }) { icalcomponent_add_property(c, p) }
        // An instance replaces its occurrence whole (RFC 5545 3.8.4.4): without a DUE it would be
        // a one-day todo, and todoman and recurring-ical-events read the ticked occurrence so.
        if timed == nil, draft.occurrenceDays > 1, let p = time(ICAL_DUE_PROPERTY, date(day._clampedAdding(Int64(draft.occurrenceDays) - 1)), { icalproperty_new_due($0) }) {
            icalcomponent_add_property(c, p)
        }
        setDone(c, true, now: completedAt ?? now)
        return c
    }

    /// Sets the mapped properties of `c` from `draft`: SUMMARY, DESCRIPTION, CATEGORIES, CREATED,
    /// DTSTART and DUE (DTEND, exclusive, for an event) as DATEs, completion.
    static func set(_ c: OpaquePointer, _ draft: TodoDraft, isEvent: Bool, now: Int64) {
        // An empty text is no property: libical refuses a property without a value when it reads it back.
        replace(c, ICAL_SUMMARY_PROPERTY, with: draft.title.isEmpty ? nil : text(draft.title) { icalproperty_new_summary($0) })
        replace(c, ICAL_DESCRIPTION_PROPERTY, with: draft.memo.flatMap { m in m.isEmpty ? nil : text(m) { icalproperty_new_description($0) } })
        remove(c, ICAL_CATEGORIES_PROPERTY)
        for tag in draft.tags where !tag.isEmpty { if let p = text(tag, { icalproperty_new_categories($0) }) { icalcomponent_add_property(c, p) } }
        replace(c, ICAL_CREATED_PROPERTY, with: draft.createdAt.flatMap { time(ICAL_CREATED_PROPERTY, utc($0)) { icalproperty_new_created($0) } })
        // A zoned item's date-times on its own zone's clock with its TZID (`_WrittenZone`).
        let zoned = _WrittenZone(draft)
        func value(_ t: icaltimetype) -> icaltimetype { zoned?.converted(t) ?? t }
        replace(c, ICAL_DTSTART_PROPERTY, with: draft.start.flatMap { time(ICAL_DTSTART_PROPERTY, value(date($0, at: draft.times?.start)), tzid: zoned?.tzid) { icalproperty_new_dtstart($0) } })
        replace(c, ICAL_LOCATION_PROPERTY, with: draft.location.flatMap { l in l.isEmpty ? nil : text(l) { icalproperty_new_location($0) } })
        // A recurring todo's end bounds its rule (UNTIL); each occurrence is its one day.
        if draft.recurrence != nil {
            setRule(c, draft)
            if draft.occurrenceDays > 1 || draft.times != nil { setOccurrenceEnd(c, draft, isEvent: isEvent) }
            if !isEvent { setDone(c, draft.isCompleted, now: now) }
        } else if isEvent {
            replace(c, ICAL_DTEND_PROPERTY, with: draft.end.flatMap { time(ICAL_DTEND_PROPERTY, value(eventEnd(draft.start, $0, draft.times)), tzid: zoned?.tzid) { icalproperty_new_dtend($0) } })
            // An event with a start and no end falls on every day from its start on (the set's open
            // span), but a VEVENT without DTEND is one day (RFC 5545 3.6.1): a daily rule without an
            // end says the same days to every client.
            if draft.start != nil, draft.end == nil, draft.repetition == .all,
               let p = "RRULE:FREQ=DAILY".withCString({ icalproperty_new_from_string($0) }) {
                replace(c, ICAL_RRULE_PROPERTY, with: p)
            }
        } else {
            replace(c, ICAL_DUE_PROPERTY, with: draft.end.flatMap { time(ICAL_DUE_PROPERTY, value(date($0, at: draft.times?.end)), tzid: zoned?.tzid) { icalproperty_new_due($0) } })
            setDone(c, draft.isCompleted, now: now)
        }
    }

    /// The first occurrence's DUE (a todo: its last day) or DTEND (an event: the day after it) as
    /// a DATE, from the start and `occurrenceDays`; none when an occurrence is one day. Each
    /// occurrence then covers as many days (RFC 5545 3.8.5.3: an instance's length is the
    /// DTSTART to DUE or DTEND of the item).
    static func setOccurrenceEnd(_ c: OpaquePointer, _ draft: TodoDraft, isEvent: Bool) {
        remove(c, ICAL_DURATION_PROPERTY)
        let last = draft.occurrenceDays > 1 || draft.times != nil ? draft.start.map { $0._clampedAdding(Int64(draft.occurrenceDays) - 1) } : nil
        // On the zone's clock as DTSTART is (one value type and zone for both, RFC 5545 3.8.2.3).
        let zoned = _WrittenZone(draft)?.written(in: c)
        func value(_ t: icaltimetype) -> icaltimetype { zoned?.converted(t) ?? t }
        if isEvent {
            replace(c, ICAL_DTEND_PROPERTY, with: last.flatMap { time(ICAL_DTEND_PROPERTY, value(eventEnd(draft.start, $0, draft.times)), tzid: zoned?.tzid) { icalproperty_new_dtend($0) } })
        } else {
            replace(c, ICAL_DUE_PROPERTY, with: last.flatMap { time(ICAL_DUE_PROPERTY, value(date($0, at: draft.times?.end)), tzid: zoned?.tzid) { icalproperty_new_due($0) } })
        }
    }

    /// STATUS, COMPLETED and PERCENT-COMPLETE for a todo done or not.
    static func setDone(_ c: OpaquePointer, _ done: Bool, now: Int64) {
        if done {
            replace(c, ICAL_STATUS_PROPERTY, with: icalproperty_new_status(ICAL_STATUS_COMPLETED))
            if icalcomponent_get_first_property(c, ICAL_COMPLETED_PROPERTY) == nil {
                if let p = time(ICAL_COMPLETED_PROPERTY, utc(now), { icalproperty_new_completed($0) }) { icalcomponent_add_property(c, p) }
            }
            replace(c, ICAL_PERCENTCOMPLETE_PROPERTY, with: icalproperty_new_percentcomplete(100))
        } else {
            replace(c, ICAL_STATUS_PROPERTY, with: icalproperty_new_status(ICAL_STATUS_NEEDSACTION))
            remove(c, ICAL_COMPLETED_PROPERTY)
            remove(c, ICAL_PERCENTCOMPLETE_PROPERTY)
        }
    }

    /// DTSTAMP and LAST-MODIFIED set to `now`, SEQUENCE one more (RFC 5545 3.8.7: what CalDAV
    /// clients look at to see a change).
    static func bump(_ c: OpaquePointer, now: Int64) {
        replace(c, ICAL_DTSTAMP_PROPERTY, with: time(ICAL_DTSTAMP_PROPERTY, utc(now)) { icalproperty_new_dtstamp($0) })
        replace(c, ICAL_LASTMODIFIED_PROPERTY, with: time(ICAL_LASTMODIFIED_PROPERTY, utc(now)) { icalproperty_new_lastmodified($0) })
        let seq = icalcomponent_get_first_property(c, ICAL_SEQUENCE_PROPERTY).map { icalproperty_get_sequence($0) } ?? 0
        replace(c, ICAL_SEQUENCE_PROPERTY, with: icalproperty_new_sequence(seq + 1))
    }
}
