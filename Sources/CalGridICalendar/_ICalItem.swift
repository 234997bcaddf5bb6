// One VTODO or VEVENT read into a todo's fields, by the mapping of docs/icalendar.md:
// UID → id, SUMMARY → title, DESCRIPTION → memo, CATEGORIES → tags, CREATED else DTSTAMP →
// createdAt, DTSTART → start day, DUE → end day (VTODO; DTSTART + DURATION likewise), DTEND
// (exclusive) or DURATION → last day (VEVENT), STATUS:COMPLETED / COMPLETED / PERCENT-COMPLETE:100
// → done (a VEVENT never is), the first VALARM with a relative TRIGGER → reminder time (_ICalAlarm).
// Shape only: the set checks its own rules on insert.
import CLibical
import CalGrid
import CalGridImport

/// A point of a value on the time line: a wall-clock reading (DATE, floating) or an instant.
enum _Moment {
    case wall(Int64)
    case instant(Int64)

    func adding(_ seconds: Int64) -> _Moment {
        switch self {
        case .wall(let w): .wall(w + seconds)
        case .instant(let i): .instant(i + seconds)
        }
    }

    /// Whether `self` is after `other`; values of different kinds compare by their numbers.
    func isAfter(_ other: _Moment) -> Bool {
        switch (self, other) {
        case (.wall(let a), .wall(let b)), (.instant(let a), .instant(let b)), (.wall(let a), .instant(let b)), (.instant(let a), .wall(let b)):
            return a > b
        }
    }
}

struct _ICalItem {
    var start: CivilDate?
    var end: CivilDate?
    var createdAt: Int64?
    var isCompleted = false
    /// RRULE, RDATE and EXDATE as the set's rule; nil when the item does not recur.
    var recurrence: _ICalRecurrence? = nil
    /// Days each occurrence of a recurring item covers: its first one's DTSTART to DUE (or
    /// DURATION) for a VTODO, to DTEND (exclusive, or DURATION) for a VEVENT. `end` stays the last
    /// day an occurrence starts on; the decoder adds these days to it.
    var occurrenceDays: Int32 = 1
    /// The reminder's minutes after midnight, from a VALARM (`_ICalAlarm`).
    var reminder: Int16? = nil
    /// Flaws that change no day or field CalGrid uses, or that it reads in a documented way
    /// (the report's warnings, located by the import).
    var warnings: [_FieldFailure] = []

