// The budget firmware: what a small calendar device does, and nothing else, so that its flash
// and RAM are the core's cost (`make test-embedded-budget` measures them on the Cortex-M4). A
// month grid in a buffer of the caller's, a set of 100 todos staged from UTF-8 bytes (no String)
// ten at a time, as a device reading them from flash or a radio would, the month's per-day
// counts and a sort by deadline. It returns a checksum of what it computed (non-negative), -1
// when the set refused the todos.
import CalGrid

/// Reports the heap after a phase (firmware_arm.c prints the bytes in use and the peak so far).
@_extern(c, "firmware_mark") func _mark(_ phase: Int)

#if FIRMWARE_MEASURE
/// The measuring build (`firmware-measure.elf`, not the one whose flash is budgeted) also prints
/// the set's own capacity by part after each phase (`TodoSet.memoryFootprint`).
@_extern(c, "firmware_parts")
func _parts(_ phase: Int, _ columns: Int, _ ids: Int, _ text: Int, _ flags: Int, _ histograms: Int,
            _ intervals: Int, _ dayTables: Int)
func _mark(_ phase: Int, _ set: TodoSet) {
    _mark(phase)
    let f = set.memoryFootprint
    _parts(phase, f.columnBytes, f.idIndexBytes, f.textBytes, f.flagBytes, f.histogramBytes, f.intervalIndexBytes,
           f.dayTableBytes)
}
#else
@inline(__always) func _mark(_ phase: Int, _ set: TodoSet) { _mark(phase) }
#endif

/// Todos in the set (30 in the Cortex-M0 build, whose board has 16 KB of RAM; 200 in the budget's
/// negative control, which must exceed it), and how many are staged at a time.
#if FIRMWARE_SMALL
let todoCount = 30, chunk = 10
#elseif FIRMWARE_DOUBLE
let todoCount = 200, chunk = 10
#else
let todoCount = 100, chunk = 10
#endif

@c(firmware_main)
public func firmwareMain(_ buffer: UnsafeMutableRawPointer, _ cellCount: Int) -> Int64 {
    let cells = buffer.bindMemory(to: PackedGridCell.self, capacity: cellCount)
    let grid: MonthGrid
    do throws(DateError) { grid = try MonthGrid(year: 2026, month: 12, firstWeekday: .monday) } catch { return -2 }
    let n = grid.writeCells(into: UnsafeMutableBufferPointer(start: cells, count: cellCount))

    let title: StaticString = "Water the plants"
    let first = grid.monthFirst.dayNumber
    var set = TodoSet()
    // Room for all of them at once: the columns, text and id index are allocated once, exactly.
    set.reserveCapacity(todoCount, textBytes: todoCount * (4 + 4 + title.utf8CodeUnitCount))
    var batch = TodoBatch()
    batch.reserveCapacity(chunk, textBytes: chunk * (4 + title.utf8CodeUnitCount))
    for k in 0..<todoCount {
        var id: (UInt8, UInt8, UInt8, UInt8) = (116, 48 &+ UInt8(truncatingIfNeeded: k / 100),
                                                48 &+ UInt8(truncatingIfNeeded: k / 10 % 10), 48 &+ UInt8(truncatingIfNeeded: k % 10))
        let start = CivilDate.clamped(dayNumber: first &+ Int32(truncatingIfNeeded: k % 40) &- 10)
        let end = CivilDate.clamped(dayNumber: start.dayNumber &+ Int32(truncatingIfNeeded: k % 9))
        withUnsafeBytes(of: &id) { idBytes in
            title.withUTF8Buffer { t in
                batch.append(idBytes: idBytes, titleBytes: UnsafeRawBufferPointer(t), memoBytes: nil, start: start,
                             end: end, createdAt: 1_790_000_000 &+ Int64(k &* 7919 % 1000), isChallenge: k % 3 == 0,
                             isCompleted: false, repetition: k % 4 == 0 ? .weekdays : .all, reminderMinutes: nil)
            }
        }
        if batch.count == chunk {
            do throws(TodoError) { try set.insert(contentsOf: batch) } catch { return -1 }
            batch.removeAll()   // keeps its storage for the next chunk
        }
    }
    batch = TodoBatch()
    _mark(1, set)

    // Tick every third todo's first tracked day.
    for i in stride(from: 0, to: set.count, by: 3) {
        if let s = set.start(at: i) { _ = try? set.toggleDone(on: s, at: i) }
    }
    _mark(2, set)
    let counts = set.dayCounts(from: grid.monthFirst, through: grid.monthLast)
    var sum: Int64 = Int64(n)
    for t in 0..<counts.dayCount { sum = sum &* 31 &+ Int64(counts.total[t]) &* 7 &+ Int64(counts.completed[t]) }
    _mark(3, set)
    for i in set.sortedIndices(by: .deadlineImminent) { sum = sum &* 31 &+ Int64(i) }
    _mark(4, set)
#if FIRMWARE_LUNAR
    // The lunar build (`firmware-lunar.elf`, issue 40): a Korean calendar device's month also shows
    // each day's lunar date (음력), so `make test-embedded-budget` measures what the lunar table and
    // the conversions cost on top (the plain firmware must link none of it). Chuseok 2026, lunar
    // 8/15, is 2026-09-25: a wrong table answers -3.
    guard let chuseok = try? LunarDate(year: 2026, month: 8, day: 15), let day = try? CivilDate(year: 2026, month: 9, day: 25),
          chuseok.civilDate == day else { return -3 }
    for i in 0..<grid.count {
        guard let l = grid[i].lunarDate else { return -3 }
        sum = sum &* 31 &+ Int64(l.month &* 64 &+ l.day &* 2 &+ (l.isLeapMonth ? 1 : 0))
    }
#endif
    return sum & Int64.max   // non-negative: the negative values are the errors above
}

extension CivilDate {
    /// The day `n`, clamped to the supported range (the firmware's days are always inside it).
    static func clamped(dayNumber n: Int32) -> CivilDate {
        do throws(DateError) { return try CivilDate(dayNumber: Int64(n)) } catch { return n < 0 ? .min : .max }
    }
}
