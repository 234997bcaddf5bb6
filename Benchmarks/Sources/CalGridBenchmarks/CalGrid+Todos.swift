// The CalGrid side of the todo scenarios, wired to TodoSet as its API lands on main.
import CalGrid

func calgridAggregateImplementations(spec: [SpecTodo]) -> [Implementation] { [] }
func calgridOverlapImplementations(spec: [SpecTodo], queries: [Int32]) -> [Implementation] { [] }
struct CalGridSortContext {}
func calgridSortContext(spec: [SpecTodo]) -> CalGridSortContext { CalGridSortContext() }
func calgridSortImplementations(_ c: CalGridSortContext, order: SortOrder) -> [Implementation] { [] }

/// CalGridJSON import into a TodoSet; nil until the import API is on main.
func calgridImport(_ path: String) -> (checksum: UInt64, count: Int)? { nil }

// MARK: memory

func calgridMemoryImplementations(drafts: [TodoDraft]) -> [Implementation] {
    [Implementation(name: "CalGrid TodoSet", role: .candidate, checked: false) {
        let set = try! TodoSet(opaque(drafts))
        return UInt64(set.count)
    }]
}

/// Builds the named implementation once and returns the heap it keeps.
func calgridMemoryBuilder(_ name: String, drafts: [TodoDraft]) -> (() -> Int)? {
    guard name == "CalGrid TodoSet" else { return nil }
    return {
        let g = heapGrowth { try! TodoSet(drafts) }
        blackHole(g.value)
        return g.bytes
    }
}

/// C API sort against TodoSet's sort; empty until both exist.
func calgridCAPISort(bin: String, settings: Settings) -> [Measurement] { [] }
