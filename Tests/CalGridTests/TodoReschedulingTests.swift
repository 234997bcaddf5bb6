import Testing
import CalGridTestSupport
@testable import CalGrid

// `reschedule(at:to:)` and `nextDueDay(onOrAfter:at:)` against the plain model in
// TodoReference.swift: flags keyed by date (a dictionary), days enumerated one by one.
@Suite struct TodoReschedulingTests {
    /// Random re-datings: every day tracked before and after keeps its flag, new days start not
    /// done, the rest of the draft is taken as given, and the set agrees with the model day by day.
    @Test func reschedulingKeepsFlagsOfDaysThatStayTracked() throws {
        var g = SeededRandom(seed: 13)
        for round in 0..<300 {
            let old = TodoDraft.random(round, using: &g)
            var set = try TodoSet([TodoDraft(id: "before", title: "x"), old, TodoDraft(id: "after", title: "y")])
            var new = TodoDraft.random(round, using: &g)
            new.id = old.id
            new.completedDays = ReferenceTodos.tracked(new) ? [] : nil   // must be ignored
            if let s = new.start, let e = new.end, e < s { new.end = s }

            // The model: the old flags by date.
            var oldDone: [Int: Bool] = [:]
            if ReferenceTodos.tracked(old) {
                for (k, day) in ReferenceTodos.repeatDays(old).enumerated() { oldDone[day] = ReferenceTodos.flags(old)[k] }
            }
            try set.reschedule(at: 1, to: new)

            #expect(set.count == 3 && set.id(at: 0) == "before" && set.id(at: 2) == "after")
            var want = new
            want.completedDays = ReferenceTodos.tracked(new)
                ? ReferenceTodos.repeatDays(new).map { oldDone[$0] ?? false } : nil
            let got = set.draft(at: 1)
            #expect(got.start == want.start && got.end == want.end && got.repetition == want.repetition)
            #expect(got.title == want.title && got.memo == want.memo && got.tags == want.tags)
            #expect(got.isChallenge == want.isChallenge && got.isCompleted == want.isCompleted)
            #expect((got.completedDays ?? ReferenceTodos.flags(want)) == ReferenceTodos.flags(want),
                    "round \(round): \(old) -> \(new)")
            let model = PreparedTodo(want)
            for day in ReferenceTodos.repeatDays(want) {
                #expect(set.isDone(on: CivilDate(_unchecked: Int32(day)), at: 1) == model.done(day))
            }
        }
    }

    @Test func reschedulingAMondayWednesdayFridayChallenge() throws {
        // 2026-11-30 is a Monday. Ticked: Mon 11-30, Fri 12-04, Mon 12-07.
        let mwf = WeekdaySet([.monday, .wednesday, .friday])
        let s = try CivilDate(iso8601: "2026-11-30"), e = try CivilDate(iso8601: "2026-12-11")
        var set = try TodoSet([TodoDraft(id: "gym", title: "Gym", start: s, end: e, isChallenge: true, repetition: mwf,
                                         completedDays: [true, false, true, true, false, false])])
        // Moved to start on Wednesday and to repeat on weekdays: Mon 11-30 leaves, Fri and Mon stay.
        var d = set.draft(at: 0)
        d.start = try CivilDate(iso8601: "2026-12-02")
        d.repetition = .weekdays
        try set.reschedule(at: 0, to: d)
        #expect(set.draft(at: 0).completedDays == [false, false, true, true, false, false, false, false])
        #expect(set.doneDayCount(at: 0) == 2 && set.trackedDayCount(at: 0) == 8)
        // A bad re-dating throws and changes nothing.
        let before = set.draft(at: 0)
        d.end = try CivilDate(iso8601: "2026-12-01")
        #expect(throws: TodoError.self) { try set.reschedule(at: 0, to: d) }
        #expect(set.draft(at: 0) == before)
        // Without an end it keeps no flags.
        d.end = nil
        try set.reschedule(at: 0, to: d)
        #expect(set.draft(at: 0).completedDays == nil && !set.isTracked(at: 0))
    }

    /// The first day on or after `day` that the todo falls on and is not done, by enumeration.
    @Test func nextDueDayMatchesTheModel() throws {
        var g = SeededRandom(seed: 14)
        let drafts = (0..<200).map { TodoDraft.random($0, using: &g) }
        let set = try TodoSet(drafts)
        for (i, d) in drafts.enumerated() {
            for _ in 0..<4 {
                let day = 19_358 + Int.random(in: -30..<1600, using: &g)
                var want: Int?
                if !ReferenceTodos.undated(d) {
                    // Open-ended todos fall on some day within a week of their first candidate.
                    let last = d.end.map { Int($0.dayNumber) } ?? max(day, ReferenceTodos.lo(d)) + 7
                    var k = max(day, ReferenceTodos.lo(d))
                    while k <= last {
                        if ReferenceTodos.falls(d, k), !ReferenceTodos.done(d, k) { want = k; break }
                        k += 1
                    }
                }
                let got = set.nextDueDay(onOrAfter: CivilDate(_unchecked: Int32(day)), at: i)
                #expect(got.map { Int($0.dayNumber) } == want, "todo \(i) from day \(day)")
            }
        }
    }
}

/// `setDone(_:at:)`: a todo done or not done as a whole, against the model.
@Suite struct TodoWholeCompletionTests {
    @Test func wholeTodoCompletionMatchesTheModel() throws {
        var g = SeededRandom(seed: 15)
        let drafts = (0..<300).map { TodoDraft.random($0, using: &g) }
        var set = try TodoSet(drafts)
        for (i, d) in drafts.enumerated() {
            let done = Bool.random(using: &g)
            let changed = try set.setDone(done, at: i)
            var want = d
            let days = ReferenceTodos.repeatDays(d)
            if ReferenceTodos.tracked(d), !days.isEmpty {
                want.completedDays = [Bool](repeating: done, count: days.count)
            } else {
                want.isCompleted = done
            }
            #expect(changed == (ReferenceTodos.flags(want) != ReferenceTodos.flags(d) || want.isCompleted != d.isCompleted))
            #expect(set.isDone(at: i) == done && ReferenceTodos.isDone(want) == done)
            let model = PreparedTodo(want)
            for day in days { #expect(set.isDone(on: CivilDate(_unchecked: Int32(day)), at: i) == model.done(day)) }
            #expect(set.draft(at: i).isCompleted == want.isCompleted)
        }
        // The per-day counts follow the flags (the histogram was updated day by day).
        let first = CivilDate(_unchecked: 19_300), last = CivilDate(_unchecked: 21_000)
        let counts = set.dayCounts(from: first, through: last)
        let prepared = set.drafts.map(PreparedTodo.init)
        for k in stride(from: 0, to: counts.dayCount, by: 37) {
            let day = 19_300 + k
            #expect(Int(counts.completed[k]) == prepared.filter { $0.done(day) }.count)
        }
    }
}
