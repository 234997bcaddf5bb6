// Fixed offsets, UTC and POSIX TZ rules. Expected instants come from Python's datetime arithmetic
// on the published dates (e.g. US daylight time 2024: March 10 02:00 EST to November 3 02:00 EDT,
// per the Energy Policy Act of 2005 rule "second Sunday in March, first Sunday in November").
import Testing
@testable import CalGrid

@Suite struct TimeZoneRulesTests {
    @Test func utcAndFixedOffsets() throws {
        #expect(TimeZoneRules.utc.name == "UTC")
        #expect(TimeZoneRules.utc.isFixedOffset)
        #expect(TimeZoneRules.utc.utcOffset(at: Int64.min) == 0)
        #expect(TimeZoneRules.utc.utcOffset(at: Int64.max) == 0)
        #expect(try TimeZoneRules(utcOffsetSeconds: 0).name == "UTC")
        #expect(try TimeZoneRules(utcOffsetSeconds: 9 * 3600).name == "+09:00")
        #expect(try TimeZoneRules(utcOffsetSeconds: -(3 * 3600 + 1800)).name == "-03:30")
        #expect(try TimeZoneRules(utcOffsetSeconds: 5 * 3600 + 45 * 60 + 30).name == "+05:45:30")
        #expect(try TimeZoneRules(utcOffsetSeconds: 93_599).utcOffset(at: 0) == 93_599)
        #expect(throws: TimeZoneError.offsetOutOfRange(93_600)) { try TimeZoneRules(utcOffsetSeconds: 93_600) }
        #expect(throws: TimeZoneError.offsetOutOfRange(-93_600)) { try TimeZoneRules(utcOffsetSeconds: -93_600) }

        let tokyo = try TimeZoneRules(utcOffsetSeconds: 9 * 3600)
        // 1970-01-01T15:00:00Z is 1970-01-02 00:00 at +09:00.
        #expect(tokyo.localTime(at: 15 * 3600) == LocalTime(day: CivilDate(_unchecked: 1), secondOfDay: 0, utcOffset: 32_400))
        #expect(tokyo.localTime(at: 15 * 3600 - 1) == LocalTime(day: .epoch, secondOfDay: 86_399, utcOffset: 32_400))
        #expect(tokyo.instant(of: CivilDate(_unchecked: 1), secondOfDay: 0) == .unique(15 * 3600))
        #expect(tokyo.localTime(at: Int64.max) == nil)
        #expect(tokyo.localTime(at: Int64.min) == nil)
        // 0001-01-01T00:00 local is the first representable local time; one second earlier is not.
        let first = Int64(CivilDate.minDayNumber) * 86_400 - 32_400
        #expect(tokyo.localTime(at: first)?.day == CivilDate.min)
        #expect(tokyo.localTime(at: first - 1) == nil)
        let last = Int64(CivilDate.maxDayNumber) * 86_400 + 86_399 - 32_400
        #expect(tokyo.localTime(at: last)?.day == CivilDate.max)
        #expect(tokyo.localTime(at: last + 1) == nil)
    }

    @Test func usRuleFromPOSIXString() throws {
        let z = try TimeZoneRules(posixTZ: "EST5EDT,M3.2.0,M11.1.0")
        #expect(z.name == "EST5EDT,M3.2.0,M11.1.0")
        #expect(!z.isFixedOffset)
        let start: Int64 = 1_710_054_000    // 2024-03-10T07:00:00Z
        let end: Int64 = 1_730_613_600      // 2024-11-03T06:00:00Z
        #expect(z.utcOffset(at: start - 1) == -5 * 3600)
        #expect(z.utcOffset(at: start) == -4 * 3600)
        #expect(z.utcOffset(at: end - 1) == -4 * 3600)
        #expect(z.utcOffset(at: end) == -5 * 3600)
        let mar10 = try CivilDate(year: 2024, month: 3, day: 10)
        let nov3 = try CivilDate(year: 2024, month: 11, day: 3)
        #expect(z.instant(of: mar10, secondOfDay: 2 * 3600 + 30 * 60) == .nonexistent(gapStart: start))
        #expect(z.instant(of: mar10, secondOfDay: 3 * 3600) == .unique(start))
        #expect(z.instant(of: mar10, secondOfDay: 0) == .unique(start - 2 * 3600))
        #expect(z.instant(of: nov3, secondOfDay: 3600 + 1800) == .ambiguous(earlier: end - 1800, later: end + 1800))
        #expect(z.instant(of: nov3, secondOfDay: 2 * 3600) == .unique(end + 3600))
        #expect(z.localTime(at: start) == LocalTime(day: mar10, secondOfDay: 3 * 3600, utcOffset: -4 * 3600))
        // Four hundred years on, the rule gives the same answers shifted by 146_097 days.
        let cycle: Int64 = 146_097 * 86_400
        #expect(z.utcOffset(at: start + cycle - 1) == -5 * 3600)
        #expect(z.utcOffset(at: start + cycle) == -4 * 3600)
        #expect(z.utcOffset(at: start - 20 * cycle) == -4 * 3600)
        _ = z.utcOffset(at: Int64.max)
        _ = z.utcOffset(at: Int64.min)
    }

    @Test func errorSentences() {
        #expect(TimeZoneError.truncated(needed: 44, offset: 1020, available: 12).description
                == "TZif data truncated: 44 bytes needed at offset 1020, 12 available")
        #expect(TimeZoneError.unknownZone("Mars/Olympus").description
                == "unknown time zone 'Mars/Olympus' (no such file in /usr/share/zoneinfo)")
        #expect(TimeZoneError.invalidZoneName("a\u{1}b").description.hasPrefix("invalid time zone name 'a\\x01b'"))
        #expect(throws: TimeZoneError.invalidPOSIXRule("EST5EDT,M13.1.0,M11.1.0", offset: 9, expected: "a month 1...12 after M")) {
            try TimeZoneRules(posixTZ: "EST5EDT,M13.1.0,M11.1.0")
        }
    }
}
