// Todo-set scenarios: per-day aggregates over the app's 3-month window, overlap queries, the app's
// three sorts. Baselines here; the CalGrid implementations are in CalGrid+Todos.swift.
import Foundation
import CalGrid
import CBaselines

// MARK: per-day aggregates

/// A value-type todo, what a Swift programmer would use instead of the app's class.
struct ValueTodo {
    var id: String
    var title: String
    var memo: String?
    var start: Int32?
    var end: Int32?
    var createdAt: Int64
    var isChallenge: Bool
    var isCompleted: Bool
    var completed: [Bool]
    var index: Int32
}

func runAggregates(_ s: Settings) -> [Measurement] {
    let sizes = s.quick ? [1_000, 10_000] : [1_000, 10_000, 100_000, 1_000_000] + (s.huge ? [10_000_000] : [])
    let appLimit = s.quick ? 10_000 : 100_000   // the port takes ~3 s at 100k, ~30 s at 1M
    var out: [Measurement] = []
    let calendar = appCalendar()
    let today = dateFromDay(benchToday.dayNumber)
    for n in sizes {
        let spec = generateTodos(n, .window)
        let app = n <= appLimit ? makeAppTodos(spec) : []
        let keys = KeyArrays(spec)
        var dstStart = [Int32](repeating: 0, count: n), dstEnd = [Int32](repeating: 0, count: n)
        var impls: [Implementation] = []
        if n <= appLimit {
            impls.append(Implementation(name: "app port (Foundation, class Todo)", role: .baseline) {
                var h = foldSeed
                for d in appWindow(today: opaque(today), todos: app, calendar: calendar) {
                    h = aggregateFold(h, count: d.listCount, completed: d.completedListCount)
                }
                return h
            })
        }
        impls.append(Implementation(name: "copy start/end Int32 arrays (floor)", role: n <= appLimit ? .floor : .baseline, checked: false) {
            keys.start.withUnsafeBufferPointer { src in
                dstStart.withUnsafeMutableBufferPointer { dst in _ = memcpy(dst.baseAddress!, src.baseAddress!, n * 4) }
            }
            keys.end.withUnsafeBufferPointer { src in
                dstEnd.withUnsafeMutableBufferPointer { dst in _ = memcpy(dst.baseAddress!, src.baseAddress!, n * 4) }
            }
            return UInt64(UInt32(bitPattern: dstStart[n / 2])) ^ UInt64(UInt32(bitPattern: dstEnd[n - 1]))
        })
        impls += calgridAggregateImplementations(spec: spec)
        out += measure("day-aggregates", n: n, impls, settings: s)
    }
    return out
}

/// The reference result, computed plainly from the spec (used to check the CalGrid side in tests of this file).
func referenceAggregates(_ spec: [SpecTodo]) -> UInt64 {
    let days = Int(windowLast.dayNumber - windowFirst.dayNumber) + 1
    var count = [Int](repeating: 0, count: days), done = [Int](repeating: 0, count: days)
    for t in spec {
        guard let s = t.start, let e = t.end else { continue }
        let lo = Swift.max(s, windowFirst.dayNumber), hi = Swift.min(e, windowLast.dayNumber)
        if lo > hi { continue }
        for d in lo...hi {
            count[Int(d - windowFirst.dayNumber)] += 1
            if !t.completed.isEmpty && t.completed[Int(d - s)] { done[Int(d - windowFirst.dayNumber)] += 1 }
        }
    }
    var h = foldSeed
    for k in 0..<days { h = aggregateFold(h, count: count[k], completed: done[k]) }
    return h
}

// MARK: overlap query

/// 16 one-day periods spread over the century the data covers.
func overlapQueryDays() -> [Int32] { (0..<16).map { Int32(1_000 + $0 * 2_177) } }

@inline(__always) func mixIndex(_ i: Int) -> UInt64 {
    var z = UInt64(i) &* 0x9E3779B97F4A7C15
    z ^= z >> 29
    return z
}

func runOverlap(_ s: Settings) -> [Measurement] {
    let sizes = s.quick ? [1_000, 100_000] : [1_000, 10_000, 100_000, 1_000_000] + (s.huge ? [10_000_000] : [])
    var out: [Measurement] = []
    let queries = overlapQueryDays()
    for n in sizes {
        let spec = generateTodos(n, .century)
        let keys = KeyArrays(spec)
        var impls: [Implementation] = [
            Implementation(name: "linear scan (SoA Int32)", role: .baseline) {
                var h: UInt64 = 0
                keys.start.withUnsafeBufferPointer { st in
                    keys.end.withUnsafeBufferPointer { en in
                        for d in opaque(queries) {
                            var hits = 0
                            var sum: UInt64 = 0
                            for i in 0..<n where st[i] <= d && en[i] >= d {
                                hits += 1
                                sum &+= mixIndex(i)
                            }
                            h = fold(h, sum &+ UInt64(hits))
                        }
                    }
                }
                return h
            },
        ]
        impls += calgridOverlapImplementations(spec: spec, queries: queries)
        let m = measure("overlap-query", n: n, impls, settings: s)
        out += m
    }
    return out
}

