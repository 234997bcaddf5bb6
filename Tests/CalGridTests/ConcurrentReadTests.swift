import Testing
import CalGridTestSupport
import Foundation
import Synchronization
@testable import CalGrid

/// Any number of threads may read one set at once: many threads × many rounds of "change the set,
/// then read it from every thread at the same moment", each answer compared with the answer of a set
/// rebuilt from the same drafts and read by one thread. The first reads after a change race to build
/// the interval index and the per-day tables; `make test-tsan` runs this under ThreadSanitizer.
@Suite struct ConcurrentReadTests {
    /// Every answer a reader compares, from one set.
    struct Answers: Equatable {
        var ranges: [[Int]] = []
        var counts: [TodoDayCounts] = []
        var splits: [[Int]] = []
        var sorts: [[Int]] = []
        var search: [Int] = []
        var lookups: [Int?] = []
    }

    static let ranges: [(Int32, Int32)] = [(19_358, 19_388), (19_700, 19_701), (18_000, 22_000), (19_500, 19_870)]
    static let kinds: [TodoKind] = [.all, .challenges, .plain]
    static let orders: [TodoOrder] = [.deadlineImminent, .registrationOrder, .newestFirst,
                                      TodoOrder(.title), TodoOrder(.completionShare, descending: true)]

    /// The answers, computed in an order that depends on `rotation`, so that concurrent readers
    /// start on different caches (interval index, day tables of each kind, sorts).
    static func answers(_ set: TodoSet, rotation: Int) -> Answers {
        var a = Answers()
        let steps = 5
        for s in 0..<steps {
            switch (s + rotation) % steps {
            case 0:
                a.ranges = ranges.flatMap { r in kinds.map { k in
                    set.indices(from: CivilDate(_unchecked: r.0), through: CivilDate(_unchecked: r.1), kind: k) } }
            case 1:
                a.counts = ranges.flatMap { r in kinds.map { k in
                    set.dayCounts(from: CivilDate(_unchecked: r.0), through: CivilDate(_unchecked: r.1), kind: k) } }
            case 2:
                let day = CivilDate(_unchecked: 19_720)
                a.splits = [TodoSplit.completed, .incomplete, .upcoming, .noDeadline, .overdue].map { set.indices($0, on: day) }
                    + [set.indices(on: day, kind: .challenges)]
            case 3:
                a.sorts = orders.map { set.sortedIndices(by: $0) } + [set.sortedIndices(by: .deadlineImminent, limit: 10)]
            default:
                a.search = set.indices(matchingTitle: "read")
                a.lookups = ["t1", "t77", "t1999", "missing"].map { set.index(ofID: $0) }
            }
        }
        return a
    }

    /// Applies change number `round` to `set`: appends, date updates, removals, completion toggles.
    static func change(_ set: inout TodoSet, round: Int, using g: inout SeededRandom) throws {
        let i = Int.random(in: 0..<set.count, using: &g)
        switch round % 5 {
        case 0: try set.append(TodoDraft.random(50_000 + round, using: &g))
        case 1: try set.update(at: i, to: TodoDraft.random(60_000 + round, using: &g).with { $0.id = set.id(at: i) })
        case 2: set.remove(at: i)
        case 3: try set.setIsCompleted(!set.isDone(at: i), at: i)
        default:
            if let s = set.start(at: i), let e = set.end(at: i) {
                for d in s.dayNumber...e.dayNumber where set.fallsOn(CivilDate(_unchecked: d), at: i) {
                    _ = try set.toggleDone(on: CivilDate(_unchecked: d), at: i)
                    break
                }
            }
            try set.setIsCompleted(true, at: (i + 1) % set.count)
        }
    }

