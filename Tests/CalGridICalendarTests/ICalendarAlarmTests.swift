import CalGrid
import CalGridICalendar
import CalGridImport
import CalGridTestSupport
import Testing

/// Alarms read from iCalendar (docs/icalendar.md, Alarms): the bad inputs of issue 39 are located
/// warnings or documented readings, never a trap or a loop, and the big ones are bounded. The
/// instants of well-formed alarms are checked against recurring-ical-events by alarms_check.py
/// (make test-icalendar); here the expected instants are written out by hand.
@Suite struct ICalendarAlarmTests {
    static func item(_ alarms: String, dtstart: String = "DTSTART:20260310T090000Z") -> [UInt8] {
        Array(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VEVENT\r\nUID:e\r\nSUMMARY:e\r\nDTSTAMP:20260301T000000Z\r\n"
               + dtstart + "\r\nDTEND:20260310T100000Z\r\n" + alarms + "END:VEVENT\r\nEND:VCALENDAR\r\n").utf8)
    }
    static func alarm(_ lines: String) -> String { "BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:x\r\n" + lines + "END:VALARM\r\n" }
    static let day = Int64(20_522) * 86_400   // 2026-03-10T00:00:00Z

    static func read(_ bytes: [UInt8]) throws -> (TodoSet, ImportReport) {
        var set = TodoSet()
        let report = try set.importICalendar(bytes: bytes, options: ImportOptions(zone: .utc))
        return (set, report)
    }

    @Test func badRepeatsAndTriggersAreLocatedWarnings() throws {
        let (set, report) = try Self.read(Self.item(
            Self.alarm("TRIGGER:-PT10M\r\nREPEAT:-3\r\nDURATION:PT5M\r\n")
            + Self.alarm("TRIGGER:-PT20M\r\nREPEAT:2\r\nDURATION:PT0S\r\n")
            + Self.alarm("TRIGGER:-P1000000W\r\n")
            + Self.alarm("TRIGGER:-PT90S\r\n")))
        #expect(report.imported == 1)
        #expect(report.warnings.map(\.field) == ["REPEAT", "DURATION", "TRIGGER"])
        #expect(report.warnings.allSatisfy { $0.line == 4 })   // the VEVENT's line
        #expect(report.warnings[0].detail.contains("REPEAT:-3 is negative"))
        // The two ring once; the one before year 1 never; the one with seconds at its second.
        let rings = set.alarmInstants(from: Self.day, to: Self.day + 86_400, zone: .utc).map(\.at)
        #expect(rings == [Self.day + 9 * 3600 - 1200, Self.day + 9 * 3600 - 600, Self.day + 9 * 3600 - 90])
    }

    @Test func tenThousandAlarmsAndAMillionRepeatsImportInBoundedTime() throws {
        var many = ""
        for k in 0..<10_000 { many += Self.alarm("TRIGGER:-PT\(k % 500 + 1)M\r\n") }
        many += Self.alarm("TRIGGER:PT0M\r\nREPEAT:1000000\r\nDURATION:PT1M\r\n")
        let (set, report) = try Self.read(Self.item(many))
        #expect(report.imported == 1 && report.warnings.isEmpty && set.alarmCount == 10_001)
        // One hour after the start: 60 repeats; the 10,000 relative alarms all ring before it.
        let hour = set.alarmInstants(from: Self.day + 10 * 3600, to: Self.day + 11 * 3600, zone: .utc)
        #expect(hour.count == 60 && hour.first?.at == Self.day + 10 * 3600)
        let before = set.alarmInstants(from: Self.day, to: Self.day + 9 * 3600, zone: .utc)
        #expect(before.count == 10_000)
    }

    @Test func aVALARMWithoutATriggerNeverRings() throws {
        let (set, report) = try Self.read(Self.item(Self.alarm("TRIGGER;RELATED=END:-PT5M\r\n")
                                                    + "BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:y\r\nEND:VALARM\r\n"
                                                    + Self.alarm("TRIGGER;VALUE=DATE-TIME:20260310T070000Z\r\n")))
        #expect(report.imported == 1 && set.alarmCount == 2)
        #expect(report.warnings.map(\.field) == ["TRIGGER"])
        #expect(set.alarmInstants(from: Self.day, to: Self.day + 86_400, zone: .utc).map(\.at) == [Self.day + 7 * 3600, Self.day + 10 * 3600 - 300])
    }

    /// RECURRENCE-ID overrides (issue 39): an override's own VALARM rings at its own moved time, one
    /// without a VALARM is silent, an occurrence moved onto a day the rule has too leaves that day's
    /// own occurrence the series' alarm; DESCRIPTION is kept. Written out here from the calendar:
    /// a daily 09:00Z series of five from 2026-03-10, alarm 10 minutes before.
    @Test func overridesRingWithTheirOwnAlarmsAtTheirOwnTimes() throws {
        func instance(_ rid: String, _ start: String, _ alarms: String) -> String {
            "BEGIN:VEVENT\r\nUID:e\r\nSUMMARY:e\r\nDTSTAMP:20260301T000000Z\r\nRECURRENCE-ID:\(rid)\r\nDTSTART:\(start)\r\n"
                + "DURATION:PT1H\r\n" + alarms + "END:VEVENT\r\n"
        }
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VEVENT\r\nUID:e\r\nSUMMARY:e\r\n"
            + "DTSTAMP:20260301T000000Z\r\nDTSTART:20260310T090000Z\r\nDURATION:PT1H\r\nRRULE:FREQ=DAILY;COUNT=5\r\n"
            + Self.alarm("TRIGGER:-PT10M\r\n") + "END:VEVENT\r\n"
            // The 11th moved to 15:00 with an alarm an hour before; the 12th without an alarm;
            // the 13th moved onto the 14th at 06:00 with a copy of the series' alarm.
            + instance("20260311T090000Z", "20260311T150000Z", "BEGIN:VALARM\r\nACTION:AUDIO\r\nTRIGGER:-PT1H\r\nEND:VALARM\r\n")
            + instance("20260312T090000Z", "20260312T090000Z", "")
            + instance("20260313T090000Z", "20260314T060000Z", Self.alarm("TRIGGER:-PT10M\r\n"))
            + "END:VCALENDAR\r\n"
        let (set, report) = try Self.read(Array(text.utf8))
        #expect(report.imported == 1 && report.warnings.isEmpty)
        let rings = set.alarmInstants(from: Self.day, to: Self.day + 5 * 86_400, zone: .utc)
        let h: Int64 = 3600, d: Int64 = 86_400
        #expect(rings.map(\.at) == [Self.day + 9 * h - 600, Self.day + d + 14 * h, Self.day + 4 * d + 6 * h - 600, Self.day + 4 * d + 9 * h - 600])
        #expect(rings.map { $0.occurrence!.dayNumber - 20_522 } == [0, 1, 4, 4])
        #expect(rings.map(\.action) == [.display, .audio, .display, .display])
        #expect(rings.map { $0.alarm < 0 ? nil : set.alarm($0.alarm, at: 0).description } == ["x", nil, "x", "x"])
    }

    /// Export writes every alarm back with its DESCRIPTION, ACTION and REPEAT, and reads back to
    /// the same instants (issue 39).
    @Test func exportWritesAlarmsBackWithTheirDescriptions() throws {
        let (set, _) = try Self.read(Self.item(
            "BEGIN:VALARM\r\nACTION:AUDIO\r\nDESCRIPTION:Leave now\r\nTRIGGER:-PT30M\r\nREPEAT:2\r\nDURATION:PT5M\r\nEND:VALARM\r\n"
            + "BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Bring the slides\r\nTRIGGER;VALUE=DATE-TIME:20260309T200000Z\r\nEND:VALARM\r\n"))
        let written = set.exportICalendarBytes(now: Self.day, zone: .utc)
        let text = String(decoding: written, as: UTF8.self)
        #expect(text.contains("DESCRIPTION:Leave now") && text.contains("DESCRIPTION:Bring the slides") && text.contains("REPEAT:2"))
        let (back, _) = try Self.read(written)
        let range = (Self.day - 86_400, Self.day + 86_400)
        #expect(back.alarmInstants(from: range.0, to: range.1, zone: .utc) == set.alarmInstants(from: range.0, to: range.1, zone: .utc))
        #expect(set.alarmInstants(from: range.0, to: range.1, zone: .utc).count == 4)
        #expect(back.alarms(at: 0).map(\.description) == ["Leave now", "Bring the slides"])
    }

    /// An occurrence of a zoned series moved to a day of its own without a VALARM does not ring (its
    /// `.silent` mark), and still does not once written: CalGrid writes it as an RDATE with an
    /// override at that instant, whose RECURRENCE-ID names the RDATE's instance (RFC 5545).
    @Test func aMovedOccurrencesSilenceSurvivesItsExport() throws {
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\n"
            + "BEGIN:VEVENT\r\nUID:m\r\nSUMMARY:m\r\nDTSTAMP:20260301T000000Z\r\nDTSTART;TZID=Europe/Berlin:20260302T090000\r\n"
            + "DTEND;TZID=Europe/Berlin:20260302T100000\r\nRRULE:FREQ=WEEKLY;COUNT=8\r\n" + Self.alarm("TRIGGER:-PT15M\r\n") + "END:VEVENT\r\n"
            + "BEGIN:VEVENT\r\nUID:m\r\nSUMMARY:m moved\r\nDTSTAMP:20260301T000000Z\r\nRECURRENCE-ID;TZID=Europe/Berlin:20260406T090000\r\n"
            + "DTSTART;TZID=Europe/Berlin:20260407T140000\r\nDTEND;TZID=Europe/Berlin:20260407T150000\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let (set, _) = try Self.read(Array(text.utf8))
        let moved = try CivilDate(year: 2026, month: 4, day: 7)
        #expect(set.alarms(at: 0).contains { $0.clock == .silent && $0.occurrence == moved }, "\(set.alarms(at: 0))")
        let (back, _) = try Self.read(set.exportICalendarBytes(now: 1_800_000_000))
        #expect(back.alarms(at: 0) == set.alarms(at: 0), "written: \(back.alarms(at: 0)), read: \(set.alarms(at: 0))")
    }

    /// A reminder is a time of day in whole minutes. An alarm 45 minutes before a start with seconds
    /// (Evolution's floating 07:30:01, fuzz-icalendar) rings at 06:45:01 and is no reminder, so it is
    /// written back as an alarm of its own and reads back the same (before: reminder 06:45, written
    /// from the reminder time, read back as none).
    @Test func anAlarmOffTheMinuteIsNoReminder() throws {
        let (set, _) = try Self.read(Self.item(Self.alarm("TRIGGER:-PT45M\r\n"), dtstart: "DTSTART:20260310T073001"))
        #expect(set.reminderMinutes(at: 0) == nil)
        #expect(set.alarmInstants(from: Self.day, to: Self.day + 86_400, zone: .utc).map(\.at) == [Self.day + 6 * 3600 + 45 * 60 + 1])
        let (back, _) = try Self.read(set.exportICalendarBytes(now: 1_800_000_000))
        #expect(back.reminderMinutes(at: 0) == nil)
        #expect(back.alarms(at: 0) == set.alarms(at: 0), "written: \(back.alarms(at: 0)), read: \(set.alarms(at: 0))")
        // A reminder set on it is a VALARM of its own: the alarm off the minute keeps its trigger.
        let original = Array(String(decoding: Self.item(Self.alarm("TRIGGER:-PT45M\r\n"), dtstart: "DTSTART:20260310T073001"), as: UTF8.self)
            .replacingOccurrences(of: "DTEND:20260310T100000Z", with: "DTEND:20260310T100000").utf8)
        var d = set.draft(at: 0)
        let eight: Int16 = 8 * 60
        d.reminderMinutes = eight
        let patched = String(decoding: try ICalendarItem.patch(original, with: d, now: 1_800_000_000), as: UTF8.self)
        #expect(patched.contains("TRIGGER:-PT45M\r\n") && patched.components(separatedBy: "BEGIN:VALARM").count == 3, "\(patched)")
        let (reread, _) = try Self.read(Array(patched.utf8))
        #expect(reread.reminderMinutes(at: 0) == eight)
    }
}
