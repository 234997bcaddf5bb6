import Testing
import CalGridTestSupport
@testable import CalGrid

/// Todos with a recurrence rule inside a set: random sets mixing undated, weekday and rule todos
/// against `ReferenceTodos` (which checks a rule day by day through `Recurrence.contains`, itself
/// checked against python-dateutil), random mutation histories against fresh rebuilds, and the
/// rule's own errors.
@Suite struct TodoRuleTests {
    static func day(_ n: Int) -> CivilDate { CivilDate(_unchecked: Int32(n)) }
    static func iso(_ s: String) -> CivilDate { try! CivilDate(iso8601: s) }

    /// Everyday shapes with random parameters: every n days or weeks, nth weekdays, last day,
    /// BYSETPOS, yearly, COUNT and UNTIL bounds, plus RDATE and EXDATE days.
    static func randomRule(start s: CivilDate, using g: inout SeededRandom) -> Recurrence {
        let wd = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
        let w = wd[Int.random(in: 0..<7, using: &g)], w2 = wd[Int.random(in: 0..<7, using: &g)]
        var text: String
        switch Int.random(in: 0..<10, using: &g) {
        case 0: text = "FREQ=DAILY;INTERVAL=\(Int.random(in: 1...9, using: &g))"
        case 1: text = "FREQ=WEEKLY;INTERVAL=\(Int.random(in: 1...3, using: &g));BYDAY=\(w),\(w2)"
        case 2: text = "FREQ=MONTHLY;BYDAY=\([1, 2, 3, 4, -1].randomElement(using: &g)!)\(w)"
        case 3: text = "FREQ=MONTHLY;BYMONTHDAY=-1"
        case 4: text = "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1"
        case 5: text = "FREQ=YEARLY"
        case 6: text = "FREQ=YEARLY;BYMONTH=11;BYDAY=4TH"
        case 7: text = "FREQ=MONTHLY;INTERVAL=\(Int.random(in: 1...4, using: &g));BYMONTHDAY=\(Int.random(in: 1...31, using: &g))"
        case 8: text = "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30"          // never occurs: the start day only
        default: text = "FREQ=WEEKLY;BYDAY=\(w)"
        }
        switch Int.random(in: 0..<4, using: &g) {
        case 0: text += ";COUNT=\(Int.random(in: 1...40, using: &g))"
        case 1:
            let u = CivilDate(_unchecked: s.dayNumber + Int32.random(in: -5..<700, using: &g))
            text += ";UNTIL=" + u.iso8601.filter { $0 != "-" }
        default: break
        }
        let rule = try! RecurrenceRule(parsing: text)
        let near = { (g: inout SeededRandom) in CivilDate(_unchecked: s.dayNumber + Int32.random(in: -3..<400, using: &g)) }
        let rdates = (0..<Int.random(in: 0..<3, using: &g)).map { _ in near(&g) }
        var r = Recurrence(start: s, rule: rule, rdates: rdates)
        // EXDATEs on real occurrences (and sometimes the start), so they remove something.
        let days = Array(r.occurrences(in: s...CivilDate(_unchecked: s.dayNumber + 400)).prefix(12))
        let ex = days.isEmpty ? [] : (0..<Int.random(in: 0..<3, using: &g)).map { _ in days.randomElement(using: &g)! }
        if !ex.isEmpty { r = Recurrence(start: s, rule: rule, rdates: rdates, exdates: ex) }
        return r
    }

