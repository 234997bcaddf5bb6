// Per-day counts with general rules (issue 19): the app's 92-day window over a set where 30% of the
// todos repeat by an RFC 5545 rule (monthly nth weekday, every 2 weeks, yearly, COUNT-bounded; open
// ended, no ticks), against the weekday-only set the rules replace (the day-aggregates data), in
// the same interleaved repetitions. *cached*: the table built, one read. *build*: the table built
// from nothing: each run copies the set (no table yet: the copy's first change, to an untracked
// todo's isCompleted, gives it a cache of its own, and costs one 1 MB flag column) and reads once. The two sets compute different
// counts on purpose, so the rules set's checksum is not compared (it is checked against the same
// counts summed from `fallsOn` in the tests, not here).
//
// `CALGRID_BENCH_WEEKDAY_ONLY=1` runs only the weekday-only set, and so does a build with
// `-DCALGRID_BENCH_NO_RULES`: the scenario as it compiles in a tree from before rules landed
// (8ae4bf7^), for the "not slower than before rules" comparison. `CALGRID_BENCH_NO_SPANS=1` leaves
// out the spanning set: the scenario as it ran before issue 37's set was added, so two commits are
// compared on the same sets (a third 1M set moved the other two's times by itself).
import Foundation
import CalGrid

/// The weekday-only spec with every third dated todo of `n` given one of the rules, start an
/// occurrence of it, no end and no ticks. Returns the drafts.
/// `spanning`: each rule's occurrences cover 2, 3 or 4 days (issue 37's occurrence length).
func ruleDrafts(_ spec: [SpecTodo], weekdayOnly: Bool, spanning: Bool = false) -> [TodoDraft] {
    var drafts = spec.map(\.draft)
    #if !CALGRID_BENCH_NO_RULES
    if weekdayOnly { return drafts }
    // (rule, days before the wanted start to search from): the start is the rule's first day after.
    let templates: [(String, Int)] = [("FREQ=MONTHLY;BYDAY=2TU", 31), ("FREQ=MONTHLY;BYDAY=-1FR", 31),
                                      ("FREQ=WEEKLY;INTERVAL=2", 14), ("FREQ=YEARLY", 366),
                                      ("FREQ=WEEKLY;BYDAY=MO,WE;COUNT=20", 7), ("FREQ=DAILY;COUNT=10", 1)]
    let rules = templates.map { (try! RecurrenceRule(parsing: $0.0), $0.1) }
    var k = 0
    for i in drafts.indices {
        guard let s0 = drafts[i].fields.start else { continue }
        k += 1
        guard k % 3 == 0 else { continue }
        let (rule, back) = rules[(k / 3) % rules.count]
        let before = s0.advanced(by: -back)
        guard let start = Recurrence(start: before, rule: rule).next(after: before) else { continue }
        drafts[i].fields.start = start
        drafts[i].fields.end = nil
        drafts[i].completedDays = nil
        drafts[i].recurrence = Recurrence(start: start, rule: rule)
        if spanning { drafts[i].occurrenceDays = Int32(2 + (k / 3) % 3) }
    }
    #endif
    return drafts
}

func runRuleCounts(_ s: Settings) -> [Measurement] {
    let n = s.quick ? 100_000 : 1_000_000
    #if CALGRID_BENCH_NO_RULES
    let weekdayOnly = true
    #else
    let weekdayOnly = ProcessInfo.processInfo.environment["CALGRID_BENCH_WEEKDAY_ONLY"] == "1"
    #endif
    let spec = generateTodos(n, .window)
    func fold(_ counts: TodoDayCounts) -> UInt64 {
        var h = foldSeed
        for k in 0..<counts.dayCount { h = aggregateFold(h, count: Int(counts.total[k]), completed: Int(counts.completed[k])) }
        return h
    }
    var sets = [("weekday-only set", try! TodoSet(ruleDrafts(spec, weekdayOnly: true)))]
    if !weekdayOnly {
        sets.append(("30% general rules", try! TodoSet(ruleDrafts(spec, weekdayOnly: false))))
        // Issue 37: the same rules, each occurrence 2 to 4 days (within 2x of the weekday-only build).
        if ProcessInfo.processInfo.environment["CALGRID_BENCH_NO_SPANS"] != "1" {
            sets.append(("30% spanning rules", try! TodoSet(ruleDrafts(spec, weekdayOnly: false, spanning: true))))
        }
    }
    let untracked = spec.firstIndex { $0.start == nil }!   // undated: no per-day flags, in both sets
    var cachedImpls: [Implementation] = [], buildImpls: [Implementation] = []
    for (k, (name, set)) in sets.enumerated() {
        // Copies share the cache until one changes (`pristine` below must keep it without a table),
        // so this one first takes a cache of its own, as the build runs do.
        var cached = set
        let flag = cached.isCompleted(at: untracked)
        try! cached.setIsCompleted(!flag, at: untracked)
        try! cached.setIsCompleted(flag, at: untracked)
        cached.prepareDayCounts()
        cachedImpls.append(Implementation(name: name, role: k == 0 ? .baseline : .candidate, checked: k == 0) {
            fold(cached.dayCounts(from: opaque(windowFirst), through: windowLast))
        })
        let pristine = set   // never read for counts: its cache stays without a table
        buildImpls.append(Implementation(name: name, role: k == 0 ? .baseline : .candidate, checked: k == 0) {
            var c = pristine
            let done = c.isCompleted(at: untracked)
            // An untracked todo's flag counts in the tables, so the change gives `c` a cache of its own
            // (without the table: `pristine` has none); a tracked one's would share the cache.
            try! c.setIsCompleted(!done, at: untracked)
            try! c.setIsCompleted(done, at: untracked)
            return fold(c.dayCounts(from: opaque(windowFirst), through: windowLast))
        })
    }
    return measure("rule-counts-cached", n: n, cachedImpls, settings: s) + measure("rule-counts-build", n: n, buildImpls, settings: s)
}
