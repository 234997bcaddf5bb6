// Recurrence rules: the canonical text, the documented meanings, and hostile input. Every hostile
// rule gets a clear error or a documented meaning, in bounded time and memory (the timing itself
// lives in Benchmarks/; here each case only has to finish).
import Testing
@testable import CalGrid

private func day(_ s: String) -> CivilDate { try! CivilDate(iso8601: s) }
private func days(_ r: Recurrence, _ a: String, _ b: String) -> [String] {
    r.occurrences(in: day(a)...day(b)).map(\.iso8601)
}
private func error(_ text: String) -> RecurrenceError? {
    do { _ = try RecurrenceRule(parsing: text); return nil } catch { return error }
}

@Suite struct RecurrenceRuleTests {
    @Test func canonicalTextRoundTrips() throws {
        let cases = [
            ("freq=monthly;byday=3th;count=10", "FREQ=MONTHLY;COUNT=10;BYDAY=3TH"),
            ("BYDAY=-1FR;FREQ=MONTHLY;", "FREQ=MONTHLY;BYDAY=-1FR"),
            ("FREQ=WEEKLY;INTERVAL=1;WKST=MO;BYDAY=TH,MO,MO", "FREQ=WEEKLY;BYDAY=MO,TH"),
            ("FREQ=YEARLY;BYMONTHDAY=1,-1,15,-1;BYMONTH=12,1;UNTIL=20301231T235960Z;WKST=su",
             "FREQ=YEARLY;UNTIL=20301231T235959Z;BYMONTH=1,12;BYMONTHDAY=-1,1,15;WKST=SU"),
            ("FREQ=YEARLY;BYWEEKNO=-1,20;BYDAY=TU,MO;BYSETPOS=-1,1;UNTIL=20300101T120000", "FREQ=YEARLY;UNTIL=20300101T120000;BYWEEKNO=-1,20;BYDAY=MO,TU;BYSETPOS=-1,1"),
            ("FREQ=YEARLY;BYYEARDAY=366,-366,1;INTERVAL=4", "FREQ=YEARLY;INTERVAL=4;BYYEARDAY=-366,1,366"),
            ("FREQ=MONTHLY;BYDAY=SU,-1SU,1SU,MO", "FREQ=MONTHLY;BYDAY=MO,SU,-1SU,1SU"),
            ("FREQ=DAILY;UNTIL=00010101", "FREQ=DAILY;UNTIL=00010101"),
        ]
        for (input, canonical) in cases {
            let rule = try RecurrenceRule(parsing: input)
            if !canonical.isEmpty { #expect(rule.text == canonical, "\(input)") }
            let again = try RecurrenceRule(parsing: rule.text)
            #expect(again == rule && again.text == rule.text, "\(input)")
        }
        #expect(RecurrenceRule.Frequency.allCases.map(\.name) == ["DAILY", "WEEKLY", "MONTHLY", "YEARLY"])
    }

    @Test func errorsNameThePartAndTheValue() {
        let cases: [(String, String, Int)] = [
            ("FREQ=MONTHLY;BYDAY=9MO", "BYDAY=9MO: ordinal 9 is outside -5...5 for MONTHLY", 19),
            ("BYDAY=MO,-54FR;FREQ=YEARLY", "BYDAY=-54FR: ordinal -54 is outside -53...53 for YEARLY", 9),
            ("FREQ=MONTHLY;BYDAY=0MO", "BYDAY=0MO: ordinal 0 is not allowed", 19),
            ("FREQ=WEEKLY;BYDAY=1MO", "BYDAY=1MO: ordinals are allowed only in MONTHLY and YEARLY rules, not WEEKLY", 18),
            ("FREQ=YEARLY;BYWEEKNO=1;BYDAY=1MO", "BYDAY=1MO: ordinals are not allowed in a YEARLY rule with BYWEEKNO", 29),
            ("FREQ=DAILY;INTERVAL=0", "INTERVAL=0: 0 is outside 1...2147483647", 11),
            ("FREQ=DAILY;COUNT=0", "COUNT=0: 0 is outside 1...2147483647", 11),
            ("FREQ=DAILY;COUNT=99999999999", "COUNT=99999999999: 99999999999 is outside 1...2147483647", 11),
            ("FREQ=DAILY;INTERVAL=-2", "INTERVAL=-2: -2 is outside 1...2147483647", 11),
            ("FREQ=YEARLY;BYSETPOS=0", "BYSETPOS=0: 0 is outside -366...-1 and 1...366", 21),
            ("FREQ=YEARLY;BYSETPOS=1,367", "BYSETPOS=367: 367 is outside -366...-1 and 1...366", 23),
            ("FREQ=MONTHLY;BYMONTHDAY=32", "BYMONTHDAY=32: 32 is outside -31...-1 and 1...31", 24),
            ("FREQ=YEARLY;BYMONTH=13", "BYMONTH=13: 13 is outside 1...12", 20),
            ("FREQ=YEARLY;BYMONTH=-1", "BYMONTH=-1: -1 is outside 1...12", 20),
            ("FREQ=YEARLY;BYWEEKNO=54", "BYWEEKNO=54: 54 is outside -53...-1 and 1...53", 21),
            ("FREQ=DAILY;COUNT=3;FREQ=DAILY", "FREQ=DAILY: the part appears twice", 19),
            ("FREQ=DAILY;X-NAME=1", "X-NAME=1: unknown rule part", 11),
            ("FREQ=HOURLY", "FREQ=HOURLY: sub-day frequencies are not supported: CalGrid's days are civil days", 0),
            ("FREQ=DAILY;BYHOUR=9", "BYHOUR=9: time-of-day parts are not supported: CalGrid's days are civil days", 11),
            ("FREQ=FORTNIGHTLY", "FREQ=FORTNIGHTLY: unknown frequency (DAILY, WEEKLY, MONTHLY or YEARLY)", 0),
            ("COUNT=3", "the rule has no FREQ part", 0),
            ("FREQ=DAILY;;COUNT=3", ";: empty part (two ';' in a row or a leading ';')", 11),
            (";FREQ=DAILY", ";: empty part (two ';' in a row or a leading ';')", 0),
            ("FREQ=DAILY;COUNT", "COUNT: not NAME=VALUE", 11),
            ("FREQ=DAILY;COUNT=", "COUNT=: not NAME=VALUE", 11),
            ("FREQ=DAILY;COUNT=1x", "COUNT=1x: not a number", 11),
            ("FREQ=DAILY;BYMONTH=1,,2", "BYMONTH=: not a number", 21),
            ("FREQ=DAILY;BYDAY=XX", "BYDAY=XX: unknown weekday (MO, TU, WE, TH, FR, SA or SU)", 17),
            ("FREQ=DAILY;WKST=MON", "WKST=MON: unknown weekday (MO, TU, WE, TH, FR, SA or SU)", 11),
            ("FREQ=DAILY;COUNT=2;UNTIL=20300101", "UNTIL=20300101: COUNT and UNTIL cannot both be given", 19),
            ("FREQ=DAILY;UNTIL=20230229", "UNTIL=20230229: not YYYYMMDD, YYYYMMDDTHHMMSS or YYYYMMDDTHHMMSSZ of a real day and time", 11),
            ("FREQ=DAILY;UNTIL=20230101T250000Z", "UNTIL=20230101T250000Z: not YYYYMMDD, YYYYMMDDTHHMMSS or YYYYMMDDTHHMMSSZ of a real day and time", 11),
            ("FREQ=MONTHLY;BYWEEKNO=1", "BYWEEKNO=1: not allowed in a MONTHLY rule", 13),
            ("FREQ=MONTHLY;BYYEARDAY=1", "BYYEARDAY=1: not allowed in a MONTHLY rule", 13),
            ("FREQ=WEEKLY;BYMONTHDAY=1", "BYMONTHDAY=1: not allowed in a WEEKLY rule", 12),
            ("", "the rule is empty", 0),
        ]
        for (text, message, offset) in cases {
            let e = error(text)
            #expect(e?.description == message, "\(text)")
            #expect(e?.offset == offset, "\(text)")
        }
        #expect(error("FREQ=MONTHLY;BYDAY=9MO")?.reason == .ordinalOutOfRange(ordinal: 9, limit: 5, frequency: .monthly))
    }

    @Test func hostileSizesAreBounded() throws {
        // A 100 KB rule is refused before it is read.
        let huge = "FREQ=DAILY;BYMONTHDAY=" + String(repeating: "1,", count: 51_200)
        #expect(error(huge)?.reason == .ruleTooLong(byteCount: huge.utf8.count))
        // The longest canonical rules fit the limit, and their lists fold.
        let all = (1...366).map { "\($0),-\($0)" }.joined(separator: ",")
        let wide = try RecurrenceRule(parsing: "FREQ=YEARLY;BYYEARDAY=\(all);BYSETPOS=\(all)")
        #expect(wide.text.utf8.count <= RecurrenceRule.maxTextBytes)
        #expect(try RecurrenceRule(parsing: wide.text) == wide)
        // A part that repeats an item thousands of times keeps one.
        let folded = try RecurrenceRule(parsing: "FREQ=MONTHLY;BYMONTHDAY=" + String(repeating: "5,", count: 3000) + "5")
        #expect(folded.text == "FREQ=MONTHLY;BYMONTHDAY=5")
        // An item of 40 digits is not a number (nor an overflow).
        #expect(error("FREQ=DAILY;COUNT=" + String(repeating: "9", count: 40))?.reason == .notANumber)
    }

    @Test func hugeCountAndIntervalHaveDocumentedMeanings() throws {
        // COUNT beyond the calendar: the occurrences run to 9999-12-31.
        let r = Recurrence(start: day("2024-01-31"), rule: try RecurrenceRule(parsing: "FREQ=DAILY;COUNT=2147483647"))
        #expect(r.lastOccurrence == .max)
        #expect(r.previous(before: .max) == day("9999-12-30"))
        let monthly = Recurrence(start: day("2024-01-31"), rule: try RecurrenceRule(parsing: "FREQ=MONTHLY;COUNT=2147483647"))
        #expect(monthly.lastOccurrence == day("9999-12-31"))
        // An interval longer than the calendar leaves the start's period alone.
        for f in ["DAILY", "WEEKLY", "MONTHLY", "YEARLY"] {
            let big = Recurrence(start: day("2024-02-29"), rule: try RecurrenceRule(parsing: "FREQ=\(f);INTERVAL=2147483647"))
            #expect(Array(big.occurrences(in: .min ... .max)) == [day("2024-02-29")], "\(f)")
            #expect(big.next(after: day("2024-02-29")) == nil)
        }
        let yearly = Recurrence(start: day("2024-02-29"), rule: try RecurrenceRule(parsing: "FREQ=YEARLY;INTERVAL=9000"))
        #expect(days(yearly, "0001-01-01", "9999-12-31") == ["2024-02-29"])
    }

    @Test func untilBeforeStartLeavesTheStart() throws {
        let r = Recurrence(start: day("2026-03-10"), rule: try RecurrenceRule(parsing: "FREQ=DAILY;UNTIL=20260101"))
        #expect(days(r, "2025-01-01", "2027-01-01") == ["2026-03-10"])
        #expect(r.lastOccurrence == day("2026-03-10"))
    }

    @Test func neverOccurringRulesAreFoundInBoundedTime() throws {
        for text in ["FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", "FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30",
                     "FREQ=MONTHLY;BYMONTHDAY=31;BYMONTH=4,6,9,11", "FREQ=WEEKLY;BYDAY=MO;BYSETPOS=2",
                     "FREQ=YEARLY;BYYEARDAY=366;BYMONTH=1", "FREQ=MONTHLY;BYDAY=5FR;BYMONTHDAY=1,2,3"] {
            let r = Recurrence(start: day("2024-01-15"), rule: try RecurrenceRule(parsing: text))
            #expect(r.ruleNeverOccurs, "\(text)")
            #expect(r.next(after: day("2024-01-15")) == nil, "\(text)")
            #expect(days(r, "0001-01-01", "9999-12-31") == ["2024-01-15"], "\(text)")
            #expect(r.lastOccurrence == day("2024-01-15"))
        }
        // Rare but real: Friday Feb 29 comes every 28 years or so (found, not given up on).
        let rare = Recurrence(start: day("2024-01-01"), rule: try RecurrenceRule(parsing: "FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29;BYDAY=FR"))
        #expect(rare.next(after: day("2024-01-01")) == day("2036-02-29"))
        #expect(rare.previous(before: day("2036-02-29")) == day("2024-01-01"))
    }

    @Test func rfcSemantics() throws {
        func rec(_ start: String, _ rule: String, rdates: [String] = [], exdates: [String] = []) throws -> Recurrence {
            Recurrence(start: day(start), rule: try RecurrenceRule(parsing: rule),
                       rdates: rdates.map(day), exdates: exdates.map(day))
        }
        // Days that do not exist are skipped.
        #expect(days(try rec("2026-01-31", "FREQ=MONTHLY;COUNT=4"), "2026-01-01", "2027-12-31")
                == ["2026-01-31", "2026-03-31", "2026-05-31", "2026-07-31"])
        #expect(days(try rec("2024-02-29", "FREQ=YEARLY;COUNT=3"), "2024-01-01", "2040-12-31")
                == ["2024-02-29", "2028-02-29", "2032-02-29"])
        // The start day is the first occurrence and counts, even off the rule.
        #expect(days(try rec("2026-12-01", "FREQ=MONTHLY;BYDAY=3TH;COUNT=3"), "2026-01-01", "2027-12-31")
                == ["2026-12-01", "2026-12-17", "2027-01-21"])
        // EXDATE does not extend COUNT; UNTIL is inclusive; RDATE adds.
        #expect(days(try rec("2026-12-01", "FREQ=DAILY;COUNT=3", exdates: ["2026-12-02"]), "2026-01-01", "2027-12-31")
                == ["2026-12-01", "2026-12-03"])
        #expect(days(try rec("2026-12-01", "FREQ=WEEKLY;UNTIL=20261215", rdates: ["2026-12-25", "2026-12-25"]), "2026-01-01", "2027-12-31")
                == ["2026-12-01", "2026-12-08", "2026-12-15", "2026-12-25"])
        // An EXDATE may remove the start.
        #expect(days(try rec("2026-12-01", "FREQ=DAILY;COUNT=2", exdates: ["2026-12-01"]), "2026-01-01", "2027-12-31") == ["2026-12-02"])
        // A UTC UNTIL bounds at its day in the zone: 00:30Z on the 10th is still the 9th in New York.
        let ny = try TimeZoneRules(posixTZ: "EST5EDT,M3.2.0,M11.1.0")
        let r = Recurrence(start: day("2026-12-01"), rule: try RecurrenceRule(parsing: "FREQ=DAILY;UNTIL=20261210T003000Z"), zone: ny)
        #expect(r.lastOccurrence == day("2026-12-09"))
        #expect(Recurrence(start: day("2026-12-01"), rule: r.rule).lastOccurrence == day("2026-12-10"))
        // next and previous cross periods and skip EXDATEs.
        let m = try rec("2026-01-30", "FREQ=MONTHLY;BYMONTHDAY=-1", exdates: ["2026-02-28"])
        #expect(m.next(after: day("2026-01-31")) == day("2026-03-31"))
        #expect(m.previous(before: day("2026-03-31")) == day("2026-01-31"))
        #expect(m.previous(before: day("2026-01-31")) == day("2026-01-30"))
        #expect(m.previous(before: day("2026-01-30")) == nil)
        #expect(m.lastOccurrence == nil)
    }

    @Test func weekdaySetIsTheWeeklyFastPath() throws {
        let rule = RecurrenceRule(weekdays: WeekdaySet([.monday, .thursday]))
        #expect(rule.text == "FREQ=WEEKLY;BYDAY=MO,TH")
        #expect(rule.weekdaySet == WeekdaySet([.monday, .thursday]))
        #expect(try RecurrenceRule(parsing: "FREQ=WEEKLY;BYDAY=MO;INTERVAL=2").weekdaySet == nil)
        // Away from the start day, the rule falls on the set's days, as the set does.
        let r = Recurrence(start: day("2026-12-01"), rule: rule)
        let span = day("2026-12-02")...day("2027-03-01")
        let expected = (span.lowerBound.dayNumber...span.upperBound.dayNumber).map { CivilDate(_unchecked: $0) }
            .filter { rule.weekdaySet!.contains($0.weekday) }
        #expect(Array(r.occurrences(in: span)) == expected)
    }
}
