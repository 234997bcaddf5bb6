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
        let plain = try TodoSet(Self.drafts().map { var d = $0; d.times = nil; d.location = nil; return d })
        #expect(plain.memoryFootprint.detailTableBytes == 0 && !plain.hasTimesOrLocations)
        let timed = try TodoSet(Self.drafts())
        #expect(plain.memoryFootprint.columnBytes == timed.memoryFootprint.columnBytes)
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
}
