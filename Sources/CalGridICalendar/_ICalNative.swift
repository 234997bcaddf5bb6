// CalGrid's own fields in iCalendar, as written: a weekday repetition as the RRULE every client
// reads (FREQ=WEEKLY;BYDAY=…, DTSTART on its first repeat day), and, only where RFC 5545 has no
// property for a field, an X-CALGRID- property (docs/icalendar.md, "CalGrid's own fields"): so a
// todo of the native format survives native → ics → native and a vdir write and read.
// `_ICalNativeRead` reads them back.
import CLibical
import CalGrid
import CalGridImport

enum _ICalNative {
    /// CalGrid's own properties: what a write replaces (other X-CALGRID- names, such as the test
    /// corpus' X-CALGRID-IMITATES, are left alone) and what a read looks for.
    enum Property: String {
        /// `TRUE`: the todo is a challenge (`isChallenge`).
        case challenge = "X-CALGRID-CHALLENGE"
        /// The repetition's weekdays as RRULE BYDAY words (`MO,WE,FR`).
        case repetition = "X-CALGRID-REPETITION"
        /// The todo's own start day when it is not its first repeat day (DTSTART, synchronised, is).
        case start = "X-CALGRID-START"
        /// `START`: a todo with an end and no start (every day up to its due); `END`: one with a start
        /// and no end (every day from its start); `LAST`: an event's last day when it has no start
        /// (`X-CALGRID-OPEN;X-CALGRID-LAST=…`, no VEVENT form has an end without a start).
        case open = "X-CALGRID-OPEN"
        /// The per-day completion flags, `0`/`1` a tracked day in date order (`EMPTY`: none tracked;
        /// `NONE`: no flags of its own, where the item's status would tick them all), with the STATUS they
        /// were written beside (`X-CALGRID-STATUS`): read only while the item still says that status.
        case ticked = "X-CALGRID-TICKED"
        /// A recurring todo's own rule, when the RRULE written is it with the todo's end as UNTIL.
        case rule = "X-CALGRID-RULE"
        /// A recurring todo's own last day, when its rule ends by itself (UNTIL, COUNT); `NONE`: it has none.
        case end = "X-CALGRID-END"
        /// `NONE`: no creation time; else seconds since 1970 (a time no CREATED can say).
        case created = "X-CALGRID-CREATED"
        /// Minutes after midnight: the reminder of a todo with no day to anchor a VALARM to.
        case reminder = "X-CALGRID-REMINDER"
        /// The zone whose wall clock a recurring item's times keep (`TodoDraft.timeZone`'s source, by
        /// name), written beside the floating DATE-TIMEs a new item gets; read back in the import zone.
        case timeZone = "X-CALGRID-TIMEZONE"
    }
    /// The parameter of `open` giving an event's last day.
    static let lastParameter = "X-CALGRID-LAST"
    /// The parameter of `ticked` naming the status written beside it.
    static let statusParameter = "X-CALGRID-STATUS"

    /// The first day on or after `day` whose weekday is in `days`; nil when none is, up to 9999-12-31.
    static func firstRepeatDay(_ days: WeekdaySet, onOrAfter day: CivilDate) -> CivilDate? {
        guard !days.isEmpty else { return nil }
        var d = day
        for _ in 0..<7 {
            if days.contains(d.weekday) { return d }
            guard d < .max else { return nil }
            d = d._clampedAdding(1)
        }
        return nil
    }

    /// `d` as RFC 5545's own properties say it: a weekday repetition with a start becomes the rule
    /// `FREQ=WEEKLY;BYDAY=…` from its first repeat day on or after the start (DTSTART synchronised:
    /// RFC 5545 leaves a DTSTART that is not one of the rule's days undefined), its flags one per
    /// occurrence, as before one per repeat day; without a start, or without a repeat day in its
    /// span, it keeps its days and the repetition is an X- property only.
    /// A recurring item whose occurrences cover several days (`occurrenceDays`) has its end as
    /// the last day an occurrence starts on (what UNTIL and X-CALGRID-END say; the reader adds the
    /// days back), and its first occurrence's DUE or DTEND gives the length (`_Builder.setOccurrenceEnd`).
    static func standard(_ d: TodoDraft) -> TodoDraft {
        let d = occurrenceBound(d)
        guard !d.isEvent, d.repetition != .all else { return d }
        var s = d
        s.repetition = .all
        if let start = d.start, let first = firstRepeatDay(d.repetition, onOrAfter: start), d.end.map({ first <= $0 }) ?? true {
            s.start = first
            s.recurrence = Recurrence(start: first, rule: RecurrenceRule(weekdays: d.repetition))
        } else {
            s.completedDays = nil
        }
        return s
    }

    /// `d` with a recurring item's end moved back by the days its occurrences cover after their
    /// first: the last day one starts on.
    static func occurrenceBound(_ d: TodoDraft) -> TodoDraft {
        guard d.recurrence != nil, d.occurrenceDays > 1, let e = d.end else { return d }
        var b = d
        b.end = CivilDate(_unchecked: Swift.max(e.dayNumber - (d.occurrenceDays - 1), CivilDate.minDayNumber))
        return b
    }

    /// The BYDAY words of `days` (`MO,WE,FR`), as the rule's canonical text writes them.
    static func words(_ days: WeekdaySet) -> String {
        let part = RecurrenceRule(weekdays: days).text.split(separator: ";").first { $0.hasPrefix("BYDAY=") }
        return part.map { String($0.dropFirst(6)) } ?? ""
    }

