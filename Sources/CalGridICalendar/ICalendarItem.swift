// One item's iCalendar text, changed from a todo without losing what CalGrid does not model: the
// write path of a vdir store (issue 21), which rewrites one item's file when its todo changes.
import CLibical
import CalGrid
import CalGridImport

/// Rewriting an item someone else wrote: only the properties CalGrid maps change.
public enum ICalendarItem {
    /// `original` (a VCALENDAR holding the item whose UID is `draft.id`, such as one vdir file) with
    /// that item's mapped properties set from `draft`: SUMMARY, DESCRIPTION, CATEGORIES, DTSTART,
    /// DUE (VTODO) or DTEND (VEVENT), completion, the rule and its ticks, and the reminder (the
    /// TRIGGER of the VALARM it was read from, or a new VALARM). A DATE-TIME keeps its time and TZID and moves
    /// by the days its day moved. DTSTAMP and LAST-MODIFIED become `now` and SEQUENCE goes up by one.
    /// Everything else survives byte for byte: only the content lines of the properties and
    /// components libical writes differently after the change are rewritten (`_ICalSplice.swift`);
    /// other lines keep their folding, parameter order and place, unknown properties (PROXIMITY)
    /// included. When `draft` equals what the item already says (read in `zone`), `original` comes
    /// back byte for byte. A completion this patch makes (STATUS:COMPLETED, a completed instance)
    /// gets COMPLETED `completedAt` (default: `now`), so a day ticked after the fact is completed
    /// on that day.
    /// - Throws: `ImportError.invalidInput` when `original` is not iCalendar or has no such item,
    ///   or (`parserRejected`, the property named) when the change would write an X-LIC-ERROR.
    /// - Complexity: O(size of `original`)
    public static func patch(_ original: [UInt8], with draft: TodoDraft, now: Int64,
                             zone: TimeZoneRules = .utc, completedAt: Int64? = nil) throws(ImportError) -> [UInt8] {
        _Libical.lock()
        defer { _Libical.unlock() }
        var options = ImportOptions(format: .icalendar, zone: zone)
        options.threads = 1
        var set = TodoSet()
        try set.importICalendar(bytes: original, options: options)
        guard let current = set.drafts.first(where: { $0.id == draft.id }) else {
            throw .invalidInput(ImportIssue(reason: .missingField, byteOffset: 0, line: 1, column: 1, recordIndex: -1, field: "UID",
                                            detail: _ICalText.noSuchItem(draft.id)))
        }
        if current.title == draft.title, current.memo == draft.memo, current.tags == draft.tags, current.start == draft.start,
           current.end == draft.end, current.isCompleted == draft.isCompleted, current.recurrence == draft.recurrence,
           current.completedDays == draft.completedDays, current.reminderMinutes == draft.reminderMinutes,
           current.isChallenge == draft.isChallenge, current.repetition == draft.repetition, current.createdAt == draft.createdAt,
           current.occurrenceDays == draft.occurrenceDays, current.location == draft.location, _ICalNative.lines(current) == _ICalNative.lines(draft) {
            return original
        }
        let r: Result<[UInt8], ImportError> = original.withUnsafeBufferPointer { b in
            do throws(_ICalSyntaxError) {
                var doc = try _ICalDocument.parse(b.baseAddress!, count: b.count, maxLineBytes: Int.max)
                defer { doc.free() }
                // The original as libical reads it: what the patched tree is compared with.
                var base = try _ICalDocument.parse(b.baseAddress!, count: b.count, maxLineBytes: Int.max)
                defer { base.free() }
                for root in doc.roots {
                    for c in _Component(raw: root).children(ICAL_ANY_COMPONENT) where (c.isTodo || c.isEvent) && !c.has(ICAL_RECURRENCEID_PROPERTY) {
                        let uid = c.withText(ICAL_UID_PROPERTY) { t in t.map { String(decoding: $0, as: UTF8.self) } }
                        guard uid == draft.id else { continue }
                        _Patch.apply(c, from: current, to: draft, now: now, zone: zone, completedAt: completedAt ?? now)
                        return Self.splice(original, base: base.roots, patched: doc.roots)
                    }
                }
                return .success(original)
            } catch {
                return .failure(.invalidInput(ImportIssue(reason: error.reason, byteOffset: Int64(error.offset), line: error.line, column: 1,
                                                          recordIndex: -1, field: "", detail: error.detail)))
            }
        }
        switch r {
        case .success(let bytes): return bytes
        case .failure(let e): throw e
        }
    }
}

