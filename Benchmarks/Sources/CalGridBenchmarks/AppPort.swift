// A faithful port of the origin app's model and algorithms (Challendar, iOS): `class Todo` with
// optional Foundation `Date`s and a `completed: [Bool]` per day, `class Day` with counts, days built
// with Foundation `Calendar` one by one and every todo filtered for every day; sorting `[Todo]` by
// optional dates. Written for this benchmark; it mirrors what the app does, not its code.
import Foundation

final class AppTodo {
    var id: UUID?
    var title: String
    var memo: String?
    var startDate: Date?
    var endDate: Date?
    var createdAt: Date?
    var completed: [Bool]
    var isChallenge: Bool
    var iscompleted: Bool
    var percentage: Double = 0
    /// Not in the app: the insertion position, so the benchmark can check the order a sort produced.
    var benchIndex: Int32 = 0

    init(id: UUID?, title: String, memo: String?, startDate: Date?, endDate: Date?, createdAt: Date?,
         completed: [Bool], isChallenge: Bool, iscompleted: Bool) {
        self.id = id; self.title = title; self.memo = memo; self.startDate = startDate; self.endDate = endDate
        self.createdAt = createdAt; self.completed = completed; self.isChallenge = isChallenge; self.iscompleted = iscompleted
    }
}

final class AppDay {
    var date: Date
    var listCount: Int
    var completedListCount: Int
    var percentage: Double
    init(date: Date, listCount: Int, completedListCount: Int, percentage: Double) {
        self.date = date; self.listCount = listCount; self.completedListCount = completedListCount; self.percentage = percentage
    }
}

/// The app used `Calendar.current`; here a Gregorian calendar in UTC so results are exact and comparable.
func appCalendar() -> Calendar {
    var c = Calendar(identifier: .gregorian)
    c.timeZone = TimeZone(identifier: "UTC")!
    return c
}

func dateFromDay(_ d: Int32) -> Date { Date(timeIntervalSince1970: Double(d) * 86_400) }

func makeAppTodos(_ todos: [SpecTodo]) -> [AppTodo] {
    todos.enumerated().map { i, t in
        // Dated todos carry a time of day, as dates picked in the app do (the start of the day is
        // taken where days are compared).
        let a = AppTodo(id: UUID(uuidString: t.id), title: t.title, memo: t.memo,
                startDate: t.start.map { dateFromDay($0).addingTimeInterval(9 * 3600) },
                endDate: t.end.map { dateFromDay($0).addingTimeInterval(18 * 3600) },
                createdAt: Date(timeIntervalSince1970: Double(t.createdAt)),
                completed: t.completed, isChallenge: t.isChallenge, iscompleted: t.isCompleted)
        a.benchIndex = Int32(i)
        return a
    }
}

/// `Day.generateDaysForMonth`: every day of the month containing `month`, each with the todos that
/// fall on it (every todo filtered for every day, comparing `Date`s as the app's `isBetween` does)
/// and how many of them are done that day (the index into `completed` is the app's `daysBetween`:
/// `Calendar.dateComponents([.day], from:to:)` between start-of-day dates).
func appGenerateDaysForMonth(_ month: Date, todos: [AppTodo], calendar: Calendar) -> [AppDay] {
    guard let range = calendar.range(of: .day, in: .month, for: month),
          let first = calendar.date(from: calendar.dateComponents([.year, .month], from: month)) else { return [] }
    var days: [AppDay] = []
    for day in range {
        guard let date = calendar.date(byAdding: .day, value: day - 1, to: first),
              let next = calendar.date(byAdding: .day, value: 1, to: date) else { continue }
        let todosOfDay = todos.filter { todo in
            guard let start = todo.startDate, let end = todo.endDate else { return false }
            return start < next && end >= date
        }
        let completedCount = todosOfDay.filter { todo in
            guard let start = todo.startDate,
                  let index = calendar.dateComponents([.day], from: calendar.startOfDay(for: start), to: date).day,
                  index >= 0, index < todo.completed.count else { return false }
            return todo.completed[index]
        }.count
        let percentage = todosOfDay.isEmpty ? 0 : Double(completedCount) / Double(todosOfDay.count)
        days.append(AppDay(date: date, listCount: todosOfDay.count, completedListCount: completedCount, percentage: percentage))
    }
    return days
}

/// The monthly view's window: previous, current and next month.
func appWindow(today: Date, todos: [AppTodo], calendar: Calendar) -> [AppDay] {
    var days: [AppDay] = []
    for offset in -1...1 {
        if let m = calendar.date(byAdding: .month, value: offset, to: today) {
            days += appGenerateDaysForMonth(m, todos: todos, calendar: calendar)
        }
    }
    return days
}

/// Per-day fold shared by every aggregate implementation: (count << 32 | completed) per day, in day order.
@inline(__always) func aggregateFold(_ h: UInt64, count: Int, completed: Int) -> UInt64 {
    fold(h, UInt64(count) << 32 | UInt64(completed))
}

// MARK: the app's three sorts

/// 기한임박 (deadline imminent): end date ascending, todos without one last — the comparison the
/// app's challenge list uses (`sortByNearestEndDate`: `($0.endDate ?? Date.distantFuture) <
/// ($1.endDate ?? Date.distantFuture)`), on a copy as `sorted`.
func appSortDeadline(_ todos: [AppTodo]) -> [AppTodo] {
    todos.sorted { ($0.endDate ?? Date.distantFuture) < ($1.endDate ?? Date.distantFuture) }
}
/// 등록순 (registration order): creation date ascending.
func appSortRegistered(_ todos: [AppTodo]) -> [AppTodo] {
    todos.sorted { ($0.createdAt ?? .distantPast) < ($1.createdAt ?? .distantPast) }
}
/// 최신순 (newest first): creation date descending.
func appSortNewest(_ todos: [AppTodo]) -> [AppTodo] {
    todos.sorted { ($0.createdAt ?? .distantPast) > ($1.createdAt ?? .distantPast) }
}
