/// Completed tracked days per calendar day, kept up to date by every mutation so per-day
/// aggregates read completion counts in O(days) instead of walking every todo's flags.
/// Covers only the days that ever had a flag set, grown by doubling (in 16-day steps where `Int`
/// is 32 bits).
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
            counts = [Int32](repeating: 0, count: TodoSet._is32Bit ? _DayHistogram.step : 64)
        }
        var i = Int(day) - Int(base)
        if TodoSet._is32Bit && (i < 0 || i >= counts.count) {
            _growInSteps(toCover: i)
            i = Int(day) - Int(base)
        } else if i < 0 {
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

    /// Growth where `Int` is 32 bits: to the day that needs it, rounded up to `step` days, into an
    /// array of exactly that size (`insert` and `append` would double it). On a microcontroller RAM
    /// is the scarce part: the budget firmware's two histograms went from 1,024 bytes (128 days
    /// each, doubled once) to 2 × 48 days. More reallocations over a long span, each O(days).
    @inlinable static var step: Int { 16 }

    @inlinable
    mutating func _growInSteps(toCover i: Int) {
        let front = i < 0 ? (-i + _DayHistogram.step - 1) / _DayHistogram.step * _DayHistogram.step : 0
        let back = i >= counts.count ? (i - counts.count + _DayHistogram.step) / _DayHistogram.step * _DayHistogram.step : 0
        var fresh = [Int32](repeating: 0, count: front + counts.count + back)
        fresh.withUnsafeMutableBufferPointer { f in
            counts.withUnsafeBufferPointer { c in
                for t in c.indices { f[front &+ t] = c[t] }
            }
        }
        counts = fresh
        base = Int32(truncatingIfNeeded: Int(base) - front)
    }
}