    /// The X-CALGRID- content lines `d` needs beside its standard properties (`standard(d)`).
    static func lines(_ d: TodoDraft) -> [String] {
        var out: [String] = []
        func line(_ p: Property, _ rest: String) { out.append(p.rawValue + rest) }
        if d.isChallenge { line(.challenge, ":TRUE") }
        let s = standard(d)
        if d.repetition != .all, !d.isEvent {
            line(.repetition, ":" + words(d.repetition))
            if let start = d.start, s.start != start, s.recurrence != nil { out.append(start_(start)) }
        }
        if let rule = d.recurrence?.rule, rule.until == nil, rule.count == nil, d.end != nil {
            // The RRULE says the end as its UNTIL; the todo's own rule has none.
            line(.rule, ":" + rule.text)
        }
        if let r = s.recurrence {
            // A rule that ends by itself (UNTIL, COUNT, RDATEs only) reads back ending on its last
            // day: the todo's own end, or that it has none, is said beside it.
            // A zoned item's days are those of the zone it is read in: its rule's own last day
            // is said by the rule, in any zone; a day written here would be the writer's.
            let ownLast = s.end != nil && s.end == r.lastOccurrence && _WrittenZone(d) != nil
            if r.rule == nil || r.rule?.until != nil || r.rule?.count != nil, !ownLast {
                line(.end, s.end.map { ";VALUE=DATE:" + $0.basic } ?? ":NONE")
            }
        } else if d.isEvent, d.start != nil, d.end == nil, d.repetition == .all {
            // Written with RRULE:FREQ=DAILY (a VEVENT without DTEND is one day): it is no rule.
            line(.open, ":END")
        } else if d.isEvent, d.start == nil, let e = d.end {
            line(.open, ";" + lastParameter + "=" + e.basic + ":START")
        } else if !d.isEvent, d.start == nil, d.end != nil {
            line(.open, ":START")
        } else if !d.isEvent, d.start != nil, d.end == nil {
            line(.open, ":END")
        }
        if !d.isEvent, s.recurrence == nil || d.completedDays != ruleFlags(s) {
            if let flags = d.completedDays {
                line(.ticked, ";" + statusParameter + "=" + (d.isCompleted ? "COMPLETED" : "NEEDS-ACTION") + ":"
                              + (flags.isEmpty ? "EMPTY" : String(flags.map { $0 ? "1" : "0" })))
            } else if d.isCompleted, s.recurrence != nil {
                // A completed recurring todo that ends reads back with every occurrence ticked; it had no flags.
                line(.ticked, ";" + statusParameter + "=COMPLETED:NONE")
            }
        }
        if let c = d.createdAt {
            if _Builder.utc(c) == nil { line(.created, ":\(c)") }
        } else {
            line(.created, ":NONE")
        }
        if let m = d.reminderMinutes, !hasAlarmAnchor(d) { line(.reminder, ":\(m)") }
        // Not for a zone made from a VTIMEZONE's expanded changes: no reader finds it by its name
        // (its TZID, written with the times, gives it back).
        if let z = d.timeZone, d.times != nil, !_isExpandedZoneName(z.source.name) { line(.timeZone, ":" + z.source.name) }
        return out
    }

    /// The flags a reader gets from recurring `s`'s RECURRENCE-ID ticks and STATUS alone
    /// (`_ICalRecurrence.flags`): every occurrence for a completed todo whose rule ends, else one
    /// per occurrence (as far as the last ticked when it never ends), nil with no tick. Where the
    /// todo's own flags are these, no X-CALGRID-TICKED is written.
    static func ruleFlags(_ s: TodoDraft) -> [Bool]? {
        guard let r = s.recurrence, let start = s.start else { return nil }
        // The reader's last day: the rule's own end, else the todo's end written as its UNTIL;
        // none for a todo without an end, whose flags run as far as its last tick (keepAsRule).
        let last = s.end == nil ? nil : r.rule.map { $0.until == nil && $0.count == nil } ?? false ? s.end : r.lastOccurrence
        if s.isCompleted, let last { return [Bool](repeating: true, count: Array(r.occurrences(in: start...last)).count) }
        let ticks = Set(_Builder.ticks(s))
        guard let lastTick = ticks.max() else { return nil }
        return r.occurrences(in: start...(last ?? lastTick)).map { ticks.contains($0) }
    }

    /// True when `d`'s item has a DTSTART or DUE for a VALARM to ring relative to (an event
    /// without a start is no VEVENT a client shows, so its reminder is an X- property).
    static func hasAlarmAnchor(_ d: TodoDraft) -> Bool { d.start != nil || (d.end != nil && !d.isEvent) }

    private static func start_(_ day: CivilDate) -> String { Property.start.rawValue + ";VALUE=DATE:" + day.basic }

    /// Replaces the X-CALGRID- properties of `c` (those of `Property`) with `d`'s.
    static func set(_ c: OpaquePointer, _ d: TodoDraft) {
        var p = icalcomponent_get_first_property(c, ICAL_X_PROPERTY)
        var old: [OpaquePointer] = []
        while let q = p {
            if let n = icalproperty_get_x_name(q), Property(rawValue: String(cString: n)) != nil { old.append(q) }
            p = icalcomponent_get_next_property(c, ICAL_X_PROPERTY)
        }
        for q in old { icalcomponent_remove_property(c, q); icalproperty_free(q) }
        for line in lines(d) {
            if let q = line.withCString({ icalproperty_new_from_string($0) }) { icalcomponent_add_property(c, q) }
        }
    }
}
