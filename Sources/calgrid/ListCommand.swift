import CalGrid
import CalGridStore
import CalGridSystem

/// `calgrid list`: a table of todos, filtered by period, status and text, sorted like the app's dropdown.
enum ListCommand {
    static let command = Command(usage: "list", summary: "a table of todos: --period, --date, --sort, --status, --search, --limit",
                                 help: { help }, run: run)

    /// `--status` words for the core's splits.
    static let statusWords: [String: TodoSplit] = ["completed": .completed, "incomplete": .incomplete, "upcoming": .upcoming,
                                                   "no-deadline": .noDeadline, "overdue": .overdue]
    enum PeriodChoice: String { case day, week, month, year, all }

    static let help = """
    usage: calgrid list [options]

    A table of todos. Filters combine; the sort is stable (ties keep the file's order).

      --period day|week|month|year|all
                             only todos falling on the day/week/month/year holding --date (default: all)
      --date YYYY-MM-DD      the day the period and the status are taken around (default: today)
      --sort \(sortChoices)
    \(sortHelp)
      --status completed|incomplete|upcoming|no-deadline|overdue
                             completed / incomplete: falls on --date and is / is not done that
                             day; upcoming: starts after it; no-deadline: has no end; overdue:
                             ended before it and is not done
      --search TEXT          the title contains TEXT (ASCII case ignored)
      --limit N              at most N rows
    \(CommonOptions.help)
    """

    /// The `--sort` words: the sort dropdown's entries by their machine names, in the core's order.
    static let sortChoices = SortOrderLabel.allCases.map(\.machineNameText).joined(separator: "|")
    static let defaultSort = SortOrderLabel.registrationOrder

    /// What each `--sort` word does, for the help; the switch is exhaustive, so an entry added to
    /// the core does not compile until it is explained here.
    static func explanation(_ sort: SortOrderLabel) -> String {
        switch sort {
        case .deadlineImminent: return "nearest end first, no deadline last"
        case .registrationOrder: return "oldest first"
        case .newestFirst: return "newest first"
        case .startDay: return "earliest start first"
        case .title: return "by title (UTF-8 order)"
        case .progress: return "largest share done first"
        case .time: return "by start day, all-day first, then start time, then title"
        }
    }

    static let sortHelp = CommonOptions.helpParagraph(SortOrderLabel.allCases.map { $0.machineNameText + ": " + explanation($0) }
        .joined(separator: "; ") + " (default: \(defaultSort.machineNameText))")

    static func run(_ words: [String]) throws(CLIError) -> Output {
        var common = CommonOptions()
        var period = PeriodChoice.all, sort = defaultSort
        var status: TodoSplit?, search: String?, limit: Int?, date: CivilDate?
        try parseOptions(words, "list", &common, takes: .nothing) { (o: String, a: inout Arguments) throws(CLIError) -> Bool in
            switch o {
            case "--period": period = try a.choice(for: o, "day|week|month|year|all")
            case "--date": date = try a.date(for: o)
            case "--sort": sort = try a.choice(for: o, sortChoices, SortOrderLabel.init(machineName:))
            case "--status": status = try a.choice(for: o, "completed|incomplete|upcoming|no-deadline|overdue") { statusWords[$0] }
            case "--search": search = try a.value(for: o)
            case "--limit": limit = try a.integer(for: o, in: 0...Int(Int32.max))
            default: return false
            }
            return true
        }
        var out = Output()
        let context = try Context.load(common)
        let todos = context.todos
        let around = date ?? context.today

        let span: Period?
        do {
            switch period {
            case .all: span = nil
            case .day: span = .day(around)
            case .week: span = try .week(containing: around, firstWeekday: common.firstWeekday)
            case .month: span = .month(containing: around)
            case .year: span = try .year(around.year)
            }
        } catch { throw .usage("list: the \(period.rawValue) around \(around.iso8601) leaves the supported calendar") }

        let rows = ListQuery.select(todos, period: span, status: status, on: around, search: search, sort: sort)
        let shown = limit.map { Array(rows.prefix($0)) } ?? rows

        if common.json {
            var w = JSONWriter()
            w.beginObject()
            w.field("total", rows.count)
            w.field("shown", shown.count)
            w.key("todos")
            w.beginArray()
            for i in shown { TodoPresentation.json(i, todos, today: context.today, &w) }
            w.endArray()
            w.endObject()
            return w.document
        }

        let s = todos.store
        var idWidth = 2
        for i in shown where idWidth < 16 {
            let w = s.withIDBytes(at: i) { b in Output.isPlainASCII(b) ? b.count : TextWidth.columns(of: String(decoding: b, as: UTF8.self)) }
            idWidth = min(16, max(idWidth, w))
        }
        let titleWidth = 32
        var header = Line()
        header.add(TextWidth.padRight("ID", to: idWidth) + "  " + TextWidth.padRight(context.t("Title", "제목"), to: titleWidth)
                   + "  " + TextWidth.padRight(context.t("Start", "시작"), to: 10) + "  " + TextWidth.padRight(context.t("End", "마감"), to: 10)
                   + "  " + TextWidth.padLeft(context.t("Done", "완료"), to: 7) + "  " + context.t("Note", "메모"), .bold)
        header.write(to: &out, context.style)
        // Many rows are formatted on two threads, each its own half into an Output of its own
        // (a set may be read by any number of threads at once: TodoSet's contract), then joined
        // in order: a warm `list` of 100,000 rows spent half its time here, on one core.
        let parts = Swift.max(1, Swift.min(2, ParallelParts.processorCount, shown.count / rowsPerThread))
        var pieces = [Output](repeating: Output(), count: parts)
        pieces[0] = out
        out = Output()
        pieces.withUnsafeMutableBufferPointer { b in
            let base = b.baseAddress!
            ParallelParts.run(parts) { p in
                let range = (shown.count * p / parts)..<(shown.count * (p + 1) / parts)
                // About a hundred bytes a row (more where a title or note is wide; the rest grows).
                // The first part's room is for all rows: the others are appended to it.
                base[p].reserve((p == 0 ? shown.count : range.count) * (idWidth + titleWidth + 64))
                formatRows(shown[range], idWidth: idWidth, titleWidth: titleWidth, context, into: &base[p])
            }
        }
        out = pieces.removeFirst()   // moved, not shared: the appends below copy no more than the rest
        for piece in pieces { out.append(piece.bytes) }
        var footer = Line()
        footer.add(shown.count == rows.count ? context.t("\(rows.count) todo" + (rows.count == 1 ? "" : "s"), "할 일 \(rows.count)개")
                   : context.t("\(shown.count) of \(rows.count) todos", "할 일 \(rows.count)개 중 \(shown.count)개"), .dim)
        footer.write(to: &out, context.style)
        return out
    }

