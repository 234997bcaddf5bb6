import Testing
import CalGridTestSupport
@testable import CalGrid

/// Alarms of a set (`TodoSet.alarmInstants(from:to:zone:)`): relative, UTC, absolute, repeating,
/// per occurrence, silent when done or ticked, the reminder as an alarm, removal, and the bounds
/// (10,000 alarms on one item, a repeat of 10⁶). Instants are written out by hand from the
/// calendar (2026-03-09 is a Monday; Berlin is UTC+1 until 2026-03-29 01:00 UTC, then UTC+2),
/// independent of the code; the iCalendar oracle test (make test-alarms) checks them against
/// recurring-ical-events.
@Suite struct TodoAlarmTests {
    static func iso(_ s: String) -> CivilDate { try! CivilDate(iso8601: s) }
    /// Seconds since 1970 of a UTC day and time.
    static func utc(_ day: String, _ h: Int64, _ m: Int64 = 0) -> Int64 { Int64(iso(day).dayNumber) * 86_400 + h * 3600 + m * 60 }
    static let berlin = try! TimeZoneRules(posixTZ: "CET-1CEST,M3.5.0,M10.5.0/3")

    static func daily(_ id: String, count: Int) throws -> TodoDraft {
        let r = Recurrence(start: iso("2026-03-27"), rule: try RecurrenceRule(parsing: "FREQ=DAILY;COUNT=\(count)"))
        return TodoDraft(id: id, title: id, start: iso("2026-03-27"), end: try iso("2026-03-27").adding(days: count - 1), recurrence: r)
    }

