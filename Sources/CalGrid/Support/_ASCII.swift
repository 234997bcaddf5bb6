// ASCII case folding for the parsers of RFC 5545 text. Property, parameter and rule-part names,
// FREQ values and weekdays are ASCII and case-insensitive; String's uppercased() would also map
// other letters (ı to I, ſ to S) and would link the Unicode case tables into a static program
// (libcalgrid.a's calgrid_ical.o: 16 KB of them) and into the firmware. One definition, inlined
// into each parser's byte loop, for the core's rule parser and the iCalendar layer alike.

/// `c` with a-z made A-Z, every other byte as it is.
/// - Complexity: O(1).
@inlinable @inline(__always)
package func _asciiUpper(_ c: UInt8) -> UInt8 { c >= 0x61 && c <= 0x7A ? c &- 0x20 : c }
