import CalGrid

/// The built-in todo set used when no `--todos FILE` is given: deterministic, built relative to
/// `today`, so `calgrid month` always shows running challenges with completed and missed days,
/// deadlines ahead, a finished todo and an overdue one, whatever the date.
enum SampleTodos {
    static func drafts(today t: CivilDate) -> [TodoDraft] {
        // Within 40 days of 0001-01-01 or 9999-12-31 the sample's dates would leave the calendar:
        // there the sample set is empty.
        guard (try? t.adding(days: -40)) != nil, (try? t.adding(days: 40)) != nil else { return [] }
        func d(_ offset: Int) -> CivilDate { t.advanced(by: offset) }
        // Registration times: `daysAgo` days before today at `hour`:00 UTC.
        func created(_ daysAgo: Int, _ hour: Int) -> Int64 {
            (Int64(t.dayNumber) - Int64(daysAgo)) * LocalTime.secondsPerDay + Int64(hour) * 3_600
        }
        /// Per-day flags for the repeat days of [start, end]: a day before today is done unless
        /// `missed` says otherwise; today follows `doneToday`; the future is not done.
        func flags(_ start: Int, _ end: Int, _ repetition: WeekdaySet, doneToday: Bool,
                   missed: (Int) -> Bool) -> [Bool] {
            var out: [Bool] = []
            var k = 0
            for off in start...end where repetition.contains(d(off).weekday) {
                out.append(off < 0 ? !missed(k) : (off == 0 && doneToday))
                k += 1
            }
            return out
        }
        /// A finished todo with a span: every day of it done (the set tracks spans day by day).
        func allDone(_ start: Int, _ end: Int) -> [Bool] { flags(start, end, .all, doneToday: true) { _ in false } }
        let mwf = WeekdaySet(rawValue: 0b0101010)   // Mon, Wed, Fri (bit n = weekday n)
        return [
            TodoDraft(id: "run", title: "Morning run 5 km", start: d(-20), end: d(9),
                      createdAt: created(21, 7), isChallenge: true,
                      completedDays: flags(-20, 9, .all, doneToday: true) { $0 % 5 == 3 },
                      reminderMinutes: 6 * 60 + 30, tags: ["health"]),
            TodoDraft(id: "read", title: "Read 20 pages", memo: "Currently: The Pragmatic Programmer",
                      start: d(-12), end: d(17), createdAt: created(13, 21), isChallenge: true,
                      completedDays: flags(-12, 17, .all, doneToday: false) { $0 % 4 == 2 },
                      tags: ["books"]),
            TodoDraft(id: "gym", title: "Gym: strength", start: d(-27), end: d(30), createdAt: created(28, 18),
                      isChallenge: true, repetition: mwf,
                      completedDays: flags(-27, 30, mwf, doneToday: false) { $0 == 4 || $0 == 7 },
                      tags: ["health"]),
            TodoDraft(id: "korean", title: "한국어 공부 (Korean study)", start: d(-9), end: d(12),
                      createdAt: created(10, 9), isChallenge: true, repetition: .weekdays,
                      completedDays: flags(-9, 12, .weekdays, doneToday: true) { $0 % 3 == 1 },
                      tags: ["language"]),
            TodoDraft(id: "tax", title: "File tax return", memo: "Receipts are in the blue folder",
                      start: d(-12), end: d(-3), createdAt: created(14, 10), tags: ["admin"]),
            TodoDraft(id: "report", title: "Quarterly report", start: d(-4), end: d(3),
                      createdAt: created(5, 9), tags: ["work"]),
            TodoDraft(id: "slides", title: "Slides for Friday demo", start: d(1), end: d(4),
                      createdAt: created(2, 16), tags: ["work"]),
            TodoDraft(id: "dentist", title: "Dentist appointment", start: d(2), end: d(2),
                      createdAt: created(6, 12), reminderMinutes: 9 * 60),
            TodoDraft(id: "passport", title: "Renew passport", start: d(-26), end: d(-16),
                      createdAt: created(30, 11), completedDays: allDone(-26, -16), tags: ["admin"]),
            TodoDraft(id: "groceries", title: "Buy groceries", start: d(0), end: d(0),
                      createdAt: created(1, 19), completedDays: allDone(0, 0)),
            TodoDraft(id: "call", title: "Call Mum", start: d(-1), end: d(-1), createdAt: created(3, 20),
                      completedDays: allDone(-1, -1), tags: ["family"]),
            TodoDraft(id: "trip", title: "Plan the winter trip", start: d(6), end: d(13),
                      createdAt: created(0, 8), tags: ["family"]),
            TodoDraft(id: "piano", title: "Learn a piano piece", createdAt: created(40, 22), tags: ["someday"]),
            TodoDraft(id: "blog", title: "Write a blog post about CalGrid", start: d(-2),
                      createdAt: created(2, 14)),
        ]
    }
}
