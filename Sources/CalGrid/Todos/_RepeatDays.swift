// Weekday arithmetic on raw day numbers, shared by every todo facet: which days of a span a
// repetition (a `WeekdaySet`) falls on, counted and found in O(1).

extension WeekdaySet {
    /// Whether the weekday numbered `n` (0 = Sunday … 6 = Saturday, as `_weekdayNumber(ofDay:)`
    /// gives) is in the set.
    @inlinable @inline(__always)
    func _contains(weekdayNumber n: Int) -> Bool { _bits & (1 &<< UInt8(truncatingIfNeeded: n)) != 0 }

    /// Whether the set falls on day number `day`.
    @inlinable @inline(__always)
    func _contains(day: Int32) -> Bool { _contains(weekdayNumber: _weekdayNumber(ofDay: Int(day))) }
}

/// The mask of `length` (0...7) consecutive weekdays starting at weekday `first`.
@inlinable @inline(__always)
func _weekRunMask(first: Int, length: Int) -> UInt8 {
    let m = UInt16((1 &<< length) &- 1)
    return UInt8(truncatingIfNeeded: ((m &<< first) | (m &>> (7 &- first))) & 0x7F)
}

/// Number of days in `[first, last]` whose weekday is in `days`; 0 when `last < first`.
/// - Complexity: O(1)
@inlinable
func _repeatDayCount(from first: Int32, through last: Int32, days: WeekdaySet) -> Int {
    guard last >= first else { return 0 }
    let n = Int(last) - Int(first) + 1
    let full = n / 7, rem = n % 7
    return full * days.count
        + (days._bits & _weekRunMask(first: _weekdayNumber(ofDay: Int(first)), length: rem)).nonzeroBitCount
}

/// True when some day of `[first, last]` has its weekday in `days`.
/// - Complexity: O(1)
@inlinable @inline(__always)
func _hasRepeatDay(from first: Int32, through last: Int32, days: WeekdaySet) -> Bool {
    guard last >= first else { return false }
    let n = Int(last) - Int(first) + 1
    if n >= 7 { return !days.isEmpty }
    return days._bits & _weekRunMask(first: _weekdayNumber(ofDay: Int(first)), length: n) != 0
}

/// The day of the `k`-th (0-based) repeat day on or after `first`. `days` must not be empty.
/// - Complexity: O(1)
@inlinable
func _repeatDay(_ k: Int, from first: Int32, days: WeekdaySet) -> Int32 {
    let per = days.count
    var r = k % per
    var d = first &+ Int32(truncatingIfNeeded: (k / per) * 7)
    while true {
        if days._contains(day: d) {
            if r == 0 { return d }
            r -= 1
        }
        d &+= 1
    }
}

/// The last repeat day on or before `day`.
@inlinable
func _previousRepeatDay(onOrBefore day: Int32, days: WeekdaySet) -> Int32 {
    var d = day
    while !days._contains(day: d) { d &-= 1 }
    return d
}
