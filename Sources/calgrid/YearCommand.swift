import CalGrid
import CalGridStore

/// `calgrid year [YYYY]`: twelve small months, three across, each day marked by its completion.
enum YearCommand {
    static let command = Command(usage: "year [YYYY]", summary: "twelve small months with a completion mark per day",
                                 help: { help }, run: run)

    static let help = """
    usage: calgrid year [YYYY] [options]

    The year (default: today's) as twelve small months. After each day with todos a mark:
    ✓ all done, + some done, . none done yet. Today is in [brackets], a --select range in
    (parentheses).

    \(ViewOptions.optionsSection)
    """

    static func run(_ words: [String]) throws(CLIError) -> Output {
        let (common, view, yearArg, context) = try ViewOptions.start(words, "year")
        var out = Output()
        let year = try yearArg.map { (a: String) throws(CLIError) in try Parse.year(a) } ?? context.today.year
        var months: [MonthView] = []
        for m in 1...12 { months.append(try MonthView(year: year, month: m, context: context, view: view)) }

        if common.json {
            var w = JSONWriter()
            w.beginObject()
            w.field("year", year)
            w.field("firstWeekday", common.firstWeekday.rawValue)
            w.key("months")
            w.beginArray()
            for m in months { m.json(&w) }
            w.endArray()
            w.endObject()
            return w.document
        }

        let style = context.style
        let prefix = view.weekNumbers == .none ? 0 : 3
        let blockWidth = prefix + 7 * 4
        var title = Line()
        let totalWidth = blockWidth * 3 + 4
        let name = context.t(String(year), "\(year)년")
        title.add(String(repeating: " ", count: (totalWidth - TextWidth.columns(of: name)) / 2))
        title.add(name, .bold)
        title.write(to: &out, style)
        for band in 0..<4 {
            let trio = months[(band * 3)..<(band * 3 + 3)]
            var blocks: [[Line]] = []
            for m in trio { blocks.append(smallMonth(m, context, prefix: prefix, width: blockWidth)) }
            let height = blocks.map(\.count).max() ?? 0
            out.line()
            for r in 0..<height {
                var joined = ""
                for (k, b) in blocks.enumerated() {
                    let piece = r < b.count ? b[r] : Line()
                    joined += k < 2 ? piece.render(style, paddedTo: blockWidth) + "  " : piece.render(style)
                }
                while joined.last == " " { joined.removeLast() }
                out.line(joined)
            }
        }
        out.line()
        out.line(context.t("✓ all done   + some done   . none done yet   [today]   (selection)",
                           "✓ 모두 완료   + 일부 완료   . 아직 없음   [오늘]   (선택)"))
        return out
    }

    /// Title, weekday header and one line per week; each day is four columns: mark, day, mark.
    static func smallMonth(_ m: MonthView, _ context: Context, prefix: Int, width: Int) -> [Line] {
        var lines: [Line] = []
        var title = Line()
        let name = Labels.monthName(m.grid.month, context.lang)
        title.add(String(repeating: " ", count: max(0, (width - TextWidth.columns(of: name)) / 2)))
        title.add(name, .bold)
        lines.append(title)
        var header = Line()
        if prefix > 0 { header.add(TextWidth.padRight(context.t("Wk", "주"), to: prefix), .dim) }
        for c in 0..<7 {
            let w = m.grid.firstWeekday.advanced(by: c)
            header.add(" ")
            header.add(TextWidth.padLeft(Labels.weekdayShort(w, context.lang), to: 2),
                       w == .sunday ? [.red] : (w == .saturday ? [.blue] : []))
            header.add(" ")
        }
        lines.append(header)
        for r in 0..<m.grid.rowCount {
            var l = Line()
            if prefix > 0 {
                // A trailing row of a fixed six-row grid may hold no day of the month: no number then.
                let shows = m.grid.firstDay(ofRow: r) <= m.grid.monthLast
                l.add(shows ? TextWidth.padLeft(String(m.weekNumber(row: r) ?? 0), to: 2) + " " : "   ", .dim)
            }
            for c in 0..<7 {
                let i = r * 7 + c
                let cell = m.grid[i]
                guard cell.isInMonth else { l.add("    "); continue }
                let t = m.tallies.tally(at: i)
                let sel = m.selection.map { m.grid.selection($0, at: i).state } ?? .none
                let left = cell.isToday ? "[" : (sel == .first || sel == .single ? "(" : " ")
                var right = t.total == 0 ? " " : (t.isComplete ? "✓" : (t.completed > 0 ? "+" : "."))
                if cell.isToday { right = "]" } else if sel == .last || sel == .single { right = ")" }
                var attrs = MonthView.tallyAttributes(t, day: cell.date, inMonth: true, today: context.today)
                if t.total == 0 { attrs = [] }
                if cell.isToday { attrs = [.bold, .yellow] }
                if sel != .none { attrs.formUnion([.inverse]) }
                l.add(left)
                l.add(TextWidth.padLeft(String(cell.date.day), to: 2), attrs)
                l.add(right, cell.isToday || right == ")" ? [] : attrs)
            }
            lines.append(l)
        }
        return lines
    }
}
