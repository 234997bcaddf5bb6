import CalGrid
import CalGridStore

/// A month grid with each cell's tally and selection state: what `month` and `year` draw.
struct MonthView {
    let grid: MonthGrid
    /// One day per cell (cell `i` at offset `i`).
    let tallies: TodoDayCounts
    let selection: RangeSelection?
    let weekNumbers: WeekNumberChoice
    /// `--lunar`: a third line per week with each day's lunar date, and "lunar" in the JSON cells.
    let lunar: Bool
    /// `--holidays`: each cell's holidays in the marked country, by cell index (red days, a list
    /// after the grid, "holidays" in the JSON cells), from the core's `MonthGrid.holidays(country:)`;
    /// nil without a country.
    let holidays: [[Holiday]]?

    init(year: Int, month: Int, context: Context, view: ViewOptions, marks: DayMarkOptions = .none) throws(CLIError) {
        do {
            grid = try MonthGrid(year: year, month: month, firstWeekday: context.options.firstWeekday,
                                 rows: view.rows, today: context.today)
        } catch {
            throw .usage("\(year)-\(month): not a month CalGrid supports")
        }
        tallies = context.todos.store.dayCounts(from: grid.days.lowerBound, through: grid.days.upperBound)
        selection = view.select
        weekNumbers = view.weekNumbers
        lunar = marks.lunar
        let g = grid
        holidays = marks.holidays.map { g.holidays(country: $0) }
    }

    func weekNumber(row r: Int) -> Int? {
        weekNumbers.numbering(firstWeekday: grid.firstWeekday).map { grid.weekNumber(ofRow: r, $0) }
    }

    // MARK: Text

    /// Week-number column: "Wk " / "주 " then "44 ".
    private func weekColumn(_ line: inout Line, row: Int?, context: Context) {
        guard weekNumbers != .none else { return }
        if let row {
            let n = weekNumber(row: row) ?? 0
            line.add(TextWidth.padLeft(String(n), to: 2) + " ", .dim)
        } else {
            line.add(TextWidth.padRight(context.t("Wk", "주"), to: 3), .dim)
        }
    }

    private static func headerAttributes(_ w: Weekday) -> Style.Attributes {
        w == .sunday ? [.red] : (w == .saturday ? [.blue] : [])
    }

    /// The full month: title, weekday header, two lines per week (day, then done/total).
    func textLines(_ context: Context) -> [Line] {
        var lines: [Line] = []
        let prefix = weekNumbers == .none ? 0 : 3
        let width = prefix + 7 * 7
        var title = Line()
        let name = Labels.monthTitle(year: grid.year, month: grid.month, context.lang)
        title.add(String(repeating: " ", count: max(0, (width - TextWidth.columns(of: name)) / 2)))
        title.add(name, .bold)
        lines.append(title)

        var header = Line()
        weekColumn(&header, row: nil, context: context)
        for c in 0..<7 {
            let w = grid.firstWeekday.advanced(by: c)
            header.add("   ")
            header.add(TextWidth.padLeft(Labels.weekdayShort(w, context.lang), to: 2), MonthView.headerAttributes(w))
            header.add("  ")
        }
        lines.append(header)

        for r in 0..<grid.rowCount {
            var days = Line(), counts = Line()
            weekColumn(&days, row: r, context: context)
            if weekNumbers != .none { counts.add("   ") }
            for c in 0..<7 {
                let i = r * 7 + c
                let cell = grid[i]
                let tally = tallies.tally(at: i)
                let sel = selection.map { grid.selection($0, at: i).state } ?? .none
                // Cell: gap, selection-left, today-left, day, today-right, selection-right:
                // the marks show today and the selection even without colour.
                let day = TextWidth.padLeft(String(cell.date.day), to: 2)
                let core = cell.isToday ? "[" + day + "]" : " " + day + " "
                var attrs: Style.Attributes = []
                if !cell.isInMonth { attrs.insert(.dim) }
                if cell.isToday { attrs.formUnion([.bold, .yellow]) }
                if holidays?[i].isEmpty == false { attrs.insert(.red) }
                var band: Style.Attributes = []
                if sel != .none { attrs.formUnion([.bold, .inverse]); band = [.inverse] }
                // The inverse band runs unbroken from the first selected day to the last.
                let inside = sel == .middle || sel == .last
                days.add(" ", inside ? band : [])
                days.add(sel == .first || sel == .single ? "(" : " ", inside ? band : [])
                days.add(core, attrs)
                days.add(sel == .last || sel == .single ? ")" : " ", sel == .first || sel == .middle ? band : [])

                MonthView.addTally(&counts, tally, day: cell.date, inMonth: cell.isInMonth, context: context, width: 5)
            }
            lines.append(days)
            if lunar { lines.append(lunarLine(row: r, context: context)) }
            lines.append(counts)
        }
        return lines
    }

