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

    /// A challenge or todo repeating on weekdays is ticked per day, and its reminder (`add
    /// --remind`) and alarms ring on each day it falls on, not once on its last day; a ticked day
    /// does not ring. 2026-03-09 is a Monday.
    @Test func aWeekdayChallengesReminderRingsOnEachRepeatDay() throws {
        var set = try TodoSet([
            TodoDraft(id: "mwf", title: "mwf", start: Self.iso("2026-03-09"), end: Self.iso("2026-03-20"), isChallenge: true,
                      repetition: WeekdaySet([Weekday.monday, .wednesday, .friday]), reminderMinutes: 7 * 60 + 30),
            TodoDraft(id: "tt", title: "tt", start: Self.iso("2026-03-10"), end: Self.iso("2026-03-12"),
                      repetition: WeekdaySet([Weekday.tuesday, .thursday])),
            // A plain todo over three days keeps its reminder on its deadline.
            TodoDraft(id: "span", title: "span", start: Self.iso("2026-03-09"), end: Self.iso("2026-03-11"), reminderMinutes: 12 * 60),
        ])
        set.setAlarms([TodoAlarm(clock: .utc, day: 0, second: 20 * 3600, action: .audio)], at: 1)
        try set.setDone(true, on: Self.iso("2026-03-11"), at: 0)
        let got = set.alarmInstants(from: Self.utc("2026-03-01", 0), to: Self.utc("2026-04-01", 0), zone: .utc)
        #expect(got.map(\.at) == [Self.utc("2026-03-09", 7, 30), Self.utc("2026-03-10", 20), Self.utc("2026-03-11", 12),
                                  Self.utc("2026-03-12", 20), Self.utc("2026-03-13", 7, 30), Self.utc("2026-03-16", 7, 30),
                                  Self.utc("2026-03-18", 7, 30), Self.utc("2026-03-20", 7, 30)])
        #expect(got.map(\.row) == [0, 1, 2, 1, 0, 0, 0, 0])
        #expect(got.map { $0.occurrence!.iso8601 } == ["2026-03-09", "2026-03-10", "2026-03-09", "2026-03-12", "2026-03-13",
                                                       "2026-03-16", "2026-03-18", "2026-03-20"])
        // On the zone's wall clock: 07:30 in Berlin is 06:30 UTC before 29 March; one day alone.
        let monday = set.alarmInstants(from: Self.utc("2026-03-16", 0), to: Self.utc("2026-03-17", 0), zone: Self.berlin)
        #expect(monday.map(\.at) == [Self.utc("2026-03-16", 6, 30)])
    }

    /// The alarms' index (`_AlarmIndex`) finds every alarm a narrow range holds: six-hour ranges
    /// over 80 days in Berlin (across its daylight saving change) give together exactly what one
    /// query over the whole span gives, for items of every shape (spans, events with times,
    /// weekly, monthly, yearly and every-3-days rules, one with EXDATEs, open rules, weekday
    /// challenges, reminders) and alarms on every clock, repeating, before and after their day,
    /// an occurrence's own and silenced ones; and again after alarms, an item and a tick change.
    @Test func narrowRangesTogetherGiveWhatOneWideRangeGives() throws {
        var lcg: UInt64 = 0x5eed
        func rnd(_ n: Int) -> Int { lcg = lcg &* 6364136223846793005 &+ 1442695040888963407; return Int((lcg >> 33) % UInt64(n)) }
        let base = Self.iso("2026-03-01")
        let rules = ["FREQ=WEEKLY", "FREQ=MONTHLY", "FREQ=YEARLY", "FREQ=DAILY;INTERVAL=3", "FREQ=WEEKLY;BYDAY=MO,TH"]
        var drafts: [TodoDraft] = []
        for k in 0..<400 {
            let start = try base.adding(days: rnd(90) - 40)
            let reminder: Int16? = rnd(3) == 0 ? Int16(rnd(1440)) : nil
            switch rnd(6) {
            case 0:
                drafts.append(TodoDraft(id: "p\(k)", title: "p", start: start, end: try start.adding(days: rnd(5)), reminderMinutes: reminder))
            case 1, 2:
                let r = Recurrence(start: start, rule: try RecurrenceRule(parsing: rules[rnd(rules.count)]),
                                   exdates: rnd(4) == 0 ? [try start.adding(days: 7), try start.adding(days: 21)] : [])
                drafts.append(TodoDraft(id: "r\(k)", title: "r", start: start, end: rnd(3) == 0 ? nil : try start.adding(days: rnd(400)),
                                        recurrence: r, reminderMinutes: reminder))
            case 3:
                drafts.append(TodoDraft(id: "c\(k)", title: "c", start: start, end: try start.adding(days: rnd(40)), isChallenge: rnd(2) == 0,
                                        repetition: WeekdaySet(rawValue: UInt8(1 + rnd(126))), reminderMinutes: reminder ?? Int16(rnd(1440))))
            case 4:
                drafts.append(TodoDraft(id: "e\(k)", title: "e", start: start, end: try start.adding(days: rnd(2)), isEvent: true,
                                        times: TodoTimes(start: 9 * 60, end: 10 * 60)))
            default:
                drafts.append(TodoDraft(id: "u\(k)", title: "u", end: start, reminderMinutes: reminder))
            }
        }
        var set = try TodoSet(drafts)
        func alarm() -> TodoAlarm {
            let repeats = rnd(4) == 0
            let count = Int32(repeats ? 1 + rnd(5) : 0), interval = Int32(repeats ? 600 * (1 + rnd(200)) : 0)
            switch rnd(6) {
            case 0: return TodoAlarm(clock: .utc, day: Int32(rnd(3) - 1), second: Int32(rnd(86_400)), repeatCount: count, repeatInterval: interval)
            case 1: return TodoAlarm(clock: .absolute, day: base.dayNumber + Int32(rnd(90)), second: Int32(rnd(86_400)),
                                     repeatCount: count, repeatInterval: interval)
            case 2: return TodoAlarm(clock: .local, day: 0, second: Int32(rnd(86_400)), zone: try! TimeZoneRules(posixTZ: "<+09>-9"))
            case 3: return TodoAlarm(clock: .reminder, day: Int32(rnd(2) - 1), second: 0)
            default: return TodoAlarm(clock: .local, day: Int32(rnd(3) - 2), second: Int32(rnd(86_400)), repeatCount: count, repeatInterval: interval,
                                      action: .audio)
            }
        }
        for i in 0..<set.count where rnd(3) != 0 {
            var list = (0..<(1 + rnd(3))).map { _ in alarm() }
            if set.recurrence(at: i) != nil, let s = set.start(at: i), rnd(3) == 0 {
                let o = try s.adding(days: 7 * rnd(3))
                list.append(TodoAlarm(clock: .silent, day: 0, second: 0, occurrence: o))
                list.append(TodoAlarm(clock: .utc, day: 0, second: 3600 * Int32(rnd(24)), occurrence: o))
            }
            set.setAlarms(list, at: i)
        }
        let from = Self.utc("2026-03-01", 0), to = from + 80 * 86_400
        func agree(_ set: TodoSet) -> Int {
            let wide = set.alarmInstants(from: from, to: to, zone: Self.berlin)
            var narrow: [TodoAlarmInstant] = []
            var t = from
            while t < to { narrow += set.alarmInstants(from: t, to: t + 6 * 3600, zone: Self.berlin); t += 6 * 3600 }
            #expect(narrow == wide)
            return wide.count
        }
        #expect(agree(set) > 1000)
        // Changes after the index was built: alarms, an item's dates, a tick.
        set.setAlarms([TodoAlarm(clock: .utc, day: 0, second: 3600)], at: 0)
        let j = (0..<set.count).first { set.recurrence(at: $0) == nil && set.start(at: $0) != nil && !set.alarms(at: $0).isEmpty }!
        var d = set.drafts[j]
        d.start = try d.start!.adding(days: 3)
        d.end = try d.end.map { try $0.adding(days: 3) }
        try set.update(id: d.id, to: d)
        if let s = set.start(at: 2) { try? set.setDone(true, on: s, at: 2) }
        #expect(agree(set) > 1000)
    }

    /// Recurring items' alarms on UTC's clock ring on exactly the days the set counts the items on
    /// (`fallsOn`, the day tables' rule walk, not the alarms' index), the alarm's day offset and
    /// time after each: weekly, monthly, yearly, every-3-days and two-weekday rules, with EXDATEs,
    /// ended and open, over 300 items, in 1-day and 61-day ranges.
    @Test func recurringItemsRingOnTheDaysTheSetCountsThemOn() throws {
        var lcg: UInt64 = 0xa1a
        func rnd(_ n: Int) -> Int { lcg = lcg &* 6364136223846793005 &+ 1442695040888963407; return Int((lcg >> 33) % UInt64(n)) }
        let base = Self.iso("2026-01-01")
        let rules = ["FREQ=WEEKLY", "FREQ=MONTHLY", "FREQ=YEARLY", "FREQ=DAILY;INTERVAL=3", "FREQ=WEEKLY;BYDAY=MO,TH", "FREQ=WEEKLY;INTERVAL=2"]
        var drafts: [TodoDraft] = []
        for k in 0..<300 {
            let start = try base.adding(days: rnd(400))
            let r = Recurrence(start: start, rule: try RecurrenceRule(parsing: rules[rnd(rules.count)]),
                               exdates: rnd(4) == 0 ? [try start.adding(days: 7), try start.adding(days: 14)] : [])
            drafts.append(TodoDraft(id: "r\(k)", title: "r", start: start, end: rnd(3) == 0 ? nil : try start.adding(days: rnd(500)), recurrence: r))
        }
        var set = try TodoSet(drafts)
        var alarm: [(day: Int32, second: Int32)] = []
        for i in 0..<set.count {
            alarm.append((Int32(rnd(3) - 1), Int32(rnd(86_400))))
            set.setAlarms([TodoAlarm(clock: .utc, day: alarm[i].day, second: alarm[i].second)], at: i)
        }
        let first = Self.iso("2026-09-01").dayNumber
        for (from, days) in [(first, Int32(61)), (first + 20, 1), (first + 45, 1)] {
            let lo = Int64(from) * 86_400, hi = lo + Int64(days) * 86_400
            var want: [(Int64, Int)] = []
            for i in 0..<set.count {
                for o in (from - 2)...(from + days + 1) where set.fallsOn(CivilDate(_unchecked: o), at: i) {
                    let at = Int64(o + alarm[i].day) * 86_400 + Int64(alarm[i].second)
                    if at >= lo && at < hi { want.append((at, i)) }
                }
            }
            want.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
            let got = set.alarmInstants(from: lo, to: hi, zone: Self.berlin)
            #expect(got.map(\.at) == want.map(\.0) && got.map(\.row) == want.map(\.1))
            if days > 1 { #expect(want.count > 300) }
        }
    }
}
