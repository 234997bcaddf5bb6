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
/// What a todo's dates and completion mean is the set's business (`fallsOn`, `isDone(on:at:)`);
/// this type only asks. TODO(todos): the loops marked LOCAL STAND-IN walk every todo and are to be
/// replaced by `TodoSet`'s overlap queries and per-day aggregates once those are on main.
struct TodoData {
    var store: TodoSet

    var count: Int { store.count }

    init(_ set: TodoSet) { self.store = set }

    /// One tally per day of `first...last`.
    func tallies(from first: CivilDate, through last: CivilDate) -> [DayTally] {
        let n = first.days(to: last) + 1
        var out = [DayTally](repeating: DayTally(), count: max(0, n))
        // LOCAL STAND-IN (replace with TodoSet's per-day aggregates): O(todos × days).
        for i in store.indices {
            for k in 0..<out.count {
                let d = CivilDate(_unchecked: first.dayNumber + Int32(k))
                if store.fallsOn(d, at: i) {
                    out[k].count += 1
                    if store.isDone(on: d, at: i) { out[k].completed += 1 }
                }
            }
        }
        return out
    }

    /// The todos falling on `day` (set indices, insertion order) and whether each is done there.
    func items(on day: CivilDate) -> [(index: Int, done: Bool)] {
        // LOCAL STAND-IN (replace with TodoSet's overlap query).
        var out: [(index: Int, done: Bool)] = []
        for i in store.indices where store.fallsOn(day, at: i) { out.append((i, store.isDone(on: day, at: i))) }
        return out
    }

    /// Done repeat days and all repeat days of a tracked todo; (0 or 1, 1) for the others.
    func progress(_ i: Int) -> (done: Int, total: Int) {
        if store.isTracked(at: i), store.trackedDayCount(at: i) > 0 {
            return (store.doneDayCount(at: i), store.trackedDayCount(at: i))
        }
        return (store.isDone(at: i) ? 1 : 0, 1)
    }

    func isCompleted(_ i: Int) -> Bool { store.isDone(at: i) }

    /// Has a deadline before `today` and is not done.
    func isOverdue(_ i: Int, today: CivilDate) -> Bool {
        // LOCAL STAND-IN (replace with TodoSet's overdue status).
        guard let e = store.end(at: i) else { return false }
        return e < today && !store.isDone(at: i)
    }
}
