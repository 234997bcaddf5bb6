/// What a `TodoOrder` compares.
public enum TodoSortKey: UInt8, Sendable {
    /// The deadline (`TodoSet.deadline(at:)`: the end day; with a rule, its last occurrence's last
    /// day), the app's "deadline imminent" when ascending. Todos without an end come last.
    case deadline
    /// `createdAt` (registration order when ascending, "newest first" when descending). Todos
    /// without `createdAt` come last, in insertion order.
    case registration
    /// The start day. Todos without a start come last.
    case start
    /// The title's UTF-8 bytes, lexicographically (a prefix sorts first).
    case title
    /// `completionShare(at:)`, compared exactly (as fractions, not rounded doubles).
    case completionShare
    /// Time order, as a calendar's day lists it: the start day (items without a start last),
    /// then on one day the all-day items (no `TodoTimes`) first, then by start time, then by
    /// title bytes, then insertion order. The agenda (`TodoSet.occurrences`) orders each day so.
    case time
}

/// An order on todos: a key and a direction. Every order is stable — todos with equal keys
/// keep insertion order (ascending index) in both directions — and todos missing the key come
/// after all others in both directions, as SQL's `NULLS LAST` and Taskwarrior's due sort do.
public struct TodoOrder: Hashable, Sendable {
    public var key: TodoSortKey
    public var descending: Bool

    public init(_ key: TodoSortKey, descending: Bool = false) {
        self.key = key; self.descending = descending
    }

    /// End ascending, todos without an end last (the app's 마감 임박순).
    public static let deadlineImminent = TodoOrder(.deadline)
    /// `createdAt` ascending (the app's 등록순).
    public static let registrationOrder = TodoOrder(.registration)
    /// `createdAt` descending (the app's 최신순).
    public static let newestFirst = TodoOrder(.registration, descending: true)
    /// Start ascending, todos without a start last (시작일순).
    public static let startDay = TodoOrder(.start)
    /// Title bytes ascending (제목순).
    public static let title = TodoOrder(.title)
    /// Completion share descending: the most done first (진행률순).
    public static let progress = TodoOrder(.completionShare, descending: true)
    /// Start day, all-day first, start time, title (시간순).
    public static let time = TodoOrder(.time)
}
