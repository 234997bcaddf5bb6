// Weekday arithmetic on raw day numbers, shared by every todo facet. A repetition is a 7-bit mask
// (bit n = weekday n, 0 = Sunday), the same layout as `WeekdaySet.rawValue`.

/// The mask of `length` (0...7) consecutive weekdays starting at weekday `first`.
@inlinable @inline(__always)
func _weekRunMask(first: Int, length: Int) -> UInt8 {
    let m = UInt16((1 &<< length) &- 1)
    return UInt8(truncatingIfNeeded: ((m &<< first) | (m &>> (7 &- first))) & 0x7F)
}

/// Number of days in `[first, last]` whose weekday is in `mask`; 0 when `last < first`.
/// - Complexity: O(1)
@inlinable
func _repeatDayCount(from first: Int32, through last: Int32, mask: UInt8) -> Int {
    guard last >= first else { return 0 }
    let n = Int(last) - Int(first) + 1
    let full = n / 7, rem = n % 7
    return full * mask.nonzeroBitCount
        + (mask & _weekRunMask(first: _weekdayNumber(ofDay: Int(first)), length: rem)).nonzeroBitCount
}

/// True when some day of `[first, last]` has its weekday in `mask`.
/// - Complexity: O(1)
@inlinable @inline(__always)
func _hasRepeatDay(from first: Int32, through last: Int32, mask: UInt8) -> Bool {
    guard last >= first else { return false }
    let n = Int(last) - Int(first) + 1
    if n >= 7 { return mask != 0 }
    return mask & _weekRunMask(first: _weekdayNumber(ofDay: Int(first)), length: n) != 0
}

/// The day of the `k`-th (0-based) repeat day on or after `first`. `mask` must not be empty.
/// - Complexity: O(1)
@inlinable
func _repeatDay(_ k: Int, from first: Int32, mask: UInt8) -> Int32 {
    let per = mask.nonzeroBitCount
    var r = k % per
    var d = first &+ Int32(truncatingIfNeeded: (k / per) * 7)
    while true {
        if mask & (1 << UInt8(truncatingIfNeeded: _weekdayNumber(ofDay: Int(d)))) != 0 {
            if r == 0 { return d }
            r -= 1
        }
        d &+= 1
    }
}

/// The first repeat day on or after `day` (may be past any bound; the caller compares).
@inlinable
func _nextRepeatDay(onOrAfter day: Int32, mask: UInt8) -> Int32 {
    var d = day
    while mask & (1 << UInt8(truncatingIfNeeded: _weekdayNumber(ofDay: Int(d)))) == 0 { d &+= 1 }
    return d
}

/// The last repeat day on or before `day`.
@inlinable
func _previousRepeatDay(onOrBefore day: Int32, mask: UInt8) -> Int32 {
    var d = day
    while mask & (1 << UInt8(truncatingIfNeeded: _weekdayNumber(ofDay: Int(d)))) == 0 { d &-= 1 }
    return d
}
