import CalGrid

extension Store {
    /// Marks the todo `id` of `set` done or not done, as a store keeps it: `day` nil is the todo as
    /// a whole (every tracked day; an iCalendar item's STATUS); a day ticks a tracked todo's repeat
    /// day or a rule's occurrence, and any other dated todo is done as a whole on a day it falls on
    /// (a day it does not fall on is the core's `dayNotTracked`). The C API's
    /// `calgrid_store_set_done` takes this path; an unknown id is `unknownID`.
    /// - Returns: true when the set changed.
    /// - Complexity: O(1) lookups and the core's change of one todo.
    public static func setDone(_ done: Bool, id: String, on day: CivilDate?, in set: inout TodoSet) throws(TodoError) -> Bool {
        guard let i = set.index(ofID: id) else { throw .unknownID(id) }
        guard let day else { return try set.setDone(done, at: i) }
        if (set.isTracked(at: i) && set.trackedDayCount(at: i) > 0) || set.ticksPerDay(at: i) {
            let was = set.isDone(on: day, at: i)
            try set.setDone(done, on: day, at: i)
            return was != set.isDone(on: day, at: i)
        }
        if set.start(at: i) != nil || set.end(at: i) != nil, !set.fallsOn(day, at: i) {
            throw .dayNotTracked(position: i, day: day)
        }
        let was = set.isCompleted(at: i)
        try set.setIsCompleted(done, at: i)
        return was != done
    }

    /// When a completion of `day` happened, as a store writes it (iCalendar's COMPLETED): its noon
    /// in `zone`, which reads as that day in the zone.
    /// - Complexity: O(log transitions)
    public static func completionInstant(of day: CivilDate, in zone: TimeZoneRules) -> Int64 {
        switch zone.instant(of: day, secondOfDay: 12 * 3600) {
        case .unique(let t), .ambiguous(earlier: let t, later: _), .nonexistent(gapStart: let t): return t
        }
    }
}
