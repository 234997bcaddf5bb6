import Testing
@testable import CalGrid

/// `MonthGrid.writeCells(into:)` is a second derivation of the cells (a row-by-row fill); these
/// tests hold it to the per-cell subscript, which OracleTests and MonthGridTests check against
/// Foundation and the Python oracle.
@Suite struct PackedGridCellTests {
    /// The three `today`s a grid is tried with: none, a day it shows (cycling through its cells,
    /// adjacent ones included), and a day it does not show.
    static func todays(_ grid: MonthGrid, _ k: Int) -> [CivilDate?] {
        let shown = CivilDate(_unchecked: grid.firstCellDay + Int32(k % grid.count))
        let notShown = CivilDate(_unchecked: grid.monthFirst.dayNumber + 60)
        return [nil, shown, notShown]
    }

    /// Writes the grid's cells into a buffer larger than the grid, and checks every cell against
    /// `grid[i]` (both ways through the mapping) and that nothing past the grid is written.
    static func check(_ grid: MonthGrid) {
        let sentinel = PackedGridCell(dayNumber: -1, owner: .nextMonth, weekday: .saturday, flags: [.today],
                                      dayOfMonth: 0xEE)
        var cells = [PackedGridCell](repeating: sentinel, count: MonthGrid.maxCellCount + 1)
        let n = cells.withUnsafeMutableBufferPointer { grid.writeCells(into: $0) }
        #expect(n == grid.count)
        for i in 0..<grid.count where cells[i] != PackedGridCell(grid[i]) || cells[i].cell != grid[i] {
            Issue.record("\(grid.year)-\(grid.month) \(grid.firstWeekday) \(grid.rowPolicy) \(grid.adjacentDays) today \(String(describing: grid.today)): cell \(i) is \(cells[i]), grid[i] \(grid[i])")
            return
        }
        #expect(cells[n...].allSatisfy { $0 == sentinel })
    }

    static func grid(_ year: Int, _ month: Int, _ k: Int, today: CivilDate? = nil) throws -> MonthGrid {
        try MonthGrid(year: year, month: month, firstWeekday: Weekday(rawValue: UInt8(k % 7))!,
                      rows: (k / 7) % 2 == 0 ? .fixed : .auto, adjacentDays: (k / 14) % 2 == 0 ? .show : .hide,
                      today: today)
    }

    /// Every month of 0001 ... 9999, the options rotating from month to month.
    @Test func everyMonthMatchesTheSubscript() throws {
        var k = 0
        for year in 1...9999 {
            for month in 1...12 {
                let plain = try Self.grid(year, month, k)
                Self.check(try Self.grid(year, month, k, today: Self.todays(plain, k)[k % 3]))
                k += 1
            }
        }
    }

    /// Every option, with and without today, for each month of the first and last years, a leap
    /// year and an ordinary one.
    @Test func everyOptionMatchesTheSubscript() throws {
        for year in [1, 2000, 2026, 9999] {
            for month in 1...12 {
                for k in 0..<28 {
                    for today in Self.todays(try Self.grid(year, month, k), k + month) {
                        Self.check(try Self.grid(year, month, k, today: today))
                    }
                }
            }
        }
    }

    @Test func flagsAreTheCellsBooleans() throws {
        let saturday = try CivilDate(year: 2026, month: 11, day: 28)
        let today = GridCell(date: saturday, owner: .thisMonth, weekday: .saturday, isToday: true, isVisible: true)
        #expect(PackedGridCell(today).flags.rawValue == 0x07)
        #expect(PackedGridCell(today).dayOfMonth == 28 && PackedGridCell(today).dayNumber == saturday.dayNumber)
        let hidden = GridCell(date: try saturday.adding(days: 2), owner: .nextMonth, weekday: .monday, isToday: false,
                              isVisible: false)
        #expect(PackedGridCell(hidden).flags.isEmpty)
        #expect(PackedGridCell(hidden).ownerRawValue == 2 && PackedGridCell(hidden).weekdayRawValue == 1)
        #expect(PackedGridCell(hidden).cell == hidden && PackedGridCell(today).cell == today)
        #expect(MemoryLayout<PackedGridCell>.size == 8 && MemoryLayout<PackedGridCell>.alignment == 4)
    }
}
