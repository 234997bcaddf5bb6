// A todo with a rule and no end keeps one tick per occurrence, stored only as far as the last one
// ticked. The dates are calendar facts: 2026-12-01 is a Tuesday, so the third Thursdays are
// 2026-12-17, 2027-01-21, 2027-02-18 and 2027-03-18; the random histories in TodoRuleTests cover
// the rest against the reference model.
import Testing
@testable import CalGrid

@Suite struct TodoOpenTickTests {
    static func iso(_ s: String) -> CivilDate { try! CivilDate(iso8601: s) }

    @Test func ticksAreKeptAsFarAsTheLastTickedOccurrence() throws {
        let s = Self.iso("2026-12-01")
        let monthly = Recurrence(start: s, rule: try RecurrenceRule(parsing: "FREQ=MONTHLY;BYDAY=3TH"))
        var set = TodoSet()
        try set.append(TodoDraft(id: "club", title: "Book club", start: s, recurrence: monthly))
        #expect(set.ticksPerDay(at: 0) && !set.isTracked(at: 0))
        #expect(set.completionFlagCount(at: 0) == 0 && set.memoryFootprint.flagBytes == 0)
        try set.setDone(true, on: Self.iso("2027-02-18"), at: 0)
        #expect(set.completionFlagCount(at: 0) == 4 && set.doneDayCount(at: 0) == 1)
        #expect(set.draft(at: 0).completedDays == [false, false, false, true])
        #expect(set.tickedDays(at: 0) == [Self.iso("2027-02-18")])
        #expect(set.isDone(on: Self.iso("2027-02-18"), at: 0) && !set.isDone(on: Self.iso("2027-03-18"), at: 0))
        // Done as a whole only by its flag, never by its ticks (its future never ends).
        #expect(!set.isDone(at: 0) && set.progress(at: 0) == (done: 0, total: 1))
        let feb = Self.iso("2027-02-18"), mar = Self.iso("2027-03-18")
        #expect(set.dayCounts(from: feb, through: feb)[feb]! == (1, 1))
        #expect(set.dayCounts(from: mar, through: mar)[mar]! == (1, 0))
        // A day that is not an occurrence is refused with the occurrences around it.
        #expect(throws: TodoError.notAnOccurrence(position: 0, day: Self.iso("2027-01-01"), previous: Self.iso("2026-12-17"),
                                                  next: Self.iso("2027-01-21"))) {
            try set.setDone(true, on: Self.iso("2027-01-01"), at: 0)
        }
        // Done as a whole: every occurrence counts done, the tick once, not twice.
        try set.setIsCompleted(true, at: 0)
        #expect(set.dayCounts(from: feb, through: feb)[feb]! == (1, 1))
        #expect(set.dayCounts(from: mar, through: mar)[mar]! == (1, 1))
        try set.setIsCompleted(false, at: 0)
        #expect(set.dayCounts(from: mar, through: mar)[mar]! == (1, 0))
        // Clearing past the last flag stores nothing; a later tick moves the flags, larger.
        try set.setDone(false, on: Self.iso("2027-06-17"), at: 0)
        #expect(set.completionFlagCount(at: 0) == 4)
        try set.append(TodoDraft(id: "other", title: "", start: s, end: s))   // flags after the club's
        try set.setDone(true, on: mar, at: 0)
        #expect(set.draft(at: 0).completedDays == [false, false, false, true, true])
        #expect(set.currentStreak(on: mar, at: 0) == 2 && set.longestStreak(at: 0) == 2)
        // The drafts rebuild the same set, and moving the todo carries its ticks by day.
        let copy = try TodoSet(set.drafts)
        #expect(copy.drafts == set.drafts && copy.dayCounts(from: s, through: mar) == set.dayCounts(from: s, through: mar))
        let weekly = Recurrence(start: Self.iso("2027-02-04"), rule: try RecurrenceRule(parsing: "FREQ=WEEKLY;BYDAY=TH"))
        try set.reschedule(at: 0, to: TodoDraft(id: "club", title: "Book club", start: Self.iso("2027-02-04"), recurrence: weekly))
        #expect(set.tickedDays(at: 0) == [feb, mar])
        #expect(set.completionFlagCount(at: 0) == 7)   // Feb 4, 11, 18, 25, Mar 4, 11, 18
    }

    /// A tick is looked for among the flagged occurrences only: a day far past them (the last
    /// supported day of a billion-occurrence daily rule) is not done, the ticked one is, and the
    /// days are every third one's of plain day arithmetic (the rule is daily from the start).
    @Test func aTickIsFoundAmongTheFlaggedOccurrencesOnly() throws {
        let s = Self.iso("2026-12-01")
        let daily = Recurrence(start: s, rule: try RecurrenceRule(parsing: "FREQ=DAILY;COUNT=1000000000"))
        var set = TodoSet()
        try set.append(TodoDraft(id: "d", title: "", start: s, recurrence: daily))
        let before = try s.adding(days: -1), second = try s.adding(days: 1), third = try s.adding(days: 2)
        let fourth = try s.adding(days: 3)
        try set.setDone(true, on: third, at: 0)
        #expect(set.completionFlagCount(at: 0) == 3)
        #expect(set.isDone(on: third, at: 0))
        #expect(!set.isDone(on: s, at: 0) && !set.isDone(on: second, at: 0) && !set.isDone(on: fourth, at: 0))
        let last = CivilDate(_unchecked: CivilDate.maxDayNumber)
        #expect(set.fallsOn(last, at: 0) && !set.isDone(on: last, at: 0))
        #expect(!set.isDone(on: before, at: 0))
        // Done as a whole: every day is, the far one too.
        try set.setIsCompleted(true, at: 0)
        #expect(set.isDone(on: last, at: 0) && set.isDone(on: third, at: 0))
    }

    @Test func flagsAnOpenRuleCannotHaveAreRefused() throws {
        let s = Self.iso("2026-12-01")
        let three = Recurrence(start: s, rule: try RecurrenceRule(parsing: "FREQ=WEEKLY;COUNT=3"))
        var set = TodoSet()
        #expect(throws: TodoError.completedDaysCountMismatch(position: 0, id: "a", expected: 3, actual: 4)) {
            try set.append(TodoDraft(id: "a", title: "", start: s, recurrence: three, completedDays: [true, false, false, true]))
        }
        #expect(throws: TodoError.completedDaysWithoutSpan(position: 0, id: "b")) {
            try set.append(TodoDraft(id: "b", title: "", start: s, completedDays: [true]))
        }
        try set.append(TodoDraft(id: "a", title: "", start: s, recurrence: three, completedDays: [false, true]))
        #expect(set.tickedDays(at: 0) == [Self.iso("2026-12-08")])
        #expect(throws: TodoError.self) { try set.setDone(true, on: Self.iso("2026-12-22"), at: 0) }   // past COUNT
    }
}
