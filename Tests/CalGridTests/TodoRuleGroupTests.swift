import Testing
import CalGridTestSupport
@testable import CalGrid

/// The day tables' grouped build of rule rows (`_DayTable+Rules.swift`): rows that share a
/// pattern share one list of its days. Random sets where many rows share a few patterns, with
/// COUNT, UNTIL, ends, open ends, RDATE and EXDATE days and intervals, are built both ways and
/// against `fallsOn`; a wrong bound must be seen (the negative control of the check every debug
/// build runs).
@Suite struct TodoRuleGroupTests {
    static func day(_ n: Int32) -> CivilDate { CivilDate(_unchecked: n) }

    /// Few shapes, so that rows share patterns; BYSETPOS and BYYEARDAY ones are walked alone.
    static let shapes = ["FREQ=MONTHLY;BYDAY=2TU", "FREQ=MONTHLY;BYDAY=-1FR", "FREQ=WEEKLY;INTERVAL=2",
                         "FREQ=YEARLY", "FREQ=WEEKLY;BYDAY=MO,WE", "FREQ=DAILY", "FREQ=DAILY;INTERVAL=3",
                         "FREQ=MONTHLY;BYMONTHDAY=-1", "FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=1,15",
                         "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30",
                         "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "FREQ=YEARLY;BYYEARDAY=100",
                         "FREQ=WEEKLY;INTERVAL=3;WKST=SU;BYDAY=SU,SA", "FREQ=MONTHLY"]

    /// `spans`: about one row in three has occurrences of 2, 3 or 7 days (only where no two of
    /// its occurrences overlap: no daily shape, no RDATE), ending by its end.
    static func randomDrafts(_ n: Int, using g: inout SeededRandom, spans: Bool = false) -> [TodoDraft] {
        (0..<n).map { k in
            let s = day(20_000 + Int32.random(in: 0..<400, using: &g))
            var text = shapes.randomElement(using: &g)!
            switch Int.random(in: 0..<4, using: &g) {
            case 0: text += ";COUNT=\(Int.random(in: 1...30, using: &g))"
            case 1: text += ";UNTIL=" + day(s.dayNumber + Int32.random(in: -3..<300, using: &g)).iso8601.filter { $0 != "-" }
            default: break
            }
            let rule = try! RecurrenceRule(parsing: text)
            var r = Recurrence(start: s, rule: rule)
            if Int.random(in: 0..<6, using: &g) == 0 {
                let some = Array(r.occurrences(in: s...day(s.dayNumber + 200)).prefix(6))
                r = Recurrence(start: s, rule: rule, rdates: [day(s.dayNumber + Int32.random(in: 1..<90, using: &g))],
                               exdates: some.isEmpty ? [] : [some.randomElement(using: &g)!])
            }
            var end: CivilDate? = Bool.random(using: &g) ? nil : day(s.dayNumber + Int32.random(in: 0..<500, using: &g))
            var d = TodoDraft(id: "r\(k)", title: "t", start: s, end: end, isChallenge: Int.random(in: 0..<4, using: &g) == 0,
                              isCompleted: end == nil && Int.random(in: 0..<5, using: &g) == 0, recurrence: r)
            if spans, r.rdates.isEmpty, !text.hasPrefix("FREQ=DAILY"), !text.contains("BYDAY=MO,WE"), !text.contains("SU,SA"),
               !text.contains("BYDAY=MO,TU"), Int.random(in: 0..<3, using: &g) == 0 {
                d.occurrenceDays = [2, 3, 7].randomElement(using: &g)!
                if let e = end, e.dayNumber < s.dayNumber + d.occurrenceDays - 1 { end = day(s.dayNumber + d.occurrenceDays - 1); d.end = end }
            }
            return d
        }
    }

