extension TodoSet {
    /// The set's counts and spans, with "overdue" judged on `today` (the engine never reads the clock).
    /// Reads the set only, so any number of threads may call it on a set no thread changes.
    /// - Complexity: O(n) for n todos, one pass over the columns (plus O(log R) per todo with one of
    ///   the R recurrence rules); allocates nothing.
    public func statistics(on today: CivilDate) -> TodoSetStatistics {
        var r = TodoSetStatistics()
        r.count = count
        var earliest = Int32.max, latest = Int32.min
        for i in 0..<count {
            let flags = _columns.flags[i]
            if flags & TodoSet._challenge != 0 { r.challenges += 1 }
            let event = flags & TodoSet._event != 0
            if event { r.events += 1 }
            let s = _columns.start[i], e = _columns.end[i]
            let hasStart = _DayKey.isDay(s), hasEnd = _DayKey.isDay(e)
            switch (hasStart, hasEnd) {
            case (true, true): r.dated += 1
            case (false, false): r.undated += 1
            default: r.openEnded += 1
            }
            // One count of the repeat days per todo, for the sums and for done-ness.
            let n = _trackedDays(i)   // repeat days, or a rule's occurrences
            let p = _progress(i, trackedDays: n)
            if p.done == p.total { r.done += 1 } else if hasEnd && !event && (e < today.dayNumber || (flags & TodoSet._ruled != 0 && _deadline(i) < today.dayNumber)) {
                r.overdue += 1   // by its deadline: a rule's last occurrence's last day (`deadline(at:)`)
            }
            if n > 0 { r.trackedDays += n; r.doneDays += p.done }
            if hasStart { earliest = Swift.min(earliest, s) }
            if hasEnd { latest = Swift.max(latest, e) }
            if hasStart && hasEnd {
                let days = Int(e) - Int(s) + 1
                if days > r.longestDays { r.longestDays = days; r.longestIndex = i }
            }
        }
        if earliest != Int32.max { r.earliestStart = CivilDate(_unchecked: earliest) }
        if latest != Int32.min { r.latestEnd = CivilDate(_unchecked: latest) }
        return r
    }
}
