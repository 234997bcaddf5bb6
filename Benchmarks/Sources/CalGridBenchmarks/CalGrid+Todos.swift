// The CalGrid side of the todo scenarios: TodoSet's per-day aggregates, overlap queries and sorts,
// its memory, and CalGridJSON's import.
import CalGrid

func makeTodoSet(_ spec: [SpecTodo]) -> TodoSet { try! TodoSet(spec.map(\.draft)) }

// MARK: per-day aggregates

func calgridAggregateImplementations(spec: [SpecTodo]) -> [Implementation] {
    let set = makeTodoSet(spec)
    return [Implementation(name: "CalGrid TodoSet aggregates", role: .candidate) {
        let counts = set.dayCounts(from: opaque(windowFirst), through: windowLast)
        var h = foldSeed
        for k in 0..<counts.dayCount { h = aggregateFold(h, count: Int(counts.total[k]), completed: Int(counts.completed[k])) }
        return h
    }]
}

// MARK: overlap

func calgridOverlapImplementations(spec: [SpecTodo], queries: [Int32]) -> [Implementation] {
    let set = makeTodoSet(spec)
    set.prepareIntervalIndex()   // built once, on the first query after a change
    return [Implementation(name: "CalGrid TodoSet overlapping", role: .candidate) {
        var h: UInt64 = 0
        for d in opaque(queries) {
            let day = CivilDate(_unchecked: d)
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

func calgridSortImplementations(_ c: CalGridSortContext, order: SortOrder) -> [Implementation] {
    let o: TodoOrder
    switch order {
    case .deadline: o = .deadlineImminent
    case .registered: o = .registrationOrder
    case .newest: o = .newestFirst
    }
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
        blackHole(g.value)
        return (g.bytes, [("memoryFootprint bytes", Double(fp.totalBytes)),
                          ("memoryFootprint fixed bytes/todo", fp.fixedBytesPerTodo)])
    }
}

func calgridImport(_ path: String) -> (checksum: UInt64, count: Int)? { nil }

/// C API sort against TodoSet's sort; empty until the C API has a todo set.
func calgridCAPISort(bin: String, settings: Settings) -> [Measurement] { [] }
