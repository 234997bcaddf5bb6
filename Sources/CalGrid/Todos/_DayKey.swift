/// The values of a `TodoSet`'s start and end columns: a day number, or a sentinel outside every
/// supported day. A missing start is `noStart` (open on the left), a missing end `noEnd` (open on
/// the right), so a range test `start <= day && day <= end` needs no special case for them. An
/// undated todo stores start `undatedStart`, end `undatedEnd`, an empty span that no range
/// overlaps.
@usableFromInline
enum _DayKey {
    @inlinable static var noStart: Int32 { Int32.min }
    @inlinable static var noEnd: Int32 { Int32.max }
    @inlinable static var undatedStart: Int32 { Int32.max }
    @inlinable static var undatedEnd: Int32 { Int32.min }

    /// Whether a start or end key is a day rather than a sentinel.
    @inlinable @inline(__always)
    static func isDay(_ key: Int32) -> Bool { key != Int32.min && key != Int32.max }
}
