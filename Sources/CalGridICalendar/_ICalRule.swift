// RRULE, RDATE and EXDATE → the set's rule, a rule of civil days (docs/icalendar.md, Recurrence).
// CalGrid's own model expands it, not libical's iterator: libical wraps INTERVAL=4294967297 to 1
// and iterates FREQ=SECONDLY without end, so the rule text is taken from the input as written and
// parsed by RecurrenceRule. A DATE or floating DTSTART gives a rule of days as written. A UTC or
// TZID DTSTART gives occurrences that keep their wall-clock time in that zone across its DST
// changes; each becomes the day of its instant in the import zone. When every occurrence moves by
// the same number of days k (a 20:00 New York meeting is the next day in Seoul: k = 1), the rule
// is rewritten k days later (BYDAY, WKST, BYMONTHDAY shifted); when k varies, or the shifted rule has
// no civil-day form (BYDAY=2TU one day later), a bounded rule becomes its days (RDATEs), and an
// unbounded one is an issue.
import CLibical
import CalGrid
import CalGridImport
import CalGridSystem

/// An item's recurrence as the set takes it: start day, rule text of days, added and removed days,
/// and the last occurrence when the rule ends.
struct _ICalRecurrence {
    var start: CivilDate
    var text: [UInt8]?
    var rdates: [CivilDate] = []
    var exdates: [CivilDate] = []
    var last: CivilDate? = nil
    /// Days of occurrences an override marks done (RECURRENCE-ID with STATUS:COMPLETED).
    var ticks: [CivilDate] = []
    /// Why the rule became its days as far as a horizon, when it did (a warning).
    var warning: _FieldFailure? = nil
    /// Each override (RECURRENCE-ID) of an occurrence that stays, with the day its occurrence
    /// starts on in the import zone, and whether another occurrence of the item falls on that day
    /// too (moved onto it): its own alarms ring for it (`_ICalAlarms.overrides`).
    var overrides: [(component: OpaquePointer, day: CivilDate, shared: Bool)] = []

    /// The flags the set tracks for the todo (one per occurrence in start...last, or as far as the
    /// last ticked one when the rule never ends: the set keeps an open rule's first flags) with the
    /// ticked ones' indices (every one when `allDone`: the item itself is completed, and its rule
    /// ends); nil when nothing is ticked.
    func flags(allDone: Bool = false) -> (count: Int, ticked: [Int])? {
        let wholeDone = allDone && self.last != nil
        guard let last = wholeDone ? self.last : ticks.max().map({ self.last ?? $0 }) else { return nil }
        var rule: RecurrenceRule? = nil
        if let text { rule = try? text.withUnsafeBufferPointer { b throws(RecurrenceError) in try RecurrenceRule(parsingBytes: b) } }
        let days = Array(Recurrence(start: start, rule: rule, rdates: rdates, exdates: exdates).occurrences(in: start...last))
        if wholeDone { return (days.count, Array(days.indices)) }
        let tickSet = Set(ticks)
        let ticked = days.indices.filter { tickSet.contains(days[$0]) }
        // A completed instance on no occurrence's day ticks nothing: no flags, as an export (which
        // writes ticks only) reads back.
        guard let lastTicked = ticked.last else { return nil }
        // An open rule's flags end at its last ticked occurrence (what the set keeps, and reads back).
        return (self.last == nil ? lastTicked + 1 : days.count, ticked)
    }
}

struct _ICalRuleReader {
    /// A rule whose days move unevenly is written out as days, up to this many (a daily rule
    /// from 1964 to 2100; a weekly one for 950 years).
    static let maxDays = 50_000
    /// The last day an endless rule whose days move unevenly is written out to: 2100-12-31, or
    /// ten years after a later start (docs/icalendar.md).
    static func horizon(after start: CivilDate) -> CivilDate {
        Swift.max(try! CivilDate(year: 2100, month: 12, day: 31), start._clampedAdding(3_652))
    }
    /// Days sampled to see whether every occurrence moves by the same days: three years from the
    /// start and from a year before today (a zone's rules repeat yearly past their last change).
    static let sampleSpan = 1_096

    var anchor: _ICalTime
    var anchorDay: CivilDate
    var tzid: String?
    let calendar: _Component

