import CalGrid
import CCalGrid

func _numbering(_ n: calgrid_week_numbering) throws(CStatus) -> WeekNumbering {
    if n.rawValue == CALGRID_WEEKS_ISO.rawValue { return .iso8601 }
    return .firstWeekday(try _weekday(calgrid_weekday(rawValue: n.rawValue)))
}

/// The grid `calgrid_month_grid_fill` makes from the same arguments.
func _grid(_ year: Int32, _ month: Int32, _ options: UnsafePointer<calgrid_grid_options>?) throws(CStatus) -> MonthGrid {
    let o = try _GridOptions(options)
    do throws(DateError) {
        return try MonthGrid(year: Int(year), month: Int(month), firstWeekday: o.firstWeekday, rows: o.rows,
                             adjacentDays: o.adjacent, today: o.today)
    } catch { throw error._status }
}

@c(calgrid_date_iso_week)
public func calgrid_date_iso_week(_ out: UnsafeMutablePointer<calgrid_iso_week>?, _ date: calgrid_date) -> Int32 {
    _boundary { () throws(CStatus) in
        let out = try _required(out)
        let w = try _date(date).isoWeek
        out.pointee = calgrid_iso_week(year: Int32(truncatingIfNeeded: w.year), week: Int32(truncatingIfNeeded: w.week))
    }
}

@c(calgrid_date_from_iso_week)
public func calgrid_date_from_iso_week(_ out: UnsafeMutablePointer<calgrid_date>?, _ year: Int32, _ week: Int32,
                                       _ weekday: calgrid_weekday) -> Int32 {
    _boundary { () throws(CStatus) in
        let out = try _required(out)
        let w = try _weekday(weekday)
        do throws(DateError) {
            out.pointee = try CivilDate(isoWeek: try ISOWeek(year: Int(year), week: Int(week)), weekday: w).dayNumber
        } catch { throw error._status }
    }
}

@c(calgrid_date_week_number)
public func calgrid_date_week_number(_ out: UnsafeMutablePointer<Int32>?, _ date: calgrid_date,
                                     _ numbering: calgrid_week_numbering) -> Int32 {
    _boundary { () throws(CStatus) in
        let out = try _required(out)
        let d = try _date(date), n = try _numbering(numbering)
        out.pointee = Int32(truncatingIfNeeded: d.weekNumber(n))
    }
}

@c(calgrid_date_week_of_month)
public func calgrid_date_week_of_month(_ out: UnsafeMutablePointer<Int32>?, _ date: calgrid_date,
                                       _ firstWeekday: calgrid_weekday) -> Int32 {
    _boundary { () throws(CStatus) in
        let out = try _required(out)
        let d = try _date(date), w = try _weekday(firstWeekday)
        out.pointee = Int32(truncatingIfNeeded: d.weekOfMonth(firstWeekday: w))
    }
}

@c(calgrid_month_grid_week_numbers)
public func calgrid_month_grid_week_numbers(_ out: UnsafeMutablePointer<Int32>?, _ year: Int32, _ month: Int32,
                                            _ options: UnsafePointer<calgrid_grid_options>?,
                                            _ numbering: calgrid_week_numbering) -> Int32 {
    _boundary { () throws(CStatus) in
        let out = try _required(out)
        let n = try _numbering(numbering)
        let grid = try _grid(year, month, options)
        for r in 0..<6 { out[r] = r < grid.rowCount ? Int32(truncatingIfNeeded: grid.weekNumber(ofRow: r, n)) : 0 }
    }
}

@c(calgrid_week_strip_fill)
public func calgrid_week_strip_fill(_ cells: UnsafeMutablePointer<calgrid_cell>?, _ date: calgrid_date,
                                    _ firstWeekday: calgrid_weekday, _ today: calgrid_date) -> Int32 {
    _boundary { () throws(CStatus) in
        let cells = try _required(cells)
        let strip = WeekStrip(containing: try _date(date), firstWeekday: try _weekday(firstWeekday),
                              today: try _optionalDate(today))
        for i in 0..<7 {
            let c = strip[i]
            var flags = UInt8(CALGRID_CELL_VISIBLE)
            if c.isToday { flags |= UInt8(CALGRID_CELL_TODAY) }
            if c.isWeekend { flags |= UInt8(CALGRID_CELL_WEEKEND) }
            cells[i] = calgrid_cell(date: c.date.dayNumber, owner: c.owner.rawValue, weekday: c.weekday.rawValue,
                                    flags: flags, day: UInt8(truncatingIfNeeded: c.date.day))
        }
    }
}

@c(calgrid_year_fill)
public func calgrid_year_fill(_ months: UnsafeMutablePointer<calgrid_month_grid>?, _ year: Int32,
                              _ options: UnsafePointer<calgrid_grid_options>?) -> Int32 {
    _boundary { () throws(CStatus) in
        let months = try _required(months)
        let o = try _GridOptions(options)
        let view: YearView
        do throws(DateError) {
            view = try YearView(year: Int(year), firstWeekday: o.firstWeekday, rows: o.rows, adjacentDays: o.adjacent,
                                today: o.today)
        } catch { throw error._status }
        for m in 0..<12 { _fill(months + m, from: view[m]) }
    }
}