// MARK: sorts

/// The origin app's three sort dropdown entries; each scenario is named by the entry's machine name
/// (`sort-deadline`, `sort-registered`, `sort-newest`) and CalGrid sorts by the entry's own order.
let appSortLabels: [SortOrderLabel] = [.deadlineImminent, .registrationOrder, .newestFirst]

/// The baselines port only the app's three sorts.
func notAnAppSort(_ label: SortOrderLabel) -> Never { fatalError("the app has no \(label.machineNameText) sort") }

func runSorts(_ s: Settings) -> [Measurement] {
    let sizes = s.quick ? [1_000, 100_000] : [1_000, 10_000, 100_000, 1_000_000] + (s.huge ? [10_000_000] : [])
    var out: [Measurement] = []
    for n in sizes {
        let spec = generateTodos(n, .window)
        let big = n > leanThreshold   // ten million: the keys-only baselines, not the app's classes
        let app = big ? [] : makeAppTodos(spec)
        let values = big ? [] : spec.enumerated().map { i, t in
            ValueTodo(id: t.id, title: t.title, memo: t.memo, start: t.start, end: t.end, createdAt: t.createdAt,
                      isChallenge: t.isChallenge, isCompleted: t.isCompleted, completed: t.completed, index: Int32(i))
        }
        let keys = KeyArrays(spec)
        let deadlineKey64 = keys.end.map { Int64($0) }
        var perm = [UInt32](repeating: 0, count: n)
        let calgrid = calgridSortContext(spec: spec)
        for order in appSortLabels {
            var impls: [Implementation] = big ? [] : [
                Implementation(name: "app sort on [Todo] classes", role: .baseline) {
                    let sorted: [AppTodo]
                    switch order {
                    case .deadlineImminent: sorted = appSortDeadline(opaque(app))
                    case .registrationOrder: sorted = appSortRegistered(opaque(app))
                    case .newestFirst: sorted = appSortNewest(opaque(app))
                    default: notAnAppSort(order)
                    }
                    var h = foldSeed
                    for t in sorted { h = fold(h, UInt64(t.benchIndex)) }
                    return h
                },
                Implementation(name: "stdlib sort on structs", role: .reference) {
                    var a = opaque(values)
                    switch order {
                    case .deadlineImminent: a.sort { ($0.end ?? .max) < ($1.end ?? .max) }
                    case .registrationOrder: a.sort { $0.createdAt < $1.createdAt }
                    case .newestFirst: a.sort { $0.createdAt > $1.createdAt }
                    default: notAnAppSort(order)
                    }
                    var h = foldSeed
                    for t in a { h = fold(h, UInt64(t.index)) }
                    return h
                },
            ]
            impls += [
                Implementation(name: "stdlib sort of index array by Int32 key", role: big ? .baseline : .reference) {
                    var idx = [Int32](0..<Int32(n))
                    switch order {
                    case .deadlineImminent:
                        let k = opaque(keys.end)
                        k.withUnsafeBufferPointer { k in idx.sort { k[Int($0)] < k[Int($1)] } }
                    case .registrationOrder:
                        let k = opaque(keys.createdAt)
                        k.withUnsafeBufferPointer { k in idx.sort { k[Int($0)] < k[Int($1)] } }
                    case .newestFirst:
                        let k = opaque(keys.createdAt)
                        k.withUnsafeBufferPointer { k in idx.sort { k[Int($0)] > k[Int($1)] } }
                    default: notAnAppSort(order)
                    }
                    var h = foldSeed
                    for i in idx { h = fold(h, UInt64(i)) }
                    return h
                },
                Implementation(name: "C qsort", role: .reference) {
                    let k = order == .deadlineImminent ? opaque(deadlineKey64) : opaque(keys.createdAt)
                    return k.withUnsafeBufferPointer { k in
                        perm.withUnsafeMutableBufferPointer { p in
                            cb_qsort_i64(k.baseAddress, UInt32(n), order == .newestFirst ? 1 : 0, p.baseAddress)
                        }
                    }
                },
            ]
            impls += calgridSortImplementations(calgrid, order: order)
            out += measure("sort-\(order.machineNameText)", n: n, impls, settings: s)
        }
    }
    return out
}