    /// The grouped build against every row walked alone, for every table kind, over the set's own
    /// table and over windows reaching past it (where open-ended rows go on).
    /// `positionBudget`: the position tables' (−1 the build's own, 0 none: every pattern's days
    /// searched).
    static func mismatches(_ set: TodoSet, runSkew: Int, positionBudget: Int = -1) -> Int {
        var bad = 0
        for k in 0..<TodoKind._tableKindCount {
            let kind = TodoKind._tableKind(at: k)
            for (a, b) in [(Int32(19_990), Int32(21_000)), (20_100, 20_130), (19_000, 22_500)] {
                bad += _DayTable._ruleRowMismatches(of: set, kindMask: kind._flagMask, kindWant: kind._flagWant,
                                                    first: a, last: b, runSkew: runSkew, positionBudget: positionBudget)
            }
        }
        return bad
    }

    @Test(arguments: 0..<12)
    func groupedBuildEqualsEachRowWalkedAlone(seed: UInt64) throws {
        var g = SeededRandom(seed: 0x6E0F + seed)
        let set = try TodoSet(Self.randomDrafts(Int.random(in: 1...300, using: &g), using: &g, spans: seed % 2 == 1))
        #expect(Self.mismatches(set, runSkew: 0) == 0)
    }

    /// How many occurrences of row `i` cover `d`, from its recurrence day by day (not the set's
    /// span machinery): those starting in the `occurrenceDays` days up to `d`, inside its span.
    static func covering(_ set: TodoSet, _ i: Int, _ d: CivilDate) -> Int {
        guard let r = set.recurrence(at: i) else { return set.fallsOn(d, at: i) ? 1 : 0 }
        let n = Int(set.occurrenceDays(at: i)), s = Int(set.start(at: i)!.dayNumber)
        let last = set.end(at: i).map { Int($0.dayNumber) - n + 1 } ?? Int.max
        return (Int(d.dayNumber) - n + 1...Int(d.dayNumber)).filter { $0 >= s && $0 <= last && r.contains(day(Int32($0))) }.count
    }

    /// Rows whose occurrences cover several days, grouped with the rows of their pattern and
    /// length: the grouped build against each row walked alone (a wrong bound seen), and the
    /// counts against each row's covering occurrences, in the set's own
    /// table and in windows that start inside an occurrence. The negative control: the same set
    /// with every occurrence one day counts differently.
    @Test(arguments: 0..<4)
    func occurrenceSpansGroupLikeTheyWalk(seed: UInt64) throws {
        var g = SeededRandom(seed: 0x5A17 + seed)
        let drafts = Self.randomDrafts(240, using: &g, spans: true)
        #expect(drafts.contains { $0.occurrenceDays > 1 })
        let set = try TodoSet(drafts)
        #expect(Self.mismatches(set, runSkew: 0) == 0 && Self.mismatches(set, runSkew: 1) > 0)
        let oneDay = try TodoSet(drafts.map { var d = $0; d.occurrenceDays = 1; return d })
        var differ = 0
        for (a, b) in [(Int32(19_995), Int32(20_700)), (20_101, 20_160), (21_500, 21_600)] {
            let counts = set.dayCounts(from: Self.day(a), through: Self.day(b))
            let flat = oneDay.dayCounts(from: Self.day(a), through: Self.day(b))
            for t in 0..<counts.dayCount {
                let d = Self.day(a + Int32(t))
                // Each covering occurrence counts: a start day off the pattern may lie within a
                // few days of the pattern's next day, so one row's occurrences can overlap.
                #expect(Int(counts.total[t]) == (0..<set.count).reduce(0) { $0 + Self.covering(set, $1, d) }, "\(d.iso8601)")
                if counts.total[t] != flat.total[t] { differ += 1 }
            }
        }
        #expect(differ > 0)
    }

