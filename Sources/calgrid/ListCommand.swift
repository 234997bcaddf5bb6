import CalGrid

/// `calgrid list`: a table of todos, filtered by period, status and text, sorted like the app's dropdown.
enum ListCommand {
    enum Sort: String { case deadline, registered, newest, start, title, progress }
    enum Status: String { case completed, incomplete, upcoming, noDeadline = "no-deadline", overdue }
    enum PeriodChoice: String { case day, week, month, year, all }

    static let help = """
    usage: calgrid list [options]

    A table of todos. Filters combine; the sort is stable (ties keep the file's order).

      --period day|week|month|year|all
                             only todos overlapping the day/week/month/year holding --date (default: all)
      --date YYYY-MM-DD      the day the period is taken around (default: today)
      --sort deadline|registered|newest|start|title|progress
                             deadline: nearest end first, no deadline last; registered: oldest
                             first; newest: newest first; start: earliest start first; title:
                             by title; progress: most done first (default: registered)
      --status completed|incomplete|upcoming|no-deadline|overdue
      --search TEXT          title, memo or a tag contains TEXT (ASCII case ignored)
      --limit N              at most N rows
    \(CommonOptions.help)
    """

    static func run(_ words: [String]) throws(CLIError) -> Output {
        var common = CommonOptions()
        var period = PeriodChoice.all, sort = Sort.registered
        var status: Status?, search: String?, limit: Int?, date: CivilDate?
        try parseOptions(words, "list", &common, extra: { (o: String, a: inout Arguments) throws(CLIError) -> Bool in
            switch o {
            case "--period": period = try a.choice(for: o, "day|week|month|year|all")
            case "--date": date = try a.date(for: o)
            case "--sort": sort = try a.choice(for: o, "deadline|registered|newest|start|title|progress")
            case "--status": status = try a.choice(for: o, "completed|incomplete|upcoming|no-deadline|overdue")
            case "--search": search = try a.value(for: o)
            case "--limit": limit = try a.integer(for: o, in: 0...Int(Int32.max))
            default: return false
            }
            return true
        }) { (p: String) throws(CLIError) in throw .usage("list: unexpected argument '\(p)'") }
        var out = Output()
        if common.help { out.line(help); return out }
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

        let rows = ListStandIn.select(todos, period: span, status: status, search: search, sort: sort, today: context.today)
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
            w.finish(into: &out)
            return out
        }

        let s = todos.store
        var idWidth = 2
        for i in shown { idWidth = min(16, max(idWidth, TextWidth.columns(of: s.id(at: i)))) }
        let titleWidth = 32
        var header = Line()
        header.add(TextWidth.padRight("ID", to: idWidth) + "  " + TextWidth.padRight(context.t("Title", "제목"), to: titleWidth)
                   + "  " + TextWidth.padRight(context.t("Start", "시작"), to: 10) + "  " + TextWidth.padRight(context.t("End", "마감"), to: 10)
                   + "  " + TextWidth.padLeft(context.t("Done", "완료"), to: 7) + "  " + context.t("Note", "메모"), .bold)
        out.line(header.render(context.style))
        for i in shown {
            var l = Line()
            let p = todos.progress(i)
            l.add(TextWidth.padRight(TextWidth.truncate(s.id(at: i), to: idWidth), to: idWidth) + "  ")
            l.add(TextWidth.padRight(TextWidth.truncate(s.title(at: i), to: titleWidth), to: titleWidth) + "  ")
            l.add((s.start(at: i)?.iso8601 ?? "—         ") + "  " + (s.end(at: i)?.iso8601 ?? "—         ") + "  ")
            l.add(TextWidth.padLeft("\(p.done)/\(p.total)", to: 7), p.done == p.total ? [.green] : [])
            let note = TodoPresentation.note(i, on: nil, todos, context)
            l.add("  ")
            l.add(note.text, note.attributes)
            out.line(l.render(context.style))
        }
        var footer = Line()
        footer.add(shown.count == rows.count ? context.t("\(rows.count) todo" + (rows.count == 1 ? "" : "s"), "할 일 \(rows.count)개")
                   : context.t("\(shown.count) of \(rows.count) todos", "할 일 \(rows.count)개 중 \(shown.count)개"), .dim)
        out.line(footer.render(context.style))
        return out
    }
}

// TODO(todos): replace with TodoSet's overlap queries, status filters, search and stable sorts
// once they are on main. LOCAL STAND-IN: naive O(n log n) code over the set's accessors.
enum ListStandIn {
    static func select(_ todos: TodoData, period: Period?, status: ListCommand.Status?, search: String?,
                       sort: ListCommand.Sort, today: CivilDate) -> [Int] {
        let s = todos.store
        let needle = search.map { lowerASCII($0) }
        var rows: [Int] = []
        for i in s.indices {
            if let p = period {
                guard let a = s.start(at: i) ?? s.end(at: i) else { continue }   // undated: only in "all"
                let first = s.start(at: i) ?? CivilDate.min, last = s.end(at: i) ?? CivilDate.max
                _ = a
                guard p.overlaps(from: first, to: last) else { continue }
            }
            if let st = status {
                switch st {
                case .completed: guard s.isDone(at: i) else { continue }
                case .incomplete: guard !s.isDone(at: i) else { continue }
                case .upcoming: guard let a = s.start(at: i), a > today else { continue }
                case .noDeadline: guard s.end(at: i) == nil else { continue }
                case .overdue: guard todos.isOverdue(i, today: today) else { continue }
                }
            }
            if let n = needle, !n.isEmpty {
                var hit = lowerASCII(s.title(at: i)).contains(n) || lowerASCII(s.memo(at: i) ?? "").contains(n)
                if !hit { for t in s.tags(at: i) where lowerASCII(t).contains(n) { hit = true; break } }
                guard hit else { continue }
            }
            rows.append(i)
        }
        func key(_ i: Int) -> (Int64, Int64) {
            switch sort {
            case .deadline: return (Int64(s.end(at: i)?.dayNumber ?? Int32.max), 0)
            case .registered: return (s.createdAt(at: i) ?? Int64.max, 0)
            case .newest: return (-(s.createdAt(at: i) ?? Int64.min + 1), 0)
            case .start: return (Int64(s.start(at: i)?.dayNumber ?? Int32.max), 0)
            case .progress:
                let p = todos.progress(i)
                return (-Int64(p.done * 1_000_000 / max(1, p.total)), 0)
            case .title: return (0, 0)
            }
        }
        if sort == .title {
            let titles = rows.map { Array(lowerASCII(s.title(at: $0)).utf8) }
            let order = rows.indices.sorted { a, b in
                titles[a].lexicographicallyPrecedes(titles[b]) || (titles[a] == titles[b] && a < b)
            }
            return order.map { rows[$0] }
        }
        let keys = rows.map(key)
        let order = rows.indices.sorted { a, b in keys[a] < keys[b] || (keys[a] == keys[b] && a < b) }
        return order.map { rows[$0] }
    }

    static func lowerASCII(_ s: String) -> String {
        String(decoding: s.utf8.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }, as: UTF8.self)
    }
}
