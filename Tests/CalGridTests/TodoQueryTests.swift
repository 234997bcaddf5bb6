import Testing
import CalGridTestSupport
@testable import CalGrid

/// Queries, splits, aggregates, search and sorts against `ReferenceTodos`, on random sets that
/// change between rounds (so the lazily rebuilt interval index is exercised after mutations).
@Suite struct TodoQueryTests {
    static let seeds: [UInt64] = [11, 12, 13]

    /// A random set plus a random mutation history, mirrored in a plain array.
    static func randomSet(seed: UInt64, count n: Int) throws -> (TodoSet, [TodoDraft], SeededRandom) {
        var g = SeededRandom(seed: seed)
        var model = (0..<n).map { TodoDraft.random($0, using: &g, events: true) }
        var set = try TodoSet(model)
        _ = set.indices(on: CivilDate(_unchecked: 19_600)) // build the index, then mutate
        for step in 0..<n / 4 {
            let i = Int.random(in: 0..<model.count, using: &g)
            switch step % 4 {
            case 0: set.remove(at: i); model.remove(at: i)
            case 1: try Self.putRandom(&set, &model, 10_000 + step, at: i, using: &g)
            case 2: try Self.putRandom(&set, &model, 20_000 + step, at: nil, using: &g)
            default:
                try Self.toggleRandomDay(&set, &model, at: i, using: &g)
                try Self.flipCompleted(&set, &model, at: i)
            }
        }
        return (set, model, g)
    }

    /// Toggles one random repeat day of todo `i` in the set and in its mirror.
    static func toggleRandomDay(_ set: inout TodoSet, _ model: inout [TodoDraft], at i: Int, using g: inout SeededRandom) throws {
        var rd = ReferenceTodos.repeatDays(model[i])
        if ReferenceTodos.openRule(model[i]) {
            // Past the last flag too: a tick there makes the todo keep flags that far.
            rd = ReferenceTodos.firstDays(model[i], rd.count + Int.random(in: 0...3, using: &g))
        }
        guard !rd.isEmpty else { return }
        if model[i].isEvent {
            // An event has days but nothing to tick: a typed error, the set unchanged.
            let day = CivilDate(_unchecked: Int32(rd[Int.random(in: 0..<rd.count, using: &g)]))
            #expect(throws: TodoError.eventNeverDone(position: i, id: model[i].id)) { try set.toggleDone(on: day, at: i) }
            return
        }
        let k = Int.random(in: 0..<rd.count, using: &g)
        // A tick names the occurrence that starts on its day (and flips that one).
        let was = ReferenceTodos.occurrenceDone(model[i], rd[k])
        #expect(set.isDone(on: CivilDate(_unchecked: Int32(rd[k])), at: i) == ReferenceTodos.done(model[i], rd[k]))
        try set.toggleDone(on: CivilDate(_unchecked: Int32(rd[k])), at: i)
        // The tick becomes `!was` (done as a whole reads as done: the toggle then clears), and a
        // tick past an open-ended todo's flags makes it keep flags that far.
        let before = ReferenceTodos.flags(model[i])
        var f = before
        if k < f.count { f[k] = !was } else if !was { f += [Bool](repeating: false, count: k + 1 - f.count); f[k] = true }
        if f != before { model[i].completedDays = f }
    }

    static func kindOK(_ d: TodoDraft, _ kind: TodoKind) -> Bool { ReferenceTodos.isOfKind(d, kind) }

    /// Flips todo `i`'s `isCompleted` in the set and its mirror; for an event, checks the refusal.
    static func flipCompleted(_ set: inout TodoSet, _ model: inout [TodoDraft], at i: Int) throws {
        if model[i].isEvent {
            #expect(throws: TodoError.eventNeverDone(position: i, id: model[i].id)) { try set.setIsCompleted(true, at: i) }
            #expect(throws: TodoError.eventNeverDone(position: i, id: model[i].id)) { try set.setDone(false, at: i) }
            return
        }
        try set.setIsCompleted(!model[i].isCompleted, at: i)
        // The flags a tracked todo took from isCompleted when it came in stay as they were.
        if model[i].completedDays == nil, !ReferenceTodos.repeatDays(model[i]).isEmpty {
            model[i].completedDays = ReferenceTodos.flags(model[i])
        }
        model[i].isCompleted.toggle()
    }

