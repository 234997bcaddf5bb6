import Testing
@testable import CalGrid

/// Times of day and locations: kept per item in a side table by row, given back by `draft(at:)`,
/// carried through updates and removals, and free for a set whose items have none.
@Suite struct TodoTimesTests {
    static func day(_ s: String) -> CivilDate { try! CivilDate(iso8601: s) }

    static func drafts() -> [TodoDraft] {
        let d = day("2026-11-03")
        return [
            TodoDraft(id: "trip", title: "Trip", start: d, end: day("2026-11-05"), isEvent: true, location: "Busan"),
            TodoDraft(id: "meet", title: "Meeting", start: d, end: d, isEvent: true,
                      times: TodoTimes(start: 600, end: 660), location: "Room 4"),
            TodoDraft(id: "tax", title: "Tax", end: d),
            TodoDraft(id: "call", title: "Call", start: d, end: d, times: TodoTimes(start: 840, end: 840)),
            TodoDraft(id: "late", title: "Late show", start: d, end: day("2026-11-04"), isEvent: true,
                      times: TodoTimes(start: 1380, end: 60)),
        ]
    }

    @Test func timesAndLocationsComeBack() throws {
        let set = try TodoSet(Self.drafts())
        for (i, d) in Self.drafts().enumerated() {
            #expect(set.draft(at: i) == d)
            #expect(set.times(at: i) == d.times && set.location(at: i) == d.location)
        }
        #expect(set.times(at: 2) == nil && set.location(at: 3) == nil && set.times(at: 0) == nil)
        #expect(set.memoryFootprint.detailTableBytes > 0)
    }

