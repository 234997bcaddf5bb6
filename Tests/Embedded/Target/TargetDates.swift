// Civil dates over every supported day, and month grids with their week numbers.
import CalGrid

/// Every day 0001-01-01...9999-12-31: its date, weekday and ISO week, and whether the date
/// gives the day number back (bit 16 set when it does not).
func checkCivilDays(_ out: inout Output) {
    var d = Digest()
    let first = Int64(CivilDate.minDayNumber), last = Int64(CivilDate.maxDayNumber)
    var n = first
    do throws(DateError) {
        while n <= last {
            let date = try CivilDate(dayNumber: n)
            let c = date.components, w = date.isoWeek
            let back = try CivilDate(year: c.year, month: c.month, day: c.day).dayNumber
            let ymd = Int64(c.year * 10_000 + c.month * 100 + c.day)
            d.fold(ymd << 20 | Int64(date.weekday.rawValue) << 17 | Int64(w.year - c.year + 1) << 6 | Int64(w.week)
                   | (Int64(back) == n ? 0 : 1 << 16))
            n += 1
        }
    } catch {
        out.text("days error at "); out.int(n); out.line()
        return
    }
    out.text("days "); out.int(last - first + 1); out.text(" "); out.hex(d); out.line()
}

/// Month grids of the blob's years for every first weekday and both row policies: each cell's
/// day, day of month, owner and weekday, each row's ISO week and first-weekday week number
/// (rows whose Thursday or anchor day is in year 0 or 10000 are skipped, as the oracle does).
func checkGrids(_ input: inout Input, _ out: inout Output) {
    let yearCount = input.u16()
    var years: [Int] = []
    for _ in 0..<yearCount { years.append(input.u16()) }
    let lo = CivilDate.minDayNumber, hi = CivilDate.maxDayNumber
    for fw in 0..<7 {
        let firstWeekday = Weekday.sunday.advanced(by: fw)
        for policy in [GridRowPolicy.fixed, .auto] {
            var d = Digest(), months = 0
            do throws(DateError) {
                for y in years {
                    for m in 1...12 {
                        months += 1
                        let grid = try MonthGrid(year: y, month: m, firstWeekday: firstWeekday, rows: policy)
                        let monthFirst = try CivilDate(year: y, month: m, day: 1).dayNumber
                        d.fold(grid.rowCount)
                        for cell in grid {
                            d.fold(Int64(cell.date.dayNumber) << 16 | Int64(cell.dayOfMonth) << 8
                                   | Int64(cell.owner.rawValue) << 4 | Int64(cell.weekday.rawValue))
                        }
                        for r in 0..<grid.rowCount {
                            let rowFirst = grid.firstDay(ofRow: r).dayNumber
                            let thursday = rowFirst + Int32(Weekday.thursday.offset(from: firstWeekday))
                            let anchor = rowFirst < monthFirst && monthFirst <= rowFirst + 6 ? monthFirst : rowFirst
                            if thursday >= lo && thursday <= hi {
                                let w = grid.isoWeek(ofRow: r)
                                d.fold(w.year * 100 + w.week)
                            }
                            if anchor >= lo && anchor <= hi { d.fold(grid.weekNumber(ofRow: r, .firstWeekday(firstWeekday))) }
                        }
                    }
                }
            } catch {
                out.text("grid error"); out.line()
                return
            }
            out.text("grid fw="); out.int(fw)
            if policy == .fixed { out.text(" rows=fixed months=") } else { out.text(" rows=auto months=") }
            out.int(months); out.text(" "); out.hex(d); out.line()
        }
    }
}
