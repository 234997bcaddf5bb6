/// One day as the day view shows it: the day, its week strip, its week numbers, today.
@frozen
public struct DayView: Hashable, Sendable {
    public let date: CivilDate
    /// The first weekday of the strip shown with the day.
    public let firstWeekday: Weekday
    public let today: CivilDate?

    /// - Complexity: O(1)
    @inlinable
    public init(date: CivilDate, firstWeekday: Weekday = .sunday, today: CivilDate? = nil) {
        self.date = date; self.firstWeekday = firstWeekday; self.today = today
    }

    /// The day's weekday.
    /// - Complexity: O(1)
    @inlinable public var weekday: Weekday { date.weekday }
    /// True when the day is the view's `today`.
    /// - Complexity: O(1)
    @inlinable public var isToday: Bool { date == today }
    /// True on Saturday and Sunday.
    /// - Complexity: O(1)
    @inlinable public var isWeekend: Bool { date.weekday.isWeekend }
    /// 1...366.
    /// - Complexity: O(1)
    @inlinable public var dayOfYear: Int { date.dayOfYear }

    /// The week around the day.
    /// - Complexity: O(1)
    @inlinable public var week: WeekStrip { WeekStrip(containing: date, firstWeekday: firstWeekday, today: today) }

    /// The day's week number under `numbering`.
    /// - Complexity: O(1)
    @inlinable public func weekNumber(_ numbering: WeekNumbering) -> Int { date.weekNumber(numbering) }

    /// The day as a one-day `Period` (the daily filter).
    /// - Complexity: O(1)
    public var period: Period { Period.day(date) }

    /// The day before; throws before 0001-01-01.
    /// - Complexity: O(1)
    public func previous() throws(DateError) -> DayView {
        DayView(date: try date.adding(days: -1), firstWeekday: firstWeekday, today: today)
    }

    /// The day after; throws after 9999-12-31.
    /// - Complexity: O(1)
    public func next() throws(DateError) -> DayView {
        DayView(date: try date.adding(days: 1), firstWeekday: firstWeekday, today: today)
    }
}
