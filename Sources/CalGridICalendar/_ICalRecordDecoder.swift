// The import layer's decoder for iCalendar: a record is one VTODO or VEVENT, already parsed by
// libical (the driver hands its component in the span's `parsed`); it is read into a todo and staged.
// libical's zones from a VTIMEZONE expand their changes lazily, in place, so an iCalendar import
// decodes on one thread (`_ICalImport` asks for one).
import CLibical
import CalGrid
import CalGridImport

struct _ICalRecordDecoder: _RecordDecoding {
    var clock: _ICalClock
    /// Each recurring item's RECURRENCE-ID overrides, by the item's component (set by `_ICalImport`).
    var overrides: [OpaquePointer: [OpaquePointer]] = [:]
    /// The id of each item read under another than its UID (none, or an earlier item's), by its
    /// component (set by `_ICalImport`).
    var ids: [OpaquePointer: String] = [:]
    /// The warnings of the items decoded since the import last took them, with each item's
    /// offset (`_Span.start`).
    var warnings: [(start: Int, warning: _FieldFailure)] = []

    /// The longest span a todo may have (`ImportLimits.maxSpanDays`): what the store's reader
    /// refuses, the import refuses too, at the item.
    let maxSpanDays: Int

    init(options: ImportOptions) {
        clock = _ICalClock(zone: options.zone)
        maxSpanDays = options.limits.maxSpanDays
    }

    func beginChunk() {}
    func endChunk(_ context: Void) {}
    func takeUnknownFields() -> Int { 0 }
    func release() {}

    mutating func decode(_ base: UnsafePointer<UInt8>, _ span: _Span, as format: ImportFormat,
                         into batch: inout TodoBatch) throws(_FieldFailure) -> _RecordOutcome {
        guard let raw = span.parsed else { throw _FieldFailure(.parserRejected, "", _ICalText.empty) }
        let c = _Component(raw: raw)
        if let bad = _ICalRecordDecoder.controlCharacter(in: c) { throw _ICalRecordDecoder.controlCharacterFailure(bad.property, bad.byte) }
        var item = try _ICalItem(c, raw: UnsafeBufferPointer(start: base + span.start, count: span.end - span.start),
                                 overrides: overrides[raw] ?? [], clock: &clock)
        // CalGrid's own fields, from its X-CALGRID- properties (_ICalNativeRead.swift).
        let native = _ICalNative.read(c, &item)
        // A recurring item's end is the last day of its last occurrence (the reader's is the day it starts).
        let spans = item.recurrence != nil && item.occurrenceDays > 1
        let extra = spans ? Int(item.occurrenceDays) - 1 : 0
        // A rule whose occurrences outrun the limit (DAILY;COUNT=40000), their last days counted,
        // stays a rule without a stored end, expanded on demand as an endless one is
        // (_ICalItem+LongRule.swift).
        if item.recurrence != nil, let s = item.start, let e = item.end, e >= s, s.days(to: e) + extra >= maxSpanDays {
            item.keepAsRule()
        }
        if let s = item.start, let e = item.end, e >= s, s.days(to: e) >= maxSpanDays {
            throw _FieldFailure.spanTooLong(c.isTodo ? "DUE" : "DTEND", limit: maxSpanDays)
        }
        var alarms = try _ICalAlarms.read(c, first: item.start, clock: &clock, warnings: &item.warnings)
        if let r = item.recurrence, !r.overrides.isEmpty {
            // Silent marks only where the series has alarms to silence: without any they would
            // only add alarms to an item that has none (and change its native export).
            alarms += try _ICalAlarms.overrides(r.overrides, silencing: !alarms.isEmpty || item.reminder != nil,
                                                clock: &clock, warnings: &item.warnings)
        }
        let end = spans ? item.end.map { $0._clampedAdding(Int64(extra)) } : item.end
        var fields = TodoFields(start: item.start, end: end, createdAt: item.createdAt, isChallenge: native.isChallenge,
                                isCompleted: item.isCompleted, repetition: native.repetition, reminderMinutes: item.reminder, isEvent: c.isEvent,
                                occurrenceDays: spans ? item.occurrenceDays : 1)
        // Times belong to days: an item read as undated (a VEVENT with DTEND but no DTSTART) has
        // none, or an export (which writes no dates for it) would lose them.
        if fields.start != nil || fields.end != nil { fields.times = try _ICalItem.times(c, &clock) }
        func append(_ id: UnsafeRawBufferPointer?) {
            c.withText(ICAL_SUMMARY_PROPERTY) { title in
                c.withText(ICAL_DESCRIPTION_PROPERTY) { memo in
                    batch.append(idBytes: id ?? UnsafeRawBufferPointer(start: nil, count: 0),
                                 titleBytes: title ?? UnsafeRawBufferPointer(start: nil, count: 0), memoBytes: memo, fields: fields)
                }
            }
        }
        if let derived = ids[raw] {
            var d = derived
            d.withUTF8 { append(UnsafeRawBufferPointer($0)) }
        } else {
            guard c.has(ICAL_UID_PROPERTY) else { throw _FieldFailure(.missingField, "UID", _ICalText.missingUID(c.kindName)) }
            c.withText(ICAL_UID_PROPERTY) { append($0) }
        }
        c.withText(ICAL_LOCATION_PROPERTY) { l in if let l, l.count > 0 { batch.setLocation(l) } }
        if fields.times != nil {
            // The DTSTART's own zone (a one-off item's only where CalGrid wrote it beside its TZID,
            // X-CALGRID-TIMEZONE: one that came with a TZID needs none); else the one CalGrid
            // wrote beside floating times before it wrote TZIDs.
            if item.recurrence != nil || native.timeZone != nil, let z = _ICalItem.timeZone(c, &clock, warnings: &item.warnings) {
                batch.setTimeZone(z)
            } else if let name = native.timeZone, let source = try? TimeZoneRules.parse(name) {
                batch.setTimeZone(TodoTimeZone(source: source, readIn: clock.zone))
            }
        }
        for w in item.warnings { warnings.append((span.start, w)) }
        for a in alarms { batch.appendAlarm(a) }
        for p in c.all(ICAL_CATEGORIES_PROPERTY) {
            _Property.withText(p) { t in if let t, t.count > 0 { batch.appendTag(t) } }
        }
        if let r = item.recurrence {
            if let text = r.text {
                text.withUnsafeBytes { batch.setRule(textBytes: $0, rdates: r.rdates, exdates: r.exdates) }
            } else {
                batch.setRule(textBytes: nil, rdates: r.rdates, exdates: r.exdates)
            }
            if !c.isEvent, !native.ownFlags, let f = r.flags(allDone: item.isCompleted) {
                batch.setCompletedDays(count: f.count)
                for k in f.ticked { batch.setCompletedDay(k) }
            }
        }
        if let f = native.flags {
            batch.setCompletedDays(count: f.count)
            for k in f.ticked { batch.setCompletedDay(k) }
        }
        // A completed item with a start and an end and no rule stages no flags: the set gives a
        // tracked todo that comes without them its flags from isCompleted (every day done).
        return .staged
    }
}
