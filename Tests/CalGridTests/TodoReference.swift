// A deliberately plain model of a todo set for property tests: an array of drafts, every answer
// by enumeration over days and todos (no bit tricks, no indexes, the core's own `weekday`).
import CalGridTestSupport
@testable import CalGrid

struct ReferenceTodos {
    var todos: [TodoDraft]

    static func lo(_ d: TodoDraft) -> Int { d.start.map { Int($0.dayNumber) } ?? Int(Int32.min) }
    static func hi(_ d: TodoDraft) -> Int { d.end.map { Int($0.dayNumber) } ?? Int(Int32.max) }
    static func undated(_ d: TodoDraft) -> Bool { d.start == nil && d.end == nil }
    /// An event keeps no flags: it is never done.
    static func tracked(_ d: TodoDraft) -> Bool { d.start != nil && d.end != nil && !d.isEvent }

    /// Whether `d` is of `kind`, from the kinds' definitions (docs/todo-sets.md), not the set's masks.
    static func isOfKind(_ d: TodoDraft, _ kind: TodoKind) -> Bool {
        switch kind {
        case .all: return true
        case .challenges: return d.isChallenge
        case .plain: return !d.isChallenge && !d.isEvent
        case .events: return d.isEvent
        case .todos: return !d.isEvent
        }
    }

    /// Every kind a query takes.
    static let kinds: [TodoKind] = [.all, .challenges, .plain, .events, .todos]

    /// Overdue on `day`: a todo (never an event) whose deadline is before it and that is not done
    /// as a whole.
    static func overdue(_ d: TodoDraft, _ day: Int) -> Bool {
        !d.isEvent && deadline(d).map { $0 < day } == true && !isDone(d)
    }

    /// The deadline (docs/icalendar.md's shape table): the end; with a rule, the last day of the
    /// last occurrence, found by walking back day by day from the end to the last day one starts
    /// on (the end when none does). nil without an end.
    static func deadline(_ d: TodoDraft) -> Int? {
        guard let e = d.end else { return nil }
        guard d.recurrence != nil else { return Int(e.dayNumber) }
        var t = hi(d) - (length(d) - 1)
        while t >= lo(d) {
            if starts(d, t) { return t + length(d) - 1 }
            t -= 1
        }
        return Int(e.dayNumber)
    }

    /// Days an occurrence of `d`'s rule covers (1 without a rule).
    static func length(_ d: TodoDraft) -> Int { Int(d.occurrenceDays) }

    /// Whether an occurrence of `d` starts on `day`: a rule's day whose occurrence ends by the
    /// todo's end; without a rule, a day it falls on.
    static func starts(_ d: TodoDraft, _ day: Int) -> Bool {
        guard let r = d.recurrence else { return falls(d, day) }
        guard !undated(d), day >= lo(d), day <= hi(d) - (length(d) - 1) else { return false }
        return r.contains(CivilDate(_unchecked: Int32(day)))
    }

    /// The first days of the occurrences that cover `day`, ascending (with a rule: those starting
    /// in the `length` days up to it; without one, `day` when it falls on it).
    static func covering(_ d: TodoDraft, _ day: Int) -> [Int] {
        guard d.recurrence != nil else { return falls(d, day) ? [day] : [] }
        return ((day - length(d) + 1)...day).filter { starts(d, $0) }
    }

    static func falls(_ d: TodoDraft, _ day: Int) -> Bool {
        guard !undated(d), day >= lo(d), day <= hi(d) else { return false }
        // A rule: the day is covered by an occurrence, each of the recurrence's own days (checked
        // day by day, no set machinery) and the `length - 1` days after it.
        if d.recurrence != nil { return !covering(d, day).isEmpty }
        return d.repetition.contains(CivilDate(_unchecked: Int32(day)).weekday)
    }

    /// A rule and a start but no end: one tick per occurrence, kept as far as the last ticked.
    static func openRule(_ d: TodoDraft) -> Bool { d.recurrence != nil && d.start != nil && d.end == nil }

    /// The first `n` occurrences of an open-ended rule (fewer when it has fewer), day by day.
    static func firstDays(_ d: TodoDraft, _ n: Int) -> [Int] {
        guard let s = d.start, n > 0 else { return [] }
        var out: [Int] = [], t = Int(s.dayNumber)
        while out.count < n, t <= Int(CivilDate.maxDayNumber) {
            if starts(d, t) { out.append(t) }
            t += 1
        }
        return out
    }

