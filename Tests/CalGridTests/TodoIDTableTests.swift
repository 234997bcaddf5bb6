import Testing
import CalGridTestSupport
@testable import CalGrid

/// The id table's removal without renumbering (`_IDTable.closeGap(at:)`): removed rows wait in a
/// short list, in the slots' numbering, until every 64th removal renumbers the slots. Random
/// histories of inserts, removals (from the middle and the end), re-indexed rows and lookups are
/// checked after every step against a dictionary from id to row, past the first and the second
/// renumbering.
@Suite struct TodoIDTableTests {
    /// The table's owner as `TodoSet` is one: row `r` holds `ids[r]`, rows stay dense.
    struct Model {
        var table = _IDTable()
        var ids: [UInt64] = []
        var oracle: [UInt64: Int] = [:]
        var next: UInt64 = 1
        /// Hashes with few bits, so that ids collide and probe chains and backward shifts are long.
        let hashBits: Int
        var renumberings = 0, middleRemovals = 0, lastRemovals = 0

        static func hash(_ id: UInt64, bits: Int) -> UInt64 {
            let h = id &* 0x9E37_79B9_7F4A_7C15
            return bits >= 64 ? h : h >> UInt64(64 - bits)
        }
        func hash(_ id: UInt64) -> UInt64 { Model.hash(id, bits: hashBits) }

        func find(_ id: UInt64) -> Int? { table.find(hash: hash(id)) { ids[$0] == id } }

        mutating func append() {
            let id = next
            next += 1
            if table.needsResize(for: table.count + 1) {
                let ids = self.ids, bits = hashBits
                table.rebuild(minimumCapacity: table.count + 1, rows: ids.count) { Model.hash(ids[$0], bits: bits) }
            }
            table.insert(ids.count, hash: hash(id))
            oracle[id] = ids.count
            ids.append(id)
        }

        mutating func remove(at r: Int) {
            let ids = self.ids, bits = hashBits
            let before = table._removed.count
            table.remove(r, hash: hash(ids[r])) { Model.hash(ids[$0], bits: bits) }
            self.ids.remove(at: r)
            if r == self.ids.count { lastRemovals += 1 } else { middleRemovals += 1 }
            table.closeGap(at: r)
            if before == _IDTable.removedLimit - 1 && table._removed.isEmpty && r < self.ids.count { renumberings += 1 }
            oracle[ids[r]] = nil
            for j in r..<self.ids.count { oracle[self.ids[j]] = j }
        }

        /// Row `r` gets a new id: its entry out, then back in at the same row (`update(at:to:)`).
        mutating func reindex(_ r: Int) {
            let ids = self.ids, bits = hashBits
            table.remove(r, hash: hash(ids[r])) { Model.hash(ids[$0], bits: bits) }
            oracle[ids[r]] = nil
            let id = next
            next += 1
            self.ids[r] = id
            table.insert(r, hash: hash(id))
            oracle[id] = r
        }

        /// Every id at its row, absent ids absent, and the numbering whole: the stored values and
        /// the removed positions are `0..<count + removed` exactly once.
        func check(_ step: Int, absent: [UInt64]) {
            #expect(table.count == ids.count, "step \(step)")
            for (id, r) in oracle where find(id) != r {
                Issue.record("step \(step): id \(id) found at \(String(describing: find(id))), oracle \(r)")
                return
            }
            for id in absent { #expect(find(id) == nil, "step \(step): removed id \(id) still found") }
            let removed = table._removed
            #expect(removed.count < _IDTable.removedLimit && zip(removed, removed.dropFirst()).allSatisfy { $0 < $1 },
                    "step \(step)")
            let stored = table._slots.filter { $0 >= 0 } + removed
            #expect(stored.sorted() == (0..<Int32(ids.count + removed.count)).map { $0 }, "step \(step): numbering")
        }
    }

    func history(seed: UInt64, hashBits: Int, steps: Int, size: ClosedRange<Int>) -> Model {
        var g = SeededRandom(seed: seed)
        var m = Model(hashBits: hashBits)
        var gone: [UInt64] = []
        for _ in 0..<size.lowerBound { m.append() }
        for step in 0..<steps {
            let n = m.ids.count
            switch Int.random(in: 0..<10, using: &g) {
            case 0...2 where n < size.upperBound: m.append()
            case 0...5 where n > size.lowerBound:
                // Mostly from the middle; one in four the last row, one in eight the first.
                let pick = Int.random(in: 0..<8, using: &g)
                let r = pick < 2 ? n - 1 : pick == 2 ? 0 : Int.random(in: 0..<n, using: &g)
                gone.append(m.ids[r])
                m.remove(at: r)
            case 6 where n > 0:
                let r = Int.random(in: 0..<n, using: &g)
                gone.append(m.ids[r])
                m.reindex(r)
            default:
                if n < size.upperBound { m.append() }
            }
            m.check(step, absent: gone.suffix(8) + [0, m.next])
        }
        return m
    }