    @Test func manyThreadsReadOneSetRightAfterEachChange() throws {
        let threads = 6, rounds = 12
        var g = SeededRandom(seed: 42)
        var set = try TodoSet((0..<800).map { TodoDraft.random($0, using: &g) })
        let mismatches = Atomic<Int>(0)
        for round in 0..<rounds {
            try Self.change(&set, round: round, using: &g)
            // The reference: the same todos in a set of its own (its own caches), read by one thread.
            let expected = Self.answers(try TodoSet(set.drafts), rotation: 0)
            let shared = set  // shares the changed set's fresh, unbuilt caches
            // Started together, the first reads race to build the caches.
            runTogether(threads: threads) { t in
                if Self.answers(shared, rotation: t + round) != expected { mismatches.add(1, ordering: .relaxed) }
            }
        }
        #expect(mismatches.load(ordering: .relaxed) == 0)
    }

    /// Honest const across copies: while reader threads query a set whose day tables and interval
    /// index are built, another thread changes its own copy of it. The copy's first change copies
    /// the shared cache (its tables' counts still shared until written); every later change edits
    /// the copy's tables in place. Readers must keep the original's answers throughout and the
    /// copy must end with a fresh set's; under ThreadSanitizer (`make test-tsan`) any write of
    /// the copy's into memory the readers use would be reported.
    @Test func readersOfASetWhileAnotherThreadChangesItsCopy() throws {
        let readers = 4, rounds = 40
        var g = SeededRandom(seed: 44)
        let original = try TodoSet((0..<800).map { TodoDraft.random($0, using: &g) })
        for k in Self.kinds { original.prepareDayCounts(kind: k) }
        original.prepareIntervalIndex()
        let expected = Self.answers(try TodoSet(original.drafts), rotation: 0)
        let mismatches = Atomic<Int>(0), arrived = Atomic<Int>(0), writing = Atomic<Bool>(true)
        let done = DispatchGroup()
        for t in 0..<readers {
            done.enter()
            Thread {
                arrived.add(1, ordering: .acquiringAndReleasing)
                while arrived.load(ordering: .acquiring) <= readers { sched_yield() }
                // At least twice, and on until the writer has finished every change.
                var reads = 0
                while reads < 2 || writing.load(ordering: .acquiring) {
                    if Self.answers(original, rotation: t + reads) != expected { mismatches.add(1, ordering: .relaxed) }
                    reads += 1
                }
                done.leave()
            }.start()
        }
        let copyOK = Atomic<Bool>(false)
        done.enter()
        Thread { [g] in
            var w = g
            var mine = original   // shares the original's columns and cache until the first change
            arrived.add(1, ordering: .acquiringAndReleasing)
            while arrived.load(ordering: .acquiring) <= readers { sched_yield() }
            var ok = true
            for round in 0..<rounds {
                do { try Self.change(&mine, round: round, using: &w) } catch { ok = false }
                // Reads keep the copy's tables built, so the next change updates them in place.
                for k in Self.kinds {
                    _ = mine.dayCounts(from: CivilDate(_unchecked: 19_358), through: CivilDate(_unchecked: 19_450), kind: k)
                }
                _ = mine.indices(on: CivilDate(_unchecked: 19_700))
            }
            if let fresh = try? TodoSet(mine.drafts) {
                ok = ok && Self.answers(mine, rotation: 1) == Self.answers(fresh, rotation: 0)
            } else { ok = false }
            copyOK.store(ok, ordering: .relaxed)
            writing.store(false, ordering: .releasing)
            done.leave()
        }.start()
        done.wait()
        let readersAgreed = mismatches.load(ordering: .relaxed) == 0, copyAgreed = copyOK.load(ordering: .relaxed)
        #expect(readersAgreed)
        #expect(copyAgreed)
        #expect(Self.answers(original, rotation: 2) == expected)
    }

    @Test func todoSetIsSendable() async throws {
        var g = SeededRandom(seed: 43)
        let set = try TodoSet((0..<500).map { TodoDraft.random($0, using: &g) })
        let expected = Self.answers(try TodoSet(set.drafts), rotation: 0)
        // Crossing into child tasks needs `Sendable`; this compiles only because TodoSet is.
        let results = await withTaskGroup(of: Bool.self) { group in
            for t in 0..<6 { group.addTask { Self.answers(set, rotation: t) == expected } }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results == Array(repeating: true, count: 6))
    }
}
