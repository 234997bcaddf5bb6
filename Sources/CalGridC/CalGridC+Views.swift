import CalGrid
import CCalGrid

func _numbering(_ n: calgrid_week_numbering) throws(CStatus) -> WeekNumbering {
    if n.rawValue == CALGRID_WEEKS_ISO.rawValue { return .iso8601 }
    return .firstWeekday(try _weekday(calgrid_weekday(rawValue: n.rawValue)))
}

@c(calgrid_date_iso_week) @implementation
public func calgrid_date_iso_week(_ out: UnsafeMutablePointer<calgrid_iso_week>?, _ date: calgrid_date) -> Int32 {
    _output(out) { () throws(CStatus) in
        let w = try _date(date).isoWeek
        return calgrid_iso_week(year: Int32(truncatingIfNeeded: w.year), week: Int32(truncatingIfNeeded: w.week))
    }
}

@c(calgrid_date_from_iso_week) @implementation
public func calgrid_date_from_iso_week(_ out: UnsafeMutablePointer<calgrid_date>?, _ year: Int32, _ week: Int32,
                                       _ weekday: calgrid_weekday) -> Int32 {
    _output(out) { () throws(CStatus) in
        let w = try _weekday(weekday)
        return try _translating { () throws(DateError) in
            try CivilDate(isoWeek: try ISOWeek(year: Int(year), week: Int(week)), weekday: w).dayNumber
        }
    }
}

@c(calgrid_date_week_number) @implementation
public func calgrid_date_week_number(_ out: UnsafeMutablePointer<Int32>?, _ date: calgrid_date,
                                     _ numbering: calgrid_week_numbering) -> Int32 {
    _output(out) { () throws(CStatus) in Int32(truncatingIfNeeded: try _date(date).weekNumber(try _numbering(numbering))) }
}

@c(calgrid_date_week_of_month) @implementation
public func calgrid_date_week_of_month(_ out: UnsafeMutablePointer<Int32>?, _ date: calgrid_date,
                                       _ firstWeekday: calgrid_weekday) -> Int32 {
    _output(out) { () throws(CStatus) in
        Int32(truncatingIfNeeded: try _date(date).weekOfMonth(firstWeekday: try _weekday(firstWeekday)))
    }
}

@c(calgrid_month_grid_week_numbers) @implementation
public func calgrid_month_grid_week_numbers(_ out: UnsafeMutablePointer<Int32>?, _ year: Int32, _ month: Int32,
                                            _ options: UnsafePointer<calgrid_grid_options>?,
                                            _ numbering: calgrid_week_numbering) -> Int32 {
    _boundary { () throws(CStatus) in
        let out = try _required(out)
        let n = try _numbering(numbering)
        let grid = try _grid(year, month, options)
        for r in 0..<_maxGridRows { out[r] = r < grid.rowCount ? Int32(truncatingIfNeeded: grid.weekNumber(ofRow: r, n)) : 0 }
    }
}

@c(calgrid_week_strip_fill) @implementation
public func calgrid_week_strip_fill(_ cells: UnsafeMutablePointer<calgrid_cell>?, _ date: calgrid_date,
                                    _ firstWeekday: calgrid_weekday, _ today: calgrid_date) -> Int32 {
    _boundary { () throws(CStatus) in
        let cells = try _required(cells)
        let strip = WeekStrip(containing: try _date(date), firstWeekday: try _weekday(firstWeekday),
                              today: try _optionalDate(today))
        _ = _packed(cells, count: strip.count) { p in
            for (i, cell) in strip.enumerated() { p[i] = PackedGridCell(cell) }
            return strip.count
        }
    }
}

@c(calgrid_year_fill) @implementation
public func calgrid_year_fill(_ months: UnsafeMutablePointer<calgrid_month_grid>?, _ year: Int32,
                              _ options: UnsafePointer<calgrid_grid_options>?) -> Int32 {
    _boundary { () throws(CStatus) in
        let months = try _required(months)
        let o = try _GridOptions(options)
        let view = try _translating { () throws(DateError) in
            try YearView(year: Int(year), firstWeekday: o.firstWeekday, rows: o.rows, adjacentDays: o.adjacent, today: o.today)
        }
        for (m, grid) in view.enumerated() { _fill(months + m, from: grid) }
    }
}

func _cSelection(_ s: SelectionCell) -> calgrid_selection_cell {
    calgrid_selection_cell(state: s.state.rawValue, starts_run: s.startsRun ? 1 : 0, ends_run: s.endsRun ? 1 : 0,
                           reserved: 0)
}

