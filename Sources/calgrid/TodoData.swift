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
    func items(on day: CivilDate) -> [(index: Int, done: Bool)] {
        store.occurrences(from: day, through: day).map { ($0.index, store.isDone(on: day, at: $0.index)) }
    }

    /// `10:00–11:00` (one time when start and end are the same), nil for an all-day item.
    func timeText(at i: Int) -> String? {
        guard let t = store.times(at: i) else { return nil }
        return t.start == t.end ? TodoTimes.text(t.start) : TodoTimes.text(t.start) + "–" + TodoTimes.text(t.end)
    }

    /// The item's times and location before its title in a text view: `10:00–11:00 ` and ` @ Room 4`.
    func withTimes(_ title: String, at i: Int) -> String {
        var s = title
        if let t = timeText(at: i) { s = t + " " + s }
        if let l = store.location(at: i), !l.isEmpty { s += " @ " + l }
        return s
    }
}
