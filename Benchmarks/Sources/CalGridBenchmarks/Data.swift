// Deterministic test data: the same todos, generated from a seed, in every shape the implementations
// want (the app's classes, value structs, struct-of-arrays keys, TodoDrafts, JSON files).
import Foundation
import CalGrid

/// SplitMix64: tiny, fast, reproducible everywhere.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}

/// The app's "today" for the 3-month window: previous, current and next month around it.
let benchToday = try! CivilDate(year: 2026, month: 11, day: 15)
let windowFirst = try! CivilDate(year: 2026, month: 10, day: 1)
let windowLast = try! CivilDate(year: 2026, month: 12, day: 31)

/// One todo as plain numbers; every other shape is made from these.
struct SpecTodo {
    var id: String
    var title: String
    var memo: String?
    var start: Int32?      // day number
    var end: Int32?
    var createdAt: Int64   // seconds UTC
    var isChallenge: Bool
    var isCompleted: Bool
    var completed: [Bool]  // one per day of [start, end] when both are set, else empty
}

enum Distribution {
    /// Around the app's 3-month window: 10% undated, the rest start within ~4 months before the
    /// window to its end; challenges span 30 days, other todos 1–14.
    case window
    /// Spread over a century (1970–2069), spans 1–60 days: a one-day query hits about N / 1200.
    case century
}

func uuidString(_ rng: inout SplitMix64) -> String {
    let a = rng.next(), b = rng.next()
    let hexd = Array("0123456789abcdef".utf8)
    var out = [UInt8](); out.reserveCapacity(36)
    for k in 0..<32 {
        if k == 8 || k == 12 || k == 16 || k == 20 { out.append(UInt8(ascii: "-")) }
        let word = k < 16 ? a : b
        out.append(hexd[Int((word >> UInt64((k % 16) * 4)) & 0xF)])
    }
    return String(decoding: out, as: UTF8.self)
}

let titleWords = ["Read", "Run", "Write", "Call", "Plan", "물 마시기", "운동", "독서", "Stretch", "Review", "Practice", "Journal"]

/// Above a million todos the data is lean (short inline ids, empty titles, no completion flags) so
/// ten million fit in memory beside the other jobs on the machine.
let leanThreshold = 1_000_000

func generateTodos(_ n: Int, _ dist: Distribution, seed: UInt64 = 42) -> [SpecTodo] {
    let lean = n > leanThreshold
    var rng = SplitMix64(seed: seed &+ UInt64(n))
    var out: [SpecTodo] = []
    out.reserveCapacity(n)
    let baseCreated: Int64 = 1_767_225_600   // 2026-01-01T00:00:00Z
    for i in 0..<n {
        let isChallenge = rng.chance(40)
        var start: Int32? = nil, end: Int32? = nil
        switch dist {
        case .window:
            if !rng.chance(10) {
                let s = windowFirst.dayNumber - 120 + Int32(rng.below(Int(windowLast.dayNumber - windowFirst.dayNumber) + 121))
                start = s
                end = s + (isChallenge ? 29 : Int32(rng.below(14)))
            }
        case .century:
            let s = Int32(rng.below(36_500))
            start = s
            end = s + (isChallenge ? 29 : Int32(rng.below(60)))
        }
        var completed: [Bool] = []
        if !lean, let s = start, let e = end {
            completed.reserveCapacity(Int(e - s) + 1)
            var bits = rng.next()
            for k in 0...Int(e - s) {
                if k % 64 == 63 { bits = rng.next() }
                completed.append(bits & (1 << UInt64(k % 64)) != 0)
            }
        }
        let title = lean ? "" : "\(titleWords[rng.below(titleWords.count)]) \(i)"
        let memo: String? = !lean && rng.chance(30) ? "memo for todo \(i)" : nil
        // Registration times with ties (several todos in the same second), so stability matters.
        let createdAt = baseCreated + Int64(rng.below(Swift.max(1, n / 2))) * 7
        out.append(SpecTodo(id: lean ? "t\(i)" : uuidString(&rng), title: title, memo: memo, start: start, end: end,
                            createdAt: createdAt, isChallenge: isChallenge, isCompleted: rng.chance(20),
                            completed: completed))
    }
    return out
}

extension SpecTodo {
    var draft: TodoDraft {
        TodoDraft(id: id, title: title, memo: memo,
                  start: start.map { CivilDate.epoch.advanced(by: Int($0)) }, end: end.map { CivilDate.epoch.advanced(by: Int($0)) },
                  createdAt: createdAt, isChallenge: isChallenge, isCompleted: isCompleted,
                  repetition: .all, completedDays: completed.isEmpty ? nil : completed)
    }
}

/// Struct-of-arrays keys, as a data-oriented programmer would keep them: undated = Int32.max.
struct KeyArrays {
    var start: [Int32]
    var end: [Int32]
    var createdAt: [Int64]
    init(_ todos: [SpecTodo]) {
        start = todos.map { $0.start ?? Int32.max }
        end = todos.map { $0.end ?? Int32.max }
        createdAt = todos.map { $0.createdAt }
    }
}