    /// `TodoDraft.random`, or about one time in three a todo with a rule: open-ended, a few weeks
    /// or a year or two, with flags when tracked.
    static func mixed(_ n: Int, using g: inout SeededRandom) -> TodoDraft {
        var d = TodoDraft.random(n, using: &g, events: true)   // events repeat by rules as todos do
        guard Int.random(in: 0..<3, using: &g) == 0 else { return d }
        let s = CivilDate(_unchecked: 19_358 + Int32.random(in: 0..<1500, using: &g))
        d.repetition = .all
        d.start = s
        switch Int.random(in: 0..<3, using: &g) {
        case 0: d.end = nil
        case 1: d.end = CivilDate(_unchecked: s.dayNumber + Int32.random(in: 0..<60, using: &g))
        default: d.end = CivilDate(_unchecked: s.dayNumber + Int32.random(in: 200..<800, using: &g))
        }
        d.recurrence = randomRule(start: s, using: &g)
        // About one rule in three has occurrences of several days (a two-day weekly meeting, a
        // daily rule whose occurrences overlap), ending by the todo's end.
        if Int.random(in: 0..<3, using: &g) == 0 {
            d.occurrenceDays = [2, 2, 3, 5, 9, 40].randomElement(using: &g)!
            if let e = d.end, e.dayNumber < s.dayNumber + d.occurrenceDays - 1 { d.end = CivilDate(_unchecked: s.dayNumber + d.occurrenceDays - 1) }
        }
        d.completedDays = nil
        if ReferenceTodos.tracked(d), Bool.random(using: &g) {
            d.completedDays = ReferenceTodos.repeatDays(d).map { _ in Int.random(in: 0..<3, using: &g) == 0 }
        } else if ReferenceTodos.openRule(d), !d.isEvent, Bool.random(using: &g) {   // an event keeps no ticks
            // Open-ended: flags for its first few occurrences (as many as it has).
            d.completedDays = ReferenceTodos.firstDays(d, Int.random(in: 0...8, using: &g)).map { _ in Bool.random(using: &g) }
        }
        return d
    }

    static func kindOK(_ d: TodoDraft, _ kind: TodoKind) -> Bool { ReferenceTodos.isOfKind(d, kind) }

