// Fixed-width decimal fields of dates and times (`YYYYMMDD`, `HH:MM:SS`), read from bytes: the
// rule parser's UNTIL and the JSON layer's date texts read them the same way. One definition.

/// The `n` ASCII digits of `b` from `at` as a number, nil when one is not a digit or the field
/// runs past the end. For short fields (a year's 4 digits at most: no overflow on 32-bit Int).
/// - Complexity: O(n)
@inlinable @inline(__always)
package func _decimalDigits(_ b: UnsafeBufferPointer<UInt8>, _ at: Int, _ n: Int) -> Int? {
    guard at >= 0, n <= b.count &- at else { return nil }
    var v = 0
    for k in at..<(at + n) {
        let d = b[k] &- 0x30
        guard d < 10 else { return nil }
        v = v * 10 + Int(d)
    }
    return v
}
