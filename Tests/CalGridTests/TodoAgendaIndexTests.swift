import Testing
@testable import CalGrid
import CalGridTestSupport

/// The agenda read through its indexes (`_AgendaIndex`: rule rows by first occurrence and by
/// pattern, title ranks and times per row) against a reference model that knows none of them:
/// every item, every day of the range, asked through the public `fallsOn(_:at:)` (the rule's own
/// day test), then put in the agenda's order with the titles' bytes compared and the times read
/// per item. Random sets mix rules of every pattern family (daily, weekly with intervals and
/// BYDAY, monthly by day and by weekday, yearly), COUNT and UNTIL, RDATE and EXDATE (walked
/// rows), lunar rules, occurrences over several days, weekday repetitions, open ends, events,
/// challenges, times and ties of titles; then the set changes (titles, times, dates, rules,
/// ticks, removals) and the agenda must follow.
@Suite struct TodoAgendaIndexTests {
    static let base = try! CivilDate(iso8601: "2026-01-01")

    static let rules = [
        "FREQ=DAILY", "FREQ=DAILY;INTERVAL=3", "FREQ=WEEKLY", "FREQ=WEEKLY;INTERVAL=2",
        "FREQ=WEEKLY;BYDAY=MO,WE,FR", "FREQ=WEEKLY;BYDAY=TU;COUNT=5", "FREQ=MONTHLY",
        "FREQ=MONTHLY;BYMONTHDAY=31", "FREQ=MONTHLY;BYDAY=-1FR", "FREQ=YEARLY",
        "FREQ=DAILY;COUNT=4", "FREQ=WEEKLY;UNTIL=20260301", "FREQ=DAILY;BYDAY=SA,SU",
    ]

    /// The reference model: (day, index) pairs in the agenda's order.
    static func reference(_ set: TodoSet, _ from: CivilDate, _ through: CivilDate, kind: TodoKind) throws -> [TodoOccurrence] {
        var want: [(Int64, Int64, Int64, [UInt8], Int, CivilDate)] = []
        var d = from
        while d <= through {
            for i in set.indices where set.fallsOn(d, at: i) {
                let isEvent = set.isEvent(at: i), isChallenge = set.isChallenge(at: i)
                let keep: Bool
                switch kind {
                case .all: keep = true
                case .events: keep = isEvent
                case .todos: keep = !isEvent
                case .challenges: keep = isChallenge && !isEvent
                case .plain: keep = !isChallenge && !isEvent
                }
                guard keep else { continue }
                // khal list's order: the occurrence's start (its first day, then its start time;
                // all-day as 00:00), then its end (last day, end time), then the title. The
                // occurrence covering d: a rule's earliest one covering it (the agenda lists a
                // day two occurrences cover once), a span's whole span when it is on every day
                // of it, else that day alone.
                // A todo (khal lists none) as if it began that day: all-day first, then by start
                // time, then by title.
                // Each occurrence's own times (a zone of their own moves them; `times(at:on:)`).
                let t = set.times(at: i, on: d)
                let sm = Int64(t?.start ?? 0), em = isEvent ? Int64(t?.end ?? 0) : (t == nil ? 0 : 1)
                let dn = Int64(d.dayNumber)
                var first = dn, last = dn
                if !isEvent {
                } else if let rule = set._rule(i) {
                    var o: Int32? = nil
                    set._forEachCovering(i, rule, d.dayNumber) { o = $0; return false }
                    first = Int64(o ?? d.dayNumber); last = first + Int64(set.occurrenceDays(at: i)) - 1
                } else if set.repetition(at: i) == WeekdaySet(rawValue: 0x7F) {
                    // Without a start or an end day: continuing from long before and on without
                    // end (documented; no client writes such an event).
                    if let s = set.start(at: i), let e = set.end(at: i) {
                        first = Int64(s.dayNumber); last = Int64(e.dayNumber)
                    } else {
                        first = Int64(Int32.min); last = Int64(Int32.max)
                        if let s = set.start(at: i) { first = Int64(s.dayNumber) }
                    }
                }
                want.append((Int64(from.days(to: d)), first * 1440 + sm, last * 1440 + em, Array(set.title(at: i).utf8), i, d))
            }
            d = try d.adding(days: 1)
        }
        want.sort { a, b in
            if a.0 != b.0 { return a.0 < b.0 }
            if a.1 != b.1 { return a.1 < b.1 }
            if a.2 != b.2 { return a.2 < b.2 }
            return a.3 != b.3 ? a.3.lexicographicallyPrecedes(b.3) : a.4 < b.4
        }
        return want.map { TodoOccurrence(day: $0.5, index: $0.4, times: set.times(at: $0.4, on: $0.5)) }
    }