func _cSelection(_ s: SelectionCell) -> calgrid_selection_cell {
    calgrid_selection_cell(state: s.state.rawValue, starts_run: s.startsRun ? 1 : 0, ends_run: s.endsRun ? 1 : 0,
                           reserved: 0)
}

func _range(_ first: calgrid_date, _ last: calgrid_date) throws(CStatus) -> RangeSelection {
    let f = try _date(first), l = try _date(last)
    do throws(DateError) { return try RangeSelection(f, through: l) } catch { throw error._status }
}

@c(calgrid_month_grid_selection)
public func calgrid_month_grid_selection(_ out: UnsafeMutablePointer<calgrid_selection_cell>?, _ year: Int32, _ month: Int32,
                                         _ options: UnsafePointer<calgrid_grid_options>?, _ first: calgrid_date,
                                         _ last: calgrid_date) -> Int32 {
    _boundary { () throws(CStatus) in
        let out = try _required(out)
        let range = try _range(first, last)
        let grid = try _grid(year, month, options)
        for i in 0..<42 { out[i] = i < grid.count ? _cSelection(grid.selection(range, at: i)) : calgrid_selection_cell() }
    }
}

@c(calgrid_week_strip_selection)
public func calgrid_week_strip_selection(_ out: UnsafeMutablePointer<calgrid_selection_cell>?, _ date: calgrid_date,
                                         _ firstWeekday: calgrid_weekday, _ first: calgrid_date,
                                         _ last: calgrid_date) -> Int32 {
    _boundary { () throws(CStatus) in
        let out = try _required(out)
        let strip = WeekStrip(containing: try _date(date), firstWeekday: try _weekday(firstWeekday))
        let range = try _range(first, last)
        for i in 0..<7 { out[i] = _cSelection(strip.selection(range, at: i)) }
    }
}

/// The C picker as the core's, through its own initializer (which clamps a selection C set by hand).
func _picker(_ p: UnsafePointer<calgrid_picker>?) throws(CStatus) -> DatePicker {
    let c = try _required(p).pointee
    let lo = try _date(c.minimum), hi = try _date(c.maximum), s = try _date(c.selection)
    do throws(DateError) { return try DatePicker(minimum: lo, maximum: hi, selection: s) } catch { throw error._status }
}

func _cPicker(_ p: DatePicker) -> calgrid_picker {
    calgrid_picker(minimum: p.minimum.dayNumber, maximum: p.maximum.dayNumber, selection: p.selection.dayNumber)
}

@c(calgrid_picker_init)
public func calgrid_picker_init(_ out: UnsafeMutablePointer<calgrid_picker>?, _ minimum: calgrid_date,
                                _ maximum: calgrid_date, _ selection: calgrid_date) -> Int32 {
    _boundary { () throws(CStatus) in
        let out = try _required(out)
        var c = calgrid_picker(minimum: minimum, maximum: maximum, selection: selection)
        let p = try withUnsafePointer(to: &c) { (q) throws(CStatus) in try _picker(q) }
        out.pointee = _cPicker(p)
    }
}

@c(calgrid_picker_columns_get)
public func calgrid_picker_columns_get(_ out: UnsafeMutablePointer<calgrid_picker_columns>?,
                                       _ picker: UnsafePointer<calgrid_picker>?) -> Int32 {
    _boundary { () throws(CStatus) in
        let out = try _required(out)
        let p = try _picker(picker)
        let y = p.years, m = p.months, d = p.days
        func i(_ v: Int) -> Int32 { Int32(truncatingIfNeeded: v) }
        out.pointee = calgrid_picker_columns(year_min: i(y.lowerBound), year_max: i(y.upperBound),
                                             month_min: i(m.lowerBound), month_max: i(m.upperBound),
                                             day_min: i(d.lowerBound), day_max: i(d.upperBound))
    }
}

@c(calgrid_picker_select)
public func calgrid_picker_select(_ picker: UnsafeMutablePointer<calgrid_picker>?, _ column: calgrid_picker_column,
                                  _ value: Int32) -> Int32 {
    _boundary { () throws(CStatus) in
        let picker = try _required(picker)
        guard column.rawValue <= CALGRID_PICKER_DAY.rawValue else { throw .invalid }
        var p = try _picker(UnsafePointer(picker))
        do throws(DateError) {
            switch column.rawValue {
            case CALGRID_PICKER_YEAR.rawValue: try p.selectYear(Int(value))
            case CALGRID_PICKER_MONTH.rawValue: try p.selectMonth(Int(value))
            default: try p.selectDay(Int(value))
            }
        } catch { throw error._status }
        picker.pointee = _cPicker(p)
    }
}

@c(calgrid_picker_clamp)
public func calgrid_picker_clamp(_ out: UnsafeMutablePointer<calgrid_date>?, _ picker: UnsafePointer<calgrid_picker>?,
                                 _ date: calgrid_date) -> Int32 {
    _boundary { () throws(CStatus) in
        let out = try _required(out)
        let p = try _picker(picker)
        out.pointee = p.clamped(try _date(date)).dayNumber
    }
}