    /// Repeat days (or occurrences) of a tracked todo, in order; an open-ended rule's flagged ones.
    static func repeatDays(_ d: TodoDraft) -> [Int] {
        if openRule(d) { return firstDays(d, d.completedDays?.count ?? 0) }
        guard let s = d.start, let e = d.end else { return [] }
        return (Int(s.dayNumber)...Int(e.dayNumber)).filter { starts(d, $0) }
    }

    /// A tracked todo that came without flags has them all `isCompleted` (done as a whole).
    static func flags(_ d: TodoDraft) -> [Bool] {
        d.completedDays ?? [Bool](repeating: tracked(d) && d.isCompleted, count: repeatDays(d).count)
    }

    /// Done on `day`: every occurrence covering it is done.
    static func done(_ d: TodoDraft, _ day: Int) -> Bool {
        guard falls(d, day) else { return false }
        return covering(d, day).allSatisfy { occurrenceDone(d, $0) }
    }

    /// Whether the occurrence (or repeat day) that starts on `day` is done.
    static func occurrenceDone(_ d: TodoDraft, _ day: Int) -> Bool {
        if tracked(d) {
            let k = repeatDays(d).firstIndex(of: day)!
            return flags(d)[k]
        }
        if d.isCompleted { return true }
        guard openRule(d), let k = repeatDays(d).firstIndex(of: day) else { return false }
        return flags(d)[k]
    }

    static func isDone(_ d: TodoDraft) -> Bool {
        if tracked(d), !repeatDays(d).isEmpty { return flags(d).allSatisfy { $0 } }
        return d.isCompleted && !d.isEvent
    }

    static func share(_ d: TodoDraft) -> Double {
        if tracked(d) {
            let f = flags(d)
            if !f.isEmpty { return Double(f.filter { $0 }.count) / Double(f.count) }
        }
        return d.isCompleted ? 1 : 0
    }

    /// Done days of all days: the flags of a tracked todo with repeat days, else the one flag.
    static func progress(_ d: TodoDraft) -> (done: Int, total: Int) {
        let f = flags(d)
        if tracked(d), !f.isEmpty { return (f.filter { $0 }.count, f.count) }
        return (d.isCompleted ? 1 : 0, 1)
    }

    /// Consecutive done occurrences (repeat days) ending at the last one on or before `day`, or at
    /// the one before it when that one is `day` itself and not done; counted forward from the start.
    /// `days`: the todo's occurrence (repeat) days up to at least `day`, ascending
    /// (`streakDays(d, through:)`, made once for many days).
    static func currentStreak(_ d: TodoDraft, _ day: Int, days: [Int]) -> Int {
        guard tracked(d) || openRule(d), let s = d.start, day >= Int(s.dayNumber) else { return 0 }
        let f = flags(d)
        let upTo = days.filter { $0 <= day }
        var done = upTo.indices.map { $0 < f.count ? f[$0] : false }
        if upTo.last == day, done.last == false { done.removeLast() }
        var run = 0
        for b in done.reversed() { if b { run += 1 } else { break } }
        return run
    }

    /// The days `currentStreak` walks: a tracked todo's repeat days, an open rule's occurrences up to `last`.
    static func streakDays(_ d: TodoDraft, through last: Int) -> [Int] {
        if tracked(d) { return repeatDays(d) }
        guard openRule(d), let s = d.start, last >= Int(s.dayNumber) else { return [] }
        return (Int(s.dayNumber)...last).filter { starts(d, $0) }
    }

    static func longestStreak(_ d: TodoDraft) -> Int {
        var best = 0, cur = 0
        for b in flags(d) { cur = b ? cur + 1 : 0; best = max(best, cur) }
        return tracked(d) || openRule(d) ? best : 0
    }
}

