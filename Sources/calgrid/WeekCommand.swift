import CalGrid
import CalGridStore

/// `calgrid week [YYYY-MM-DD]`: the week holding that day, one line per day.
enum WeekCommand {
    static let command = Command(usage: "week [YYYY-MM-DD]", summary: "the week holding that day, one line per day",
                                 help: { help }, run: run)

    static let help = """
    usage: calgrid week [YYYY-MM-DD] [options]

    The week (starting on --first-weekday) holding the day (default: today), one line per
    day: done/total, a bar, the share done and the day's todos (✓ done). Today is in
    [brackets]; a --select range is marked ( first, | middle, ) last.

    \(ViewOptions.optionsSection)
    """

    static let titleBudget = 66

    static func run(_ words: [String]) throws(CLIError) -> Output {
        let (common, view, dayArg, context) = try ViewOptions.start(words, "week")
        var out = Output()
        let day = try dayArg.map { (a: String) throws(CLIError) in try Parse.date(a, what: "week") } ?? context.today
        // Anchored on its first day: `simple` numbers the week by its first day (the strip numbers
        // it by its anchor's), as this view always has; ISO weeks go by the Thursday either way.
        let strip = WeekStrip(containing: WeekStrip(containing: day, firstWeekday: common.firstWeekday).firstDay,
                              firstWeekday: common.firstWeekday, today: context.today)
        let week: Period
        do { week = try strip.period() } catch {
            throw .usage("week: the week of \(day.iso8601) leaves the supported calendar")
        }
        let tallies = context.todos.store.dayCounts(in: week)
        // The week's number under --week-numbers (ISO when none is asked for but a title needs one).
        let number = strip.weekNumber(view.weekNumbers.numbering(firstWeekday: common.firstWeekday) ?? .iso8601)
        if common.json {
            var w = JSONWriter()
            w.beginObject()
            w.field("first", week.first)
            w.field("last", week.last)
            w.field("firstWeekday", common.firstWeekday.rawValue)
            if view.weekNumbers != .none { w.field("weekNumber", number) }
            w.key("days")
            w.beginArray()
            for (k, d) in strip.days.enumerated() {
                let t = tallies.tally(at: k)
                w.beginObject()
                w.field("date", d)
                w.dayFields(d.weekday, isToday: d == context.today, t)
                w.field("selection", (view.select?.state(of: d) ?? .none).jsonName)
                w.key("todos")
                w.beginArray()
                for it in context.todos.items(on: d) {
                    w.beginObject()
                    w.field("id", context.todos.store.id(at: it.index))
                    w.field("title", context.todos.store.title(at: it.index))
                    w.field("done", it.done)
                    TodoPresentation.timeFields(it.index, context.todos.store, &w, on: d)
                    w.endObject()
                }
                w.endArray()
                w.endObject()
            }
            w.endArray()
            w.endObject()
            return w.document
        }

        let style = context.style
        var title = Line()
        let span = (Labels.shortDate(week.first, context.lang) + " – " + Labels.shortDate(week.last, context.lang))
            .replacing("   ", with: " ").replacing("  ", with: " ")
        let heading = view.weekNumbers == .none ? context.t("Week of ", "") : context.t("Week \(number) · ", "\(number)주 · ")
        title.add(heading + context.t(span + ", \(week.last.year)", "\(week.first.year)년 " + span), .bold)
        title.write(to: &out, style)
        let total = tallies.sum
        out.line(context.doneText(total))
        out.line()
        for (k, d) in strip.days.enumerated() {
            let t = tallies.tally(at: k)
            let sel = view.select?.state(of: d) ?? .none
            var l = Line()
            let mark: String
            switch sel {
            case .none: mark = "  "
            case .single: mark = "()"
            case .first: mark = "( "
            case .middle: mark = "| "
            case .last: mark = ") "
            }
            l.add(mark, sel == .none ? [] : [.bold])
            let name = TextWidth.padRight(Labels.weekdayShort(d.weekday, context.lang), to: 2)
            let num = TextWidth.padLeft(String(d.day), to: 2)
            var attrs: Style.Attributes = d == context.today ? [.bold, .yellow] : []
            if sel != .none { attrs.insert(.inverse) }
            l.add(d == context.today ? "[" + name + " " + num + "]" : " " + name + " " + num + " ", attrs)
            l.add(" ")
            if t.total == 0 {
                l.add("  " + context.t("no todos", "할 일 없음"), .dim)
            } else {
                let tallyAttrs = MonthView.tallyAttributes(t, day: d, inMonth: true, today: context.today)
                l.add(TextWidth.padLeft("\(t.completed)/\(t.total)", to: 5), tallyAttrs)
                l.add(" ")
                let filled = (t.completed * 10 + t.total / 2) / t.total
                l.add("[")
                l.add(String(repeating: "#", count: filled), tallyAttrs)
                l.add(String(repeating: "-", count: 10 - filled) + "] ")
                l.add(TextWidth.padLeft("\(t.percentDone)%", to: 4) + "  ")
                // Titles, done ones first, as many as fit in about 100 columns; "+N" for the rest.
                // khal list's order (start, end, title), as `day` and `agenda`.
                let items = context.todos.items(on: d)
                var budget = WeekCommand.titleBudget
                for (n, it) in items.enumerated() {
                    let title = TextWidth.truncate(context.todos.withTimes(context.todos.store.title(at: it.index), at: it.index, times: it.times), to: 24)
                        + (it.done ? " ✓" : "")
                    let more = items.count - n - 1
                    let need = TextWidth.columns(of: title) + (n > 0 ? 2 : 0) + (more > 0 ? 4 : 0)
                    if need > budget && n > 0 {
                        l.add(" +\(items.count - n)", .dim)
                        break
                    }
                    if n > 0 { l.add(", ") }
                    l.add(title, it.done ? [.green] : [])
                    budget -= TextWidth.columns(of: title) + (n > 0 ? 2 : 0)
                }
            }
            l.write(to: &out, style)
        }
        return out
    }
}