    /// The recurrence of `c` (nil when it has no RRULE or RDATE), anchored at `anchor` (DTSTART,
    /// else DUE for a VTODO, as recurring-ical-events does) whose day in the import zone is
    /// `anchorDay`. `raw` is the item's text (the RRULE is read from it as written).
    static func read(_ c: _Component, raw: UnsafeBufferPointer<UInt8>, anchor: _ICalTime, anchorDay: CivilDate,
                     overrides: [OpaquePointer], clock: inout _ICalClock) throws(_FieldFailure) -> _ICalRecurrence? {
        // Where the whole parse could not place the item, `raw` is its VCALENDAR's text: libical's
        // reading of the RRULE then, never none.
        let rules = _RawProperty.isText(of: c, raw) ? _RawProperty.values("RRULE", in: raw) : c.all(ICAL_RRULE_PROPERTY).map(_Property.valueText)
        guard !rules.isEmpty || c.has(ICAL_RDATE_PROPERTY) else { return nil }
        guard rules.count <= 1 else { throw _FieldFailure(.invalidRule, "RRULE", _ICalText.twoRules) }
        var tzid: String? = nil
        if case .zoned(let z) = anchor.form { tzid = z }
        let r = _ICalRuleReader(anchor: anchor, anchorDay: anchorDay, tzid: tzid, calendar: c.root)
        let out = try r.recurrence(c, text: rules.first, overrides: overrides.map(_Component.init(raw:)), clock: &clock)
        // A rule written out as its days that has no day but DTSTART's (an UNTIL before it) is one
        // occurrence: the item is read as not recurring, as its export (no RRULE, no RDATE) reads back.
        return out.text == nil && out.rdates.isEmpty ? nil : out
    }

    var isTimed: Bool {
        switch anchor.form {
        case .utc, .zoned: true
        case .date, .floating: false
        }
    }

    /// The instant of day `d` at the anchor's time of day, on the anchor zone's wall clock.
    func instant(_ d: CivilDate, second: Int32? = nil, _ clock: inout _ICalClock) throws(_FieldFailure) -> Int64 {
        let wall = Int64(d.dayNumber) * 86_400 + Int64(second ?? anchor.secondOfDay)
        guard let tzid else { return wall }
        return try clock.instant(wall: wall, tzid: tzid, "RRULE", in: calendar)
    }

    /// The day in the import zone of the occurrence on anchor-zone day `d`.
    func mapped(_ d: CivilDate, _ clock: inout _ICalClock) throws(_FieldFailure) -> CivilDate {
        try clock.day(.instant(try instant(d, &clock)), "RRULE")
    }

    /// The anchor zone's day of instant `e`.
    func zoneDay(of e: Int64, _ clock: inout _ICalClock) throws(_FieldFailure) -> CivilDate {
        let (utcDay, _) = _floorDivide(e, 86_400)
        // No zone is more than a day and a bit from UTC: a few steps back from the UTC day after.
        var d = CivilDate.epoch._clampedAdding(utcDay + 2)
        var steps = 0
        while steps < 6, d.dayNumber > CivilDate.minDayNumber, try instant(d, second: 0, &clock) > e { d = d.advanced(by: -1); steps += 1 }
        return d
    }

