// Date-times → civil days in a zone, for one decoding thread. The zone's own lookup is a binary
// search plus, after the last transition, a POSIX rule evaluated per year; imports meet millions of
// instants that mostly fall in a few stretches of constant offset (half a year each under DST), so
// each thread keeps the last few stretches it met and answers from them with two comparisons.
import CalGrid
import CalGridImport

@usableFromInline
struct _ZoneClock {
    @usableFromInline let zone: TimeZoneRules
    /// Up to `_ZoneClock.ways` stretches [low, high) of constant `offset`; empty ones have low > high.
    @usableFromInline var low: (Int64, Int64, Int64, Int64) = (1, 1, 1, 1)
    @usableFromInline var high: (Int64, Int64, Int64, Int64) = (0, 0, 0, 0)
    @usableFromInline var offset: (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
    /// The way the next new stretch replaces (round robin).
    @usableFromInline var victim = 0

    @inlinable
    init(zone: TimeZoneRules) {
        self.zone = zone
        if zone.isFixedOffset {
            // One stretch covers every instant.
            low.0 = Int64.min; high.0 = Int64.max; offset.0 = zone.utcOffset(at: 0)
        }
    }

    /// The civil day of `instant` in the zone; nil outside 0001...9999.
    /// - Complexity: O(1) when the instant's stretch is cached, else O(log transitions).
    @inlinable
    mutating func civilDay(_ instant: Int64) -> CivilDate? {
        let o: Int32
        if instant >= low.0 && instant < high.0 { o = offset.0 }
        else if instant >= low.1 && instant < high.1 { o = offset.1 }
        else if instant >= low.2 && instant < high.2 { o = offset.2 }
        else if instant >= low.3 && instant < high.3 { o = offset.3 }
        else { o = miss(instant) }
        return _DateText.civilDay(seconds: instant, utcOffsetSeconds: o)
    }

    /// Looks the instant up in the zone and caches its stretch, from the instant to the next change
    /// (a stretch met again earlier than its cached start is extended down instead of cached twice).
    @usableFromInline @inline(never)
    mutating func miss(_ instant: Int64) -> Int32 {
        let o = zone.utcOffset(at: instant)
        let end = zone.nextOffsetChange(after: instant) ?? Int64.max
        // The instant-of-change itself has the new offset; the stretch ends just before it.
        if high.0 == end && offset.0 == o { low.0 = instant; return o }
        if high.1 == end && offset.1 == o { low.1 = instant; return o }
        if high.2 == end && offset.2 == o { low.2 = instant; return o }
        if high.3 == end && offset.3 == o { low.3 = instant; return o }
        switch victim {
        case 0: low.0 = instant; high.0 = end; offset.0 = o
        case 1: low.1 = instant; high.1 = end; offset.1 = o
        case 2: low.2 = instant; high.2 = end; offset.2 = o
        default: low.3 = instant; high.3 = end; offset.3 = o
        }
        victim = (victim + 1) & 3
        return o
    }
}
