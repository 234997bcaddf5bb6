// Export to iCalendar: one VCALENDAR of VTODOs, written by libical (escapes, CRLF, line folding).
import CLibical
import CalGrid
import CalGridImport
import CalGridSystem

extension TodoSet {
    /// The set as one VCALENDAR with a VTODO per todo, in row order: UID (the id), DTSTAMP (`now`),
    /// SUMMARY, DESCRIPTION, a CATEGORIES per tag, CREATED, DTSTART and DUE as DATEs (DATE-TIMEs
    /// for an item with times; a zoned one's with its TZID, a VTIMEZONE per TZID first), and for a done
    /// todo STATUS:COMPLETED, COMPLETED (`now`) and PERCENT-COMPLETE:100 (else STATUS:NEEDS-ACTION);
    /// a recurring todo's rule with its ticks as completed RECURRENCE-ID instances; the reminder as
    /// a VALARM (TRIGGER that many minutes after the start day's midnight, else the due day's);
    /// every other alarm as a VALARM with its ACTION, DESCRIPTION, TRIGGER and REPEAT (`_ICalAlarm.written`);
    /// an event as a VEVENT (DTEND the day after its last day; without an end, `RRULE:FREQ=DAILY`,
    /// its days from the start on).
    /// Repetition weekdays, a non-recurring todo's per-day completion flags and challenge have no
    /// iCalendar form here and are not written (docs/icalendar.md). `importICalendar` reads it back
    /// to the same ids, texts, tags, days, creation times, rules, completion and reminders.
    /// - Parameter now: the DTSTAMP, seconds since 1970 (default: the clock).
    /// - Complexity: O(n + text of the todos)
    /// - Parameter zone: the zone the set's days were read in, where an alarm kept on UTC's or its
    ///   own zone's clock is written (default UTC).
    public func exportICalendarBytes(now: Int64 = CurrentProcess.secondsSince1970(), zone: TimeZoneRules = .utc) -> [UInt8] {
        _Libical.lock()
        defer { _Libical.unlock() }
        let cal = _Builder.calendar()
        defer { icalcomponent_free(cal) }
        // A VTIMEZONE for each TZID a zoned item is written in, before the items (RFC 5545 3.6.5).
        let drafts = indices.map { draft(at: $0) }
        for z in _Builder.zones(drafts) { icalcomponent_add_component(cal, z) }
        for (i, d) in zip(indices, drafts) {
            for c in _Builder.todo(d, alarms: alarmCount == 0 ? [] : alarms(at: i), zone: zone, now: now) { icalcomponent_add_component(cal, c) }
        }
        return _Builder.text(cal)
    }

    /// `exportICalendarBytes(now:)` written to `path`, replaced atomically (temporary file, fsync, rename).
    /// - Throws: `ExportError.system` when the file cannot be written.
    /// - Complexity: O(n + text of the todos)
    public func exportICalendar(to path: String, now: Int64 = CurrentProcess.secondsSince1970(), zone: TimeZoneRules = .utc) throws(ExportError) {
        do throws(Errno) { try AtomicFile.replace(path, with: exportICalendarBytes(now: now, zone: zone)) } catch { throw .system(error) }
    }
}
