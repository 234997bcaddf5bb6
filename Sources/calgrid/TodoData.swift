import CalGrid

/// The todos a command works on (the built-in sample set or a loaded file), in a `TodoSet`.
///
/// What a todo's dates and completion mean, which todos fall on a day and how they sort is the
/// set's business; this type only asks it and shapes the answers for the views.
struct TodoData {
    var store: TodoSet

    var count: Int { store.count }

    init(_ set: TodoSet) { self.store = set }

    /// The todos falling on `day` (set indices) in `khal list`'s order (`TodoSet.occurrences`: by
    /// the occurrence's start, then its end, then its title) and whether each is done there.
    /// Each with its occurrence's own times (`TodoOccurrence.times`).
    func items(on day: CivilDate) -> [(index: Int, done: Bool, times: TodoTimes?)] {
        store.occurrences(from: day, through: day).map { ($0.index, store.isDone(on: day, at: $0.index), $0.times) }
    }

    /// `10:00–11:00` (one time when start and end are the same), nil for an all-day item: the
    /// item's times, or on `day` its occurrence's (`TodoSet.times(at:on:)`).
    func timeText(at i: Int, on day: CivilDate? = nil) -> String? {
        guard let t = day.map({ store.times(at: i, on: $0) }) ?? store.times(at: i) else { return nil }
        return TodoData.timeText(t)
    }

    /// `10:00–11:00` of `t`.
    static func timeText(_ t: TodoTimes) -> String {
        t.start == t.end ? TodoTimes.text(t.start) : TodoTimes.text(t.start) + "–" + TodoTimes.text(t.end)
    }

    /// The item's times and location before its title in a text view: `10:00–11:00 ` and ` @ Room 4`;
    /// `times` those of the occurrence shown.
    func withTimes(_ title: String, at i: Int, times: TodoTimes?) -> String {
        var s = title
        if let t = times { s = TodoData.timeText(t) + " " + s }
        if let l = store.location(at: i), !l.isEmpty { s += " @ " + l }
        return s
    }
}
