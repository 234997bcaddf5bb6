import CalGrid
import CalGridStore

/// `calgrid month [YYYY-MM]`: a month grid with per-day todo counts and completion.
enum MonthCommand {
    static let command = Command(usage: "month [YYYY-MM]", summary: "a month grid with per-day todo counts and completion (default command)",
                                 help: { help }, run: run)

    static let usage = "calgrid month [YYYY-MM] [options]"
    static let help = """
    usage: \(usage)

    The month (default: the one holding today) as a grid, one week per row. Under each day:
    done/total for the todos falling on it, ✓ when all are done, and +N for its events (never
    done, so not in the share; a + mark when they do not fit). Today is in [brackets], a
    --select range in (parentheses); with colour, adjacent-month days are dim and selected
    days inverse. A summary follows: today, the month, deadlines and challenges.

    options:
    \(ViewOptions.help)
    \(DayMarkOptions.help)
    \(CommonOptions.help)
    """

    static func run(_ words: [String]) throws(CLIError) -> Output {
        var marks = DayMarkOptions()
        let (common, view, monthArg, context) = try ViewOptions.start(words, "month") { (o: String, a: inout Arguments) throws(CLIError) -> Bool in
            try marks.parse(o, &a)
        }
        var out = Output()
        var (year, month) = (context.today.year, context.today.month)
        if let m = monthArg { (year, month) = try Parse.month(m) }
        let view_ = try MonthView(year: year, month: month, context: context, view: view, marks: marks)
        if common.json {
            var w = JSONWriter()
            view_.json(&w)
            w.finish(into: &out)
        } else {
            for line in view_.textLines(context) { line.write(to: &out, context.style) }
            for line in view_.holidayLines(context) { line.write(to: &out, context.style) }
            let summary = Summary(context: context, period: view_.grid.period, shown: view_.grid.days)
            for line in summary.textLines() { line.write(to: &out, context.style) }
        }
        return out
    }
}
