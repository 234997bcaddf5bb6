import Testing
import CalGridTestSupport
@testable import CalGrid

/// Occurrences of several days (`TodoFields.occurrenceDays`): a weekly two-day meeting, a
/// three-day monthly todo, ticks by an occurrence's first day, deadlines on its last, the errors.
/// The days are written out by hand from the calendar (2026-12-07 is a Monday), independent of
/// the rule engine; the random histories of `TodoRuleTests` cover the rest against the model.
@Suite struct TodoOccurrenceSpanTests {
    static func iso(_ s: String) -> CivilDate { try! CivilDate(iso8601: s) }
    static func days(_ set: TodoSet, at i: Int, _ a: String, _ b: String) -> [String] {
        var out: [String] = [], d = iso(a)
        while d <= iso(b) {
            if set.fallsOn(d, at: i) { out.append(d.iso8601) }
            d = try! d.adding(days: 1)
        }
        return out
    }

    /// Thunderbird's Mon–Tue weekly event: DTSTART Monday, DTEND Wednesday (exclusive).
    @Test func aWeeklyTwoDayEventCoversTwoDaysEachWeek() throws {
        let r = Recurrence(start: Self.iso("2026-12-07"), rule: try RecurrenceRule(parsing: "FREQ=WEEKLY;COUNT=3"))
        var e = TodoDraft(id: "m", title: "offsite", start: Self.iso("2026-12-07"), end: Self.iso("2026-12-22"), recurrence: r)
        e.isEvent = true
        e.occurrenceDays = 2
        let set = try TodoSet([e])
        #expect(Self.days(set, at: 0, "2026-12-01", "2027-01-10")
                == ["2026-12-07", "2026-12-08", "2026-12-14", "2026-12-15", "2026-12-21", "2026-12-22"])
        let c = set.dayCounts(from: Self.iso("2026-12-06"), through: Self.iso("2026-12-23"))
        #expect((0..<c.dayCount).map { c.eventCount(at: $0) } == [0, 1, 1, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 1, 1, 0])
        // Broken formula (negative control): one day per occurrence misses every Tuesday.
        var one = e; one.occurrenceDays = 1; one.end = Self.iso("2026-12-21")
        let flat = try TodoSet([one]).dayCounts(from: Self.iso("2026-12-06"), through: Self.iso("2026-12-23"))
        #expect((0..<flat.dayCount).map { flat.eventCount(at: $0) } != (0..<c.dayCount).map { c.eventCount(at: $0) })
        #expect(set.indices(from: Self.iso("2026-12-08"), through: Self.iso("2026-12-08")) == [0])
        #expect(set.indices(from: Self.iso("2026-12-09"), through: Self.iso("2026-12-13")) == [])
        #expect(set.occurrence(covering: Self.iso("2026-12-15"), at: 0) == Self.iso("2026-12-14"))
    }

    /// A monthly todo of three days (the 7th to the 9th), tracked: a tick names the occurrence's
    /// first day and marks all three done; the deadline is its last day.
    @Test func ticksNameTheFirstDayAndMarkEveryDay() throws {
        let r = Recurrence(start: Self.iso("2026-12-07"), rule: try RecurrenceRule(parsing: "FREQ=MONTHLY"))
        var d = TodoDraft(id: "bills", title: "pay bills", start: Self.iso("2026-12-07"), end: Self.iso("2027-02-09"), recurrence: r)
        d.occurrenceDays = 3
        var set = try TodoSet([d])
        #expect(set.trackedDayCount(at: 0) == 3)
        #expect(Self.days(set, at: 0, "2026-12-01", "2027-03-31")
                == ["2026-12-07", "2026-12-08", "2026-12-09", "2027-01-07", "2027-01-08", "2027-01-09",
                    "2027-02-07", "2027-02-08", "2027-02-09"])
        set.prepareDayCounts()
        #expect(throws: TodoError.notAnOccurrence(position: 0, day: Self.iso("2027-01-08"), previous: Self.iso("2027-01-07"),
                                                  next: Self.iso("2027-02-07"))) {
            try set.setDone(true, on: Self.iso("2027-01-08"), at: 0)
        }
        try set.setDone(true, on: Self.iso("2027-01-07"), at: 0)
        #expect(["2027-01-07", "2027-01-08", "2027-01-09"].allSatisfy { set.isDone(on: Self.iso($0), at: 0) })
        #expect(!set.isDone(on: Self.iso("2026-12-09"), at: 0))
        let c = set.dayCounts(from: Self.iso("2027-01-06"), through: Self.iso("2027-01-10"))
        #expect(c.completed.map(Int.init) == [0, 1, 1, 1, 0] && c.total.map(Int.init) == [0, 1, 1, 1, 0])
        #expect(set._dayTableMismatches() == 0)
        // Due: the occurrence under way is due through its last day; the next one from its first.
        #expect(set.nextDueDay(onOrAfter: Self.iso("2026-12-08"), at: 0) == Self.iso("2026-12-08"))
        #expect(set.nextDueDay(onOrAfter: Self.iso("2026-12-10"), at: 0) == Self.iso("2027-02-07"))
        // The deadline sort and overdue read the last day of the last occurrence.
        #expect(!set.isOverdue(on: Self.iso("2027-02-09"), at: 0) && set.isOverdue(on: Self.iso("2027-02-10"), at: 0))
        let toggled = try set.toggleDone(on: Self.iso("2027-01-07"), at: 0)
        #expect(!toggled && !set.isDone(on: Self.iso("2027-01-09"), at: 0))
        #expect(set.draft(at: 0).occurrenceDays == 3 && set.occurrenceDays(at: 0) == 3)
    }

    @Test func theLengthFitsTheTodoOrIsRefused() throws {
        let r = Recurrence(start: Self.iso("2026-12-07"), rule: try RecurrenceRule(parsing: "FREQ=WEEKLY"))
        var d = TodoDraft(id: "x", title: "x", start: Self.iso("2026-12-07"), end: Self.iso("2026-12-31"))
        d.occurrenceDays = 2
        #expect(throws: TodoError.occurrenceDaysWithoutRule(position: 0, id: "x", days: 2)) { try TodoSet([d]) }
        d.recurrence = r
        d.occurrenceDays = 0
        #expect(throws: TodoError.occurrenceDaysOutOfRange(position: 0, id: "x", days: 0)) { try TodoSet([d]) }
        d.occurrenceDays = TodoFields.maxOccurrenceDays + 1
        #expect(throws: TodoError.occurrenceDaysOutOfRange(position: 0, id: "x", days: 65_537)) { try TodoSet([d]) }
        d.occurrenceDays = 30
        #expect(throws: TodoError.occurrenceBeyondEnd(position: 0, id: "x", occurrenceEnd: Self.iso("2027-01-05"),
                                                      end: Self.iso("2026-12-31"))) { try TodoSet([d]) }
        #expect(TodoError.occurrenceBeyondEnd(position: 0, id: "x", occurrenceEnd: Self.iso("2027-01-05"), end: Self.iso("2026-12-31"))
                .description == "the first occurrence ends on 2027-01-05, after endDate 2026-12-31")
        d.occurrenceDays = 25
        let set = try TodoSet([d])
        #expect(set.trackedDayCount(at: 0) == 1)   // 12-07 only: 12-14 would end on 2027-01-07
    }

    /// Chuseok as the three-day holiday (lunar 8/14 to 8/16), a lunar yearly rule (RSCALE=DANGI)
    /// whose occurrences cover three days: Chuseok (lunar 8/15) falls on 2026-09-25, 2027-09-15
    /// and 2028-10-03 (the Korean public calendar; docs/recurrence.md's libical probe), so the
    /// holiday is the day before to the day after. Days, per-day counts in tables that start
    /// inside an occurrence, ticks and the day tables' incremental update.
    @Test func aLunarYearlyRuleOfThreeDays() throws {
        let r = Recurrence(start: Self.iso("2026-09-24"), rule: try RecurrenceRule(parsing: "RSCALE=DANGI;FREQ=YEARLY;COUNT=3"))
        var d = TodoDraft(id: "chuseok", title: "Chuseok", start: Self.iso("2026-09-24"), end: Self.iso("2028-10-04"), recurrence: r)
        d.occurrenceDays = 3
        var set = try TodoSet([d])
        let want = ["2026-09-24", "2026-09-25", "2026-09-26", "2027-09-14", "2027-09-15", "2027-09-16",
                    "2028-10-02", "2028-10-03", "2028-10-04"]
        #expect(Self.days(set, at: 0, "2026-09-01", "2028-12-31") == want)
        #expect(set.trackedDayCount(at: 0) == 3)
        // A table whose first day is the occurrence's second still counts it there.
        for (a, b) in [("2026-09-25", "2026-10-05"), ("2027-09-01", "2027-09-30"), ("2028-10-03", "2028-10-10")] {
            let c = set.dayCounts(from: Self.iso(a), through: Self.iso(b))
            let expected = (0..<c.dayCount).map { k in want.contains(try! Self.iso(a).adding(days: k).iso8601) ? Int32(1) : 0 }
            #expect(c.total == expected, "\(a)...\(b)")
        }
        set.prepareDayCounts()
        try set.setDone(true, on: Self.iso("2027-09-14"), at: 0)
        #expect(["2027-09-14", "2027-09-15", "2027-09-16"].allSatisfy { set.isDone(on: Self.iso($0), at: 0) })
        #expect(!set.isDone(on: Self.iso("2026-09-25"), at: 0))
        #expect(throws: TodoError.notAnOccurrence(position: 0, day: Self.iso("2027-09-15"), previous: Self.iso("2027-09-14"),
                                                  next: Self.iso("2028-10-02"))) {
            try set.setDone(true, on: Self.iso("2027-09-15"), at: 0)
        }
        let c = set.dayCounts(from: Self.iso("2027-09-13"), through: Self.iso("2027-09-17"))
        #expect(c.completed.map(Int.init) == [0, 1, 1, 1, 0])
        #expect(set._dayTableMismatches() == 0)
        #expect(set.nextDueDay(onOrAfter: Self.iso("2027-09-17"), at: 0) == Self.iso("2028-10-02"))
        // Broken reading (negative control): the Gregorian month and day of the first occurrence.
        let g = Recurrence(start: Self.iso("2026-09-24"), rule: try RecurrenceRule(parsing: "FREQ=YEARLY;COUNT=3"))
        var wrong = d; wrong.recurrence = g; wrong.end = Self.iso("2028-09-26")
        #expect(Self.days(try TodoSet([wrong]), at: 0, "2026-09-01", "2028-12-31") != want)
    }
}
