/// What a `TodoSet` holds, counted in one pass: the figures `calgrid stats` prints and
/// `calgrid_todo_set_statistics` returns. A value: it does not change when the set does.
@frozen
public struct TodoSetStatistics: Hashable, Sendable {
    /// All todos.
    public var count: Int
    /// Todos flagged as challenges.
    public var challenges: Int
    /// Todos with both a start and an end.
    public var dated: Int
    /// Todos with exactly one of start and end.
    public var openEnded: Int
    /// Todos with neither.
    public var undated: Int
    /// Todos done as a whole (`TodoSet.isDone(at:)`).
    public var done: Int
    /// Todos overdue on the day the statistics were taken for (`TodoSet.isOverdue(on:at:)`).
    public var overdue: Int
    /// Repeat days of the tracked todos, summed (`TodoSet.trackedDayCount(at:)`).
    public var trackedDays: Int
    /// Of those, the days marked done (`TodoSet.doneDayCount(at:)`).
    public var doneDays: Int
    /// The earliest start of any todo, nil when no todo has a start.
    public var earliestStart: CivilDate?
    /// The latest end of any todo, nil when no todo has an end.
    public var latestEnd: CivilDate?
    /// The index of the dated todo with the most days from start to end (the first of equals),
    /// nil when no todo is dated.
    public var longestIndex: Int?
    /// That todo's days, start and end included; 0 when there is none.
    public var longestDays: Int
    /// Events (`TodoFields.isEvent`), counted in `count` and in the date shapes above, never done
    /// nor overdue. Last, so the C mirror grows at its end.
    public var events: Int

    /// All zero and nil: the statistics of an empty set.
    /// - Complexity: O(1)
    @inlinable
    public init() {
        count = 0; challenges = 0; events = 0; dated = 0; openEnded = 0; undated = 0; done = 0; overdue = 0
        trackedDays = 0; doneDays = 0; earliestStart = nil; latestEnd = nil; longestIndex = nil; longestDays = 0
    }
}
