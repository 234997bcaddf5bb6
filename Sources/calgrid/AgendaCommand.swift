import CalGrid
import CalGridStore

/// `calgrid agenda [FROM [TO]]`: each day's items in time order, one line an occurrence, as `khal list`.
enum AgendaCommand {
    static let command = Command(usage: "agenda [FROM [TO]]", summary: "each day's items in time order, like khal list",
                                 help: { help }, run: run)

    /// Days after FROM the agenda reaches without a TO: today and the next 7 days.
    static let defaultDays = 7

    static let help = """
    usage: calgrid agenda [FROM [TO]] [options]

    Every day from FROM (YYYY-MM-DD, default: today) through TO (default: FROM and the next
    \(defaultDays) days) that has items: a heading, then its items in `khal list`'s order (by
    start, all-day as 00:00 and an item begun the day before first, then by end, then by title),
    each occurrence of a recurring item
    on its own line, with its times (10:00–11:00) and location. Todos are marked ✓ done or ✗ not
    done on that day, events •.

    options:
    \(CommonOptions.help)
    """

    static func run(_ words: [String]) throws(CLIError) -> Output {
        var common = CommonOptions()
        var days: [String] = []
        try parseOptions(words, "agenda", &common) { (p: String) throws(CLIError) in
            guard days.count < 2 else { throw .usage("agenda: unexpected argument '\(p)'") }
            days.append(p)
        }
        let context = try Context.load(common)
        let first = try days.first.map { (a: String) throws(CLIError) in try Parse.date(a, what: "FROM") } ?? context.today
        let last = try days.count > 1 ? Parse.date(days[1], what: "TO") : ((try? first.adding(days: defaultDays)) ?? first)
        guard first <= last else { throw .usage("agenda: TO \(last.iso8601) is before FROM \(first.iso8601)") }
        let todos = context.todos, s = todos.store
        let occurrences = s.occurrences(from: first, through: last)

        if common.json {
            var w = JSONWriter()
            w.beginObject()
            w.field("from", first)
            w.field("to", last)
            w.key("occurrences")
            w.beginArray()
            for o in occurrences {
                w.beginObject()
                w.field("date", o.day)
                if let t = o.times {
                    w.field(TodoField.startTime.nameText, TodoTimes.text(t.start))
                    w.field(TodoField.endTime.nameText, TodoTimes.text(t.end))
                }
                w.field("id", s.id(at: o.index))
                w.field("title", s.title(at: o.index))
                w.field(TodoField.kind.nameText, TodoField.kindText(isEvent: s.isEvent(at: o.index)))
                w.field("done", s.isDone(on: o.day, at: o.index))
                if let l = s.location(at: o.index) { w.field(TodoField.location.nameText, l) }
                w.endObject()
            }
            w.endArray()
            w.endObject()
            return w.document
        }

        var out = Output()
        let style = context.style
        if occurrences.isEmpty { out.line(context.t("nothing from \(first.iso8601) through \(last.iso8601)", "\(first.iso8601)부터 \(last.iso8601)까지 없음")) }
        var day: CivilDate? = nil
        for o in occurrences {
            if o.day != day {
                if day != nil { out.line() }
                day = o.day
                var h = Line()
                h.add(Labels.longDate(o.day, context.lang), .bold)
                if o.day == context.today { h.add(context.t("  (today)", "  (오늘)"), .yellow) }
                h.write(to: &out, style)
            }
            var row = Line()
            row.add("  ")
            if s.isEvent(at: o.index) {
                row.add("•", [.magenta])
            } else {
                let done = s.isDone(on: o.day, at: o.index)
                row.add(done ? "✓" : "✗", done ? [.green] : [.red])
            }
            row.add(" " + todos.withTimes(s.title(at: o.index), at: o.index, times: o.times))
            row.write(to: &out, style)
        }
        return out
    }
}
