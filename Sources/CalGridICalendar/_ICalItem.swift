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
    /// The reminder's minutes after midnight, from a VALARM (`_ICalAlarm`).
    var reminder: Int16? = nil

    /// Reads `c` (a VTODO or VEVENT, whose text is `raw`) with `clock`.
    init(_ c: _Component, raw: UnsafeBufferPointer<UInt8>, overrides: [OpaquePointer], clock: inout _ICalClock) throws(_FieldFailure) {
        if let e = c.parseErrors.first { throw _FieldFailure(.parserRejected, "", _ICalText.libical(e)) }
        guard c.has(ICAL_UID_PROPERTY) else { throw _FieldFailure(.missingField, "UID", _ICalText.missingUID(c.kindName)) }
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
                    isCompleted = c.isDone
                    return
                }
            }
            if let due = dueTime {
                end = try Self.day(try Self.moment(due, "DUE", calendar, &clock), "DUE", clock)
            } else if let s = dtstart, let d = try c.duration() {
                end = try Self.day(try Self.after(s, d, "DURATION", calendar, &clock), "DURATION", clock)
            }
            isCompleted = c.isDone
        } else if let s = dtstart, c.has(ICAL_RRULE_PROPERTY) || c.has(ICAL_RDATE_PROPERTY),
                  let r = try _ICalRuleReader.read(c, raw: raw, anchor: s, anchorDay: start!, overrides: overrides, clock: &clock) {
            // A recurring event falls on the day each occurrence starts.
            recurrence = r
            start = r.start
            end = r.last
        } else if let s = dtstart, let sm = startMoment {
            // An event covers [DTSTART, DTEND): its last day is the day of the last second before
            // its end (the day before a DATE end), and never before its first.
            var endMoment: _Moment? = nil
            if let e = try c.time(ICAL_DTEND_PROPERTY, "DTEND") {
                endMoment = try Self.moment(e, "DTEND", calendar, &clock)
            } else if let d = try c.duration(), d.is_neg == 0 {
                endMoment = try Self.after(s, d, "DURATION", calendar, &clock)
            }
            if let em = endMoment, em.isAfter(sm) {
                end = Swift.max(start!, try Self.day(em.adding(-1), "DTEND", clock))
            } else {
                end = start
            }
        }
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
