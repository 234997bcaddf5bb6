// The readings RFC 5545 leaves open, as the calendar world reads them (docs/recurrence.md): checked
// against the system's libical (Tests/C/probe/libical_rrule.c, built here with cc and pkg-config)
// where libical answers, and against the RFC's own rule where it does not.
import Foundation
import Testing
import CalGridTestSupport
@testable import CalGrid

@Suite struct RecurrenceReadingTests {
    /// The probe, built once into a scratch folder; nil when there is no C compiler or libical
    /// (`make deps` installs both: the test then fails rather than passes silently).
    static let probe: String? = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("calgrid-libical-probe-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let out = dir + "/libical_rrule"
        guard let flags = try? runProgram("/usr/bin/env", ["pkg-config", "--cflags", "--libs", "libical"]) else { return nil }
        let words = String(decoding: flags, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        guard (try? runProgram("/usr/bin/env", ["cc", "-std=c11", TestPaths.tests.appendingPathComponent("C/probe/libical_rrule.c").path, "-o", out] + words)) != nil,
              FileManager.default.isExecutableFile(atPath: out) else { return nil }
        return out
    }()

    func libical(_ start: String, _ rule: String, _ n: Int) throws -> [String] {
        let p = try #require(Self.probe, "cc and libical-dev (make deps) build Tests/C/probe/libical_rrule.c")
        return String(decoding: try runProgram(p, [start, rule, "\(n)"]), as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
    }

    func calgrid(_ start: String, _ rule: String, _ n: Int) throws -> [String] {
        let s = try CivilDate(iso8601: String(start.prefix(4)) + "-" + String(start.dropFirst(4).prefix(2)) + "-" + String(start.suffix(2)))
        let r = Recurrence(start: s, rule: try RecurrenceRule(parsing: rule))
        var out: [String] = [], day: CivilDate? = s
        while let d = day, out.count < n { out.append(d.iso8601); day = r.next(after: d) }
        return out
    }

    /// `FREQ=YEARLY;BYMONTHDAY=…` without BYMONTH falls in DTSTART's month, as libical (and ical.js's
    /// expand_year_days) reads it: a yearly anniversary stays yearly. With BYDAY beside it, ical.js
    /// expands every month and libical DTSTART's: CalGrid follows the RFC's table (every month), as
    /// ical.js and dateutil do.
    @Test(arguments: [("20260415", "FREQ=YEARLY;BYMONTHDAY=15"), ("20260415", "FREQ=YEARLY;BYMONTHDAY=1,15"),
                      ("20260131", "FREQ=YEARLY;BYMONTHDAY=-1;COUNT=4"), ("20240229", "FREQ=YEARLY;BYMONTHDAY=29;INTERVAL=2")])
    func yearlyMonthDayTakesTheStartMonth(start: String, rule: String) throws {
        let ours = try calgrid(start, rule, 6)
        #expect(ours == (try libical(start, rule, 6)))
        #expect(Set(ours.map { $0.dropFirst(5).prefix(2) }).count == 1, "one month: \(ours)")
    }

    @Test func yearlyMonthDayWithWeekdayIsEveryMonth() throws {
        let ours = try calgrid("20260213", "FREQ=YEARLY;BYMONTHDAY=13;BYDAY=FR", 4)
        #expect(ours == ["2026-02-13", "2026-03-13", "2026-11-13", "2027-08-13"])
        // libical 3.0.16 keeps DTSTART's month here: a difference the docs name.
        #expect(try libical("20260213", "FREQ=YEARLY;BYMONTHDAY=13;BYDAY=FR", 3) == ["2026-02-13", "2032-02-13", "2037-02-13"])
    }

    /// `BYWEEKNO` without BYDAY falls on DTSTART's weekday of those weeks (RFC 5545: what the rule
    /// leaves out comes from DTSTART). libical 3.0.16 has no sensible answer (week 20 from a
    /// Wednesday gives Monday 2026-12-07, in week 50), and ical.js none at all ("unimplemented in
    /// libical"): python-dateutil's seven days of each week are the other reading, not followed.
    @Test func weekNumberWithoutWeekdayTakesTheStartWeekday() throws {
        #expect(try calgrid("20260415", "FREQ=YEARLY;BYWEEKNO=20", 4) == ["2026-04-15", "2026-05-13", "2027-05-19", "2028-05-17"])
        #expect(try calgrid("20260415", "FREQ=YEARLY;BYWEEKNO=20;BYDAY=WE", 4) == (try calgrid("20260415", "FREQ=YEARLY;BYWEEKNO=20", 4)))
        #expect(try libical("20260415", "FREQ=YEARLY;BYWEEKNO=20", 2) == ["2026-12-07", "2027-12-06"], "libical 3.0.16's answer, cited in docs/recurrence.md")
    }

    /// A YEARLY rule with BYWEEKNO counts INTERVAL in week-based years (weeks from WKST, week 1
    /// holding January 4th), as libical does: every second week-year's week 1 and last week, the
    /// days of week 1 in the December before included (2029-12-31 is week 1 of 2030). libical
    /// 3.0.16 also yields stray days in the start's year (2026-12-29 before 2026-01-01), so the two
    /// are compared from 2027 on.
    @Test func weekNumbersWithAnIntervalCountWeekYears() throws {
        let rule = "FREQ=YEARLY;INTERVAL=2;BYWEEKNO=1,-1;BYDAY=MO,TH"
        let ours = Array(try calgrid("20260101", rule, 16).filter { $0 >= "2027" }.prefix(12))
        let theirs = try libical("20260101", rule, 20).filter { $0 >= "2027" }
        #expect(ours == ["2028-01-03", "2028-01-06", "2028-12-25", "2028-12-28", "2029-12-31", "2030-01-03", "2030-12-23", "2030-12-26",
                         "2031-12-29", "2032-01-01", "2032-12-27", "2032-12-30"])
        #expect(Array(theirs.prefix(ours.count)) == ours)
    }
}