    /// Below this many rows one thread formats them all.
    static let rowsPerThread = 4096

    /// The table's rows for the todos `shown` into `out`. One call for many rows: the set and
    /// the context are copied (retained) once, not once a row, which two threads doing it on the
    /// same objects at once made 13 % of the whole `list`.
    static func formatRows(_ shown: ArraySlice<Int>, idWidth: Int, titleWidth: Int, _ context: Context, into out: inout Output) {
        let todos = context.todos
        let s = todos.store
        for i in shown {
            let note = TodoPresentation.note(i, on: nil, todos, context)
            // Straight into the output's bytes (TableCells.swift): the same text as the Line below,
            // which a note a trimmed line would shorten still takes.
            if let last = note.text.utf8.last, last != 0x20 {
                s.withIDBytes(at: i) { out.cell($0, width: idWidth) }
                out.blanks(2)
                s.withTitleBytes(at: i) { out.cell($0, width: titleWidth) }
                out.blanks(2)
                if let d = s.start(at: i) { out.date(d) } else { out.write("—         ") }
                out.blanks(2)
                if let d = s.end(at: i) { out.date(d) } else { out.write("—         ") }
                out.blanks(2)
                let p = s.progress(at: i)
                if context.style.enabled && p.done == p.total {
                    out.write(context.style.apply(TextWidth.padLeft("\(p.done)/\(p.total)", to: 7), [.green]))
                } else {
                    out.rightAligned("\(p.done)/\(p.total)", width: 7)
                }
                out.blanks(2)
                out.write(context.style.apply(note.text, note.attributes))
                out.line()
                continue
            }
            var l = Line()
            let p = s.progress(at: i)
            l.add(TextWidth.padRight(TextWidth.truncate(s.id(at: i), to: idWidth), to: idWidth) + "  ")
            l.add(TextWidth.padRight(TextWidth.truncate(s.title(at: i), to: titleWidth), to: titleWidth) + "  ")
            l.add((s.start(at: i)?.iso8601 ?? "—         ") + "  " + (s.end(at: i)?.iso8601 ?? "—         ") + "  ")
            l.add(TextWidth.padLeft("\(p.done)/\(p.total)", to: 7), p.done == p.total ? [.green] : [])
            l.add("  ")
            l.add(note.text, note.attributes)
            l.write(to: &out, context.style)
        }
    }
}

/// The rows of `list`: every filter and the sort are `TodoSet` queries; this only combines them.
enum ListQuery {
    static func select(_ todos: TodoData, period: Period?, status: TodoSplit?, on day: CivilDate,
                       search: String?, sort: SortOrderLabel) -> [Int] {
        let s = todos.store
        var rows = period.map { s.indices(overlapping: $0) } ?? Array(s.indices)
        if let split = status { rows = intersect(rows, s.indices(split, on: day)) }
        if let q = search, !q.isEmpty { rows = intersect(rows, s.indices(matchingTitle: q)) }
        return s.sorted(rows, by: sort.order)
    }

    /// Both inputs ascending (as every `TodoSet` query returns them).
    static func intersect(_ a: [Int], _ b: [Int]) -> [Int] {
        var out: [Int] = []
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if a[i] == b[j] { out.append(a[i]); i += 1; j += 1 } else if a[i] < b[j] { i += 1 } else { j += 1 }
        }
        return out
    }
}