    static func randomDraft(_ k: Int, _ rng: inout SeededRandom) throws -> TodoDraft {
        let s = try base.adding(days: Int.random(in: 0..<120, using: &rng))
        let e = try s.adding(days: Int.random(in: 0..<90, using: &rng))
        let titles = ["b", "a", "c", "ab", "", "Zoo", "a b", "é"]
        var d = TodoDraft(id: "t\(k)", title: titles.randomElement(using: &rng)!, start: s,
                          end: Int.random(in: 0..<6, using: &rng) == 0 ? nil : e,
                          isEvent: Int.random(in: 0..<3, using: &rng) == 0)
        if !d.isEvent && Bool.random(using: &rng) { d.isChallenge = true }
        switch Int.random(in: 0..<10, using: &rng) {
        case 0..<5:
            var rdates: [CivilDate] = [], exdates: [CivilDate] = []
            if Int.random(in: 0..<6, using: &rng) == 0 { rdates = [try s.adding(days: Int.random(in: 1..<40, using: &rng))] }
            if Int.random(in: 0..<6, using: &rng) == 0 { exdates = [try s.adding(days: Int.random(in: 0..<20, using: &rng))] }
            let text = rules.randomElement(using: &rng)!
            d.recurrence = Recurrence(start: s, rule: try RecurrenceRule(parsing: text), rdates: rdates, exdates: exdates)
            if Int.random(in: 0..<3, using: &rng) == 0 {
                d.occurrenceDays = Int32.random(in: 2...9, using: &rng)
                if let end = d.end, s.days(to: end) < Int(d.occurrenceDays) - 1 { d.end = try s.adding(days: Int(d.occurrenceDays) - 1) }
            }
        case 5:
            d.recurrence = Recurrence(start: s, rule: try RecurrenceRule(parsing: "FREQ=YEARLY;RSCALE=DANGI"))
        case 6, 7:
            d.repetition = WeekdaySet(rawValue: UInt8.random(in: 1...0x7F, using: &rng))
        default:
            break
        }
        if Bool.random(using: &rng) {
            d.times = TodoTimes(start: Int.random(in: 0..<1440, using: &rng), end: Int.random(in: 0..<1440, using: &rng))
        }
        return d
    }

    static func check(_ set: TodoSet, _ rng: inout SeededRandom, seed: UInt64) throws {
        for _ in 0..<5 {
            let from = try base.adding(days: Int.random(in: -20..<200, using: &rng))
            let through = try from.adding(days: [0, 1, 7, 30, 90].randomElement(using: &rng)!)
            let kind = [TodoKind.all, .all, .events, .todos, .challenges, .plain].randomElement(using: &rng)!
            let want = try reference(set, from, through, kind: kind)
            // Both forms of the agenda's answer (`_AgendaOccurrences`): the choice by the range's
            // items (`occurrences`), and each one forced.
            for marking in [nil, true, false] as [Bool?] {
                let got = marking.map { set._occurrences(set._agenda(from: from, through: through, kind: kind, marking: $0)) }
                    ?? set.occurrences(from: from, through: through, kind: kind)
                // The first difference, not both lists (hundreds of entries).
                let differs = (0..<max(got.count, want.count)).first { $0 >= got.count || $0 >= want.count || got[$0] != want[$0] }
                #expect(differs == nil, "seed \(seed), marking \(String(describing: marking)), \(from)...\(through), kind \(kind): \(got.count) vs \(want.count) occurrences, first difference at \(differs ?? -1): \(differs.map { $0 < got.count ? "\(got[$0])" : "-" } ?? "") vs \(differs.map { $0 < want.count ? "\(want[$0])" : "-" } ?? "")")
            }
        }
    }

    @Test func indexedAgendaEqualsBruteForce() throws {
        for seed in UInt64(1)...30 {
            var rng = SeededRandom(seed: seed)
            var drafts: [TodoDraft] = []
            for k in 0..<Int.random(in: 1..<150, using: &rng) { drafts.append(try Self.randomDraft(k, &rng)) }
            var set = try TodoSet(drafts)
            try Self.check(set, &rng, seed: seed)
            // Changes the indexes must follow: a new title or times (dates kept), new dates or
            // rule, a tick, a removal, an insert.
            for _ in 0..<4 {
                let i = Int.random(in: 0..<set.count, using: &rng)
                var d = drafts[Int(set.id(at: i).dropFirst())!]
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: d.title = ["", "zz", "a", "0"].randomElement(using: &rng)!
                case 1: d.times = Bool.random(using: &rng) ? nil : TodoTimes(start: Int.random(in: 0..<1440, using: &rng), end: 1439)
                case 2: d = try Self.randomDraft(Int(set.id(at: i).dropFirst())!, &rng)
                default:
                    if let day = set.occurrences(from: Self.base, through: try Self.base.adding(days: 200)).first(where: { $0.index == i })?.day,
                       !set.isEvent(at: i) {
                        _ = try? set.toggleDone(on: day, at: i)
                    }
                    continue
                }
                drafts[Int(set.id(at: i).dropFirst())!] = d
                try set.update(at: i, to: d)
                try Self.check(set, &rng, seed: seed)
            }
            if set.count > 1 { set.remove(at: Int.random(in: 0..<set.count, using: &rng)) }
            try set.insert(contentsOf: [try Self.randomDraft(1000, &rng)])
            try Self.check(set, &rng, seed: seed)
        }
    }

    /// A negative control: the reference model sees a changed title that an agenda index kept from
    /// before the change would not (the index is dropped on the change, so both agree).
    @Test func titleChangeReordersTheDay() throws {
        let day = Self.base
        var set = try TodoSet([TodoDraft(id: "x", title: "b", start: day, end: day),
                               TodoDraft(id: "y", title: "c", start: day, end: day)])
        #expect(set.occurrences(from: day, through: day).map(\.index) == [0, 1])
        try set.update(at: 0, to: TodoDraft(id: "x", title: "d", start: day, end: day))
        #expect(set.occurrences(from: day, through: day).map(\.index) == [1, 0])
        try set.update(at: 1, to: TodoDraft(id: "y", title: "e", start: day, end: day, times: TodoTimes(start: 60, end: 120)))
        #expect(set.occurrences(from: day, through: day).map(\.index) == [0, 1])
    }
}