    /// Everything one todo answers, against the reference.
    static func checkTodo(_ set: TodoSet, _ d: TodoDraft, at i: Int, around a: Int) {
        #expect(set.draft(at: i) == d)
        #expect(set.progress(at: i) == ReferenceTodos.progress(d), "\(d.id)")
        #expect(set.isDone(at: i) == ReferenceTodos.isDone(d))
        #expect(set.longestStreak(at: i) == ReferenceTodos.longestStreak(d))
        #expect(set.trackedDayCount(at: i) == (ReferenceTodos.tracked(d) ? ReferenceTodos.repeatDays(d).count : 0))
        let streakDays = ReferenceTodos.streakDays(d, through: a + 120)
        for t in stride(from: a, to: a + 120, by: 7) {
            #expect(set.fallsOn(day(t), at: i) == ReferenceTodos.falls(d, t), "\(d.id) day \(t)")
            #expect(set.isDone(on: day(t), at: i) == ReferenceTodos.done(d, t))
            #expect(set.currentStreak(on: day(t), at: i) == ReferenceTodos.currentStreak(d, t, days: streakDays), "\(d.id) streak on \(t)")
        }
        let due = (a...(a + 800)).first { ReferenceTodos.falls(d, $0) && !ReferenceTodos.done(d, $0) }
        if let due { #expect(set.nextDueDay(onOrAfter: day(a), at: i) == day(due), "\(d.id)") }
    }

    /// A rule's deadline is its last occurrence's last day, not an end that no occurrence ends on
    /// (an UNTIL on a Friday for Monday's rule, a COUNT that ends before the todo, an end given by
    /// hand): the deadline sort, overdue and the statistics read it (issue 37).
    @Test func theDeadlineIsTheLastOccurrencesLastDay() throws {
        func todo(_ id: String, _ rule: String, _ start: String, _ end: String, days: Int32 = 1) throws -> TodoDraft {
            var d = TodoDraft(id: id, title: id, start: Self.iso(start), end: Self.iso(end),
                              recurrence: Recurrence(start: Self.iso(start), rule: try RecurrenceRule(parsing: rule)))
            d.occurrenceDays = days
            return d
        }
        let model = [
            try todo("mondays", "FREQ=WEEKLY;BYDAY=MO", "2026-03-02", "2026-03-27"),              // last Monday 03-23
            try todo("trip", "FREQ=WEEKLY;COUNT=3", "2026-03-02", "2026-04-30", days: 3),          // 03-16..03-18
            try todo("plain", "FREQ=DAILY", "2026-03-20", "2026-03-20"),                         // one occurrence
            TodoDraft(id: "oneoff", title: "oneoff", start: Self.iso("2026-03-01"), end: Self.iso("2026-03-19")),
        ]
        let set = try TodoSet(model)
        #expect(set.deadline(at: 0) == Self.iso("2026-03-23") && set.end(at: 0) == Self.iso("2026-03-27"))
        #expect(set.deadline(at: 1) == Self.iso("2026-03-18") && set.deadline(at: 2) == Self.iso("2026-03-20"))
        #expect(set.deadline(at: 3) == Self.iso("2026-03-19"))
        #expect(set.sortedIndices(by: .deadlineImminent) == [1, 3, 2, 0])
        #expect(set.sortedIndices(by: TodoOrder(.deadline, descending: true)) == [0, 2, 3, 1])
        #expect(set.sortedIndices(by: .deadlineImminent, offset: 0, limit: 1) == [1])
        #expect(set.sorted([0, 2], by: .deadlineImminent) == [2, 0])
        #expect(set.indices(.overdue, on: Self.iso("2026-03-24")) == [0, 1, 2, 3])
        #expect(set.indices(.overdue, on: Self.iso("2026-03-19")) == [1])
        #expect(!set.isOverdue(on: Self.iso("2026-03-23"), at: 0) && set.isOverdue(on: Self.iso("2026-03-24"), at: 0))
        #expect(set.statistics(on: Self.iso("2026-03-19")).overdue == 1)
    }

    @Test(arguments: [1, 2, 3] as [UInt64]) func mixedSetsAnswerLikeTheReference(seed: UInt64) throws {
        var g = SeededRandom(seed: seed)
        let model = (0..<200).map { Self.mixed($0, using: &g) }
        let set = try TodoSet(model)
        #expect(set.count == model.count && model.indices.allSatisfy { set.draft(at: $0) == model[$0] })
        #expect(model.contains { $0.recurrence != nil } && model.contains { $0.recurrence == nil && $0.repetition != .all })
        #expect(model.contains { $0.isEvent && $0.recurrence != nil }, "rule events in the mix")
        for q in 0..<36 {
            let a = 19_300 + Int.random(in: 0..<1800, using: &g), len = [0, 1, 6, 30, 92, 400][q % 6]
            let kind = ReferenceTodos.kinds[q % 5]
            let expected = model.indices.filter { i in Self.kindOK(model[i], kind) && (a...(a + len)).contains { ReferenceTodos.falls(model[i], $0) } }
            #expect(set.indices(from: Self.day(a), through: Self.day(a + len), kind: kind) == expected, "seed \(seed) \(a)+\(len)")
            #expect(set.count(from: Self.day(a), through: Self.day(a + len), kind: kind) == expected.count)
            let upcoming = model.indices.filter { Self.kindOK(model[$0], kind) && model[$0].start.map { Int($0.dayNumber) > a } == true }
            #expect(set.indices(.upcoming, on: Self.day(a), kind: kind) == upcoming)
            let overdue = model.indices.filter { Self.kindOK(model[$0], kind) && ReferenceTodos.overdue(model[$0], a) }
            #expect(set.indices(.overdue, on: Self.day(a), kind: kind) == overdue)
            if q % 6 == 0 { #expect(set.statistics(on: Self.day(a)) == TodoStatisticsTests.reference(model, today: Self.day(a))) }
        }
        // Per-day counts inside the table, past its end (open-ended rules run on), and far out.
        for (a, len) in [(19_358, 92), (19_300, 700), (20_700, 200), (23_000, 60), (60_000, 14)] {
            for kind in ReferenceTodos.kinds {
                #expect(TodoQueryTests.dayCountMismatches(set, model, from: a, days: len, kind) == 0, "seed \(seed) \(a)+\(len) \(kind)")
            }
        }
        for i in model.indices where model[i].recurrence != nil || i % 10 == 0 {
            Self.checkTodo(set, model[i], at: i, around: 19_300 + Int.random(in: 0..<1500, using: &g))
        }
        // The deadline (a rule's last occurrence's last day) and the deadline sort, both ways.
        #expect(model.indices.map { set.deadline(at: $0).map { Int($0.dayNumber) } } == model.map { ReferenceTodos.deadline($0) }, "seed \(seed)")
        for order in [TodoOrder.deadlineImminent, TodoOrder(.deadline, descending: true)] {
            let fr = TodoSortTests.fractions(model)
            #expect(set.sortedIndices(by: order) == model.indices.sorted { TodoSortTests.less(model, fr, order, $0, $1) }, "seed \(seed) \(order)")
            #expect(set.sortedIndices(by: order, offset: 3, limit: 20)
                    == Array(model.indices.sorted { TodoSortTests.less(model, fr, order, $0, $1) }.dropFirst(3).prefix(20)))
        }
        // Shares order the same whatever way the flags are counted.
        let shares = set.sortedIndices(by: .progress)
        for (x, y) in zip(shares, shares.dropFirst()) {
            #expect(ReferenceTodos.share(model[x]) >= ReferenceTodos.share(model[y]))
        }
    }

    /// One random change to `set` and `model`, rules included: appends and batches, removals,
    /// updates to and from a rule, new rule dates, ticks on occurrences, whole-todo done flags.
    @discardableResult
    static func mutate(_ set: inout TodoSet, _ model: inout [TodoDraft], step: Int, using g: inout SeededRandom) throws -> Int {
        let i = Int.random(in: 0..<model.count, using: &g)
        let op = Int.random(in: 0..<9, using: &g)
        switch op {
        case 0:
            let d = Self.mixed(100_000 + step, using: &g)
            try set.append(d); model.append(d)
        case 1:
            let batch = (0..<Int.random(in: 2...20, using: &g)).map { Self.mixed(200_000 + step * 40 + $0, using: &g) }
            try set.insert(contentsOf: batch); model += batch
        case 2: set.remove(at: i); model.remove(at: i)
        case 3:
            let gone = Set((0..<Int.random(in: 1...5, using: &g)).map { _ in Int.random(in: 0..<model.count, using: &g) })
            set.removeAll { gone.contains($0) }
            model = model.indices.filter { !gone.contains($0) }.map { model[$0] }
        case 4:
            var d = Self.mixed(300_000 + step, using: &g); d.id = model[i].id
            try set.update(at: i, to: d); model[i] = d
        case 5:
            // The same todo moved: a rule bound to the new start, flags carried by day.
            var d = model[i]
            let s = Self.day(19_358 + Int.random(in: -400..<2_000, using: &g))
            d.start = s
            d.end = d.end == nil ? nil : CivilDate(_unchecked: s.dayNumber + Swift.max(d.occurrenceDays - 1, Int32.random(in: 0..<300, using: &g)))
            if d.recurrence != nil { d.recurrence = Self.randomRule(start: s, using: &g) }
            try set.reschedule(at: i, to: d)
            d.completedDays = set.draft(at: i).completedDays
            let old = PreparedTodo(model[i])
            if ReferenceTodos.tracked(d) {
                #expect(d.completedDays == ReferenceTodos.repeatDays(d).map { old.doneDays.contains($0) })
            } else if ReferenceTodos.openRule(d) {
                // Ticks travel by day, as far as the last one carried; done as a whole is no tick.
                let last = old.doneDays.max() ?? Int.min
                let days = last < Int(s.dayNumber) ? [] : (Int(s.dayNumber)...last).filter { ReferenceTodos.starts(d, $0) }
                var carried = days.map { old.doneDays.contains($0) }
                while carried.last == false { carried.removeLast() }
                #expect((d.completedDays ?? []) == carried, "\(d.id) rescheduled")
            }
            model[i] = d
        case 6: try TodoQueryTests.flipCompleted(&set, &model, at: i)
        case 7: try TodoQueryTests.setRandomDone(&set, &model, at: i, using: &g)
        default:
            try TodoQueryTests.toggleRandomDay(&set, &model, at: i, using: &g)
        }
        return op
    }

    @Test(arguments: [41, 42, 43] as [UInt64]) func mutationHistoriesMatchAFreshBuild(seed: UInt64) throws {
        var g = SeededRandom(seed: seed)
        var model = (0..<120).map { Self.mixed($0, using: &g) }
        var set = try TodoSet(model)
        for step in 0..<140 {
            if model.count < 20 {
                let more = (0..<30).map { Self.mixed(400_000 + step * 50 + $0, using: &g) }
                try set.insert(contentsOf: more); model += more
            }
            TodoDayTableUpdateTests.prepareAll(set)
            let op = try Self.mutate(&set, &model, step: step, using: &g)
            #expect(set._dayTableMismatches() == 0, "seed \(seed) step \(step)")
            let bad = model.indices.first { set.draft(at: $0) != model[$0] }
            #expect(set.count == model.count && bad == nil,
                    "seed \(seed) step \(step) op \(op): \(bad.map { "\(set.draft(at: $0).completedDays ?? []) vs \(model[$0].completedDays ?? []) rule \(model[$0].recurrence?.rule?.text ?? "-")" } ?? "")")
            if step % 7 == 0 {
                let a = 19_300 + Int.random(in: 0..<1_700, using: &g)
                let kind = ReferenceTodos.kinds[(step / 7) % 5]
                #expect(TodoQueryTests.dayCountMismatches(set, model, from: a, days: 92, kind) == 0, "seed \(seed) step \(step)")
                let fresh = try TodoSet(model)
                let far = Self.day(a + 3_000)
                #expect(set.dayCounts(from: Self.day(a), through: far, kind: kind) == fresh.dayCounts(from: Self.day(a), through: far, kind: kind))
                #expect(set.indices(from: Self.day(a), through: Self.day(a + 40), kind: kind)
                        == fresh.indices(from: Self.day(a), through: Self.day(a + 40), kind: kind))
                #expect(set.memoryFootprint.ruleTableBytes >= 0 && fresh.progress(at: 0) == set.progress(at: 0))
            }
        }
    }

    @Test func theRuleFitsTheTodoOrIsRefused() throws {
        let s = Self.iso("2026-12-01")
        let monthly = Recurrence(start: s, rule: try RecurrenceRule(parsing: "FREQ=MONTHLY;BYDAY=3TH"))
        var set = TodoSet()
        #expect(throws: TodoError.ruleWithoutStart(position: 0, id: "a")) {
            try set.append(TodoDraft(id: "a", title: "", end: s, recurrence: monthly))
        }
        #expect(throws: TodoError.ruleWithRepetition(position: 0, id: "a")) {
            try set.append(TodoDraft(id: "a", title: "", start: s, repetition: WeekdaySet([.monday]), recurrence: monthly))
        }
        #expect(throws: TodoError.ruleStartMismatch(position: 0, id: "a", start: Self.iso("2026-12-02"), ruleStart: s)) {
            try set.append(TodoDraft(id: "a", title: "", start: Self.iso("2026-12-02"), recurrence: monthly))
        }
        #expect(set.isEmpty)
        #expect(TodoError.ruleStartMismatch(position: 0, id: "a", start: Self.iso("2026-12-02"), ruleStart: s).description
                == "the rule starts on 2026-12-01, not on startDate 2026-12-02")
        #expect(TodoError.ruleWithRepetition(position: 0, id: "a").field == .rule && TodoField.rule.nameText == "rrule")
        // A tracked monthly todo: 12-01 (its start), 12-17, 2027-01-21, 02-18, 03-18 in its span.
        try set.append(TodoDraft(id: "m", title: "club", start: s, end: Self.iso("2027-03-31"), recurrence: monthly))
        #expect(set.trackedDayCount(at: 0) == 5 && set.progress(at: 0) == (done: 0, total: 5))
        try set.setDone(true, on: Self.iso("2027-01-21"), at: 0)
        #expect(set.draft(at: 0).completedDays == [false, false, true, false, false])
        #expect(set.dayCounts(from: Self.iso("2027-01-21"), through: Self.iso("2027-01-21"))[Self.iso("2027-01-21")]! == (1, 1))
        let error = TodoError.notAnOccurrence(position: 0, day: Self.iso("2027-01-01"), previous: Self.iso("2026-12-17"),
                                              next: Self.iso("2027-01-21"))
        #expect(throws: error) { try set.setDone(true, on: Self.iso("2027-01-01"), at: 0) }
        #expect(error.description == "2027-01-01 is not an occurrence of the todo's rule (previous: 2026-12-17, next: 2027-01-21)")
        #expect(set.indices(from: Self.iso("2027-01-01"), through: Self.iso("2027-01-20")).isEmpty)
        #expect(set.indices(from: Self.iso("2027-01-01"), through: Self.iso("2027-01-21")) == [0])
        #expect(set.recurrence(at: 0) == monthly && set.memoryFootprint.ruleTableBytes > 0)
        // Back to weekdays: the rule goes with the update.
        try set.update(at: 0, to: TodoDraft(id: "m", title: "club", start: s, end: Self.iso("2026-12-07")))
        #expect(set.recurrence(at: 0) == nil && set.trackedDayCount(at: 0) == 7)
    }
}