    @Test func aDailyAlarmKeepsItsWallClockAcrossDaylightSavingAndAUTCOneItsUTCTime() throws {
        var set = try TodoSet([try Self.daily("local", count: 4), try Self.daily("utc", count: 4)])
        set.setAlarms([TodoAlarm(clock: .local, day: 0, second: 9 * 3600)], at: 0)      // 09:00 Berlin
        set.setAlarms([TodoAlarm(clock: .utc, day: 0, second: 8 * 3600)], at: 1)        // 08:00 UTC
        let got = set.alarmInstants(from: Self.utc("2026-03-27", 0), to: Self.utc("2026-04-01", 0), zone: Self.berlin)
        #expect(got.map(\.at) == [Self.utc("2026-03-27", 8), Self.utc("2026-03-27", 8), Self.utc("2026-03-28", 8), Self.utc("2026-03-28", 8),
                                  Self.utc("2026-03-29", 7), Self.utc("2026-03-29", 8), Self.utc("2026-03-30", 7), Self.utc("2026-03-30", 8)])
        #expect(got.map(\.row) == [0, 1, 0, 1, 0, 1, 0, 1])
        #expect(got.map { $0.occurrence!.iso8601 } == ["2026-03-27", "2026-03-27", "2026-03-28", "2026-03-28", "2026-03-29", "2026-03-29", "2026-03-30", "2026-03-30"])
    }

    @Test func aTickedOccurrenceAndADoneItemDoNotRing() throws {
        var set = try TodoSet([try Self.daily("d", count: 3),
                               TodoDraft(id: "once", title: "once", end: Self.iso("2026-03-28"))])
        set.setAlarms([TodoAlarm(clock: .local, day: 0, second: 9 * 3600)], at: 0)
        set.setAlarms([TodoAlarm(clock: .local, day: -1, second: 18 * 3600, action: .audio)], at: 1)   // the evening before
        try set.setDone(true, on: Self.iso("2026-03-28"), at: 0)
        var got = set.alarmInstants(from: Self.utc("2026-03-26", 0), to: Self.utc("2026-04-01", 0), zone: .utc)
        #expect(got.map(\.at) == [Self.utc("2026-03-27", 9), Self.utc("2026-03-27", 18), Self.utc("2026-03-29", 9)])
        #expect(got.map(\.action) == [.display, .audio, .display])
        try set.setIsCompleted(true, at: 1)
        got = set.alarmInstants(from: Self.utc("2026-03-26", 0), to: Self.utc("2026-04-01", 0), zone: .utc)
        #expect(got.map(\.row) == [0, 0])
    }

    @Test func aRuleItemRingsOnlyUpToItsEnd() throws {
        // Weekly on Mondays from 2026-03-09 with no UNTIL, the item ending Wednesday 2026-03-25:
        // its days are the 9th, 16th and 23rd, and its alarm rings on those alone, not on the
        // 30th that the rule alone would give.
        let r = Recurrence(start: Self.iso("2026-03-09"), rule: try RecurrenceRule(parsing: "FREQ=WEEKLY"))
        var set = try TodoSet([TodoDraft(id: "w", title: "w", start: Self.iso("2026-03-09"), end: Self.iso("2026-03-25"), recurrence: r)])
        set.setAlarms([TodoAlarm(clock: .utc, day: 0, second: 9 * 3600)], at: 0)
        let got = set.alarmInstants(from: Self.utc("2026-03-01", 0), to: Self.utc("2026-04-30", 0), zone: .utc)
        #expect(got.map(\.at) == [Self.utc("2026-03-09", 9), Self.utc("2026-03-16", 9), Self.utc("2026-03-23", 9)])
        // The same days the set itself counts the item on.
        let days = (Self.iso("2026-03-01").dayNumber...Self.iso("2026-04-30").dayNumber).map { CivilDate(_unchecked: $0) }
        #expect(got.map { $0.occurrence! } == days.filter { set.fallsOn($0, at: 0) })
    }

    @Test func repeatsAbsoluteAlarmsAndTheRangeBounds() throws {
        var set = try TodoSet([TodoDraft(id: "a", title: "a", end: Self.iso("2026-03-10")), TodoDraft(id: "u", title: "undated")])
        // 07:00 UTC on the 11th, then 3 more 5 minutes apart; [from, to) cuts the first and the last.
        set.setAlarms([TodoAlarm(clock: .absolute, day: Self.iso("2026-03-11").dayNumber, second: 7 * 3600, repeatCount: 3, repeatInterval: 300)], at: 0)
        set.setAlarms([TodoAlarm(clock: .absolute, day: Self.iso("2026-03-11").dayNumber, second: 7 * 3600 + 60)], at: 1)
        let got = set.alarmInstants(from: Self.utc("2026-03-11", 7, 1), to: Self.utc("2026-03-11", 7, 15), zone: Self.berlin)
        #expect(got.map(\.at) == [Self.utc("2026-03-11", 7, 1), Self.utc("2026-03-11", 7, 5), Self.utc("2026-03-11", 7, 10)])
        #expect(got.map(\.row) == [1, 0, 0])
        #expect(got[0].occurrence == nil && got[1].occurrence == Self.iso("2026-03-10"))
        #expect(set.alarmInstants(from: 5, to: 5, zone: .utc).isEmpty)
        // A negative repeat count or a zero interval rings once.
        #expect(TodoAlarm(clock: .local, day: 0, second: 0, repeatCount: -4, repeatInterval: 60).repeatCount == 0)
        #expect(TodoAlarm(clock: .local, day: 0, second: 0, repeatCount: 4, repeatInterval: 0).repeatCount == 0)
        #expect(TodoAlarm(clock: .local, day: 0, second: -3600).day == -1 && TodoAlarm(clock: .local, day: 0, second: -3600).second == 82_800)
    }

    @Test func theReminderIsAnAlarmOnTheDeadline() throws {
        var set = try TodoSet([TodoDraft(id: "r", title: "r", start: Self.iso("2026-03-09"), end: Self.iso("2026-03-11"), reminderMinutes: 8 * 60),
                               TodoDraft(id: "k", title: "k", end: Self.iso("2026-03-11"), reminderMinutes: 21 * 60)])
        // Apple's all-day -PT15H: the reminder's day is the day before, its time the reminder's.
        set.setAlarms([TodoAlarm(clock: .reminder, day: -1, second: 0)], at: 1)
        let got = set.alarmInstants(from: Self.utc("2026-03-09", 0), to: Self.utc("2026-03-12", 0), zone: .utc)
        #expect(got.map(\.at) == [Self.utc("2026-03-10", 21), Self.utc("2026-03-11", 8)])
        #expect(got.map(\.row) == [1, 0])
        var draft = set.drafts[1]
        draft.reminderMinutes = nil
        try set.update(id: "k", to: draft)
        #expect(set.alarmInstants(from: Self.utc("2026-03-09", 0), to: Self.utc("2026-03-12", 0), zone: .utc).map(\.row) == [0])
    }

    @Test func removalKeepsEachItemsAlarms() throws {
        var set = try TodoSet((0..<5).map { TodoDraft(id: "t\($0)", title: "t\($0)", end: Self.iso("2026-03-10")) })
        for i in [1, 3, 4] { set.setAlarms([TodoAlarm(clock: .local, day: 0, second: Int32(i) * 3600)], at: i) }
        set.remove(at: 1)
        #expect(set.alarms(at: 2) == [TodoAlarm(clock: .local, day: 0, second: 3 * 3600)] && set.alarms(at: 0).isEmpty)
        set.removeAll { $0 == 0 || $0 == 2 }
        #expect(set.count == 2 && set.alarmCount == 1 && set.id(at: 1) == "t4" && set.alarms(at: 1).first?.second == 4 * 3600)
        // A batch with alarms: each lands on its own todo.
        var b = TodoBatch(), s2 = set
        for id in ["x", "y"] {
            b.append(TodoDraft(id: id, title: id, end: Self.iso("2026-03-12")))
            if id == "y" { b.appendAlarm(TodoAlarm(clock: .local, day: 0, second: 60)); b.appendAlarm(TodoAlarm(clock: .utc, day: 0, second: 120)) }
        }
        try s2.insert(contentsOf: b)
        #expect(s2.alarms(at: 2).isEmpty && s2.alarms(at: 3).map(\.second) == [60, 120] && s2.alarmCount == 3)
    }

    @Test func tenThousandAlarmsAndAMillionRepeatsAreBounded() throws {
        var set = try TodoSet([TodoDraft(id: "many", title: "many", end: Self.iso("2026-03-10")),
                               try Self.daily("rep", count: 2)])
        set.setAlarms((0..<10_000).map { TodoAlarm(clock: .local, day: 0, second: Int32($0 % 86_400)) }, at: 0)
        // Every minute for 10⁶ minutes (694 days): a one-hour window holds 60 rings per occurrence.
        set.setAlarms([TodoAlarm(clock: .utc, day: 0, second: 0, repeatCount: 1_000_000, repeatInterval: 60)], at: 1)
        #expect(set.alarmCount == 10_001)
        let day = set.alarmInstants(from: Self.utc("2026-03-10", 0), to: Self.utc("2026-03-11", 0), zone: .utc)
        #expect(day.count == 10_000 && day.allSatisfy { $0.row == 0 })
        let hour = set.alarmInstants(from: Self.utc("2027-01-01", 0), to: Self.utc("2027-01-01", 1), zone: .utc)
        #expect(hour.count == 120 && hour.allSatisfy { $0.row == 1 })
        #expect(zip(hour, hour.dropFirst()).allSatisfy { $0.at <= $1.at })
    }

    /// An override's own alarms (issue 39): an alarm for one occurrence rings for it alone; a
    /// `.silent` mark keeps the item's every-occurrence alarms off that occurrence; descriptions and
    /// which alarm rang come back with each instant, and survive removal of an earlier row.
    @Test func anOccurrencesOwnAlarmsReplaceTheItemsOnThatDay() throws {
        var set = try TodoSet([TodoDraft(id: "first", title: "first", end: Self.iso("2026-03-27")), try Self.daily("d", count: 4)])
        let own = Self.iso("2026-03-28"), quiet = Self.iso("2026-03-29")
        set.setAlarms([TodoAlarm(clock: .utc, day: 0, second: 8 * 3600, description: "every day"),
                       TodoAlarm(clock: .silent, day: 0, second: 0, occurrence: own),
                       TodoAlarm(clock: .absolute, day: own.dayNumber, second: 13 * 3600, action: .audio, occurrence: own,
                                 description: "moved to the afternoon"),
                       TodoAlarm(clock: .silent, day: 0, second: 0, occurrence: quiet)], at: 1)
        set.remove(at: 0)
        let got = set.alarmInstants(from: Self.utc("2026-03-27", 0), to: Self.utc("2026-04-01", 0), zone: Self.berlin)
        #expect(got.map(\.at) == [Self.utc("2026-03-27", 8), Self.utc("2026-03-28", 13), Self.utc("2026-03-30", 8)])
        #expect(got.map { $0.occurrence?.iso8601 } == ["2026-03-27", "2026-03-28", "2026-03-30"])
        #expect(got.map(\.alarm) == [0, 2, 0] && got.map(\.action) == [.display, .audio, .display])
        #expect(got.map { set.alarm($0.alarm, at: $0.row).description } == ["every day", "moved to the afternoon", "every day"])
        #expect(set.alarmCount(at: 0) == 4 && set.alarms(at: 0)[1].clock == .silent)
        // The occurrence's own alarm is silent once that occurrence is ticked.
        try set.setDone(true, on: own, at: 0)
        #expect(set.alarmInstants(from: Self.utc("2026-03-28", 0), to: Self.utc("2026-03-29", 0), zone: Self.berlin).isEmpty)
    }
}
