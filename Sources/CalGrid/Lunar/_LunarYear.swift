/// One lunar year's row of `_lunarYearTable`, unpacked (layout: Tests/oracle/lunar_table.py).
struct _LunarYear {
    /// Month lengths in the year's order (leap month in its place): bit i set = the i-th month has 30 days.
    var lengthBits: Int
    /// The leap month's number, 1...12, or 0.
    var leapMonth: Int
    /// Day number of lunar new year's day (1/1).
    var newYear: Int
    /// 12 or 13.
    var monthCount: Int { leapMonth == 0 ? 12 : 13 }

    /// The row of a year already checked to be in `_lunarFirstYear..._lunarLastYear`.
    /// - Complexity: O(1)
    // Never emitted into a client module: Embedded Swift copies a function it inlines there, and with it
    // the table, whose own section (not a shared one) makes the copy a second strong definition that
    // `ld -r` of libcalgrid.a refuses.
    @export(interface)
    init(_ year: Int) {
        let i = (year - _lunarFirstYear) * 3
        let row = withUnsafeBytes(of: &_lunarYearTable) { raw in
            func byte(_ k: Int) -> Int { Int(raw.load(fromByteOffset: k & ~3, as: UInt32.self) >> UInt32(8 * (k & 3)) & 0xFF) }
            return byte(i) | byte(i + 1) << 8 | byte(i + 2) << 16
        }
        lengthBits = row & 0x1FFF
        leapMonth = row >> 13 & 0xF
        newYear = CivilDate._daysFromCivil(year, 1, 1) + _lunarOffsetBase + (row >> 17 & 0x3F)
    }

    /// The position (0...12) of month `month` (leap or not) in the year's order.
    /// - Complexity: O(1)
    func index(month: Int, isLeap: Bool) -> Int {
        leapMonth != 0 && (month > leapMonth || (month == leapMonth && isLeap)) ? month : month - 1
    }

    /// 29 or 30: the length of the month at `index`.
    /// - Complexity: O(1)
    func length(at index: Int) -> Int { 29 + (lengthBits >> index & 1) }

    /// Days from new year's day to the first of the month at `index`.
    /// - Complexity: O(1)
    func daysBefore(index: Int) -> Int { 29 * index + (lengthBits & (1 << index &- 1)).nonzeroBitCount }
}