    @Test(arguments: [(1 as UInt64, 64, 300), (2, 3, 300), (3, 1, 90), (4, 6, 300)])
    func randomHistoriesAgreeWithADictionary(seed: UInt64, hashBits: Int, maxSize: Int) {
        let m = history(seed: seed, hashBits: hashBits, steps: 1600, size: 20...maxSize)
        #expect(m.middleRemovals >= 128 + 64, "the history passes 64 and 128 removals and more")
        #expect(m.renumberings >= 2, "renumbered \(m.renumberings) times")
        #expect(m.lastRemovals > 0)
    }

    /// Removals from the end only: nothing waits for a renumbering, and removed positions just
    /// below the last row leave the list with it.
    @Test func removingTheLastRowsLeavesNothingToRenumber() {
        var m = Model(hashBits: 4)
        for _ in 0..<200 { m.append() }
        m.remove(at: 10)
        m.remove(at: 10)
        #expect(m.table._removed == [10, 11])
        for step in 0..<187 {
            m.remove(at: m.ids.count - 1)
            m.check(step, absent: [])
        }
        #expect(m.ids.count == 11 && m.table._removed == [10, 11])
        m.remove(at: 10)   // the last row above them: its value and both removed positions below it go
        #expect(m.table._removed.isEmpty && m.renumberings == 0)
        for _ in 0..<5 { m.append() }
        m.check(0, absent: [])
        #expect(m.table._slots.filter { $0 >= 0 }.sorted() == (0..<15).map { $0 })
    }

    /// Exactly 64 removals from the middle renumber the slots once: every value is then its row.
    @Test func theSixtyFourthRemovalRenumbers() {
        var m = Model(hashBits: 64)
        for _ in 0..<300 { m.append() }
        for k in 0..<63 {
            m.remove(at: 5 + 2 * k)
            #expect(m.table._removed.count == k + 1)
        }
        m.check(0, absent: [])
        m.remove(at: 0)
        #expect(m.table._removed.isEmpty && m.renumberings == 1)
        m.check(1, absent: [])
        for r in m.ids.indices { #expect(m.table.find(hash: m.hash(m.ids[r])) { m.ids[$0] == m.ids[r] } == r) }
        #expect(m.table._slots.filter { $0 >= 0 }.sorted() == (0..<Int32(m.ids.count)).map { $0 })
    }

    /// The set's own ids through `remove(at:)`, `remove(id:)`, `update(at:to:)` and inserts, against
    /// a dictionary, past 128 removals (the invariant build checks the numbering after each).
    @Test(arguments: [11 as UInt64, 12])
    func aSetsIdsAgreeWithADictionary(seed: UInt64) throws {
        var g = SeededRandom(seed: seed)
        var next = 0
        func draft() -> TodoDraft { defer { next += 1 }; return TodoDraft.random(next, using: &g) }
        var set = try TodoSet((0..<150).map { _ in draft() })
        var ids = set.drafts.map(\.id)
        var removals = 0
        for step in 0..<500 {
            let n = ids.count
            switch Int.random(in: 0..<8, using: &g) {
            case 0...1 where n < 250:
                let d = draft()
                try set.insert(contentsOf: [d])
                ids.append(d.id)
            case 2...5 where n > 60:
                let r = Int.random(in: 0..<4, using: &g) == 0 ? n - 1 : Int.random(in: 0..<n, using: &g)
                if Bool.random(using: &g) { set.remove(at: r) } else {
                    let removed = set.remove(id: ids[r])
                    #expect(removed)
                }
                #expect(!set.contains(id: ids[r]))
                ids.remove(at: r)
                removals += 1
            case 6 where n > 0:
                let r = Int.random(in: 0..<n, using: &g)
                let d = draft()
                try set.update(at: r, to: d)
                #expect(set.index(ofID: ids[r]) == nil)
                ids[r] = d.id
            default:
                let batch = (0..<Int.random(in: 1...5, using: &g)).map { _ in draft() }
                try set.insert(contentsOf: batch)
                ids += batch.map(\.id)
            }
            #expect(set.count == ids.count, "step \(step)")
            for (r, id) in ids.enumerated() where set.index(ofID: id) != r {
                Issue.record("step \(step): \(id) at \(String(describing: set.index(ofID: id))), want \(r)")
                return
            }
            #expect(set.index(ofID: "absent") == nil)
        }
        #expect(removals >= 128 + 64)
        #expect(set.drafts.map(\.id) == ids)
    }
}
