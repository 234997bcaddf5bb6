import Testing
import CalGridTestSupport
import CalGrid
import CalGridImport
@testable import CalGridJSON
import CalGridSystem

/// The native format keeps alarms (issue 39): every kind of alarm a set holds comes back whole from
/// its export, under the core's key names (`TodoAlarm.Field`), and hostile alarm lists are refused
/// at their key or bounded, never a trap.
@Suite struct AlarmJSONTests {
    static let day = try! CivilDate(iso8601: "2026-03-10")

    static func set() throws -> TodoSet {
        let r = Recurrence(start: day, rule: try RecurrenceRule(parsing: "FREQ=DAILY;COUNT=3"))
        var s = try TodoSet([TodoDraft(id: "a", title: "Standup", start: day, end: day.adding(days: 2), recurrence: r, reminderMinutes: 540),
                             TodoDraft(id: "b", title: "no alarms", end: day)])
        try s.setAlarms([TodoAlarm(clock: .local, day: 0, second: 9 * 3600, action: .display, reminder: 540, description: "Stand up \"now\""),
                     TodoAlarm(clock: .utc, day: -1, second: 80_000, repeatCount: 1_000_000, repeatInterval: 60, action: .audio),
                     TodoAlarm(clock: .local, day: 0, second: 3600, action: .email, zone: try TimeZoneRules.named("America/New_York")),
                     TodoAlarm(clock: .absolute, day: day.dayNumber, second: 100, action: .other, occurrence: day.adding(days: 1)),
                     TodoAlarm(clock: .silent, day: 0, second: 0, occurrence: day.adding(days: 2))], at: 0)
        return s
    }

    @Test func exportThenImportKeepsEveryAlarm() throws {
        let s = try Self.set()
        for format in [ExportFormat.native, .jsonLines] {
            let bytes = s.exportJSONBytes(format: format)
            var back = TodoSet()
            try back.importJSON(bytes: bytes)
            #expect(back.alarms(at: 0) == s.alarms(at: 0) && back.alarms(at: 1).isEmpty)
            let from = Int64(Self.day.dayNumber - 1) * 86_400, to = from + 4 * 86_400
            #expect(back.alarmInstants(from: from, to: to, zone: .utc) == s.alarmInstants(from: from, to: to, zone: .utc))
            #expect(s.alarmInstants(from: from, to: to, zone: .utc).count > 1_000)
        }
        let text = String(decoding: s.exportJSONBytes(format: .jsonLines), as: UTF8.self)
        #expect(text.contains(#""alarms":[{"clock":"local","day":0,"second":32400,"action":"DISPLAY","reminder":"09:00","description":"Stand up \"now\""}"#))
        #expect(!text.split(separator: "\n")[1].contains("\"alarms\""))
    }

    @Test func badAlarmListsAreRefusedAtTheirKey() throws {
        for (alarms, field) in [(#""x""#, "alarms"), (#"[1]"#, "alarms[0]"), (#"[{"clock":"later"}]"#, "alarms[0].clock"),
                                (#"[{"clock":"local","second":86400}]"#, "alarms[0].second"),
                                (#"[{"clock":"absolute","day":9999999}]"#, "alarms[0].day"),
                                (#"[{"clock":"utc","repeat":-1}]"#, "alarms[0].repeat"),
                                (#"[{"clock":"utc","action":"SMS"}]"#, "alarms[0].action"),
                                (#"[{"clock":"local","zone":"Mars/Olympus"}]"#, "alarms[0].zone"),
                                (#"[{"clock":"local","reminder":"25:00"}]"#, "alarms[0].reminder"),
                                (#"[{"clock":"local","occurrence":"2026-02-30"}]"#, "alarms[0].occurrence")] {
            var set = TodoSet()
            let bytes = Array(#"[{"id":"a","title":"t","endDate":"2026-03-10","alarms":"#.utf8) + Array(alarms.utf8) + Array("}]".utf8)
            do throws(ImportError) {
                try set.importJSON(bytes: bytes)
                Issue.record("\(alarms) was accepted")
            } catch {
                guard case .invalidInput(let i) = error else { Issue.record("unexpected \(error)"); continue }
                #expect(i.field == field, "\(alarms): \(i.field)")
                #expect(set.isEmpty)
            }
        }
    }

    /// 100,000 alarms on one item are taken; one more is refused: memory stays bounded.
    @Test func theNumberOfAlarmsIsBounded() throws {
        func record(_ n: Int) -> [UInt8] {
            var t = #"{"id":"a","title":"t","endDate":"2026-03-10","alarms":["#
            t += Array(repeating: #"{"clock":"local","second":60}"#, count: n).joined(separator: ",")
            return Array((t + "]}").utf8)
        }
        var set = TodoSet()
        try set.importJSON(bytes: record(100_000))
        #expect(set.alarmCount == 100_000)
        var more = TodoSet()
        #expect(throws: ImportError.self) { try more.importJSON(bytes: record(100_001)) }
    }
}
