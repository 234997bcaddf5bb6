extension TimeZoneRules {
    /// Seconds east of UTC in force at `instant` (seconds since 1970-01-01T00:00:00Z). Any Int64 is
    /// answered: before the first transition the zone's first type applies, after the last one the
    /// footer rule (which repeats every 400 years, so even instants past year 9999 get its answer).
    /// - Complexity: O(log transitions), no allocation.
    public func utcOffset(at instant: Int64) -> Int32 {
        let n = _times.count
        guard n > 0 else { return _rule?.offset(at: instant) ?? _initialOffset }
        if instant < _times[0] { return _initialOffset }
        // RFC 8536 §3.3: the footer governs instants after the last transition.
        if instant > _times[n - 1], let rule = _rule { return rule.offset(at: instant) }
        return _offsets[Int(_typeIndices[_upperBound(instant) - 1])]
    }

    /// The local civil day and second of day of `instant`, with the offset in force; nil when the
    /// local time falls outside 0001-01-01...9999-12-31.
    /// - Complexity: O(log transitions), no allocation.
    public func localTime(at instant: Int64) -> LocalTime? {
        let offset = utcOffset(at: instant)
        let (local, overflow) = instant.addingReportingOverflow(Int64(offset))
        guard !overflow else { return nil }
        let perDay = LocalTime.secondsPerDay
        let day = local / perDay - (local % perDay < 0 ? 1 : 0)   // floor, without overflow at Int64.min
        guard day >= Int64(CivilDate.minDayNumber), day <= Int64(CivilDate.maxDayNumber) else { return nil }
        return LocalTime(day: CivilDate(_unchecked: Int32(truncatingIfNeeded: day)),
                         secondOfDay: Int32(truncatingIfNeeded: local - day * perDay), utcOffset: offset)
    }

    /// The instant(s) at which the local `day` and `secondOfDay` occur: `.unique`, `.ambiguous` in a
    /// fold (earlier under the offset before the transition, later under the one after), or
    /// `.nonexistent` in a gap, with the transition instant that starts it. A `secondOfDay` outside
    /// 0..<`LocalTime.secondsPerDay` counts from the day's midnight (`secondsPerDay` is the next day's midnight).
    /// - Complexity: O(log transitions), no allocation.
    public func instant(of day: CivilDate, secondOfDay: Int32) -> LocalInstant {
        let local = Int64(day.dayNumber) * LocalTime.secondsPerDay + Int64(secondOfDay)
        // Offsets are within ±25:59:59, so every instant with this local time lies in this window;
        // walk the few stretches of constant offset that overlap it.
        let span = Int64(TimeZoneRules._maxOffset) + 1
        let lo = local - span, hi = local + span
        var stretchStart = lo
        var offset = utcOffset(at: lo)
        var earliest: Int64? = nil, latest: Int64? = nil, gap: Int64? = nil
        while true {
            let change = _nextChange(after: stretchStart, from: offset, through: hi)
            let candidate = local - Int64(offset)
            if candidate >= stretchStart, change == nil || candidate < change! {
                if earliest == nil { earliest = candidate }
                latest = candidate
            }
            guard let t = change else { break }
            let next = utcOffset(at: t)
            // Local times t + offset ..< t + next never happen when the clock jumps forward at t.
            if gap == nil, t + Int64(offset) <= local, local < t + Int64(next) { gap = t }
            stretchStart = t
            offset = next
        }
        if let e = earliest, let l = latest { return e == l ? .unique(e) : .ambiguous(earlier: e, later: l) }
        // With offsets bounded, a local time that maps to no instant lies in a gap.
        return .nonexistent(gapStart: gap ?? lo)
    }

    /// The first instant after `instant` at which the UTC offset changes, or nil when it never does
    /// again. Callers that convert many instants can keep the offset until then (a per-thread cache).
    /// - Complexity: O(log transitions) plus the transitions that keep the offset; no allocation.
    public func nextOffsetChange(after instant: Int64) -> Int64? {
        _nextChange(after: instant, from: utcOffset(at: instant), through: Int64.max)
    }

    /// The first instant after `t`, and at most `limit`, whose offset is not `current` (the offset
    /// at `t`), or nil.
    func _nextChange(after t: Int64, from current: Int32, through limit: Int64) -> Int64? {
        var from = t
        if let last = _times.last, t < last {
            var i = _upperBound(t)
            while i < _times.count {
                let time = _times[i]
                if time > limit { return nil }
                if _offsets[Int(_typeIndices[i])] != current { return time }
                i += 1
            }
            from = last
        }
        guard let rule = _rule else { return nil }
        if let last = _times.last, from == last {
            // The rule takes over one second after the last transition.
            guard last < limit else { return nil }
            if rule.offset(at: last + 1) != current { return last + 1 }
        }
        return rule.nextChange(after: from, from: current, through: limit)
    }

    /// The index of the first transition later than `t` (`_times.count` when none is).
    @inline(__always)
    func _upperBound(_ t: Int64) -> Int {
        var lo = 0, hi = _times.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if _times[mid] <= t { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