    @Test(arguments: 0..<6)
    func countsAgreeWithFallsOn(seed: UInt64) throws {
        var g = SeededRandom(seed: 0xD4E + seed)
        let set = try TodoSet(Self.randomDrafts(120, using: &g))
        let a = Self.day(19_995), b = Self.day(20_700)
        let counts = set.dayCounts(from: a, through: b)
        for t in 0..<counts.dayCount {
            let d = Self.day(a.dayNumber + Int32(t))
            let want = (0..<set.count).filter { set.fallsOn(d, at: $0) }.count
            #expect(Int(counts.total[t]) == want, "\(d.iso8601)")
        }
        // Past the table's end too, where only the open-ended rows fall.
        let far = set.dayCounts(from: Self.day(21_500), through: Self.day(21_600))
        for t in 0..<far.dayCount {
            let d = Self.day(21_500 + Int32(t))
            #expect(Int(far.total[t]) == (0..<set.count).filter { set.fallsOn(d, at: $0) }.count, "\(d.iso8601)")
        }
    }

    /// A run one pattern day too long (a wrong COUNT, UNTIL or end bound) must show.
    @Test func aWrongBoundIsSeen() throws {
        var g = SeededRandom(seed: 0xBAD)
        let set = try TodoSet(Self.randomDrafts(200, using: &g))
        #expect(Self.mismatches(set, runSkew: 0) == 0)
        #expect(Self.mismatches(set, runSkew: 1) > 0)
    }

    /// Both ways to find a row's run: every pattern with a position table, none with one (the
    /// binary search), and the two mixed (a budget that runs out part way), each with its
    /// negative control. (The build's own budget tables only patterns of 8 days or more.)
    @Test(arguments: [0, 1 << 30, 3_000])
    func bothRunLookupsAgree(positionBudget: Int) throws {
        var g = SeededRandom(seed: 0x9051 &+ UInt64(positionBudget))
        let set = try TodoSet(Self.randomDrafts(250, using: &g))
        #expect(Self.mismatches(set, runSkew: 0, positionBudget: positionBudget) == 0)
        #expect(Self.mismatches(set, runSkew: 1, positionBudget: positionBudget) > 0)
    }

    /// A span of centuries and few rows: the build's own budget gives no pattern a position table
    /// (4 × 40 + 65,536 entries, under one table of 73,000 days), so the grouped build searches;
    /// over a short span the same rows' patterns of 8 days or more have tables. Both against
    /// `fallsOn`.
    @Test func aWideSpanSearchesInsteadOfTabling() throws {
        var g = SeededRandom(seed: 0x5BA4)
        var drafts = Self.randomDrafts(40, using: &g)
        drafts.append(TodoDraft(id: "far", title: "far", start: Self.day(-40_000), end: Self.day(-40_000)))
        drafts.append(TodoDraft(id: "later", title: "later", start: Self.day(33_000), end: Self.day(33_000)))
        let set = try TodoSet(drafts)
        for (a, b) in [(Int32(-40_007), Int32(33_007)), (19_990, 20_700)] {
            var bad = 0, skewed = 0
            for k in 0..<TodoKind._tableKindCount {
                let kind = TodoKind._tableKind(at: k)
                bad += _DayTable._ruleRowMismatches(of: set, kindMask: kind._flagMask, kindWant: kind._flagWant,
                                                    first: a, last: b, runSkew: 0)
                skewed += _DayTable._ruleRowMismatches(of: set, kindMask: kind._flagMask, kindWant: kind._flagWant,
                                                       first: a, last: b, runSkew: 1)
            }
            #expect(bad == 0 && skewed > 0, "\(a)...\(b)")
        }
        let a = Self.day(19_995), counts = set.dayCounts(from: a, through: Self.day(20_500))
        for t in 0..<counts.dayCount {
            let d = Self.day(a.dayNumber + Int32(t))
            #expect(Int(counts.total[t]) == (0..<set.count).filter { set.fallsOn(d, at: $0) }.count, "\(d.iso8601)")
        }
    }