    func recurrence(_ c: _Component, text: [UInt8]?, overrides: [_Component], clock: inout _ICalClock) throws(_FieldFailure) -> _ICalRecurrence {
        var rule: RecurrenceRule? = nil
        if let t = text {
            do throws(RecurrenceError) { rule = try t.withUnsafeBufferPointer { b throws(RecurrenceError) in try RecurrenceRule(parsingBytes: b) } } catch {
                throw _FieldFailure(.invalidRule, "RRULE", _ICalText.badRule(error.description))
            }
        }
        // Parsed, the text is NAME=VALUE parts (what the rewriting below works on).
        var parts = text.flatMap(_RuleParts.init)
        // A timed UNTIL is an instant: the last anchor-zone day whose occurrence is not after it.
        if isTimed, let until = rule?.until, var p = parts {
            let u: Int64
            switch until {
            case .day(let d): u = try instant(d, second: 86_399, &clock)
            case .floating(let d, let s): u = try instant(d, second: s, &clock)
            case .utc(let d, let s): u = Int64(d.dayNumber) * 86_400 + Int64(s)
            }
            var day = try zoneDay(of: u, &clock)
            if try instant(day, &clock) > u { day = day.advanced(by: -1) }
            p.set("UNTIL", day.basic)
            parts = p
            rule = try? p.text.withUnsafeBufferPointer { b throws(RecurrenceError) in try RecurrenceRule(parsingBytes: b) }
        }
        // A floating DTSTART's DATE-TIME UNTIL (what an export of a timed item writes) is a wall
        // time: the last day whose occurrence, at DTSTART's time of day, is not after it.
        if case .floating = anchor.form, case .floating(let d, let second)? = rule?.until, var p = parts {
            p.set("UNTIL", (second >= anchor.secondOfDay ? d : d.advanced(by: -1)).basic)
            parts = p
            rule = try? p.text.withUnsafeBufferPointer { b throws(RecurrenceError) in try RecurrenceRule(parsingBytes: b) }
        }
        var out = _ICalRecurrence(start: anchorDay, text: nil)
        let zoneRecurrence = Recurrence(start: anchor.day, rule: rule)
        // EXDATE removes the occurrence at its instant (a DATE: the occurrence on that day).
        var excluded: [CivilDate] = []
        for p in c.all(ICAL_EXDATE_PROPERTY) {
            if let d = try occurrence(at: try _Property.time(p, "EXDATE"), "EXDATE", zoneRecurrence, &clock) { excluded.append(d) }
        }
        var rdateInstants: [Int64] = []
        for p in c.all(ICAL_RDATE_PROPERTY) {
            // A PERIOD adds the day it starts on.
            let v = icalproperty_get_rdate(p)
            let time = try _Property.time(icaltime_is_null_time(v.time) == 0 ? v.time : v.period.start, of: p, "RDATE")
            let read = try clock.read(time, "RDATE", in: calendar)
            if case .instant(let i) = read { rdateInstants.append(i) }
            out.rdates.append(try clock.day(read, "RDATE"))
        }
        // An override (RECURRENCE-ID) moved to another day or cancelled takes its occurrence away;
        // a moved one falls on its own DTSTART's day. A completed one ticks its day.
        var moved: [CivilDate] = []
        for o in overrides {
            guard let rid = try o.time(ICAL_RECURRENCEID_PROPERTY, "RECURRENCE-ID"),
                  let d = try occurrence(at: rid, "RECURRENCE-ID", zoneRecurrence, &clock, rdates: rdateInstants) else { continue }
            // Of a rule of days, an override of no occurrence (rule or RDATE) overrides nothing.
            if !isTimed, !zoneRecurrence.contains(d), !out.rdates.contains(d) { continue }
            let day = isTimed ? try mapped(d, &clock) : d
            var at = day
            if let s = try o.time(ICAL_DTSTART_PROPERTY, "DTSTART") { at = try clock.day(try clock.read(s, "DTSTART", in: calendar), "DTSTART") }
            if let st = o.first(ICAL_STATUS_PROPERTY), icalproperty_get_status(st) == ICAL_STATUS_CANCELLED {
                excluded.append(d)
                continue
            }
            if at != day { excluded.append(d); moved.append(at) }
            if o.isDone { out.ticks.append(at) }
            out.overrides.append((o.raw, at, at != day))
        }
        // A moved occurrence shares its new day with the rule's own occurrence there, if any: that
        // one keeps the item's alarms (`shared`); the day of one moved nowhere else has none but its own.
        let removedDays = Set(excluded)
        for k in out.overrides.indices where out.overrides[k].shared {
            let at = out.overrides[k].day
            var regular = out.rdates.contains(at)
            for off in -2...2 where !regular {
                let d = at._clampedAdding(Int64(off))
                if zoneRecurrence.contains(d), !removedDays.contains(d), (isTimed ? try mapped(d, &clock) : d) == at { regular = true }
            }
            out.overrides[k].shared = regular
        }
        out.rdates += moved
        // An instance moved onto a day whose own occurrence is excluded keeps that day: EXDATE
        // matches its instant, not the moved one's, and the set's rule is of days.
        let movedDays = Set(moved)
        guard isTimed, rule != nil, let p = parts else {
            out.text = parts?.text
            out.exdates = excluded.filter { !movedDays.contains($0) }
            out.last = Self.last(out, rule: rule)
            return out
        }
        // Timed: how far each occurrence moves into the import zone.
        let bounded = rule!.count != nil || rule!.until != nil
        // The occurrence on or after every seventh day of the sampled years: every stretch between
        // two changes of either zone's offset (weeks at least) has its occurrences' shift seen.
        let last = zoneRecurrence.lastOccurrence ?? .max
        let today = CivilDate.epoch._clampedAdding(_floorDivide(CurrentProcess.secondsSince1970(), 86_400).0)
        var sampled: Set<CivilDate> = [anchor.day]
        for from in [anchor.day, Swift.max(anchor.day, today.advanced(by: -366))] {
            let to = Swift.min(last, from._clampedAdding(Int64(Self.sampleSpan)))
            var probe = from
            while probe <= to {
                if let d = zoneRecurrence.next(after: probe.advanced(by: -1)), d <= to { sampled.insert(d) }
                guard probe.dayNumber + 7 <= CivilDate.maxDayNumber else { break }
                probe = probe.advanced(by: 7)
            }
        }
        var shifts = Set<Int>()
        for d in sampled { shifts.insert(d.days(to: try mapped(d, &clock))) }
        let k = shifts.first ?? anchor.day.days(to: anchorDay)
        if shifts.count <= 1, let shifted = p.shifted(by: k, start: anchor.day) {
            out.text = shifted.text
            for d in excluded where !movedDays.contains(d.advanced(by: k)) { out.exdates.append(d.advanced(by: k)) }
            out.last = Self.last(out, rule: try? shifted.text.withUnsafeBufferPointer { b throws(RecurrenceError) in try RecurrenceRule(parsingBytes: b) })
            return out
        }
        // Written out as days: a rule with an end to its end, one without to the horizon (a
        // warning says so); never more than maxDays.
        let through = bounded ? last : Self.horizon(after: anchor.day)
        var days: [CivilDate] = []
        for d in zoneRecurrence.occurrences(in: anchor.day...Swift.max(anchor.day, through)) {
            if days.count == Self.maxDays { break }
            days.append(d)
        }
        // Written out: every occurrence's day, those EXDATE removes left out.
        let removed = Set(excluded)
        for d in days where !removed.contains(d) {
            let m = try mapped(d, &clock)
            if m != anchorDay { out.rdates.append(m) }
        }
        if removed.contains(anchor.day), !movedDays.contains(anchorDay) { out.exdates.append(anchorDay) }
        out.last = Self.last(out, rule: nil)
        if !bounded || days.count == Self.maxDays {
            out.warning = _FieldFailure(.invalidRule, "RRULE", _ICalText.ruleExpanded(p.textString, clock.zone.name, (out.last ?? anchorDay).iso8601))
        }
        return out
    }

