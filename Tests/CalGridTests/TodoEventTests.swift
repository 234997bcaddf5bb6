import Testing
@testable import CalGrid

/// Events beside todos: they fall on every day they cover and show in queries and sorts, are
/// never done, and count apart in the per-day counts. The random histories with events are in
/// TodoQueryTests, TodoDayTableUpdateTests and TodoRuleTests (`TodoDraft.random(_:using:events:)`).
@Suite struct TodoEventTests {
    static func day(_ s: String) -> CivilDate { try! CivilDate(iso8601: s) }

    /// Three todos, two done, and two meetings on 2026-11-03: "2 of 3 done", two events beside.
    static func meetingDay() throws -> TodoSet {
        let d = day("2026-11-03")
        return try TodoSet([
            TodoDraft(id: "a", title: "report", start: d, end: d, completedDays: [true]),
            TodoDraft(id: "b", title: "gym", start: d, end: d, isChallenge: true, completedDays: [true]),
            TodoDraft(id: "c", title: "call", start: d),
            TodoDraft(id: "m1", title: "standup", start: d, end: d, isEvent: true),
            TodoDraft(id: "m2", title: "offsite", start: day("2026-11-02"), end: day("2026-11-04"), isEvent: true),
        ])
    }

    @Test func eventsCountApartFromTodos() throws {
        let set = try Self.meetingDay()
        let c = set.dayCounts(from: Self.day("2026-11-02"), through: Self.day("2026-11-05"))
        #expect(c.tally(at: 1) == TodoTally(total: 3, completed: 2, events: 2))
        #expect(c.percentDone(at: 1) == 67 && !c.isComplete(at: 1))
        // The offsite covers all three of its days; the standup only its own.
        #expect((0..<4).map { c.eventCount(at: $0) } == [1, 2, 1, 0])
        #expect(c.sum == TodoTally(total: 3 + 1 + 1, completed: 2, events: 4))
        #expect(set.dayCounts(from: Self.day("2026-11-03"), through: Self.day("2026-11-03"), kind: .events).tally(at: 0)
                == TodoTally(total: 0, completed: 0, events: 2))
        for kind in [TodoKind.todos, .plain, .challenges] {
            let k = set.dayCounts(from: Self.day("2026-11-03"), through: Self.day("2026-11-03"), kind: kind)
            #expect(k.events.isEmpty && k.eventCount(at: 0) == 0)
        }
        #expect(set.dayCounts(from: Self.day("2026-11-03"), through: Self.day("2026-11-03"), kind: .todos).tally(at: 0)
                == TodoTally(total: 3, completed: 2))
    }

    @Test func aSetWithoutEventsKeepsNoEventCounts() throws {
        var set = try Self.meetingDay()
        let all = set
        set.removeAll { all.isEvent(at: $0) }
        let c = set.dayCounts(from: Self.day("2026-11-03"), through: Self.day("2026-11-03"))
        #expect(c.events.isEmpty && c.tally(at: 0) == TodoTally(total: 3, completed: 2))
        // An empty event column equals one of zeros.
        #expect(c == TodoDayCounts(first: c.first, total: c.total, completed: c.completed, events: [0]))
        #expect(c != TodoDayCounts(first: c.first, total: c.total, completed: c.completed, events: [1]))
    }

    @Test func eventsShowInQueriesByKind() throws {
        let set = try Self.meetingDay()
        let d = Self.day("2026-11-03")
        #expect(set.indices(on: d) == [0, 1, 2, 3, 4])
        #expect(set.indices(on: d, kind: .events) == [3, 4])
        #expect(set.indices(on: d, kind: .todos) == [0, 1, 2])
        #expect(set.indices(on: d, kind: .plain) == [0, 2])
        #expect(set.indices(on: d, kind: .challenges) == [1])
        #expect(set.indices(on: Self.day("2026-11-04"), kind: .events) == [4])
        #expect(set.count(from: d, through: d, kind: .events) == 2)
        // Never done, so never completed, and a past event is not overdue.
        #expect(set.indices(.completed, on: d) == [0, 1])
        #expect(set.indices(.incomplete, on: d, kind: .events) == [3, 4])
        #expect(set.indices(.overdue, on: Self.day("2026-12-01")) == [])
        #expect(!set.isDone(at: 3) && !set.isTracked(at: 3) && set.trackedDayCount(at: 4) == 0)
        let stats = set.statistics(on: Self.day("2026-12-01"))
        #expect(stats.events == 2 && stats.count == 5 && stats.overdue == 0 && stats.done == 2)
        // Sorted with the todos (by start, stable).
        #expect(set.sortedIndices(by: .startDay) == [4, 0, 1, 2, 3])
    }

    @Test func eventsAreNeverDone() throws {
        var set = try Self.meetingDay()
        let before = set.drafts
        #expect(throws: TodoError.eventNeverDone(position: 3, id: "m1")) { try set.setDone(true, on: Self.day("2026-11-03"), at: 3) }
        #expect(throws: TodoError.eventNeverDone(position: 4, id: "m2")) { try set.toggleDone(on: Self.day("2026-11-02"), at: 4) }
        #expect(throws: TodoError.eventNeverDone(position: 3, id: "m1")) { try set.setIsCompleted(true, at: 3) }
        #expect(throws: TodoError.eventNeverDone(position: 4, id: "m2")) { try set.setDone(true, at: 4) }
        #expect(set.drafts == before)
        let e = TodoError.eventNeverDone(position: 0, id: "m1")
        #expect(e.field == .kind && e.position == 0)
        #expect(e.description == "an event (kind \"event\") is never done: it takes no iscompleted, no completed days and no ticks")
        #expect(TodoError.eventChallenge(position: 1, id: "x").description == "an event (kind \"event\") is never a challenge (isChallenge)")
    }

    @Test func invalidEventsAreRejected() throws {
        let d = Self.day("2026-11-03")
        var set = try Self.meetingDay()
        let cases: [(TodoDraft, TodoError)] = [
            (TodoDraft(id: "x", title: "", start: d, end: d, isCompleted: true, isEvent: true), .eventNeverDone(position: 0, id: "x")),
            (TodoDraft(id: "x", title: "", start: d, end: d, completedDays: [false], isEvent: true), .eventNeverDone(position: 0, id: "x")),
            (TodoDraft(id: "x", title: "", start: d, isChallenge: true, isEvent: true), .eventChallenge(position: 0, id: "x")),
        ]
        for (draft, error) in cases {
            #expect(throws: error) { try TodoSet([draft]) }
            var x = draft; x.id = "m1"
            #expect(throws: error.at(3, id: "m1")) { try set.update(at: 3, to: x) }
        }
        // An update to an event of a todo with ticks must drop its flags: they are refused.
        var ticked = set.draft(at: 0); ticked.isEvent = true
        #expect(throws: TodoError.eventNeverDone(position: 0, id: "a")) { try set.update(at: 0, to: ticked) }
        ticked.completedDays = nil
        try set.update(at: 0, to: ticked)
        #expect(set.isEvent(at: 0) && set.draft(at: 0) == ticked)
        #expect(set.dayCounts(from: d, through: d).tally(at: 0) == TodoTally(total: 2, completed: 1, events: 3))
    }

    @Test func rulesRepeatEvents() throws {
        let s = Self.day("2026-11-02")   // a Monday
        let weekly = Recurrence(start: s, rule: try RecurrenceRule(parsing: "FREQ=WEEKLY;COUNT=3"))
        let set = try TodoSet([
            TodoDraft(id: "w", title: "weekly", start: s, recurrence: weekly, isEvent: true),
            TodoDraft(id: "t", title: "tue/thu", start: s, end: Self.day("2026-11-15"), repetition: WeekdaySet([Weekday.tuesday, .thursday]), isEvent: true),
        ])
        let c = set.dayCounts(from: s, through: Self.day("2026-11-30"))
        let days = (0..<c.dayCount).filter { c.eventCount(at: $0) > 0 }
        #expect(days == [0, 1, 3, 7, 8, 10, 14])
        #expect((0..<c.dayCount).allSatisfy { c.total[$0] == 0 })
        #expect(set.indices(on: Self.day("2026-11-16"), kind: .events) == [0])
        #expect(set.nextDueDay(onOrAfter: Self.day("2026-11-10"), at: 0) == Self.day("2026-11-16"))
    }
}

extension TodoError {
    /// The same error about the todo `id` at `p`.
    func at(_ p: Int, id: String) -> TodoError {
        switch self {
        case .eventNeverDone: return .eventNeverDone(position: p, id: id)
        case .eventChallenge: return .eventChallenge(position: p, id: id)
        default: return self
        }
    }
}
