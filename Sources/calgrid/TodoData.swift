import CalGrid

/// How many todos fall on a day and how many of those are done there.
struct DayTally {
    var count = 0
    var completed = 0

    /// Rounded to the nearest whole percent; 0 for a day without todos.
    var percentage: Int { count == 0 ? 0 : (completed * 200 + count) / (2 * count) }
    var isComplete: Bool { count > 0 && completed == count }
}

/// The todos a command works on (the built-in sample set or a loaded file), in a `TodoSet`.
///
/// What a todo's dates and completion mean, which todos fall on a day and how they sort is the
/// set's business; this type only asks it and shapes the answers for the views.
struct TodoData {
    var store: TodoSet

    var count: Int { store.count }

    init(_ set: TodoSet) { self.store = set }

    /// One tally per day of `first...last`.
    /// - Complexity: O(todos + days) (`TodoSet.dayCounts`).
    func tallies(from first: CivilDate, through last: CivilDate) -> [DayTally] {
        let c = store.dayCounts(from: first, through: last)
        var out: [DayTally] = []
        out.reserveCapacity(c.dayCount)
        for k in 0..<c.dayCount { out.append(DayTally(count: Int(c.total[k]), completed: Int(c.completed[k]))) }
        return out
    }

    /// The todos falling on `day` (set indices, insertion order) and whether each is done there.
    func items(on day: CivilDate) -> [(index: Int, done: Bool)] {
        store.indices(on: day).map { ($0, store.isDone(on: day, at: $0)) }
    }

    /// Done repeat days and all repeat days of a tracked todo; (0 or 1, 1) for the others.
    func progress(_ i: Int) -> (done: Int, total: Int) {
        if store.isTracked(at: i), store.trackedDayCount(at: i) > 0 {
            return (store.doneDayCount(at: i), store.trackedDayCount(at: i))
        }
        return (store.isDone(at: i) ? 1 : 0, 1)
    }

    func isCompleted(_ i: Int) -> Bool { store.isDone(at: i) }

    /// Ended before `today` and not done (`TodoSplit.overdue`'s rule, for one todo).
    func isOverdue(_ i: Int, today: CivilDate) -> Bool {
        guard let e = store.end(at: i) else { return false }
        return e < today && !store.isDone(at: i)
    }
}
