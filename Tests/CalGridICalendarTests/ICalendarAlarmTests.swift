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
}