extension TodoDraft {
    /// A random draft around 2023…2027: undated, open-ended, one-day and year-crossing spans,
    /// every kind of repetition, ties in createdAt and title.
    /// With `events`, about one draft in five is an event (no completion, never a challenge).
    static func random(_ n: Int, using g: inout SeededRandom, events: Bool = false) -> TodoDraft {
        let base = Int32(19_358) // 2023-01-01
        let titles = ["Read", "read", "READ more", "운동하기", "운동", "Write report", "", "a", "B", "b", "Ünïcode", "물 마시기 💧"]
        var d = TodoDraft(id: "t\(n)", title: titles[Int.random(in: 0..<titles.count, using: &g)])
        let kind = Int.random(in: 0..<10, using: &g)
        let s = base + Int32.random(in: 0..<1500, using: &g)
        switch kind {
        case 0: break                                                               // undated
        case 1: d.start = CivilDate(_unchecked: s)                                  // no deadline
        case 2: d.end = CivilDate(_unchecked: s)                                    // open on the left
        case 3: d.start = CivilDate(_unchecked: s); d.end = d.start                 // one day
        case 4: d.start = CivilDate(_unchecked: s); d.end = CivilDate(_unchecked: s + Int32.random(in: 200..<800, using: &g))
        default: d.start = CivilDate(_unchecked: s); d.end = CivilDate(_unchecked: s + Int32.random(in: 0..<60, using: &g))
        }
        switch Int.random(in: 0..<4, using: &g) {
        case 0: d.repetition = .all
        case 1: d.repetition = WeekdaySet(rawValue: 1 << UInt8.random(in: 0..<7, using: &g))
        default: d.repetition = WeekdaySet(rawValue: UInt8.random(in: 1...127, using: &g))
        }
        if Bool.random(using: &g) { d.createdAt = Int64.random(in: 1_700_000_000..<1_700_000_020, using: &g) }
        d.isChallenge = Int.random(in: 0..<3, using: &g) == 0
        d.isCompleted = Int.random(in: 0..<3, using: &g) == 0
        if ReferenceTodos.tracked(d), Int.random(in: 0..<4, using: &g) != 0 {
            let n = ReferenceTodos.repeatDays(d).count
            let bias = Int.random(in: 0...4, using: &g)
            d.completedDays = (0..<n).map { _ in Int.random(in: 0..<4, using: &g) < bias }
        }
        if Bool.random(using: &g) { d.memo = Bool.random(using: &g) ? "" : "memo \(n) 메모" }
        if Bool.random(using: &g) { d.reminderMinutes = Int16.random(in: 0...1439, using: &g) }
        d.tags = (0..<Int.random(in: 0..<3, using: &g)).map { "tag\($0)\(n % 3)" }
        if events, Int.random(in: 0..<5, using: &g) == 0 { d.becomeEvent() }
        return d
    }

    /// Makes the draft an event: no completion of any kind, not a challenge.
    mutating func becomeEvent() {
        isEvent = true; isChallenge = false; isCompleted = false; completedDays = nil
    }

    /// The draft with its kind moved on: a plain todo becomes an event, an event a challenge, a
    /// challenge a plain todo (every kind change in a few steps, and no flag an event refuses).
    func withNextKind() -> TodoDraft {
        var d = self
        if d.isEvent { d.isEvent = false; d.isChallenge = true } else if d.isChallenge { d.isChallenge = false } else { d.becomeEvent() }
        return d
    }
}

/// One draft with its repeat days enumerated once, so reference answers per day are cheap.
struct PreparedTodo {
    let draft: TodoDraft
    let doneDays: Set<Int>
    let isDone: Bool

    init(_ d: TodoDraft) {
        draft = d
        let days = ReferenceTodos.repeatDays(d), flags = ReferenceTodos.flags(d)
        doneDays = Set(days.indices.filter { flags[$0] }.map { days[$0] })
        isDone = ReferenceTodos.tracked(d) && !days.isEmpty ? flags.allSatisfy { $0 } : d.isCompleted
    }

    func falls(_ day: Int) -> Bool { ReferenceTodos.falls(draft, day) }

    func done(_ day: Int) -> Bool {
        guard falls(day) else { return false }
        return ReferenceTodos.covering(draft, day).allSatisfy(occurrenceDone)
    }

    /// Whether the occurrence (or repeat day) starting on `day` is done.
    func occurrenceDone(_ day: Int) -> Bool {
        if ReferenceTodos.tracked(draft) { return doneDays.contains(day) }
        return draft.isCompleted || ReferenceTodos.openRule(draft) && doneDays.contains(day)
    }

    /// What `day` counts in the per-day counts: its covering occurrences (a day two occurrences
    /// cover counts twice) and how many of them are done.
    func counts(_ day: Int) -> (total: Int, done: Int) {
        guard falls(day) else { return (0, 0) }
        let c = ReferenceTodos.covering(draft, day)
        return (c.count, c.filter(occurrenceDone).count)
    }
}
