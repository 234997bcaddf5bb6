import CalGrid

/// `calgrid day [YYYY-MM-DD]`: the day's todos split into done and not done, as in the app's daily view.
enum DayCommand {
    static let help = """
    usage: calgrid day [YYYY-MM-DD] [options]

    The todos falling on the day (default: today), split into done and not done, with each
    challenge's progress and streak and each deadline.

    options:
    \(CommonOptions.help)
    """

    static func run(_ words: [String]) throws(CLIError) -> Output {
        var common = CommonOptions()
        var dayArg: String?
        try parseOptions(words, "day", &common) { (p: String) throws(CLIError) in
            guard dayArg == nil else { throw .usage("day: unexpected argument '\(p)'") }
            dayArg = p
        }
        var out = Output()
        if common.help { out.line(help); return out }
        let context = try Context.load(common)
        let day = try dayArg.map { (a: String) throws(CLIError) in try Parse.date(a, what: "day") } ?? context.today
        let items = context.todos.items(on: day)
        let tally = TodoTally(total: items.count, completed: items.filter(\.done).count)

        if common.json {
            var w = JSONWriter()
            w.beginObject()
            w.field("date", day)
            w.field("weekday", day.weekday.rawValue)
            w.field("isToday", day == context.today)
            w.field("count", tally.total)
            w.field("completed", tally.completed)
            w.field("percentage", tally.percentDone)
            for done in [true, false] {
                w.key(done ? "done" : "notDone")
                w.beginArray()
                for it in items where it.done == done { TodoPresentation.json(it.index, context.todos, today: context.today, &w) }
                w.endArray()
            }
            w.endObject()
            w.finish(into: &out)
            return out
        }

        let style = context.style
        var l = Line()
        l.add(Labels.longDate(day, context.lang), .bold)
        if day == context.today { l.add(context.t("  (today)", "  (오늘)"), .yellow) }
        l.write(to: &out, style)
        out.line(context.t("\(tally.completed) of \(tally.total) done (\(tally.percentDone)%)",
                           "\(tally.total)개 중 \(tally.completed)개 완료 (\(tally.percentDone)%)"))
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
                row.add(" " + TextWidth.padRight(TextWidth.truncate(context.todos.store.title(at: it.index), to: width), to: width + 1))
                let note = TodoPresentation.note(it.index, on: day, context.todos, context)
                row.add(note.text, note.attributes)
                row.write(to: &out, style)
            }
        }
        return out
    }
}

/// The option loop shared by commands that take only the common options and positionals.
func parseOptions(_ words: [String], _ command: String, _ common: inout CommonOptions,
                  extra: (String, inout Arguments) throws(CLIError) -> Bool = { _, _ throws(CLIError) in false },
                  positional: (String) throws(CLIError) -> Void) throws(CLIError) {
    var args = Arguments(words)
    while let item = args.next() {
        switch item {
        case .option(let o):
            if try common.parse(o, &args) { continue }
            if try extra(o, &args) { continue }
            throw .usage("\(command): unknown option '\(o)' (see calgrid \(command) --help)")
        case .positional(let p):
            try positional(p)
        }
    }
}