    /// A random todo (events among them) numbered `n`, in place of todo `i` or (`i` nil) appended,
    /// in `set` and `model` alike.
    static func putRandom(_ set: inout TodoSet, _ model: inout [TodoDraft], _ n: Int, at i: Int?, using g: inout SeededRandom) throws {
        let d = TodoDraft.random(n, using: &g, events: true)
        if let i {
            try set.update(at: i, to: d); model[i] = d
        } else {
            try set.append(d); model.append(d)
        }
    }

    /// `setDone(_:at:)` with a random answer on todo `i` of `set` and `model`: an event refuses it;
    /// a tracked todo's flags all become that answer (flags still as it took them from isCompleted
    /// stay no flags, nil); any other todo's isCompleted does.
    static func setRandomDone(_ set: inout TodoSet, _ model: inout [TodoDraft], at i: Int, using g: inout SeededRandom) throws {
        let done = Bool.random(using: &g)
        if model[i].isEvent {
            #expect(throws: TodoError.eventNeverDone(position: i, id: model[i].id)) { try set.setDone(done, at: i) }
            return
        }
        try set.setDone(done, at: i)
        let n = ReferenceTodos.repeatDays(model[i]).count
        if ReferenceTodos.tracked(model[i]), n > 0 {
            let got = set.draft(at: i).completedDays
            #expect((got ?? [Bool](repeating: model[i].isCompleted, count: n)) == [Bool](repeating: done, count: n))
            model[i].completedDays = got
        } else {
            model[i].isCompleted = done
        }
    }