    /// Reads `c` (a VTODO or VEVENT, whose text is `raw`) with `clock`.
    init(_ c: _Component, raw: UnsafeBufferPointer<UInt8>, overrides: [OpaquePointer], clock: inout _ICalClock) throws(_FieldFailure) {
        for e in c.parseErrors {
            // libical dropped or repaired a property: an error when CalGrid reads it, else a warning.
            guard let name = _ICalRepair.property(named: e), !_ICalRepair.mapped.contains(name) else {
                throw _FieldFailure(.parserRejected, "", _ICalText.libical(e))
            }
            warnings.append(_FieldFailure(.parserRejected, name, _ICalText.repaired(e)))
        }
        let calendar = c.root
        reminder = try _ICalAlarm.reminder(c, clock: &clock)
        let dtstart = try c.time(ICAL_DTSTART_PROPERTY, "DTSTART")
        var startMoment: _Moment? = nil
        if let s = dtstart {
            let m = try Self.moment(s, "DTSTART", calendar, &clock)
            startMoment = m
            start = try Self.day(m, "DTSTART", clock)
        }
        var created = try c.time(ICAL_CREATED_PROPERTY, "CREATED")
        if created == nil { created = try c.time(ICAL_DTSTAMP_PROPERTY, "DTSTAMP") }
        if let created {
            switch try Self.moment(created, "CREATED", calendar, &clock) {
            case .instant(let i): createdAt = i
            case .wall(let w): createdAt = w
            }
        }
        if c.isTodo {
            let dueTime = try c.time(ICAL_DUE_PROPERTY, "DUE")
            // A recurring todo is its occurrences' days: DTSTART, else DUE (as recurring-ical-events
            // anchors a todo without DTSTART), is the first; each instance's own due is not kept.
            if let anchor = dtstart ?? dueTime, c.has(ICAL_RRULE_PROPERTY) || c.has(ICAL_RDATE_PROPERTY) {
                let day = try Self.day(try Self.moment(anchor, dtstart == nil ? "DUE" : "DTSTART", calendar, &clock), "DTSTART", clock)
                if let r = try _ICalRuleReader.read(c, raw: raw, anchor: anchor, anchorDay: day, overrides: overrides, clock: &clock) {
                    recurrence = r
                    start = r.start
                    end = r.last
                    // DTSTART to DUE (or DURATION): every occurrence's length, in days.
                    if let s = dtstart {
                        var last: CivilDate? = nil, name = "DUE"
                        if let due = dueTime {
                            last = try Self.day(try Self.moment(due, "DUE", calendar, &clock), "DUE", clock)
                        } else if let d = try c.duration(), d.is_neg == 0 {
                            name = "DURATION"
                            last = try Self.day(try Self.after(s, d, "DURATION", calendar, &clock), "DURATION", clock)
                        }
                        if let last, let first = start { occurrenceDays = try Self.occurrenceDays(first, last, name) }
                    }
                    isCompleted = c.isDone
                    if let w = r.warning { warnings.append(w) }
                    return
                }
            }
            // The shapes of docs/icalendar.md's table: a todo falls on the days clients show it on,
            // never on an open span (the core's open spans are CalGrid's own native meaning).
            var endName = "DUE"
            if let due = dueTime {
                end = try Self.day(try Self.moment(due, "DUE", calendar, &clock), "DUE", clock)
            } else if let s = dtstart, let d = try c.duration() {
                endName = "DURATION"
                end = try Self.day(try Self.after(s, d, "DURATION", calendar, &clock), "DURATION", clock)
            }
            switch (start, end) {
            case (nil, let e?): start = e                          // DUE only: the due day
            case (let s?, nil): end = s                            // DTSTART only: the start day
            case (let s?, let e?) where e < s:
                // ical4android writes some: the deadline is what a task list sorts by, so its day.
                warnings.append(_FieldFailure(.endBeforeStart, endName, _ICalText.dueBeforeStart(endName, due: e, start: s)))
                start = e
            default: break
            }
            isCompleted = c.isDone
        } else if let s = dtstart, c.has(ICAL_RRULE_PROPERTY) || c.has(ICAL_RDATE_PROPERTY),
                  let r = try _ICalRuleReader.read(c, raw: raw, anchor: s, anchorDay: start!, overrides: overrides, clock: &clock) {
            // A recurring event falls on the days each occurrence covers: its first one's DTSTART
            // to the last second before DTEND (or DURATION), as a one-off event below.
            recurrence = r
            if let w = r.warning { warnings.append(w) }
            if let sm = startMoment, let last = try Self.eventLastDay(c, s, sm, calendar, &clock) {
                occurrenceDays = try Self.occurrenceDays(start!, last, "DTEND")
            }
            start = r.start
            end = r.last
        } else if let s = dtstart, let sm = startMoment {
            // An event covers [DTSTART, DTEND): its last day is the day of the last second before
            // its end (the day before a DATE end), and never before its first.
            if let last = try Self.eventLastDay(c, s, sm, calendar, &clock) {
                end = Swift.max(start!, last)
            } else {
                end = start
            }
        }
    }

    /// An event's last day: the day of the last second before DTEND (or DTSTART `s` + DURATION),
    /// nil when it ends at or before its start `sm` (then it is its start day).
    static func eventLastDay(_ c: _Component, _ s: _ICalTime, _ sm: _Moment, _ calendar: _Component,
                             _ clock: inout _ICalClock) throws(_FieldFailure) -> CivilDate? {
        var endMoment: _Moment? = nil
        if let e = try c.time(ICAL_DTEND_PROPERTY, "DTEND") {
            endMoment = try moment(e, "DTEND", calendar, &clock)
        } else if let d = try c.duration(), d.is_neg == 0 {
            endMoment = try after(s, d, "DURATION", calendar, &clock)
        }
        guard let em = endMoment, em.isAfter(sm) else { return nil }
        return try day(em.adding(-1), "DTEND", clock)
    }