    @Test func rangeAndText() {
        #expect(TodoTimes(start: -1, end: 0) == nil && TodoTimes(start: 0, end: 1440) == nil)
        #expect(TodoTimes(start: 0, end: 1439) != nil)
        #expect(TodoTimes.text(0) == "00:00" && TodoTimes.text(615) == "10:15" && TodoTimes.text(1439) == "23:59")
        #expect(TodoTimes.minutes(parsing: "10:15") == 615 && TodoTimes.minutes(parsing: "23:59") == 1439)
        for bad in ["24:00", "9:00", "10:60", "10-15", "", "10:155", "ab:cd"] { #expect(TodoTimes.minutes(parsing: bad) == nil) }
        for m: Int16 in stride(from: 0, through: 1439, by: 7) { #expect(TodoTimes.minutes(parsing: TodoTimes.text(m)) == m) }
    }

    @Test func updatesAndRemovalsKeepRows() throws {
        var set = try TodoSet(Self.drafts())
        var meet = set.draft(at: 1)
        meet.times = TodoTimes(start: 540, end: 570); meet.location = "Room 5"
        try set.update(at: 1, to: meet)
        #expect(set.times(at: 1) == TodoTimes(start: 540, end: 570) && set.location(at: 1) == "Room 5")
        var call = set.draft(at: 3)
        call.times = nil
        try set.update(at: 3, to: call)
        #expect(set.times(at: 3) == nil)
        set.remove(at: 0)
        #expect(set.location(at: 0) == "Room 5" && set.times(at: 3) == TodoTimes(start: 1380, end: 60))
        let meetRow = set.index(ofID: "meet")!
        set.removeAll { $0 == meetRow }
        #expect(set.count == 3 && set.times(at: 2) == TodoTimes(start: 1380, end: 60) && set.location(at: 0) == nil)
        #expect(set.draft(at: 2) == Self.drafts()[4])
    }

    @Test func aSetWithoutTimesPaysNothing() throws {
        // 2,000 items, so that a column for times (4 bytes an item at least) would show above the
        // allocator's rounding of each column's capacity (a few bytes a column, varying by run).
        let many = (0..<400).flatMap { k in Self.drafts().map { var d = $0; d.id += "-\(k)"; return d } }
        let plain = try TodoSet(many.map { var d = $0; d.times = nil; d.location = nil; return d })
        #expect(plain.memoryFootprint.detailTableBytes == 0 && !plain.hasTimesOrLocations)
        let timed = try TodoSet(many)
        #expect(timed.memoryFootprint.detailTableBytes > 0)
        #expect(abs(plain.memoryFootprint.columnBytes - timed.memoryFootprint.columnBytes) < 4 * many.count)
    }

    @Test func batchStagesLocations() throws {
        var batch = TodoBatch(Self.drafts())
        #expect(batch.draft(at: 1).location == "Room 4" && batch.draft(at: 2).location == nil)
        batch.removeLast()
        let set = try TodoSet(Self.drafts().dropLast())
        var other = TodoSet()
        try other.insert(contentsOf: batch, range: 0..<batch.count)
        for i in 0..<set.count { #expect(other.draft(at: i) == set.draft(at: i)) }
    }

    /// Zones staged beside alarms in the batch's one record array: each todo keeps its own (the
    /// last one set), its alarms stay alarms, `removeLast` takes a todo's zone with it, the set
    /// keeps the zones in the alarms' table, and drafts are equal by the zones' names.
    @Test func batchStagesZonesBesideAlarms() throws {
        let a = try TimeZoneRules(posixTZ: "<AAA>0<BBB>-1,M11.3.0/2,M12.1.0/2"), b = try TimeZoneRules(posixTZ: "<CCC>-2")
        let alarm = TodoAlarm(clock: .local, day: 0, second: 9 * 3600)
        var batch = TodoBatch()
        func stage(_ id: String) throws {
            let start = Self.day("2026-11-02")
            var d = TodoDraft(id: id, title: id, start: start, isEvent: true, times: TodoTimes(start: 600, end: 660))
            d.recurrence = Recurrence(start: start, rule: try RecurrenceRule(parsing: "FREQ=WEEKLY"))
            batch.append(d)
        }
        try stage("two-alarms")
        batch.appendAlarm(alarm); batch.setTimeZone(TodoTimeZone(source: b, readIn: .utc))
        batch.appendAlarm(alarm); batch.setTimeZone(TodoTimeZone(source: a, readIn: .utc))   // replaces b
        try stage("dropped")
        batch.setTimeZone(TodoTimeZone(source: b, readIn: .utc)); batch.appendAlarm(alarm)
        batch.removeLast()
        try stage("alarm-only"); batch.appendAlarm(alarm)
        try stage("zone-only"); batch.setTimeZone(TodoTimeZone(source: b, readIn: .utc))
        try stage("same-zone"); batch.setTimeZone(TodoTimeZone(source: .utc, readIn: .utc))   // floating: none kept
        #expect(batch.count == 4)
        #expect(batch.draft(at: 0).timeZone == TodoTimeZone(source: a, readIn: .utc))
        #expect(batch.draft(at: 1).timeZone == nil && batch.draft(at: 2).timeZone == TodoTimeZone(source: b, readIn: .utc))
        #expect(batch.draft(at: 3).timeZone == nil)
        var set = TodoSet()
        try set.insert(contentsOf: batch, range: 0..<batch.count)
        #expect(set.count == 4 && set.index(ofID: "dropped") == nil)
        #expect(set.alarmCount(at: 0) == 2 && set.alarmCount(at: 1) == 1 && set.alarmCount(at: 2) == 0)
        #expect(set.timeZone(at: 0)?.source.name == a.name && set.timeZone(at: 1) == nil)
        #expect(set.timeZone(at: 2)?.source.name == b.name && set.timeZone(at: 3) == nil)
        // The second occurrence (9 November) is in a's summer: an hour later on the UTC clock's reading.
        #expect(set.times(at: 0, on: Self.day("2026-11-23")) == TodoTimes(start: 540, end: 600))
        #expect(set.times(at: 2, on: Self.day("2026-11-23")) == TodoTimes(start: 600, end: 660))   // b never moves
        for i in 0..<set.count { #expect(set.draft(at: i) == batch.draft(at: i)) }
        // Equal and hashed by the names, whatever else the rules are.
        var x = set.draft(at: 0), y = x
        y.timeZone = TodoTimeZone(source: try TimeZoneRules(posixTZ: "<AAA>0<BBB>-1,M11.3.0/2,M12.1.0/2"), readIn: .utc)
        #expect(x == y && x.hashValue == y.hashValue)
        x.timeZone = TodoTimeZone(source: b, readIn: .utc)
        #expect(x != y)
    }

    /// The agenda against a brute force: every (day, item) that `fallsOn` says, in the documented
    /// order (day, then khal list's: the occurrence's start, its end, title bytes, index; the
    /// reference model of `TodoAgendaIndexTests`), over random sets with times, rules, events and
    /// open ends; and `sortedIndices(by: .time)` against the same order by start.
    @Test func agendaMatchesBruteForce() throws {
        var rng = SystemRandomNumberGenerator()
        let base = Self.day("2026-11-01")
        let shifting = try TimeZoneRules(posixTZ: "<AAA>0<BBB>-1,M11.3.0/2,M12.1.0/2")
        var moved = 0
        for round in 0..<20 {
            var drafts: [TodoDraft] = []
            for k in 0..<60 {
                let s = try base.adding(days: Int.random(in: 0..<30, using: &rng))
                let e = try s.adding(days: Int.random(in: 0..<10, using: &rng))
                var d = TodoDraft(id: "t\(k)", title: ["b", "a", "c", "ab", ""].randomElement(using: &rng)!,
                                  start: Bool.random(using: &rng) || k % 7 == 0 ? s : nil, end: k % 5 == 0 ? nil : e,
                                  isEvent: k % 3 == 0)
                if d.start == nil, d.end == nil { d.start = s }
                if k % 4 == 0, let st = d.start { d.recurrence = Recurrence(start: st, rule: try RecurrenceRule(parsing: "FREQ=WEEKLY")) }
                if Bool.random(using: &rng) { d.times = TodoTimes(start: Int.random(in: 0..<1440, using: &rng), end: Int.random(in: 0..<1440, using: &rng)) }
                // Some rules' times keep a zone whose clock goes forward an hour from 15 November
                // to 6 December: their occurrences in those weeks move, and a day's order with them.
                if d.recurrence != nil, d.times != nil, Bool.random(using: &rng) { d.timeZone = TodoTimeZone(source: shifting, readIn: .utc) }
                drafts.append(d)
            }
            let set = try TodoSet(drafts)
            let from = try base.adding(days: round), through = try from.adding(days: 7)
            #expect(set.occurrences(from: from, through: through) == (try TodoAgendaIndexTests.reference(set, from, through, kind: .all)))
            moved += set.occurrences(from: from, through: through).filter { $0.times != set.times(at: $0.index) }.count
            let byTime = set.indices.sorted { a, b in
                // Without a start: last, by title alone (times order a day's items).
                let ka = (set.start(at: a)?.dayNumber ?? .max, set.start(at: a) == nil ? 0 : set.times(at: a).map { Int($0.start) + 1 } ?? 0)
                let kb = (set.start(at: b)?.dayNumber ?? .max, set.start(at: b) == nil ? 0 : set.times(at: b).map { Int($0.start) + 1 } ?? 0)
                if ka != kb { return ka < kb }
                let ta = Array(set.title(at: a).utf8), tb = Array(set.title(at: b).utf8)
                return ta != tb ? ta.lexicographicallyPrecedes(tb) : a < b
            }
            #expect(set.sortedIndices(by: .time) == byTime)
        }
        // The zoned rules did move occurrences (else the order above tested nothing of them).
        #expect(moved > 0)
    }
}
