// Month grids: `count` consecutive months (6 x 7 cells, Sunday first), built and every cell read:
// its day number, day of month, owner (previous / this / next month) and weekday. Each grid's cells
// are summed weighted by position (cheap, so the checksum does not dominate a fast grid) and the
// per-grid sums are folded.
import Foundation
import CalGrid
import CBaselines

@inline(__always) func gridCellValue(day: Int, dayOfMonth: Int, owner: Int, weekday: Int) -> UInt64 {
    (UInt64(bitPattern: Int64(day)) << 16) | (UInt64(dayOfMonth) << 8) | (UInt64(owner) << 4) | UInt64(weekday)
}

/// The origin app's way: Foundation `Calendar`, a month start from components, `range(of:in:for:)`
/// for the month's length, `date(byAdding:)` for every cell, `component(.day, from:)` to label it.
func foundationMonthGrids(year: Int, month: Int, count: Int) -> UInt64 {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    calendar.firstWeekday = 1
    var h = foldSeed
    var monthStart = calendar.date(from: DateComponents(year: year, month: month, day: 1))!
    for _ in 0..<count {
        let days = calendar.range(of: .day, in: .month, for: monthStart)!.count
        let firstWeekday = calendar.component(.weekday, from: monthStart)   // 1 = Sunday
        let lead = (firstWeekday - calendar.firstWeekday + 7) % 7
        let monthEnd = calendar.date(byAdding: .day, value: days - 1, to: monthStart)!
        var sum: UInt64 = 0
        for i in 0..<42 {
            let date = calendar.date(byAdding: .day, value: i - lead, to: monthStart)!
            let dayOfMonth = calendar.component(.day, from: date)
            let owner = date < monthStart ? 0 : (date > monthEnd ? 2 : 1)
            let dayNumber = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
            sum &+= gridCellValue(day: dayNumber, dayOfMonth: dayOfMonth, owner: owner,
                                  weekday: (calendar.firstWeekday - 1 + i) % 7) &* UInt64(i + 1)
        }
        h = fold(h, sum)
        monthStart = calendar.date(byAdding: .month, value: 1, to: monthStart)!
    }
    return h
}

/// CalGrid: `MonthGrid` per month, every cell read through the public API (`dayOfMonth` is the
/// label a UI prints; the grid tracks it while walking its cells instead of converting each date).
func calgridMonthGrids(year: Int, month: Int, count: Int) -> UInt64 {
    var h = foldSeed
    var y = year, m = month
    for _ in 0..<count {
        let grid = try! MonthGrid(year: y, month: m, firstWeekday: .sunday, rows: .fixed)
        var sum: UInt64 = 0
        var i = 0
        for cell in grid {
            i += 1
            sum &+= gridCellValue(day: Int(cell.date.dayNumber), dayOfMonth: cell.dayOfMonth, owner: Int(cell.owner.rawValue),
                                  weekday: Int(cell.weekday.rawValue)) &* UInt64(i)
        }
        h = fold(h, sum)
        m += 1
        if m == 13 { m = 1; y += 1 }
    }
    return h
}

/// The floor under any implementation of this scenario: the same per-cell fold over cell values
/// computed beforehand (by `MonthGrid`, outside the timing), so only reading and folding 42 cells
/// per grid is timed.
func precomputedMonthGridCells(year: Int, month: Int, count: Int) -> [UInt64] {
    var cells: [UInt64] = []
    cells.reserveCapacity(count * 42)
    var y = year, m = month
    for _ in 0..<count {
        for cell in try! MonthGrid(year: y, month: m, firstWeekday: .sunday, rows: .fixed) {
            cells.append(gridCellValue(day: Int(cell.date.dayNumber), dayOfMonth: cell.dayOfMonth,
                                       owner: Int(cell.owner.rawValue), weekday: Int(cell.weekday.rawValue)))
        }
        m += 1
        if m == 13 { m = 1; y += 1 }
    }
    return cells
}

func foldMonthGridCells(_ cells: [UInt64]) -> UInt64 {
    var h = foldSeed
    cells.withUnsafeBufferPointer { c in
        var g = 0
        while g < c.count {
            var sum: UInt64 = 0
            for i in 0..<42 { sum &+= c[g &+ i] &* UInt64(i &+ 1) }
            h = fold(h, sum)
            g &+= 42
        }
    }
    return h
}

func runMonthGrids(_ s: Settings) -> [Measurement] {
    let sizes = s.quick ? [12, 1_200] : [12, 120, 1_200, 12_000]
    var out: [Measurement] = []
    for n in sizes {
        let y0 = opaque(1950), m0 = opaque(1)
        out += measure("month-grids", n: n, [
            Implementation(name: "Foundation Calendar (app's way)", role: .baseline) {
                foundationMonthGrids(year: y0, month: m0, count: n) },
            Implementation(name: "C timegm/gmtime_r", role: .reference) {
                cb_timegm_month_grids(Int32(y0), Int32(m0), Int32(n), 0) },
            Implementation(name: "CalGrid MonthGrid", role: .candidate) {
                calgridMonthGrids(year: y0, month: m0, count: n) },
            Implementation(name: "fold of precomputed cells (floor)", role: .floor) { [cells = precomputedMonthGridCells(year: y0, month: m0, count: n)] in
                foldMonthGridCells(opaque(cells)) },
        ], settings: s)
    }
    return out
}