    /// The month's holidays after the grid: "Holidays    Sep 25  Chuseok" (Korean: "공휴일 … 추석").
    func holidayLines(_ context: Context) -> [Line] {
        var lines: [Line] = []
        var first = true
        let month = zip(grid, holidays ?? []).filter { $0.0.isInMonth }.flatMap { $0.1 }
        if !month.isEmpty { lines.append(Line()) }
        for h in month {
            var l = Line()
            l.add(TextWidth.padRight(first ? context.t("Holidays", "공휴일") : "", to: 12))
            l.add(Labels.shortDate(h.date, context.lang) + "  ", .red)
            l.add(context.lang == .ko ? h.localName : h.name)
            lines.append(l)
            first = false
        }
        return lines
    }

    /// The lunar dates of row `r`, one 7-column cell each ("10.27" / "윤6.3"), dim; the 1st of a
    /// lunar month in the normal weight, as Korean calendars mark it.
    private func lunarLine(row r: Int, context: Context) -> Line {
        var line = Line()
        if weekNumbers != .none { line.add("   ") }
        for c in 0..<7 {
            let cell = grid[r * 7 + c]
            guard let l = cell.lunarDate else { line.add(String(repeating: " ", count: 7)); continue }
            line.add(TextWidth.padLeft(LunarLabels.cell(l, context.lang.labels), to: 6) + " ", l.day == 1 && cell.isInMonth ? [] : [.dim])
        }
        return line
    }

    /// "3/5" right-aligned in `width` columns, a mark column ("✓" when all are done), a blank;
    /// the day's events apart as "+2" after the todos ("2/3+2"), or alone ("+2") when it has
    /// no todos, and as a "+" mark when they do not fit.
    static func addTally(_ line: inout Line, _ t: TodoTally, day: CivilDate, inMonth: Bool, context: Context, width: Int) {
        guard t.total > 0 || t.events > 0 else { line.add(String(repeating: " ", count: width + 2)); return }
        var todos = t.total > 0 ? "\(t.completed)/\(t.total)" : "", mark = t.isComplete ? "✓" : " "
        if t.events > 0 {
            let e = "+\(t.events)"
            if todos.count + e.count <= width { todos += e } else if mark == " " { mark = "+" }
        }
        guard t.total > 0 else {
            line.add(TextWidth.padLeft(todos, to: width) + mark, inMonth ? [.magenta] : [.dim, .magenta])
            line.add(" ")
            return
        }
        let text = TextWidth.padLeft(todos, to: width)
        line.add(text + mark, tallyAttributes(t, day: day, inMonth: inMonth, today: context.today))
        line.add(" ")
    }

    /// Green when all are done, yellow when some are, red for a past day with none done.
    static func tallyAttributes(_ t: TodoTally, day: CivilDate, inMonth: Bool, today: CivilDate) -> Style.Attributes {
        var attrs: Style.Attributes = []
        if !inMonth { attrs.insert(.dim) }
        if t.isComplete { attrs.insert(.green) }
        else if t.completed > 0 { attrs.insert(.yellow) }
        else if day < today { attrs.insert(.red) }
        return attrs
    }

    // MARK: JSON

    /// The documented `month --json` object.
    func json(_ w: inout JSONWriter) {
        w.beginObject()
        w.field("year", grid.year)
        w.field("month", grid.month)
        w.field("firstWeekday", grid.firstWeekday.rawValue)
        w.field("rows", grid.rowCount)
        if weekNumbers != .none {
            w.key("weekNumbers")
            w.beginArray()
            for r in 0..<grid.rowCount { w.int(weekNumber(row: r) ?? 0) }
            w.endArray()
        }
        w.key("selection")
        if let s = selection {
            w.beginObject(); w.field("from", s.first); w.field("to", s.last); w.endObject()
        } else { w.null() }
        w.key("cells")
        w.beginArray()
        for (i, cell) in grid.enumerated() {
            let t = tallies.tally(at: i)
            w.beginObject()
            w.field("date", cell.date)
            w.field("inMonth", cell.isInMonth)
            w.dayFields(cell.weekday, isToday: cell.isToday, t)
            w.field("selection", (selection.map { grid.selection($0, at: i).state } ?? .none).jsonName)
            if lunar { w.key("lunar"); w.lunar(cell.lunarDate) }
            if let holidays { w.holidays(holidays[i]) }
            w.endObject()
        }
        w.endArray()
        w.endObject()
    }
}