    @Test(arguments: seeds) func overlapMatchesNaiveFilter(seed: UInt64) throws {
        var (set, model, g) = try Self.randomSet(seed: seed, count: 600)
        #expect(set.drafts == model)
        for q in 0..<120 {
            let a = 19_300 + Int.random(in: 0..<1700, using: &g)
            let len = [0, 1, 2, 5, 6, 7, 30, 92, 400][q % 9]
            let kind = ReferenceTodos.kinds[q % 5]
            let b = a + len
            let expected = model.indices.filter { i in
                Self.kindOK(model[i], kind) && (a...b).contains { ReferenceTodos.falls(model[i], $0) }
            }
            let got = set.indices(from: CivilDate(_unchecked: Int32(a)), through: CivilDate(_unchecked: Int32(b)), kind: kind)
            #expect(got == expected, "seed \(seed) range \(a)…\(b) \(kind)")
            if q % 9 == 0 {
                #expect(set.indices(on: CivilDate(_unchecked: Int32(a)), kind: kind) == expected)
            }
            if q % 10 == 0 {
                // A mutation between queries must not leave a stale index behind.
                let d = TodoDraft.random(50_000 + q, using: &g)
                try set.append(d); model.append(d)
            }
        }
        #expect(set.indices(from: CivilDate(_unchecked: 19_700), through: CivilDate(_unchecked: 19_699)) == [])
        let week = try Period.week(containing: CivilDate(_unchecked: 19_800), firstWeekday: .monday)
        #expect(set.indices(overlapping: week) == model.indices.filter { i in
            (week.first.dayNumber...week.last.dayNumber).contains { ReferenceTodos.falls(model[i], Int($0)) }
        })
    }

    /// Small sets build their interval index with insertion-sorted rows (32 values or fewer).
    @Test(arguments: seeds) func smallSetOverlapMatchesNaiveFilter(seed: UInt64) throws {
        for n in [1, 2, 5, 14, 31, 32, 33] {
            var (set, model, g) = try Self.randomSet(seed: seed, count: n)
            for q in 0..<40 {
                let a = 19_300 + Int.random(in: 0..<1700, using: &g)
                let b = a + [0, 1, 6, 30, 400][q % 5]
                let kind = ReferenceTodos.kinds[q % 5]
                let expected = model.indices.filter { i in
                    Self.kindOK(model[i], kind) && (a...b).contains { ReferenceTodos.falls(model[i], $0) }
                }
                #expect(set.indices(from: CivilDate(_unchecked: Int32(a)), through: CivilDate(_unchecked: Int32(b)), kind: kind)
                        == expected, "n \(n) seed \(seed) range \(a)…\(b) \(kind)")
                if q % 10 == 0 {
                    let d = TodoDraft.random(60_000 + q, using: &g)
                    try set.append(d); model.append(d)
                }
            }
        }
    }

    @Test(arguments: seeds) func splitsMatchNaiveFilter(seed: UInt64) throws {
        var (set, model, g) = try Self.randomSet(seed: seed, count: 500)
        var prep = model.map(PreparedTodo.init)
        for q in 0..<40 {
            let d = 19_300 + Int.random(in: 0..<1700, using: &g)
            let day = CivilDate(_unchecked: Int32(d))
            let kind = ReferenceTodos.kinds[q % 5]
            let ok = { (i: Int) in Self.kindOK(model[i], kind) }
            #expect(set.indices(.completed, on: day, kind: kind)
                    == model.indices.filter { ok($0) && prep[$0].done(d) })
            #expect(set.indices(.incomplete, on: day, kind: kind)
                    == model.indices.filter { ok($0) && prep[$0].falls(d) && !prep[$0].done(d) })
            #expect(set.indices(.upcoming, on: day, kind: kind)
                    == model.indices.filter { ok($0) && model[$0].start.map { Int($0.dayNumber) > d } == true })
            #expect(set.indices(.noDeadline, on: day, kind: kind) == model.indices.filter { ok($0) && model[$0].end == nil })
            let overdue = model.indices.filter { ReferenceTodos.overdue(model[$0], d) }
            #expect(set.indices(.overdue, on: day, kind: kind) == overdue.filter(ok))
            #expect(model.indices.filter { set.isOverdue(on: day, at: $0) } == overdue)
            for i in model.indices.filter({ _ in Int.random(in: 0..<50, using: &g) == 0 }) {
                #expect(set.isDone(on: day, at: i) == prep[i].done(d))
            }
            if q % 5 == 0 { set.remove(at: 0); model.remove(at: 0); prep.remove(at: 0) }
        }
        #expect(set.indices(kind: .challenges) == model.indices.filter { model[$0].isChallenge })
        for kind in ReferenceTodos.kinds { #expect(set.indices(kind: kind) == model.indices.filter { Self.kindOK(model[$0], kind) }) }
        #expect(model.contains { $0.isEvent } && model.contains { $0.isChallenge })
    }

    @Test(arguments: seeds) func dayCountsMatchNaiveCounts(seed: UInt64) throws {
        let (set, model, _) = try Self.randomSet(seed: seed, count: 500)
        let prep = model.map(PreparedTodo.init)
        for (a, len) in [(19_358, 92), (19_700, 1), (19_600, 7), (19_000, 1300), (19_720, 400)] {
            for kind in ReferenceTodos.kinds {
                let c = set.dayCounts(from: CivilDate(_unchecked: Int32(a)), through: CivilDate(_unchecked: Int32(a + len - 1)), kind: kind)
                #expect(c.dayCount == len)
                var mismatches = 0
                for t in 0..<len {
                    let d = a + t
                    let all = prep.filter { Self.kindOK($0.draft, kind) && $0.falls(d) }
                    let falling = all.filter { !$0.draft.isEvent }, events = all.count - falling.count
                    let done = falling.filter { $0.done(d) }.count
                    if Int(c.total[t]) != falling.count || Int(c.completed[t]) != done || c.eventCount(at: t) != events { mismatches += 1 }
                    let tally = c.tally(at: t)
                    if tally != TodoTally(total: falling.count, completed: done, events: events)
                        || c.isComplete(at: t) != (done == falling.count && done > 0)
                        || c.percentDone(at: t) != Self.roundedPercent(done, of: falling.count) { mismatches += 1 }
                    if t == 0, falling.count > 0 {
                        #expect(c.share(at: 0) == Double(done) / Double(falling.count))
                    }
                }
                #expect(mismatches == 0, "seed \(seed) from \(a) for \(len) days \(kind)")
                let sum = (0..<len).reduce(into: TodoTally()) { s, t in
                    s.total += Int(c.total[t]); s.completed += Int(c.completed[t]); s.events += c.eventCount(at: t)
                }
                #expect(c.sum == sum)
            }
        }
        let empty = set.dayCounts(from: CivilDate(_unchecked: 5), through: CivilDate(_unchecked: 4))
        #expect(empty.dayCount == 0)
        let month = try Period.month(year: 2024, month: 2)
        let feb = set.dayCounts(in: month)
        #expect(feb.dayCount == 29)
        #expect(feb[CivilDate(_unchecked: month.first.dayNumber + 3)]?.total
                == model.filter { !$0.isEvent && ReferenceTodos.falls($0, Int(month.first.dayNumber) + 3) }.count)
        #expect(feb[CivilDate(_unchecked: month.last.dayNumber + 1)] == nil)
    }

    /// The percentage a person would write: 100 × done / total to the nearest whole number, halves
    /// up (every half is exact in binary here), 0 without todos.
    static func roundedPercent(_ done: Int, of total: Int) -> Int {
        total == 0 ? 0 : Int((Double(done) * 100 / Double(total)).rounded(.toNearestOrAwayFromZero))
    }

    @Test func tallyPercentagesRoundHalfUp() {
        for total in 0...120 {
            for done in 0...total {
                let t = TodoTally(total: total, completed: done)
                #expect(t.percentDone == Self.roundedPercent(done, of: total), "\(done) of \(total)")
                #expect(t.isComplete == (total > 0 && done == total))
            }
        }
        #expect(TodoTally(total: 8, completed: 1).percentDone == 13 && TodoTally(total: 3, completed: 2).percentDone == 67)
        #expect(TodoTally(total: 200, completed: 1).percentDone == 1 && TodoTally(total: 201, completed: 1).percentDone == 0)
        #expect(TodoTally().percentDone == 0 && !TodoTally().isComplete)
    }

    /// Counts of `model` on every day of `[a, a + len)` for `kind`, against `set`; returns the
    /// number of days that differ.
    static func dayCountMismatches(_ set: TodoSet, _ model: [TodoDraft], from a: Int, days len: Int, _ kind: TodoKind) -> Int {
        let prep = model.map(PreparedTodo.init)
        let c = set.dayCounts(from: CivilDate(_unchecked: Int32(a)), through: CivilDate(_unchecked: Int32(a + len - 1)), kind: kind)
        guard c.dayCount == len else { return len }
        var mismatches = 0
        for t in 0..<len {
            // Each occurrence covering the day counts (a day two occurrences of one todo cover, twice).
            let all = prep.filter { kindOK($0.draft, kind) && $0.falls(a + t) }
            let falling = all.filter { !$0.draft.isEvent }
            let total = falling.reduce(0) { $0 + $1.counts(a + t).total }, done = falling.reduce(0) { $0 + $1.counts(a + t).done }
            let events = all.filter { $0.draft.isEvent }.reduce(0) { $0 + $1.counts(a + t).total }
            if Int(c.total[t]) != total || Int(c.completed[t]) != done || c.eventCount(at: t) != events {
                mismatches += 1
            }
        }
        return mismatches
    }

    /// The per-day table `dayCounts` keeps must follow every kind of change: toggles (kept),
    /// `isCompleted`, updates that keep or move the dates, appends and removals (rebuilt); and
    /// answer days far outside the set's dated span (open-ended todos only).
    @Test(arguments: seeds) func dayCountsFollowMutations(seed: UInt64) throws {
        var (set, model, g) = try Self.randomSet(seed: seed, count: 200)
        let ranges = [(19_358, 92), (18_000, 30), (22_500, 21), (19_350, 1_700), (-700_000, 9), (2_900_000, 8)]
        for step in 0..<36 {
            let (a, len) = ranges[step % ranges.count]
            let kind = ReferenceTodos.kinds[step % 5]
            #expect(Self.dayCountMismatches(set, model, from: a, days: len, kind) == 0,
                    "seed \(seed) step \(step) from \(a) for \(len) days \(kind)")
            let i = Int.random(in: 0..<model.count, using: &g)
            switch step % 6 {
            case 0: try Self.toggleRandomDay(&set, &model, at: i, using: &g)
            case 1: try Self.flipCompleted(&set, &model, at: i)
            case 2:
                var d = model[i].withNextKind(); if !d.isEvent { d.isCompleted.toggle() }
                try set.update(at: i, to: d); model[i] = d
            case 3: try Self.putRandom(&set, &model, 70_000 + step, at: i, using: &g)
            case 4: try Self.putRandom(&set, &model, 80_000 + step, at: nil, using: &g)
            default: set.remove(at: i); model.remove(at: i)
            }
        }
        // A copy made before a change keeps its own answers.
        let before = set
        let day = CivilDate(_unchecked: 19_400)
        let old = before.dayCounts(from: day, through: day)
        let j = model.firstIndex { !$0.isEvent && !ReferenceTodos.tracked($0) && ReferenceTodos.falls($0, 19_400) }
        if let j {
            try set.setIsCompleted(!model[j].isCompleted, at: j)
            #expect(before.dayCounts(from: day, through: day) == old)
            #expect(set.dayCounts(from: day, through: day).completed[0] != old.completed[0])
        }
    }

    /// Dates centuries apart on a small set: no kept table (it would be mostly empty), a table of
    /// the asked days per call, the same answers.
    @Test func dayCountsWithoutTableOnWideSpans() throws {
        var g = SeededRandom(seed: 5)
        var model = (0..<60).map { TodoDraft.random($0, using: &g) }
        var far = TodoDraft(id: "far", title: "far")
        far.start = try CivilDate(year: 1, month: 1, day: 1); far.end = try CivilDate(year: 1, month: 1, day: 9)
        model.append(far)
        let set = try TodoSet(model)
        set.prepareDayCounts()
        #expect(set.memoryFootprint.dayTableBytes == 0)
        for kind in ReferenceTodos.kinds {
            #expect(Self.dayCountMismatches(set, model, from: 19_358, days: 120, kind) == 0)
            #expect(Self.dayCountMismatches(set, model, from: Int(far.start!.dayNumber) - 3, days: 14, kind) == 0)
        }
        let near = try TodoSet(Array(model.dropLast()))
        near.prepareDayCounts()
        #expect(near.memoryFootprint.dayTableBytes > 0)
    }

    @Test func titleSearchFoldsASCIIOnly() throws {
        var g = SeededRandom(seed: 21)
        let model = (0..<400).map { TodoDraft.random($0, using: &g) }
        let set = try TodoSet(model)
        func fold(_ s: String) -> [UInt8] { s.utf8.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 } }
        func naive(_ q: String) -> [Int] {
            let n = fold(q)
            return model.indices.filter { i in
                let t = fold(model[i].title)
                guard n.count <= t.count else { return false }
                return n.isEmpty || (0...(t.count - n.count)).contains { Array(t[$0..<($0 + n.count)]) == n }
            }
        }
        for q in ["read", "READ", "ReAd m", "운동", "운동하기", "동", "💧", "ü", "Ü", "", "xyz", "b", "Write report!"] {
            #expect(set.indices(matchingTitle: q) == naive(q), "query \(q)")
        }
        // ASCII folding only: "Ü" does not match "ü"; Korean matches byte for byte.
        #expect(set.indices(matchingTitle: "Ünï") == set.indices(matchingTitle: "ünï") || naive("Ünï") != naive("ünï"))
        #expect(!set.indices(matchingTitle: "운동").isEmpty)
        #expect(set.indices(matchingTitle: "read", kind: .challenges) == naive("read").filter { model[$0].isChallenge })
    }
}