extension ICalendarItem {
    /// `original` with what differs between `base` (its roots as libical read them) and `patched`
    /// written into it (`_Splice`), every other content line kept; a failure when libical would
    /// write an X-LIC-ERROR (a property it could not read, changed by the patch).
    static func splice(_ original: [UInt8], base: [OpaquePointer], patched: [OpaquePointer]) -> Result<[UInt8], ImportError> {
        var s = _Splice(original: original)
        if let text = _TextComponent.frame(original), text.count == base.count, base.count == patched.count,
           zip(base, text).allSatisfy({ _named($0.0, $0.1.name) }) {
            for k in text.indices { s.component(text[k], old: base[k], new: patched[k]) }
        } else {
            // Text libical reads otherwise than its lines frame it: written whole, as libical reads it.
            s.edits.append((0, original.count, s.written(patched.flatMap { _Builder.text($0) }, name: "VCALENDAR")))
        }
        if let name = s.error {
            return .failure(.invalidInput(ImportIssue(reason: .parserRejected, byteOffset: 0, line: 1, column: 1, recordIndex: -1, field: name,
                                                      detail: _ICalText.unwritable(name))))
        }
        return .success(s.apply(to: original))
    }
}

enum _Patch {
    /// Changes the properties of `c` whose todo field differs between `old` and `new`, then bumps it.
    static func apply(_ c: _Component, from oldNative: TodoDraft, to newNative: TodoDraft, now: Int64, zone: TimeZoneRules,
                      completedAt: Int64) {
        let raw = c.raw
        // What RFC 5545's properties say (a weekday repetition as its RRULE from its first repeat
        // day); CalGrid's own fields are the X-CALGRID- properties, set at the end.
        let old = _ICalNative.standard(oldNative), new = _ICalNative.standard(newNative)
        if old.title != new.title {
            _Builder.replace(raw, ICAL_SUMMARY_PROPERTY, with: new.title.isEmpty ? nil : _Builder.text(new.title) { icalproperty_new_summary($0) })
        }
        if old.memo != new.memo {
            _Builder.replace(raw, ICAL_DESCRIPTION_PROPERTY,
                             with: new.memo.flatMap { m in m.isEmpty ? nil : _Builder.text(m) { icalproperty_new_description($0) } })
        }
        if old.location != new.location {
            _Builder.replace(raw, ICAL_LOCATION_PROPERTY, with: new.location.flatMap { l in l.isEmpty ? nil : _Builder.text(l) { icalproperty_new_location($0) } })
        }
        if old.tags != new.tags {
            _Builder.remove(raw, ICAL_CATEGORIES_PROPERTY)
            for t in new.tags where !t.isEmpty { if let p = _Builder.text(t, { icalproperty_new_categories($0) }) { icalcomponent_add_property(raw, p) } }
        }
        // A reminder's VALARM rings relative to DTSTART, else DUE or DTEND: when those come or go,
        // it is taken out before and written again after.
        let anchors = (old.start == nil) != (new.start == nil) || (old.end == nil) != (new.end == nil)
        var clock = _ICalClock(zone: zone)
        if anchors, old.reminderMinutes != nil { try? _ICalAlarm.set(c, to: nil, title: new.title, clock: &clock) }
        if old.createdAt != new.createdAt {
            _Builder.replace(raw, ICAL_CREATED_PROPERTY, with: new.createdAt.flatMap { _Builder.time(ICAL_CREATED_PROPERTY, _Builder.utc($0)) { icalproperty_new_created($0) } })
        } else if let t = new.createdAt, !c.has(ICAL_CREATED_PROPERTY), !_ICalNative.lines(newNative).contains(where: { $0.hasPrefix(_ICalNative.Property.created.rawValue) }) {
            // Read from DTSTAMP (todoman writes no CREATED), which the bump below moves to now: kept
            // as CREATED, so a tick leaves the registration time as it was, as in a native store.
            _Builder.replace(raw, ICAL_CREATED_PROPERTY, with: _Builder.time(ICAL_CREATED_PROPERTY, _Builder.utc(t)) { icalproperty_new_created($0) })
        }
        if old.start != new.start {
            // A todo's DTSTART and DUE have one value type (RFC 5545 3.8.2.3): a start added beside a
            // DATE-TIME DUE is the DUE moved to the start day, its time and TZID kept.
            move(raw, ICAL_DTSTART_PROPERTY, from: old.start, to: new.start, make: { icalproperty_new_dtstart($0) },
                 get: { icalproperty_get_dtstart($0) }, set: { icalproperty_set_dtstart($0, $1) },
                 like: c.isTodo ? ICAL_DUE_PROPERTY : nil, on: old.end)
        }
        let recurs = old.recurrence != nil || new.recurrence != nil
        if recurs, old.recurrence != new.recurrence || old.end != new.end {
            // A recurring todo's end is its rule's UNTIL, not an instance's DUE.
            _Builder.setRule(raw, new)
            if c.isTodo, old.recurrence == nil { _Builder.remove(raw, ICAL_DUE_PROPERTY); _Builder.remove(raw, ICAL_DURATION_PROPERTY) }
            if c.isTodo, new.recurrence == nil {
                move(raw, ICAL_DUE_PROPERTY, from: nil, to: new.end, make: { icalproperty_new_due($0) },
                     get: { icalproperty_get_due($0) }, set: { icalproperty_set_due($0, $1) })
            }
        } else if old.end != new.end {
            if c.isEvent {
                _Builder.remove(raw, ICAL_DURATION_PROPERTY)
                // DTEND is exclusive: one day after the last.
                move(raw, ICAL_DTEND_PROPERTY, from: old.end.map { $0._clampedAdding(1) }, to: new.end.map { $0._clampedAdding(1) },
                     make: { icalproperty_new_dtend($0) }, get: { icalproperty_get_dtend($0) }, set: { icalproperty_set_dtend($0, $1) })
            } else {
                _Builder.remove(raw, ICAL_DURATION_PROPERTY)
                move(raw, ICAL_DUE_PROPERTY, from: old.end, to: new.end, make: { icalproperty_new_due($0) },
                     get: { icalproperty_get_due($0) }, set: { icalproperty_set_due($0, $1) }, like: ICAL_DTSTART_PROPERTY, on: new.start)
            }
        }
        if new.recurrence != nil, old.recurrence == nil || old.occurrenceDays != new.occurrenceDays
            || (new.occurrenceDays > 1 && old.start != new.start) {
            // The first occurrence's DUE or DTEND says how many days each one covers (none: one
            // day; a one-off event's DTEND would otherwise become its occurrences' length).
            _Builder.setOccurrenceEnd(raw, new, isEvent: c.isEvent)
        } else if c.isEvent, old.recurrence != nil, new.recurrence == nil, old.occurrenceDays > 1 {
            // A series of several-day occurrences become one event: its DTEND is its own end's.
            _Builder.remove(raw, ICAL_DURATION_PROPERTY)
            _Builder.replace(raw, ICAL_DTEND_PROPERTY, with: new.end.flatMap { e in
                _Builder.time(ICAL_DTEND_PROPERTY, _Builder.date(e._clampedAdding(1))) { icalproperty_new_dtend($0) } })
        }
        if c.isEvent, new.recurrence == nil {
            // An event open on the right is written with RRULE:FREQ=DAILY (`_Builder.set`).
            let was = old.recurrence == nil && old.start != nil && old.end == nil, now_ = new.start != nil && new.end == nil
            if was != now_ { _Builder.replace(raw, ICAL_RRULE_PROPERTY, with: now_ ? "RRULE:FREQ=DAILY".withCString { icalproperty_new_from_string($0) } : nil) }
        }
        if c.isTodo, old.isCompleted != new.isCompleted { _Builder.setDone(raw, new.isCompleted, now: completedAt) }
        // A rule that changes takes its overrides of occurrences it no longer has with it (a phone's
        // completed instance of a day the new rule skips would show as one more open occurrence).
        if recurs, old.recurrence != new.recurrence || old.start != new.start || old.end != new.end { prune(c, to: new) }
        if recurs, old.completedDays != new.completedDays { ticks(c, from: old, to: new, now: now, completedAt: completedAt) }
        if old.reminderMinutes != new.reminderMinutes || anchors {
            // The anchor was read just before (the item's current draft), so this does not fail;
            // a caller that must know reads the result back (the vdir store does).
            try? _ICalAlarm.set(c, to: new.reminderMinutes, title: new.title, clock: &clock)
        }
        if _ICalNative.lines(oldNative) != _ICalNative.lines(newNative) { _ICalNative.set(raw, newNative) }
        _Builder.bump(raw, now: now)
    }

