import CalGrid
import CalGridStore

/// `calgrid day [YYYY-MM-DD]`: the day's todos split into done and not done, as in the app's daily view.
enum DayCommand {
    static let command = Command(usage: "day [YYYY-MM-DD]", summary: "the day's todos, split into done and not done",
                                 help: { help }, run: run)

    static let help = """
    usage: calgrid day [YYYY-MM-DD] [options]

    The todos falling on the day (default: today), split into done and not done, with each
    challenge's progress and streak and each deadline; then the day's events (never done, not
    in the share).

    options:
    \(DayMarkOptions.help)
    \(CommonOptions.help)
    """

    static func run(_ words: [String]) throws(CLIError) -> Output {
        var common = CommonOptions()
        var marks = DayMarkOptions()
        let dayArg = try parseOptions(words, "day", &common, takes: .one) { (o: String, a: inout Arguments) throws(CLIError) -> Bool in
            try marks.parse(o, &a)
        }
        var out = Output()
        let context = try Context.load(common)
        let day = try dayArg.map { (a: String) throws(CLIError) in try Parse.date(a, what: "day") } ?? context.today
        // Events are never done: listed apart, out of the done share.
        let all = context.todos.items(on: day), store = context.todos.store
        let items = all.filter { !store.isEvent(at: $0.index) }, events = all.filter { store.isEvent(at: $0.index) }
        let tally = TodoTally(total: items.count, completed: items.filter(\.done).count, events: events.count)
        let holidays = marks.holidays.map { HolidayCalendar.holidays(on: day, country: $0) }

        if common.json {
            var w = JSONWriter()
            w.beginObject()
            w.field("date", day)
            w.dayFields(day.weekday, isToday: day == context.today, tally)
            if marks.lunar { w.key("lunar"); w.lunar(try? LunarDate(day)) }
            if let holidays { w.holidays(holidays) }
            for done in [true, false] {
                w.key(done ? "done" : "notDone")
                w.beginArray()
                for it in items where it.done == done { TodoPresentation.json(it.index, context.todos, today: context.today, &w, on: day) }
                w.endArray()
            }
            w.key("eventItems")
            w.beginArray()
            for it in events { TodoPresentation.json(it.index, context.todos, today: context.today, &w, on: day) }
            w.endArray()
            w.endObject()
            return w.document
        }

        let style = context.style
        var l = Line()
        l.add(Labels.longDate(day, context.lang), .bold)
        if marks.lunar, let lunar = try? LunarDate(day) { l.add("  " + LunarLabels.date(lunar, context.lang.labels), .dim) }
        if day == context.today { l.add(context.t("  (today)", "  (오늘)"), .yellow) }
        l.write(to: &out, style)
        for h in holidays ?? [] {
            var hl = Line()
            hl.add(context.lang == .ko ? h.localName : h.name, .red)
            hl.write(to: &out, style)
        }
        out.line(context.doneText(tally))
        let width = 34
        for done in [true, false] {
            let group = items.filter { $0.done == done }
            out.line()
            var h = Line()
            h.add((done ? context.t("Done", "완료") : context.t("Not done", "미완료")) + " (\(group.count))", .bold)
            h.write(to: &out, style)
            if group.isEmpty { out.line(context.t("  nothing", "  없음")); continue }
            for it in group {
                var row = Line()
                row.add("  ")
                row.add(done ? "✓" : "✗", done ? [.green] : [.red])
                row.add(" " + TextWidth.padRight(TextWidth.truncate(context.todos.withTimes(context.todos.store.title(at: it.index), at: it.index, times: it.times),
                                                                    to: width), to: width + 1))
                let note = TodoPresentation.note(it.index, on: day, context.todos, context)
                row.add(note.text, note.attributes)
                row.write(to: &out, style)
            }
        }
        if !events.isEmpty {
            out.line()
            var h = Line()
            h.add(context.t("Events", "일정") + " (\(events.count))", .bold)
            h.write(to: &out, style)
            for it in events {
                var row = Line()
                row.add("  ")
                row.add("•", [.magenta])
                row.add(" " + TextWidth.truncate(context.todos.withTimes(store.title(at: it.index), at: it.index, times: it.times), to: 2 * width))
                row.write(to: &out, style)
            }
        }
        return out
    }
}
