import CalGrid

/// How many todos fall on a day and how many of those are done there.
struct DayTally {
    var count = 0
    var completed = 0

    /// Rounded to the nearest whole percent; 0 for a day without todos.
    var percentage: Int { count == 0 ? 0 : (completed * 200 + count) / (2 * count) }
    var isComplete: Bool { count > 0 && completed == count }
}

/// The todos a command works on: the built-in sample set or a loaded file.
///
/// TODO(todos TodoSet): back this by `TodoSet` and its per-day aggregates, overlap queries and
/// sorts as soon as they are on main; the helpers below are local stand-ins marked to be replaced,
/// kept deliberately naive (the CLI must not grow its own todo engine).
struct TodoData {
    var drafts: [TodoDraft]

    var count: Int { drafts.count }

    // LOCAL STAND-IN (replace with TodoSet): the days a todo falls on are [start, end ?? start]
    // restricted to its repetition weekdays; an undated todo falls on no day.
    private static func repeatIndex(_ t: TodoDraft, _ day: CivilDate) -> Int? {
        guard let s = t.start else { return nil }
        let e = t.end ?? s
        guard s <= day, day <= e, t.repetition.contains(day.weekday) else { return nil }
        let whole = s.days(to: day) / 7
        var k = whole * t.repetition.count
        var d = s.dayNumber + Int32(whole * 7)
        while d < day.dayNumber {
            if t.repetition.contains(CivilDate(_unchecked: d).weekday) { k += 1 }
            d += 1
        }
        return k
    }

    // LOCAL STAND-IN (replace with TodoSet).
    private static func isDone(_ t: TodoDraft, at k: Int) -> Bool {
        if let flags = t.completedDays { return k < flags.count && flags[k] }
        return t.isCompleted
    }

    /// One tally per day of `first...last`.
    func tallies(from first: CivilDate, through last: CivilDate) -> [DayTally] {
        // LOCAL STAND-IN (replace with TodoSet's per-day aggregates).
        let n = first.days(to: last) + 1
        var out = [DayTally](repeating: DayTally(), count: max(0, n))
        for t in drafts {
            guard let s = t.start else { continue }
            let e = t.end ?? s
            var d = max(s, first)
            while d <= min(e, last) {
                if let k = TodoData.repeatIndex(t, d) {
                    let i = first.days(to: d)
                    out[i].count += 1
                    if TodoData.isDone(t, at: k) { out[i].completed += 1 }
                }
                d = CivilDate(_unchecked: d.dayNumber + 1)
            }
        }
        return out
    }

    /// The todos falling on `day` (indices into `drafts`) and whether each is done there.
    func items(on day: CivilDate) -> [(index: Int, done: Bool)] {
        // LOCAL STAND-IN (replace with TodoSet's overlap query).
        var out: [(index: Int, done: Bool)] = []
        for (i, t) in drafts.enumerated() {
            if let k = TodoData.repeatIndex(t, day) { out.append((i, TodoData.isDone(t, at: k))) }
        }
        return out
    }

    /// Done repeat days and all repeat days of todo `i` (a todo without per-day flags counts as one).
    func progress(_ i: Int) -> (done: Int, total: Int) {
        // LOCAL STAND-IN (replace with TodoSet).
        let t = drafts[i]
        if let flags = t.completedDays {
            var n = 0
            for f in flags where f { n += 1 }
            return (n, flags.count)
        }
        return (t.isCompleted ? 1 : 0, 1)
    }

    func isCompleted(_ i: Int) -> Bool { let p = progress(i); return p.done == p.total }

    /// Has a deadline before `today` and is not completed.
    func isOverdue(_ i: Int, today: CivilDate) -> Bool {
        // LOCAL STAND-IN (replace with TodoSet's status).
        guard let e = drafts[i].end else { return false }
        return e < today && !isCompleted(i)
    }
}
