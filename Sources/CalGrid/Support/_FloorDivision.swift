// Division rounding towards minus infinity, for seconds before 1970 made days: Swift's `/` rounds
// towards zero, which would put 1969-12-31T23:00Z on day 0. One definition for the core (the alarms'
// instants), the JSON and the iCalendar layers.

/// (q, r) with a = q * b + r and 0 <= r < b, for b > 0 and any a (Int64.min too: the alarms take
/// any instant a caller gives).
/// - Complexity: O(1).
@inlinable @inline(__always)
package func _floorDivide(_ a: Int64, _ b: Int64) -> (quotient: Int64, remainder: Int64) {
    let q = a / b, r = a % b
    return r < 0 ? (q &- 1, r &+ b) : (q, r)
}