    /// Ticks added become RECURRENCE-ID instances with STATUS:COMPLETED beside the item (its
    /// RECURRENCE-ID is DTSTART as written, already moved to the new start, moved to the
    /// occurrence: same time, same TZID); ticks
    /// taken back set their instance's status back to NEEDS-ACTION.
    static func ticks(_ c: _Component, from old: TodoDraft, to new: TodoDraft, now: Int64, completedAt: Int64) {
        guard let parent = icalcomponent_get_parent(c.raw), let dtstart = c.first(ICAL_DTSTART_PROPERTY), let start = new.start ?? old.start else { return }
        let written = icalproperty_get_dtstart(dtstart)
        let tzid = icalproperty_get_first_parameter(dtstart, ICAL_TZID_PARAMETER).flatMap { icalparameter_get_tzid($0) }.map { String(cString: $0) }
        func rid(_ day: CivilDate) -> icaltimetype {
            var t = written
            t.day += Int32(clamping: start.days(to: day))
            return icaltime_normalize(t)
        }
        let before = Set(_Builder.ticks(old)), after = Set(_Builder.ticks(new))
        let uid = c.uid
        var instances: [(OpaquePointer, icaltimetype)] = []
        for o in _Component(raw: parent).children(c.kind) where o.uid == uid {
            if let p = o.first(ICAL_RECURRENCEID_PROPERTY) { instances.append((o.raw, icalproperty_get_recurrenceid(p))) }
        }
        func existing(_ day: CivilDate) -> OpaquePointer? {
            let want = rid(day)
            return instances.first { $0.1.year == want.year && $0.1.month == want.month && $0.1.day == want.day }?.0
        }
        for day in after.subtracting(before).sorted() {
            if let o = existing(day) { _Builder.setDone(o, true, now: completedAt); _Builder.bump(o, now: now); continue }
            icalcomponent_add_component(parent, _Builder.instance(of: new, on: day, recurrenceID: rid(day), tzid: tzid, now: now,
                                                                  completedAt: completedAt))
        }
        for day in before.subtracting(after) {
            if let o = existing(day) { _Builder.setDone(o, false, now: now); _Builder.bump(o, now: now) }
        }
    }

