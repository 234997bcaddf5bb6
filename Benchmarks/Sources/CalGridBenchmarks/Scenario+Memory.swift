// Memory per todo: heap growth (glibc mallinfo2: arena in use + mmapped) while a collection of N
// todos is built from the same data, beside the time it takes to build it.
import Foundation
import CalGrid
import CBaselines
#if canImport(Glibc)
import Glibc
#endif

func heapInUse() -> Int {
    Int(cb_heap_in_use())
}

/// Heap bytes that `build` leaves allocated (its result kept alive while measuring).
func heapGrowth<T>(_ build: () -> T) -> (bytes: Int, value: T) {
    cb_heap_trim()
    let before = heapInUse()
    let v = build()
    let after = heapInUse()
    return (after - before, v)
}

func runMemory(_ s: Settings) -> [Measurement] {
    let sizes = s.quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000]
    var out: [Measurement] = []
    for n in sizes {
        let spec = generateTodos(n, .window)
        let drafts = spec.map(\.draft)
        var text = 0, dayBits = 0
        for t in spec {
            text += t.id.utf8.count + t.title.utf8.count + (t.memo?.utf8.count ?? 0)
            dayBits += t.completed.count
        }
        let textAndBits = Double(text) + Double(dayBits) / 8
        var impls: [Implementation] = [
            Implementation(name: "app [Todo] classes", role: .baseline, checked: false) {
                let a = makeAppTodos(opaque(spec))
                return UInt64(a.count)
            },
        ]
        impls += calgridMemoryImplementations(drafts: drafts)
        var ms = measure("todo-memory", n: n, impls, settings: s)
        for k in ms.indices {
            let name = ms[k].implementation
            let grown: Int
            var more: [(String, Double)] = []
            if name == "app [Todo] classes" {
                let g = heapGrowth { makeAppTodos(spec) }
                grown = g.bytes
                blackHole(g.value)
            } else if let b = calgridMemoryBuilder(name, drafts: drafts) {
                (grown, more) = b()
            } else { continue }
            ms[k].extra = [("heap bytes", Double(grown)), ("bytes/todo", Double(grown) / Double(n)),
                           ("bytes/todo beyond text and day bits", (Double(grown) - textAndBits) / Double(n))] + more
                + ms[k].extra.filter { $0.0.contains("wall") }
            print("  \(pad("todo-memory", 16)) n=\(pad(String(n), 8)) \(pad(name, 34)) heap \(formatBytes(Double(grown))), \(String(format: "%.1f", Double(grown) / Double(n))) B/todo, \(String(format: "%.1f", (Double(grown) - textAndBits) / Double(n))) B/todo beyond text (\(String(format: "%.1f", Double(text) / Double(n))) B) and day bits (\(String(format: "%.1f", Double(dayBits) / Double(n) / 8)) B)")
        }
        out += ms
    }
    return out
}
