import CalGrid
import CCalGrid

// The holiday calls and grid cells with lunar dates (docs/lunar-and-holidays.md). They are the
// archive member calgrid_lunar.o (mk/capi.mk): calgrid.o never reaches the holiday rows.

/// The core's country of a C `calgrid_country`; nil for CALGRID_COUNTRY_NONE.
func _country(_ c: calgrid_country) throws(CStatus) -> HolidayCountry? {
    guard c.rawValue != CALGRID_COUNTRY_NONE.rawValue else { return nil }
    guard c.rawValue <= 3, let h = HolidayCountry(rawValue: UInt8(c.rawValue - 1)) else { throw .invalid }
    return h
}

/// The C form of a core holiday.
func _cHoliday(_ h: Holiday) -> calgrid_holiday {
    calgrid_holiday(date: h.date.dayNumber, country: Int32(h.country.rawValue) + 1, row: Int32(truncatingIfNeeded: h.row),
                    is_substitute: h.isSubstitute ? 1 : 0)
}

/// The C form of a lunar date; all zero outside the lunar table's days.
func _cLunar(_ day: Int32) -> calgrid_lunar_date {
    guard day >= CivilDate.minDayNumber, day <= CivilDate.maxDayNumber,
          let l = try? LunarDate(CivilDate(_unchecked: day)) else { return calgrid_lunar_date() }
    return calgrid_lunar_date(year: Int32(truncatingIfNeeded: l.year), month: Int32(truncatingIfNeeded: l.month),
                              day: Int32(truncatingIfNeeded: l.day), is_leap_month: l.isLeapMonth ? 1 : 0)
}

/// `_reserve` for the holidays of `days`: the core lists every holiday of each year the range
/// touches and one on each side (at most 64 rows a year), sorts them and copies the ones in range.
func _reserveHolidays(_ days: ClosedRange<CivilDate>) throws(CStatus) {
    let years = days.upperBound.year - days.lowerBound.year + 3
    try _reserve(_add(TodoSet.constantAllocationBytes, _mul(years, 64 * 4 * MemoryLayout<Holiday>.stride)))
}

/// The holidays of `country` in `days`, clamped to the supported days (a grid's edge cells may lie
/// beyond them); none without a country.
func _holidays(_ first: Int32, _ last: Int32, _ country: HolidayCountry?) throws(CStatus) -> [Holiday] {
    let f = Swift.max(first, CivilDate.minDayNumber), l = Swift.min(last, CivilDate.maxDayNumber)
    guard let country, f <= l else { return [] }
    let days = CivilDate(_unchecked: f)...CivilDate(_unchecked: l)
    try _reserveHolidays(days)
    return HolidayCalendar.holidays(in: days, country: country)
}