func _range(_ first: calgrid_date, _ last: calgrid_date) throws(CStatus) -> RangeSelection {
    let f = try _date(first), l = try _date(last)
    return try _translating { () throws(DateError) in try RangeSelection(f, through: l) }
}

@c(calgrid_month_grid_selection) @implementation
public func calgrid_month_grid_selection(_ out: UnsafeMutablePointer<calgrid_selection_cell>?, _ year: Int32, _ month: Int32,
                                         _ options: UnsafePointer<calgrid_grid_options>?, _ first: calgrid_date,
                                         _ last: calgrid_date) -> Int32 {
    _boundary { () throws(CStatus) in
        let out = try _required(out)
        let range = try _range(first, last)
        let grid = try _grid(year, month, options)
        for i in 0..<_maxGridCells { out[i] = i < grid.count ? _cSelection(grid.selection(range, at: i)) : calgrid_selection_cell() }
    }
}

@c(calgrid_week_strip_selection) @implementation
public func calgrid_week_strip_selection(_ out: UnsafeMutablePointer<calgrid_selection_cell>?, _ date: calgrid_date,
                                         _ firstWeekday: calgrid_weekday, _ first: calgrid_date,
                                         _ last: calgrid_date) -> Int32 {
    _boundary { () throws(CStatus) in
        let out = try _required(out)
        let strip = WeekStrip(containing: try _date(date), firstWeekday: try _weekday(firstWeekday))
        let range = try _range(first, last)
        for i in strip.indices { out[i] = _cSelection(strip.selection(range, at: i)) }
    }
}

/// The C picker as the core's, through its own initializer (which clamps a selection C set by hand).
func _picker(_ p: UnsafePointer<calgrid_picker>?) throws(CStatus) -> DatePicker {
    let c = try _required(p).pointee
    let lo = try _date(c.minimum), hi = try _date(c.maximum), s = try _date(c.selection)
    return try _translating { () throws(DateError) in try DatePicker(minimum: lo, maximum: hi, selection: s) }
}

func _cPicker(_ p: DatePicker) -> calgrid_picker {
    calgrid_picker(minimum: p.minimum.dayNumber, maximum: p.maximum.dayNumber, selection: p.selection.dayNumber)
}

@c(calgrid_picker_init) @implementation
public func calgrid_picker_init(_ out: UnsafeMutablePointer<calgrid_picker>?, _ minimum: calgrid_date,
                                _ maximum: calgrid_date, _ selection: calgrid_date) -> Int32 {
    _output(out) { () throws(CStatus) in
        var c = calgrid_picker(minimum: minimum, maximum: maximum, selection: selection)
        return _cPicker(try withUnsafePointer(to: &c) { (q) throws(CStatus) in try _picker(q) })
    }
}

@c(calgrid_picker_columns_get) @implementation
public func calgrid_picker_columns_get(_ out: UnsafeMutablePointer<calgrid_picker_columns>?,
                                       _ picker: UnsafePointer<calgrid_picker>?) -> Int32 {
    _output(out) { () throws(CStatus) in
        let p = try _picker(picker)
        let y = p.years, m = p.months, d = p.days
        func i(_ v: Int) -> Int32 { Int32(truncatingIfNeeded: v) }
        return calgrid_picker_columns(year_min: i(y.lowerBound), year_max: i(y.upperBound),
                                             month_min: i(m.lowerBound), month_max: i(m.upperBound),
                                             day_min: i(d.lowerBound), day_max: i(d.upperBound))
    }
}

@c(calgrid_picker_select) @implementation
public func calgrid_picker_select(_ picker: UnsafeMutablePointer<calgrid_picker>?, _ column: calgrid_picker_column,
                                  _ value: Int32) -> Int32 {
    _boundary { () throws(CStatus) in
        let picker = try _required(picker)
        guard column.rawValue <= CALGRID_PICKER_DAY.rawValue else { throw .invalid }
        var p = try _picker(UnsafePointer(picker))
        try _translating { () throws(DateError) in
            switch column.rawValue {
            case CALGRID_PICKER_YEAR.rawValue: try p.selectYear(Int(value))
            case CALGRID_PICKER_MONTH.rawValue: try p.selectMonth(Int(value))
            default: try p.selectDay(Int(value))
            }
        }
        picker.pointee = _cPicker(p)
    }
}

@c(calgrid_picker_clamp) @implementation
public func calgrid_picker_clamp(_ out: UnsafeMutablePointer<calgrid_date>?, _ picker: UnsafePointer<calgrid_picker>?,
                                 _ date: calgrid_date) -> Int32 {
    _output(out) { () throws(CStatus) in try _picker(picker).clamped(try _date(date)).dayNumber }
}