    /// The anchor-zone day of the occurrence at `t` (an EXDATE or a RECURRENCE-ID): matched by
    /// instant for a timed rule (the rule's, or one of the `rdates` instants), by day for a DATE;
    /// nil when no occurrence is there.
    func occurrence(at t: _ICalTime, _ name: String, _ r: Recurrence, _ clock: inout _ICalClock,
                    rdates: [Int64] = []) throws(_FieldFailure) -> CivilDate? {
        guard isTimed else { return try clock.day(try clock.read(t, name, in: calendar), name) }
        if t.isDate { return r.contains(t.day) ? t.day : nil }
        let e: Int64
        switch try clock.read(t, name, in: calendar) {
        case .instant(let i): e = i
        case .day: e = try instant(t.day, second: t.secondOfDay, &clock)
        }
        let d = try zoneDay(of: e, &clock)
        // An RDATE's instance at the rule's time of day too (RFC 5545 3.8.4.4): CalGrid writes an
        // occurrence moved to a day of its own as an RDATE with its override at that instant.
        return try instant(d, &clock) == e && (r.contains(d) || rdates.contains(e)) ? d : nil
    }

    /// The todo's end: its UNTIL day (a DATE: what an export writes back from the end), or the last
    /// occurrence (COUNT; days only), never before the last RDATE; nil when the rule never ends.
    static func last(_ r: _ICalRecurrence, rule: RecurrenceRule?) -> CivilDate? {
        if let rule, rule.count == nil, rule.until == nil { return nil }
        let lastDay = Recurrence(start: r.start, rule: rule, rdates: r.rdates, exdates: r.exdates).lastOccurrence
        if case .day(let u)? = rule?.until { return Swift.max(u, lastDay ?? u) }
        return lastDay
    }
}

extension CivilDate {
    /// `YYYYMMDD`, the form of an RFC 5545 DATE.
    var basic: String {
        let (y, m, d) = components
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        var ys = "\(y)"
        while ys.utf8.count < 4 { ys = "0" + ys }
        return ys + two(m) + two(d)
    }
}
