import CalGrid
import CalGridStore

/// `calgrid show ID`: every field of one todo, its progress, streaks and what is due.
enum ShowCommand {
    static let command = Command(usage: "show ID", summary: "every field of a todo, its streaks and what is due",
                                 help: { help }, run: run)

    static let help = """
    usage: calgrid show ID [options]

    Every field of one todo (full id or unique prefix), the days done out of its tracked days,
    its current and longest streak, the next day due and its ticked days; for a todo with a rule,
    the rule in words, its RRULE text and its next 5 occurrences. With --json: the todo
    object of list --json plus "reminder" ("HH:MM" or null), "currentStreak", "longestStreak",
    "nextDue" (a date or null) and "doneDates".
    \(CommonOptions.help)
    """

    static func run(_ words: [String]) throws(CLIError) -> Output {
        var common = CommonOptions()
        let idText = try parseOptions(words, "show", &common, takes: .oneTodo)
        var out = Output()
        guard let idText else { throw .usage("show: which todo? (calgrid show ID)") }
        let context = try Context.load(common)
        let s = context.todos.store
        let i = try TodoLookup.index(of: idText, in: s)
        let today = context.today
        let due = s.nextDueDay(onOrAfter: today, at: i)
        let doneDates = doneDays(i, in: s)

        if common.json {
            var w = JSONWriter()
            TodoPresentation.json(i, context.todos, today: today, &w) { (w: inout JSONWriter) in
                w.field("reminder", s.reminderMinutes(at: i).map(TodoText.time))
                w.field("currentStreak", s.currentStreak(on: today, at: i))
                w.field("longestStreak", s.longestStreak(at: i))
                w.field("nextDue", due)
                w.key("doneDates")
                w.beginArray()
                for d in doneDates { w.date(d) }
                w.endArray()
            }
            return w.document
        }

        func row(_ label: String, _ value: String) { out.line("  " + TextWidth.padRight(label, to: 10) + value) }
        out.line("\(s.id(at: i))  \(s.title(at: i))")
        row("kind", s.isEvent(at: i) ? TodoField.kindText(isEvent: true) : s.isChallenge(at: i) ? "challenge" : "todo")
        switch (s.start(at: i), s.end(at: i)) {
        case let (a?, b?): row("span", "\(TodoText.day(a)) ... \(TodoText.day(b)) (\(a.days(to: b) + 1) days)")
        case let (a?, nil): row("span", "from \(TodoText.day(a)), no deadline")
        case let (nil, b?): row("span", "until \(TodoText.day(b))")
        case (nil, nil): row("span", "undated")
        }
        if let r = s.recurrence(at: i) {
            row("repeats", RuleWords.describe(r))
            if let w = TodoText.occurrenceWords(i, in: s) { row("length", w) }
            if let rule = r.rule { row("rrule", rule.text) }
            // An occurrence starts no later than its length before the end.
            let from = Swift.max(today, r.start)
            let last = s.end(at: i).map { (try? $0.adding(days: 1 - Int(s.occurrenceDays(at: i)))) ?? $0 } ?? .max
            let next = from <= last ? Array(r.occurrences(in: from...last).prefix(5)) : []
            row("next", next.isEmpty ? "no more occurrences" : next.map(TodoText.day).joined(separator: ", "))
        } else {
            row("repeats", TodoText.repetition(s.repetition(at: i)))
        }
        if s.isEvent(at: i) {
            // An event is never done or due: its times and place, not deadlines and streaks.
            row("time", context.todos.timeText(at: i) ?? "all day")
            row("location", s.location(at: i) ?? "—")
            row("memo", s.memo(at: i) ?? "—")
            let tags = s.tags(at: i)
            row("tags", tags.isEmpty ? "—" : tags.joined(separator: ", "))
            row("created", s.createdAt(at: i).map { TodoText.instant($0, in: context.options.zone) } ?? "—")
            return out
        }
        if let t = context.todos.timeText(at: i) { row("time", t) }
        if let l = s.location(at: i) { row("location", l) }
        let percent = Int((s.completionShare(at: i) * 100).rounded())
        if s.ticksPerDay(at: i), !s.isTracked(at: i) {
            // Open-ended: as a whole only by its flag; its occurrences one tick each.
            row("done", s.isDone(at: i) ? "yes, as a whole" : "no (open-ended: each occurrence is ticked on its own)")
            row("streak", "\(s.currentStreak(on: today, at: i)) now, \(s.longestStreak(at: i)) longest")
            row("ticked", ticked(doneDates))
        } else if s.isTracked(at: i), s.trackedDayCount(at: i) > 0 {
            row("done", "\(s.doneDayCount(at: i)) of \(s.trackedDayCount(at: i)) days (\(percent)%)")
            row("streak", "\(s.currentStreak(on: today, at: i)) now, \(s.longestStreak(at: i)) longest")
            row("ticked", ticked(doneDates))
        } else {
            row("done", s.isDone(at: i) ? "yes" : "no")
        }
        if let o = TodoText.occurrenceDue(i, in: s, today: today) {
            // The occurrence due now, by its last day (its deadline).
            let left = today.days(to: o.last)
            row("due", TodoText.day(o.last) + (left == 0 ? " (today)" : left == 1 ? " (tomorrow)" : " (in \(left) days)")
                + ", the occurrence from " + TodoText.day(o.first))
        } else if let d = due {
            let left = today.days(to: d)
            row("due", TodoText.day(d) + (left == 0 ? " (today)" : left == 1 ? " (tomorrow)" : " (in \(left) days)"))
        } else {
            row("due", "nothing")
        }
        row("status", TodoPresentation.note(i, on: nil, context.todos, context).text)
        row("memo", s.memo(at: i) ?? "—")
        let tags = s.tags(at: i)
        row("tags", tags.isEmpty ? "—" : tags.joined(separator: ", "))
        row("reminder", s.reminderMinutes(at: i).map(TodoText.time) ?? "—")
        row("created", s.createdAt(at: i).map { TodoText.instant($0, in: context.options.zone) } ?? "—")
        return out
    }

    /// The days the todo is ticked on, in order.
    /// - Complexity: as `TodoSet.tickedDays(at:)`
    static func doneDays(_ i: Int, in s: TodoSet) -> [CivilDate] { s.tickedDays(at: i) }

    /// The ticked days, the last twelve at most: `Mon 11-30, Wed 12-02 (and 3 earlier)`.
    static func ticked(_ days: [CivilDate]) -> String {
        if days.isEmpty { return "none yet" }
        let shown = days.suffix(12).map { TodoText.day($0) }.joined(separator: ", ")
        return days.count > 12 ? "\(shown) (and \(days.count - 12) earlier)" : shown
    }
}
