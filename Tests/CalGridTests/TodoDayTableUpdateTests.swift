import Testing
import CalGridTestSupport
@testable import CalGrid

/// The per-day tables kept current in place: after every step of random mutation histories (all
/// kinds of todo and repetition, every mutation), each built table equals a fresh build, answers
/// equal a brute-force count over `ReferenceTodos`, and a change to one todo kept the table
/// instead of dropping it.
@Suite struct TodoDayTableUpdateTests {
    static func day(_ n: Int) -> CivilDate { CivilDate(_unchecked: Int32(n)) }

    static func prepareAll(_ set: TodoSet) {
        for kind in ReferenceTodos.kinds { set.prepareDayCounts(kind: kind) }
    }

    static func builtTables(_ set: TodoSet) -> Int {
        [TodoKind.todos, .challenges, .plain, .events].filter { (set._cache.dayTable($0) ?? nil) != nil }.count
    }

    /// One random mutation of `set` and `model`; returns whether it changed a single todo.
    static func mutate(_ set: inout TodoSet, _ model: inout [TodoDraft], step: Int, using g: inout SeededRandom) throws -> Bool {
        let i = Int.random(in: 0..<model.count, using: &g)
        switch Int.random(in: 0..<11, using: &g) {
        case 0: try TodoQueryTests.putRandom(&set, &model, 100_000 + step, at: nil, using: &g)
        case 1:
            let batch = (0..<Int.random(in: 2...30, using: &g)).map { TodoDraft.random(200_000 + step * 40 + $0, using: &g, events: true) }
            try set.insert(contentsOf: batch); model += batch
            return false
        case 2: set.remove(at: i); model.remove(at: i)
        case 3:
            let gone = Set((0..<Int.random(in: 1...5, using: &g)).map { _ in Int.random(in: 0..<model.count, using: &g) })
            set.removeAll { gone.contains($0) }
            model = model.indices.filter { !gone.contains($0) }.map { model[$0] }
            return false
        case 4:
            var d = TodoDraft.random(300_000 + step, using: &g, events: true); d.id = model[i].id
            try set.update(at: i, to: d); model[i] = d
        case 5:
            let d = model[i].withNextKind()   // plain -> event -> challenge -> plain
            try set.update(at: i, to: d); model[i] = d
        case 6:
            var d = model[i]; d.repetition = WeekdaySet(rawValue: UInt8.random(in: 1...127, using: &g))
            if ReferenceTodos.tracked(d) { d.completedDays = nil }
            try set.update(at: i, to: d); model[i] = d
        case 7: try TodoQueryTests.flipCompleted(&set, &model, at: i)
        case 8: try TodoQueryTests.toggleRandomDay(&set, &model, at: i, using: &g)
        case 9: try TodoQueryTests.setRandomDone(&set, &model, at: i, using: &g)
        default:
            // New dates far outside the table: it grows.
            var d = model[i]
            let s = Int32(19_358 + Int.random(in: -4_000..<6_000, using: &g))
            d.start = day(Int(s)); d.end = day(Int(s) + Int.random(in: 0..<40, using: &g)); d.completedDays = nil
            try set.update(at: i, to: d); model[i] = d
        }
        return true
    }

    @Test(arguments: [31, 32, 33, 34] as [UInt64]) func tablesFollowRandomHistories(seed: UInt64) throws {
        var g = SeededRandom(seed: seed)
        var model = (0..<150).map { TodoDraft.random($0, using: &g, events: true) }
        var set = try TodoSet(model)
        Self.prepareAll(set)
        var kept = 0, single = 0
        for step in 0..<160 {
            if model.count < 20 {
                let more = (0..<40).map { TodoDraft.random(400_000 + step * 50 + $0, using: &g, events: true) }
                try set.insert(contentsOf: more); model += more
            }
            let tablesBefore = Self.builtTables(set)
            let one = try Self.mutate(&set, &model, step: step, using: &g)
            if one && tablesBefore == 4 { single += 1; if Self.builtTables(set) == 4 { kept += 1 } }
            #expect(set._dayTableMismatches() == 0, "seed \(seed) step \(step)")
            if step % 8 == 0 {
                let a = 19_300 + Int.random(in: 0..<1_600, using: &g)
                let kind = ReferenceTodos.kinds[(step / 8) % 5]
                #expect(TodoQueryTests.dayCountMismatches(set, model, from: a, days: 92, kind) == 0, "seed \(seed) step \(step)")
                let fresh = try TodoSet(model)
                #expect(set.dayCounts(from: Self.day(a), through: Self.day(a + 91), kind: kind)
                        == fresh.dayCounts(from: Self.day(a), through: Self.day(a + 91), kind: kind))
            }
            Self.prepareAll(set)   // a table dropped by a batch is built again
        }
        // One-todo changes update the tables in place; only growth past the limit may drop one.
        #expect(single > 60 && kept * 10 >= single * 9, "kept \(kept) of \(single)")
    }

    /// A copy taken before changes keeps its own answers (value semantics through copy-on-write),
    /// and the changed set's tables are its own.
    @Test func copiesNeverSeeEachOthersUpdates() throws {
        var g = SeededRandom(seed: 9)
        var model = (0..<120).map { TodoDraft.random($0, using: &g, events: true) }
        var set = try TodoSet(model)
        Self.prepareAll(set)
        let first = Self.day(19_400), last = Self.day(19_491)
        var copies: [(TodoSet, [TodoDayCounts])] = []
        for step in 0..<40 {
            let snapshot = set
            copies.append((snapshot, ReferenceTodos.kinds.map { snapshot.dayCounts(from: first, through: last, kind: $0) }))
            _ = try Self.mutate(&set, &model, step: step, using: &g)
            #expect(set._dayTableMismatches() == 0)
        }
        for (copy, answers) in copies {
            #expect(ReferenceTodos.kinds.map { copy.dayCounts(from: first, through: last, kind: $0) } == answers)
            #expect(copy._dayTableMismatches() == 0)
        }
        #expect(TodoQueryTests.dayCountMismatches(set, model, from: 19_400, days: 92, .all) == 0)
    }

    /// A date centuries away makes the table too wide: it is dropped, decided again, and answers
    /// stay right; removing that todo brings the kept table back.
    @Test func tooWideTablesAreDecidedAgain() throws {
        var g = SeededRandom(seed: 4)
        var model = (0..<50).map { TodoDraft.random($0, using: &g) }
        var set = try TodoSet(model)
        set.prepareDayCounts()
        #expect(Self.builtTables(set) >= 1)
        var far = TodoDraft(id: "far", title: "far")
        far.start = Self.day(2_900_000); far.end = Self.day(2_900_003)
        try set.append(far); model.append(far)
        set.prepareDayCounts()
        #expect((set._cache.dayTable(.all) ?? nil) == nil)
        #expect(TodoQueryTests.dayCountMismatches(set, model, from: 19_400, days: 30, .all) == 0)
        #expect(TodoQueryTests.dayCountMismatches(set, model, from: 2_899_998, days: 9, .all) == 0)
        set.remove(at: set.count - 1); model.removeLast()
        set.prepareDayCounts()
        #expect((set._cache.dayTable(.all) ?? nil) != nil)
        #expect(set._dayTableMismatches() == 0)
        #expect(TodoQueryTests.dayCountMismatches(set, model, from: 19_400, days: 30, .all) == 0)
    }
}
