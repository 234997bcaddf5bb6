import CalGrid

/// The todos a command works on (the built-in sample set or a loaded file), in a `TodoSet`.
///
/// What a todo's dates and completion mean, which todos fall on a day and how they sort is the
/// set's business; this type only asks it and shapes the answers for the views.
struct TodoData {
    var store: TodoSet

    var count: Int { store.count }

    init(_ set: TodoSet) { self.store = set }

    /// The todos falling on `day` (set indices, insertion order) and whether each is done there.
    func items(on day: CivilDate) -> [(index: Int, done: Bool)] {
        store.indices(on: day).map { ($0, store.isDone(on: day, at: $0)) }
    }
}
