// The CalGrid side of the todo scenarios: TodoSet's per-day aggregates, overlap queries and sorts,
// its memory, and CalGridJSON's import.
import Foundation
import CalGrid
import CalGridJSON

func makeTodoSet(_ spec: [SpecTodo]) -> TodoSet { try! TodoSet(spec.map(\.draft)) }

// MARK: per-day aggregates

func calgridAggregateImplementations(spec: [SpecTodo]) -> [Implementation] {
    let set = makeTodoSet(spec)
    var changing = set
    func fold(_ counts: TodoDayCounts) -> UInt64 {
        var h = foldSeed
        for k in 0..<counts.dayCount { h = aggregateFold(h, count: Int(counts.total[k]), completed: Int(counts.completed[k])) }
        return h
    }
    return [
        // The per-day table is built by the warm-up call, as a UI's first render would.
        Implementation(name: "CalGrid TodoSet aggregates", role: .candidate) {
            fold(set.dayCounts(from: opaque(windowFirst), through: windowLast))
        },
        // Every run first changes the set (flips one todo's isCompleted twice, back to the same
        // data), so each call pays for rebuilding the table: the cost right after an edit.
        Implementation(name: "CalGrid TodoSet aggregates, after a change", role: .reference) {
            let done = changing.isCompleted(at: 0)
            try! changing.setIsCompleted(!done, at: 0)
            try! changing.setIsCompleted(done, at: 0)
            return fold(changing.dayCounts(from: opaque(windowFirst), through: windowLast))
        },
    ]
}

// MARK: overlap

func calgridOverlapImplementations(spec: [SpecTodo], queries: [Int32]) -> [Implementation] {
    let set = makeTodoSet(spec)
    set.prepareIntervalIndex()   // built once, on the first query after a change
    let days = queries.map { CivilDate.epoch.advanced(by: Int($0)) }
    return [Implementation(name: "CalGrid TodoSet overlapping", role: .candidate) {
        var h: UInt64 = 0
        for day in opaque(days) {
            let rows = set.indices(from: day, through: day)
            var sum: UInt64 = 0
            for i in rows { sum &+= mixIndex(i) }
            h = fold(h, sum &+ UInt64(rows.count))
        }
        return h
    }]
}

// MARK: sorts

struct CalGridSortContext { var set: TodoSet }
func calgridSortContext(spec: [SpecTodo]) -> CalGridSortContext { CalGridSortContext(set: makeTodoSet(spec)) }

func calgridSortImplementations(_ c: CalGridSortContext, order: SortOrderLabel) -> [Implementation] {
    let o = order.order
    let set = c.set
    return [Implementation(name: "CalGrid TodoSet sort", role: .candidate) {
        var h = foldSeed
        for i in set.sortedIndices(by: opaque(o)) { h = fold(h, UInt64(i)) }
        return h
    }]
}

// MARK: memory

func calgridMemoryImplementations(drafts: [TodoDraft]) -> [Implementation] {
    [Implementation(name: "CalGrid TodoSet", role: .candidate, checked: false) {
        let set = try! TodoSet(opaque(drafts))
        return UInt64(set.count)
    }]
}

/// Builds the named implementation once and returns the heap it keeps, plus the set's own account
/// (`memoryFootprint`) for comparison.
func calgridMemoryBuilder(_ name: String, drafts: [TodoDraft]) -> (() -> (Int, [(String, Double)]))? {
    guard name == "CalGrid TodoSet" else { return nil }
    return {
        let g = heapGrowth { try! TodoSet(drafts) }
        let fp = g.value.memoryFootprint
        // The derived structures (issue 23), built after the heap was measured: they are built on
        // first use, not stored per todo at insert.
        for kind in [TodoKind.all, .challenges, .plain] { g.value.prepareDayCounts(kind: kind) }
        g.value.prepareIntervalIndex()
        let built = g.value.memoryFootprint
        let n = Double(Swift.max(1, fp.todoCount))
        blackHole(g.value)
        return (g.bytes, [("memoryFootprint bytes", Double(fp.totalBytes)),
                          ("memoryFootprint fixed bytes/todo", fp.fixedBytesPerTodo),
                          ("interval index bytes/todo", Double(built.intervalIndexBytes) / n),
                          ("day tables bytes/todo", Double(built.dayTableBytes) / n)])
    }
}

/// CalGridJSON import of the file into a TodoSet (streaming, strict policy); the checksum walks the
/// set afterwards.
func calgridImport(_ path: String) -> (checksum: UInt64, count: Int)? {
    var set = TodoSet()
    do { try set.importJSON(fileAt: path) } catch { return nil }
    return (todoSetImportFold(set), set.count)
}

func todoSetImportFold(_ set: TodoSet) -> UInt64 {
    var h = foldSeed
    for i in set.indices {
        let d = set.draft(at: i)
        var bits: UInt64 = 0
        let flags = d.completedDays ?? []
        for (k, b) in flags.enumerated() where b { bits ^= 1 << UInt64(k % 58) }
        h = recordFold(h, id: hashBytes(d.id), title: hashBytes(d.title), memo: d.memo.map(hashBytes) ?? 0,
                       start: d.start?.dayNumber, end: d.end?.dayNumber, createdAt: d.createdAt,
                       isChallenge: d.isChallenge, isCompleted: d.isCompleted, completedBits: bits, completedCount: flags.count)
    }
    return h
}

// MARK: C API sort

/// Sorting by deadline through the C API (a C program holding a set built from the same keys)
/// against TodoSet.sortedIndices in this process; lean todos ("t<i>" ids, keys only).
func calgridCAPISort(bin: String, settings s: Settings) -> [Measurement] {
    let n = s.quick ? 100_000 : 1_000_000
    let spec = generateTodos(n, .window, seed: 99)
    let set = try! TodoSet(spec.enumerated().map { i, t in
        TodoDraft(id: "t\(i)", title: "", start: t.start.map { CivilDate.epoch.advanced(by: Int($0)) },
                  end: t.end.map { CivilDate.epoch.advanced(by: Int($0)) }, createdAt: t.createdAt)
    })
    var bytes: [UInt8] = []
    bytes.reserveCapacity(n * 16)
    for t in spec {
        withUnsafeBytes(of: t.start ?? Int32.min) { bytes += $0 }
        withUnsafeBytes(of: t.end ?? Int32.min) { bytes += $0 }
        withUnsafeBytes(of: t.createdAt) { bytes += $0 }
    }
    let keyFile = runDir + "/capi-sort-keys-\(n).bin"
    FileManager.default.createFile(atPath: keyFile, contents: Data(bytes))
    guard let child = ChildSession(bin, ["sort", keyFile, String(n)]) else { return [] }
    defer { child.finish() }
    return measureAgainstChild("capi-sort", n: n, swiftName: "Swift TodoSet sort", cName: "C API calgrid_todo_set_sort",
                               settings: s, swiftBody: {
        var h = foldSeed
        for i in set.sortedIndices(by: opaque(TodoOrder.deadlineImminent)) { h = fold(h, UInt64(i)) }
        return h
    }, child: { batch in
        guard let line = child.ask("run \(batch)") else { return nil }
        let f = line.split(separator: " ")
        guard f.count == 2, let ns = Double(f[0]), let sum = UInt64(f[1], radix: 16) else { return nil }
        return (ns, sum)
    })
}
