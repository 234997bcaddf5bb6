import CalGrid

/// How the commands that change todos name a day, a weekday set and a time in their output.
enum TodoText {
    /// `Wed 2026-12-02`.
    static func day(_ d: CivilDate) -> String { "\(d.weekday.name(.short, .english)) \(d.iso8601)" }

    /// `Mon, Wed, Fri`, `every day`, `weekdays`, `weekends`.
    static func repetition(_ r: WeekdaySet) -> String {
        if r == .all { return "every day" }
        if r == .weekdays { return "weekdays" }
        if r == .weekend { return "weekends" }
        var names: [String] = []
        for w in [Weekday.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday] where r.contains(w) {
            names.append("\(w.name(.short, .english))")
        }
        return names.joined(separator: ", ")
    }

    /// `07:30`.
    static func time(_ minutes: Int16) -> String {
        let h = Int(minutes) / 60, m = Int(minutes) % 60
        return (h < 10 ? "0" : "") + "\(h):" + (m < 10 ? "0" : "") + "\(m)"
    }

    /// `each occurrence 3 days, due on its last day` for a todo whose occurrences cover several
    /// days; nil when each is one day.
    static func occurrenceWords(_ i: Int, in set: TodoSet) -> String? {
        let n = set.occurrenceDays(at: i)
        return n > 1 ? "each occurrence \(n) days, due on its last day" : nil
    }

    /// The occurrence of a todo with occurrences of several days that is due on or after `today`
    /// (the first not done that has not ended), with its last day (its deadline) and length; nil
    /// for any other todo, or when none is due.
    static func occurrenceDue(_ i: Int, in set: TodoSet, today: CivilDate) -> (first: CivilDate, last: CivilDate, days: Int32)? {
        let n = set.occurrenceDays(at: i)
        guard n > 1, !set.isEvent(at: i), let due = set.nextDueDay(onOrAfter: today, at: i),
              let first = set.occurrence(covering: due, at: i), let last = try? first.adding(days: Int(n) - 1) else { return nil }
        return (first, last, n)
    }

    /// One line for a todo after a change: `gym  Gym · challenge · Mon 2026-11-30 ... Mon 2026-12-28
    /// · Mon, Wed, Fri · 2/13 days`.
    static func summary(_ i: Int, in set: TodoSet) -> String {
        var parts = ["\(set.id(at: i))  \(set.title(at: i))"]
        if set.isChallenge(at: i) { parts.append("challenge") }
        switch (set.start(at: i), set.end(at: i)) {
        case let (a?, b?): parts.append("\(day(a)) ... \(day(b))")
        case let (a?, nil): parts.append("from \(day(a))")
        case let (nil, b?): parts.append("until \(day(b))")
        case (nil, nil): parts.append("undated")
        }
        if let r = set.recurrence(at: i) {
            parts.append(RuleWords.describe(r))
            if let w = occurrenceWords(i, in: set) { parts.append(w) }
        } else if set.repetition(at: i) != .all { parts.append(repetition(set.repetition(at: i))) }
        if set.isEvent(at: i) {
            parts.append("event")   // never done, so "not done" would be noise
        } else if set.isTracked(at: i), set.trackedDayCount(at: i) > 0 {
            parts.append("\(set.doneDayCount(at: i))/\(set.trackedDayCount(at: i)) days")
        } else if set.ticksPerDay(at: i), set.doneDayCount(at: i) > 0, !set.isCompleted(at: i) {
            parts.append("\(set.doneDayCount(at: i)) ticked")   // a rule with no end: no total to show
        } else {
            parts.append(set.isDone(at: i) ? "done" : "not done")
        }
        return parts.joined(separator: " · ")
    }

    /// `2026-11-30 08:05 +01:00`: seconds since 1970-01-01T00:00:00Z as the wall clock of `zone`
    /// showed them then (by the zone's rules at that instant), with the offset in force, so the
    /// reader sees their own time and can still tell the instant.
    static func instant(_ seconds: Int64, in zone: TimeZoneRules) -> String {
        guard let t = zone.localTime(at: seconds) else { return "\(seconds) s after 1970" }
        return t.day.iso8601 + " " + time(Int16(t.secondOfDay / 60)) + " " + offset(t.utcOffset)
    }

    /// `+01:00`, `-03:30`, `+05:45`; whole minutes, as RFC 3339 writes offsets (seconds are
    /// dropped: only pre-1900 local mean times have them).
    static func offset(_ seconds: Int32) -> String {
        let m = Int(seconds.magnitude) / 60
        let hh = m / 60, mm = m % 60
        return (seconds < 0 ? "-" : "+") + (hh < 10 ? "0" : "") + "\(hh):" + (mm < 10 ? "0" : "") + "\(mm)"
    }

    /// Why `day` cannot be ticked for the todo at `i` (the core said `dayNotTracked`): outside its
    /// span, off its repetition, or it keeps no per-day flags.
    static func notTracked(_ day: CivilDate, at i: Int, in set: TodoSet) -> String {
        let name = "'\(set.title(at: i))' (\(set.id(at: i)))"
        guard let s = set.start(at: i), let e = set.end(at: i) else {
            if set.start(at: i) != nil || set.end(at: i) != nil {
                return "\(name): " + TodoError.dayNotTracked(position: i, day: day).description
            }
            return "\(name) has no per-day ticks (it needs a start and an end)"
        }
        if day < s || day > e {
            return "\(day.iso8601) is outside \(name), which runs \(s.iso8601) ... \(e.iso8601)"
        }
        return "\(name) repeats on \(repetition(set.repetition(at: i))); \(day.iso8601) is a \(day.weekday.name(.long, .english))"
    }

    /// One line for a rule of the library that a change broke: the core's sentence, except that a
    /// day that cannot be ticked is explained from the todo itself (its span or its repetition).
    static func describe(_ error: TodoError, in set: TodoSet) -> String {
        if case .dayNotTracked(let i, let d) = error { return notTracked(d, at: i, in: set) }
        return error.description
    }
}