    @Test func patternsAreEqualExactlyWhenTheDaysAre() throws {
        func key(_ text: String, _ start: String, rdates: [CivilDate] = []) throws -> (UInt64, UInt64, UInt64, UInt64) {
            _TodoRule._make(Recurrence(start: try CivilDate(iso8601: start), rule: try RecurrenceRule(parsing: text), rdates: rdates))._key
        }
        func pattern(_ k: (UInt64, UInt64, UInt64, UInt64)) -> [UInt64] { [k.0, k.1, k.2] }
        // DTSTART's day of the month filled in, and an explicit one: the same pattern.
        #expect(pattern(try key("FREQ=MONTHLY", "2026-01-13")) == pattern(try key("FREQ=MONTHLY;BYMONTHDAY=13", "2026-05-13")))
        #expect(pattern(try key("FREQ=MONTHLY", "2026-01-13")) != pattern(try key("FREQ=MONTHLY", "2026-01-14")))
        // Every 2 weeks: starts a week apart are the other half of the weeks.
        #expect(pattern(try key("FREQ=WEEKLY;INTERVAL=2", "2026-12-07")) == pattern(try key("FREQ=WEEKLY;INTERVAL=2", "2026-12-21")))
        #expect(pattern(try key("FREQ=WEEKLY;INTERVAL=2", "2026-12-07")) != pattern(try key("FREQ=WEEKLY;INTERVAL=2", "2026-12-14")))
        // WKST places the weeks of an interval, and only then.
        #expect(pattern(try key("FREQ=WEEKLY;INTERVAL=2;BYDAY=SU,MO", "2026-12-07"))
                != pattern(try key("FREQ=WEEKLY;INTERVAL=2;BYDAY=SU,MO;WKST=SU", "2026-12-07")))
        #expect(pattern(try key("FREQ=WEEKLY;BYDAY=SU,MO", "2026-12-07")) == pattern(try key("FREQ=WEEKLY;BYDAY=SU,MO;WKST=SU", "2026-12-07")))
        #expect(pattern(try key("FREQ=MONTHLY;BYDAY=2TU", "2026-12-08")) != pattern(try key("FREQ=MONTHLY;BYDAY=-2TU", "2026-12-08")))
        // COUNT and UNTIL are the bound, not the pattern.
        let counted = try key("FREQ=DAILY;COUNT=3", "2026-12-01"), until = try key("FREQ=DAILY;UNTIL=20261203", "2026-12-01")
        #expect(pattern(counted) == pattern(until) && counted.3 == until.3)
        #expect(Int32(truncatingIfNeeded: UInt32(truncatingIfNeeded: counted.3)) == (try CivilDate(iso8601: "2026-12-03")).dayNumber)
        // Walked alone: BYSETPOS, BYYEARDAY, BYWEEKNO, ordinals past 5, RDATE days.
        for text in ["FREQ=MONTHLY;BYDAY=MO,FR;BYSETPOS=1", "FREQ=YEARLY;BYYEARDAY=7", "FREQ=YEARLY;BYWEEKNO=3",
                     "FREQ=YEARLY;BYDAY=20MO"] {
            #expect(try key(text, "2026-12-01").1 == 0, "\(text)")
        }
        #expect(try key("FREQ=DAILY", "2026-12-01", rdates: [try CivilDate(iso8601: "2027-01-05")]).1 == 0)
    }

    /// The set keeps the key column beside its rules through removals and compaction.
    @Test func theKeyColumnFollowsTheRows() throws {
        var g = SeededRandom(seed: 0xC01)
        var set = try TodoSet(Self.randomDrafts(80, using: &g))
        set.prepareDayCounts()
        set.remove(at: 3)
        set.removeAll { $0 % 5 == 0 }
        #expect(set._rules.keys.count == 4 * set._rules.count)
        for k in 0..<set._rules.count {
            let key = set._rules.rules[k]._key
            // The fourth word's high half is the row's occurrence length less one.
            let extra = UInt64(set.occurrenceDays(at: Int(set._rules.rows[k])) - 1) << 32
            #expect(Array(set._rules.keys[(4 * k)..<(4 * k + 4)]) == [key.0, key.1, key.2, key.3 | extra])
        }
        #expect(set._dayTableMismatches() == 0 && Self.mismatches(set, runSkew: 0) == 0)
    }
}