@c(calgrid_grid_cells_fill) @implementation
public func calgrid_grid_cells_fill(_ cells: UnsafeMutablePointer<calgrid_grid_cell>?, _ size: Int,
                                    _ grid: UnsafePointer<calgrid_month_grid>?, _ country: calgrid_country) -> Int32 {
    _boundary { () throws(CStatus) in
        let out = try _required(cells), g = try _required(grid)
        let c = try _country(country)
        // The caller's element size, as calgrid_todo_set_day_tallies reads its: V1 (no holidays) or more.
        let stride = out.pointee.struct_size
        let v1 = MemoryLayout<calgrid_grid_cell>.offset(of: \.holiday_count) ?? 0
        guard stride >= v1, size >= 0, size <= Int.max / stride else { throw .invalid }
        let n = Int(g.pointee.cell_count)
        guard n >= 28, n <= _maxGridCells, n % 7 == 0 else { throw .invalid }
        guard size >= n else { throw .noSpace }
        try withUnsafePointer(to: g.pointee.cells) { (tuple) throws(CStatus) in
            try tuple.withMemoryRebound(to: calgrid_cell.self, capacity: _maxGridCells) { (packed) throws(CStatus) in
                let first = packed[0].date
                for k in 1..<n where packed[k].date != first &+ Int32(k) { throw .invalid }
                let withHolidays = stride >= MemoryLayout<calgrid_grid_cell>.size
                let list = withHolidays ? try _holidays(first, first &+ Int32(n - 1), c) : []
                var h = 0
                let base = UnsafeMutableRawPointer(out)
                for k in 0..<n {
                    let day = packed[k].date
                    // Writes only the members of the caller's version: a V1 element ends at the lunar date.
                    let e = base + k * stride
                    e.storeBytes(of: stride, as: Int.self)
                    e.storeBytes(of: packed[k], toByteOffset: MemoryLayout<calgrid_grid_cell>.offset(of: \.cell)!, as: calgrid_cell.self)
                    e.storeBytes(of: _cLunar(day), toByteOffset: MemoryLayout<calgrid_grid_cell>.offset(of: \.lunar)!,
                                 as: calgrid_lunar_date.self)
                    guard withHolidays else { continue }
                    let cell = e.assumingMemoryBound(to: calgrid_grid_cell.self)
                    cell.pointee.holidays = (calgrid_holiday(), calgrid_holiday(), calgrid_holiday())
                    var count: Int32 = 0
                    while h < list.count, list[h].date.dayNumber < day { h += 1 }
                    withUnsafeMutablePointer(to: &cell.pointee.holidays) { slots in
                        slots.withMemoryRebound(to: calgrid_holiday.self, capacity: Int(CALGRID_CELL_MAX_HOLIDAYS)) { slot in
                            while h < list.count, list[h].date.dayNumber == day {
                                if count < CALGRID_CELL_MAX_HOLIDAYS { slot[Int(count)] = _cHoliday(list[h]) }
                                count += 1; h += 1
                            }
                        }
                    }
                    cell.pointee.holiday_count = count
                }
            }
        }
    }
}

@c(calgrid_holidays_list) @implementation
public func calgrid_holidays_list(_ out: UnsafeMutablePointer<calgrid_holiday>?, _ size: Int, _ outCount: UnsafeMutablePointer<Int>?,
                                  _ first: calgrid_date, _ last: calgrid_date, _ country: calgrid_country) -> Int32 {
    _boundary { () throws(CStatus) in
        let count = try _required(outCount)
        let f = try _date(first), l = try _date(last)
        guard f <= l, let c = try _country(country) else { throw .invalid }
        let size = try _capacity(size, of: calgrid_holiday.self)
        guard size == 0 || out != nil else { throw .invalid }
        let list = try _holidays(f.dayNumber, l.dayNumber, c)
        count.pointee = list.count
        guard list.count <= size else { throw .noSpace }
        for (i, h) in list.enumerated() { out![i] = _cHoliday(h) }
    }
}

@c(calgrid_holiday_name) @implementation
public func calgrid_holiday_name(_ buf: UnsafeMutablePointer<CChar>?, _ size: Int, _ outLength: UnsafeMutablePointer<Int>?,
                                 _ holiday: UnsafePointer<calgrid_holiday>?, _ language: calgrid_language) -> Int32 {
    _boundary { () throws(CStatus) in
        let p = try _required(holiday).pointee
        let l = try _language(language)
        guard let c = try _country(calgrid_country(rawValue: UInt32(bitPattern: p.country))),
              let s = _bool(p.is_substitute),
              let h = Holiday(date: try _date(p.date), country: c, row: Int(p.row), isSubstitute: s) else { throw .invalid }
        try _reserve(TodoSet.constantAllocationBytes)
        try _copyOut(l == .korean ? h.nameKo ?? h.name : h.name, buf, size, outLength)
    }
}

@c(calgrid_period_workdays) @implementation
public func calgrid_period_workdays(_ out: UnsafeMutablePointer<Int32>?, _ period: UnsafePointer<calgrid_period>?,
                                    _ country: calgrid_country) -> Int32 {
    _output(out) { () throws(CStatus) in
        let p = try _period(period)
        let days = p.first...p.last
        guard let c = try _country(country) else {
            return Int32(truncatingIfNeeded: HolidayCalendar.weekdays(in: days))
        }
        try _reserveHolidays(days)
        return Int32(truncatingIfNeeded: HolidayCalendar.workdays(in: days, country: c))
    }
}