    /// Removes the RECURRENCE-ID instances of `c` (already patched to `new`) whose occurrence `new`
    /// does not have: all of them when `new` does not recur. An instance's day is its RECURRENCE-ID
    /// as written, counted from the DTSTART (else DUE) as written, from `new`'s start: the inverse
    /// of how `ticks` writes one.
    static func prune(_ c: _Component, to new: TodoDraft) {
        guard let parent = icalcomponent_get_parent(c.raw) else { return }
        let uid = c.uid
        let anchor = c.first(ICAL_DTSTART_PROPERTY).map { icalproperty_get_dtstart($0) } ?? c.first(ICAL_DUE_PROPERTY).map { icalproperty_get_due($0) }
        func day(_ t: icaltimetype) -> CivilDate? { try? CivilDate(year: Int(t.year), month: Int(t.month), day: Int(t.day)) }
        for o in _Component(raw: parent).children(c.kind) where o.uid == uid {
            guard let p = o.first(ICAL_RECURRENCEID_PROPERTY) else { continue }
            var keep = false
            if let r = new.recurrence, let s = new.start, let a = anchor.flatMap(day), let rid = day(icalproperty_get_recurrenceid(p)) {
                let d = s._clampedAdding(Int64(a.days(to: rid)))
                keep = d >= s && (new.end.map { d <= $0 } ?? true) && r.contains(d)
            }
            if !keep {
                icalcomponent_remove_component(parent, o.raw)
                icalcomponent_free(o.raw)
            }
        }
    }

    /// Moves a date property from day `old` to day `new`: a DATE-TIME by the days between (its time
    /// and TZID kept), a DATE or a missing property set to the new day, removed when `new` is nil.
    /// A property added where the component has a DATE-TIME `like` (on day `on`) is that value
    /// moved to `new`, with its TZID: one value type for both.
    static func move(_ c: OpaquePointer, _ kind: icalproperty_kind, from old: CivilDate?, to new: CivilDate?,
                     make: (icaltimetype) -> OpaquePointer?, get: (OpaquePointer) -> icaltimetype,
                     set: (OpaquePointer, icaltimetype) -> Void, like: icalproperty_kind? = nil, on likeDay: CivilDate? = nil) {
        guard let new else { _Builder.remove(c, kind); return }
        if let p = icalcomponent_get_first_property(c, kind), let old {
            var t = get(p)
            if t.is_date == 0 {
                t.day += Int32(clamping: old.days(to: new))
                set(p, icaltime_normalize(t))
                return
            }
        } else if let like, let likeDay, let q = icalcomponent_get_first_property(c, like), let v = icalproperty_get_value(q) {
            var t = icalvalue_get_datetime(v)
            if t.is_date == 0, icaltime_is_null_time(t) == 0 {
                t.day += Int32(clamping: likeDay.days(to: new))
                t = icaltime_normalize(t)
                let tzid = icalproperty_get_first_parameter(q, ICAL_TZID_PARAMETER).flatMap { icalparameter_get_tzid($0) }.map { String(cString: $0) }
                if tzid != nil { t.zone = nil }
                _Builder.replace(c, kind, with: _Builder.time(kind, t, tzid: tzid, make))
                return
            }
        }
        _Builder.replace(c, kind, with: make(_Builder.date(new)))
    }
}
