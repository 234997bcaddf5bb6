import Testing
import CalGridTestSupport
@testable import CalGrid

private func day(_ y: Int, _ m: Int, _ d: Int) -> CivilDate { try! CivilDate(year: y, month: m, day: d) }

@Suite struct TodoCompletionTests {
    @Test func completionSharesAndStreaks() throws {
        var g = SeededRandom(seed: 4)
        var model = (0..<300).map { TodoDraft.random($0, using: &g) }
        var set = try TodoSet(model)
        // Toggle random days, including days that are not tracked.
        for _ in 0..<2000 {
            let i = Int.random(in: 0..<model.count, using: &g)
            let d = model[i]
            let dayNumber = Int(d.start?.dayNumber ?? 19_500) + Int.random(in: -3..<40, using: &g)
            let cd = CivilDate(_unchecked: Int32(dayNumber))
            let rd = ReferenceTodos.repeatDays(d)
            if let k = rd.firstIndex(of: dayNumber) {
                let now = try set.toggleDone(on: cd, at: i)
                var f = ReferenceTodos.flags(d)
                f[k].toggle()
                #expect(now == f[k])
                model[i].completedDays = f
            } else {
                #expect(throws: TodoError.dayNotTracked(position: i, day: cd)) { try set.toggleDone(on: cd, at: i) }
            }
        }
        for (i, d) in model.enumerated() {
            #expect(set.draft(at: i) == d)
            #expect(set.completionShare(at: i) == ReferenceTodos.share(d))
            #expect(set.isDone(at: i) == ReferenceTodos.isDone(d))
            let p = set.progress(at: i), want = ReferenceTodos.progress(d)
            #expect(p.done == want.done && p.total == want.total, "todo \(i): \(p) vs \(want)")
            #expect(set.longestStreak(at: i) == ReferenceTodos.longestStreak(d))
            let probe = Int(d.start?.dayNumber ?? d.end?.dayNumber ?? 19_500)
            for dn in stride(from: probe - 2, through: probe + 70, by: 1) {
                let cd = CivilDate(_unchecked: Int32(dn))
                #expect(set.fallsOn(cd, at: i) == ReferenceTodos.falls(d, dn))
                #expect(set.isDone(on: cd, at: i) == ReferenceTodos.done(d, dn))
            }
        }
    }

    @Test func progressOfUntrackedTodosIsTheirOneFlag() throws {
        // No deadline, undated, and a span whose repetition never meets it (Sunday only, Mon–Fri).
        let set = try TodoSet([
            TodoDraft(id: "a", title: "a", start: day(2024, 3, 4), isCompleted: true),
            TodoDraft(id: "b", title: "b"),
            TodoDraft(id: "c", title: "c", start: day(2024, 3, 4), end: day(2024, 3, 8), isCompleted: true,
                      repetition: WeekdaySet([.sunday])),
        ])
        #expect(set.progress(at: 0) == (1, 1) && set.isDone(at: 0))
        #expect(set.progress(at: 1) == (0, 1) && !set.isDone(at: 1))
        #expect(set.trackedDayCount(at: 2) == 0)
        #expect(set.progress(at: 2) == (1, 1) && set.completionShare(at: 2) == 1)
    }

    @Test func aCompletedTodoWithoutFlagsIsDoneOnEveryDay() throws {
        // Mon/Wed/Fri 2024-03-04 ... 2024-03-22: 9 repeat days; the second came with its own flags.
        let mwf = WeekdaySet([.monday, .wednesday, .friday])
        var set = try TodoSet([
            TodoDraft(id: "tax", title: "Tax", start: day(2024, 3, 4), end: day(2024, 3, 22), isCompleted: true, repetition: mwf),
            TodoDraft(id: "own", title: "Own", start: day(2024, 3, 4), end: day(2024, 3, 22), isCompleted: true, repetition: mwf,
                      completedDays: [Bool](repeating: false, count: 9)),
        ])
        #expect(set.isDone(at: 0) && set.doneDayCount(at: 0) == 9 && set.progress(at: 0) == (9, 9))
        #expect(!set.isDone(at: 1) && set.doneDayCount(at: 1) == 0)
        let counts = set.dayCounts(from: day(2024, 3, 4), through: day(2024, 3, 22))
        for k in 0..<19 {
            let d = day(2024, 3, 4 + k)
            #expect(counts.completed[k] == (mwf.contains(d.weekday) ? 1 : 0) && set.isDone(on: d, at: 0) == mwf.contains(d.weekday))
        }
        // Flags it took from isCompleted are no flags of its own: the draft re-inserts to the same set.
        #expect(set.draft(at: 0).completedDays == nil && set.draft(at: 1).completedDays?.count == 9)
        // From then on the flags are its completion: the stored flag alone leaves them, and the
        // draft now carries them, so it still re-inserts to the same set.
        try set.setIsCompleted(false, at: 0)
        #expect(set.isDone(at: 0) && set.draft(at: 0).completedDays == [Bool](repeating: true, count: 9))
        #expect(try TodoSet(set.drafts).drafts == set.drafts)
        try set.setDone(false, on: day(2024, 3, 6), at: 0)
        #expect(!set.isDone(at: 0) && set.draft(at: 0).completedDays?.filter { $0 }.count == 8)
    }

    @Test func streaksCountRepeatDaysOnly() throws {
        // Mon/Wed/Fri from Mon 2024-03-04 to Fri 2024-03-22: 9 repeat days.
        let mwf = WeekdaySet([.monday, .wednesday, .friday])
        var set = try TodoSet([TodoDraft(id: "gym", title: "Gym", start: day(2024, 3, 4), end: day(2024, 3, 22),
                                         isChallenge: true, repetition: mwf)])
        #expect(set.trackedDayCount(at: 0) == 9)
        for d in [4, 6, 8, 11, 15, 18] { try set.setDone(true, on: day(2024, 3, d), at: 0) }
        #expect(throws: TodoError.dayNotTracked(position: 0, day: day(2024, 3, 5))) {
            try set.setDone(true, on: day(2024, 3, 5), at: 0)
        }
        #expect(set.longestStreak(at: 0) == 4)                          // 4, 6, 8, 11
        #expect(set.currentStreak(on: day(2024, 3, 12), at: 0) == 4)   // Tuesday does not break it
        #expect(set.currentStreak(on: day(2024, 3, 13), at: 0) == 4)   // Wed 13 not done yet: still 4
        #expect(set.currentStreak(on: day(2024, 3, 14), at: 0) == 0)   // Wed 13 was missed
        #expect(set.currentStreak(on: day(2024, 3, 18), at: 0) == 2)   // 15, 18
        #expect(set.currentStreak(on: day(2024, 3, 1), at: 0) == 0)
        #expect(set.completionShare(upTo: day(2024, 3, 12), at: 0) == 1.0)
        #expect(set.completionShare(upTo: day(2024, 3, 13), at: 0) == 4.0 / 5.0)
        #expect(set.completionShare(upTo: day(2024, 3, 3), at: 0) == 0)
        #expect(set.completionShare(at: 0) == 6.0 / 9.0)
        #expect(set.progress(at: 0) == (6, 9))
        #expect(!set.isDone(on: day(2024, 3, 5), at: 0))
        #expect(set.isDone(on: day(2024, 3, 6), at: 0))
    }
}
