/// Completed tracked days per calendar day, kept up to date by every mutation so per-day
/// aggregates read completion counts in O(days) instead of walking every todo's flags.
/// Covers only the days that ever had a flag set, grown by doubling.
@usableFromInline
struct _DayHistogram: Sendable {
    @usableFromInline var base: Int32 = 0
    @usableFromInline var counts: [Int32] = []

    @inlinable init() {}

    @inlinable @inline(__always)
    func count(on day: Int32) -> Int32 {
        let i = Int(day) - Int(base)
        return i >= 0 && i < counts.count ? counts[i] : 0
    }

    @inlinable
    mutating func add(_ delta: Int32, on day: Int32) {
        if counts.isEmpty {
            base = day
            counts = [Int32](repeating: 0, count: 64)
        }
        var i = Int(day) - Int(base)
        if i < 0 {
            let grow = Swift.max(-i, counts.count)
            counts.insert(contentsOf: repeatElement(0, count: grow), at: 0)
            base = Int32(truncatingIfNeeded: Int(base) - grow)
            i += grow
        } else if i >= counts.count {
            let grow = Swift.max(i - counts.count + 1, counts.count)
            counts.append(contentsOf: repeatElement(0, count: grow))
        }
        counts[i] &+= delta
    }
}