    /// The days from `first` through `last` (1 when `last` is not after it; ical4android's DUE
    /// before DTSTART reads as a one-day occurrence, as the one-off shape does).
    static func occurrenceDays(_ first: CivilDate, _ last: CivilDate, _ name: String) throws(_FieldFailure) -> Int32 {
        let n = Int(last.dayNumber) - Int(first.dayNumber) + 1
        guard n > 1 else { return 1 }
        guard n <= Int(TodoFields.maxOccurrenceDays) else { throw _FieldFailure.spanTooLong(name, limit: Int(TodoFields.maxOccurrenceDays)) }
        return Int32(n)
    }

    /// The moment of value `t`: a wall-clock reading for a DATE or floating value, else an instant.
    static func moment(_ t: _ICalTime, _ name: String, _ calendar: _Component, _ clock: inout _ICalClock) throws(_FieldFailure) -> _Moment {
        switch try clock.read(t, name, in: calendar) {
        case .day: return .wall(t.wallSeconds)
        case .instant(let i): return .instant(i)
        }
    }

    /// The day of `m`: a wall-clock reading's own day, an instant's day in the import zone.
    static func day(_ m: _Moment, _ name: String, _ clock: _ICalClock) throws(_FieldFailure) -> CivilDate {
        switch m {
        case .wall(let w):
            let (d, _) = _floorDivide(w, 86_400)
            guard d >= Int64(CivilDate.minDayNumber), d <= Int64(CivilDate.maxDayNumber) else {
                throw _FieldFailure(.invalidDate, name, _ICalText.outOfRange(name))
            }
            return CivilDate.epoch._clampedAdding(d)
        case .instant(let i): return try clock.day(.instant(i), name)
        }
    }

    /// `t` plus duration `d` (RFC 5545 3.3.6: days and weeks are nominal, kept on the wall clock of
    /// `t`'s zone; hours, minutes and seconds are exact).
    static func after(_ t: _ICalTime, _ d: icaldurationtype, _ name: String, _ calendar: _Component,
                      _ clock: inout _ICalClock) throws(_FieldFailure) -> _Moment {
        let sign: Int64 = d.is_neg != 0 ? -1 : 1
        let nominal = sign * (Int64(d.weeks) * 7 + Int64(d.days)) * 86_400
        let exact = sign * (Int64(d.hours) * 3600 + Int64(d.minutes) * 60 + Int64(d.seconds))
        var shifted = t
        let (days, second) = _floorDivide(t.wallSeconds + nominal, 86_400)
        shifted.day = t.day._clampedAdding(days - Int64(t.day.dayNumber))
        shifted.secondOfDay = Int32(second)
        return try moment(shifted, name, calendar, &clock).adding(exact)
    }
}

/// Which property an X-LIC-ERROR is about, and whether CalGrid reads it.
enum _ICalRepair {
    /// The properties whose repair is an error: the ones that give an item its id, title, days,
    /// rule and completion (docs/icalendar.md, Errors).
    static let mapped: Set<String> = ["DTSTART", "DUE", "DTEND", "DURATION", "RRULE", "RDATE", "EXDATE", "RECURRENCE-ID", "STATUS",
                                      "COMPLETED", "UID", "SUMMARY"]

    /// The property libical 3.0 names in its X-LIC-ERROR text (upper-cased), or nil when the
    /// text names none it can be sure of: "No value for PRIORITY property…", "Can't parse as
    /// DATE-TIME value in DTSTART property…", "Parse error in property name: LAST-MOD",
    /// "Invalid VALUE type for property DUE: VALUE=FOO".
    static func property(named text: String) -> String? {
        let words = text.split(separator: " ").map { String($0) }
        func cleaned(_ w: String) -> String? {
            let name = w.uppercased().filter { $0 != ":" && $0 != "." }
            return name.isEmpty ? nil : name
        }
        if let k = words.firstIndex(where: { $0 == "property" || $0 == "property." }), k > 0, words[k - 1] != "in", words[k - 1] != "for",
           text.hasPrefix("No value for ") || text.hasPrefix("Can't parse as ") {
            return cleaned(words[k - 1])
        }
        if text.hasPrefix("Parse error in property name: "), words.count == 6 { return cleaned(words[5]) }
        if text.hasPrefix("Invalid VALUE type for property "), words.count >= 6 { return cleaned(words[5]) }
        return nil
    }
}
