import CalGrid

/// The lines under a month grid: how today and the month are going, the running challenges and
/// the deadlines that matter (overdue ones first).
struct Summary {
    let context: Context
    /// The month itself (for its totals).
    let period: Period
    /// The days on screen: deadlines among them are listed.
    let shown: ClosedRange<CivilDate>
    static let maxItems = 5

    func textLines() -> [Line] {
        let todos = context.todos, today = context.today
        var lines: [Line] = [Line()]
        let label = { (en: String, ko: String) -> String in TextWidth.padRight(self.context.t(en, ko), to: 12) }

        let todayTally = todos.store.dayCounts(from: today, through: today).tally(at: 0)
        let total = todos.store.dayCounts(in: period).sum
        var l = Line()
        l.add(label("Today", "오늘"), .bold)
        l.add(context.t("\(todayTally.completed) of \(todayTally.total) done", "\(todayTally.total)개 중 \(todayTally.completed)개 완료"),
              todayTally.isComplete ? [.green] : [])
        lines.append(l)
        l = Line()
        l.add(label("This month", "이번 달"), .bold)
        l.add(context.doneText(total))
        lines.append(l)

        // Challenges running in this period, with their done days.
        let challenges = todos.store.indices(overlapping: period, kind: .challenges)
        let titleWidth = 28
        for (k, i) in challenges.prefix(Summary.maxItems).enumerated() {
            l = Line()
            l.add(k == 0 ? label("Challenges", "챌린지") : String(repeating: " ", count: 12), k == 0 ? [.bold] : [])
            let p = todos.store.progress(at: i)
            l.add(TextWidth.padRight(TextWidth.truncate(todos.store.title(at: i), to: titleWidth), to: titleWidth + 1))
            l.add(TextWidth.padLeft("\(p.done)/\(p.total)", to: 5), p.done == p.total ? [.green] : [])
            l.add(context.t(" days done", "일 완료"))
            lines.append(l)
        }

        // Deadlines: overdue ones, then those ending on a day on screen, nearest first.
        var deadlines: [(index: Int, end: CivilDate, overdue: Bool)] = []
        for i in todos.store.indices(.overdue, on: today, kind: .plain) { deadlines.append((i, todos.store.deadline(at: i)!, true)) }
        if today <= shown.upperBound {
            for i in todos.store.indices(from: max(today, shown.lowerBound), through: shown.upperBound, kind: .plain) {
                guard let e = todos.store.deadline(at: i), shown.contains(e), e >= today, !todos.store.isDone(at: i) else { continue }
                deadlines.append((i, e, false))
            }
        }
        deadlines.sort { a, b in a.overdue != b.overdue ? a.overdue : (a.end != b.end ? a.end < b.end : a.index < b.index) }
        for (k, d) in deadlines.prefix(Summary.maxItems).enumerated() {
            l = Line()
            l.add(k == 0 ? label("Deadlines", "마감") : String(repeating: " ", count: 12), k == 0 ? [.bold] : [])
            l.add(Labels.shortDate(d.end, context.lang) + "  ")
            l.add(TextWidth.padRight(TextWidth.truncate(todos.store.title(at: d.index), to: titleWidth - 4), to: titleWidth - 3))
            let left = today.days(to: d.end)
            if d.overdue {
                l.add(context.t("overdue by \(-left) day" + (left == -1 ? "" : "s"), "\(-left)일 지남"), [.bold, .red])
            } else if left == 0 {
                l.add(context.t("due today", "오늘 마감"), .yellow)
            } else {
                l.add(context.t("in \(left) day" + (left == 1 ? "" : "s"), "\(left)일 남음"))
            }
            lines.append(l)
        }
        return lines
    }
}
