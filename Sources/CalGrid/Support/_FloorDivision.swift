// Division rounding towards minus infinity, for seconds before 1970 made days: Swift's `/` rounds
// towards zero, which would put 1969-12-31T23:00Z on day 0. One definition for the core, the JSON
// and the iCalendar layers.

/// (q, r) with a = q * b + r and 0 <= r < b, for b > 0 and a > Int64.min.
/// - Complexity: O(1).
@inlinable @inline(__always)
package func _floorDivide(_ a: Int64, _ b: Int64) -> (quotient: Int64, remainder: Int64) {
    let q = a >= 0 ? a / b : -((-a + b - 1) / b)
    return (q, a - q * b)
}
