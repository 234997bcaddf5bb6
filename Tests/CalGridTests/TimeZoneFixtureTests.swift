// Exact assertions on committed TZif files (Tests/CalGridTests/Fixtures/tzif, copied from Debian's
// tzdata 2025b), so they do not depend on the machine's tzdata. Every expected value comes from a
// published fact, named beside it; instants were computed from those dates with Python's datetime.
import Foundation
import Testing
@testable import CalGrid

enum TZifFixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/tzif")
    static let names = ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Pacific/Apia",
                        "Africa/Casablanca", "Europe/Dublin", "Asia/Kathmandu"]

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(name.replacingOccurrences(of: "/", with: "_"))))
    }

    static func rules(_ name: String) throws -> TimeZoneRules { try TimeZoneRules(tzif: bytes(name), name: name) }
}

@Suite struct TimeZoneFixtureTests {
    func day(_ y: Int, _ m: Int, _ d: Int) throws -> CivilDate { try CivilDate(year: y, month: m, day: d) }

    @Test func berlin() throws {
        let z = try TZifFixtures.rules("Europe/Berlin")
        #expect(z.name == "Europe/Berlin" && !z.isFixedOffset)
        // EU Directive 2000/84/EC: summer time from 01:00 UTC on the last Sunday of March to 01:00
        // UTC on the last Sunday of October. 2024: March 31 and October 27.
        #expect(z.utcOffset(at: 1_711_846_800 - 1) == 3600)
        #expect(z.utcOffset(at: 1_711_846_800) == 7200)
        #expect(z.utcOffset(at: 1_729_990_800 - 1) == 7200)
        #expect(z.utcOffset(at: 1_729_990_800) == 3600)
        // 2050 is past the table (it ends in 2037): the footer CET-1CEST,M3.5.0,M10.5.0/3 says the
        // same EU rule; the last Sunday of March 2050 is March 27 (01:00 UTC = 2_531_955_600).
        #expect(z.utcOffset(at: 2_531_955_600 - 1) == 3600)
        #expect(z.utcOffset(at: 2_531_955_600) == 7200)
        // 1945: Berlin's "Hochsommerzeit" (UTC+3) from May 24 to September 24 (tzdata rule SovietZone).
        #expect(z.utcOffset(at: -772_070_400) == 10_800)    // 1945-07-15T00:00Z
        // Before 1893-04-01 Berlin kept local mean time, +0:53:28 (tzdata "Zone Europe/Berlin").
        #expect(z.utcOffset(at: -2_524_521_600) == 3208)    // 1890-01-01T00:00Z
        // Local midnight of 2024-07-15 (the Taskwarrior due date) is 2024-07-14T22:00Z.
        #expect(z.instant(of: try day(2024, 7, 15), secondOfDay: 0) == .unique(1_720_994_400))
        #expect(z.localTime(at: 1_720_994_400) == LocalTime(day: try day(2024, 7, 15), secondOfDay: 0, utcOffset: 7200))
        #expect(z.localTime(at: 1_720_994_400 - 1) == LocalTime(day: try day(2024, 7, 14), secondOfDay: 86_399, utcOffset: 7200))
        // The gap 02:00-03:00 on 2024-03-31 and the fold 02:00-03:00 on 2024-10-27.
        #expect(z.instant(of: try day(2024, 3, 31), secondOfDay: 2 * 3600 + 1800) == .nonexistent(gapStart: 1_711_846_800))
        #expect(z.instant(of: try day(2024, 10, 27), secondOfDay: 2 * 3600 + 1800)
                == .ambiguous(earlier: 1_729_990_800 - 1800, later: 1_729_990_800 + 1800))
    }

    @Test func newYork() throws {
        let z = try TZifFixtures.rules("America/New_York")
        // Energy Policy Act of 2005: from 2007 daylight time starts on the second Sunday of March
        // (2007-03-11 02:00 EST = 07:00Z); in 2006 it still started on the first Sunday of April.
        #expect(z.utcOffset(at: 1_173_596_400 - 1) == -18_000)
        #expect(z.utcOffset(at: 1_173_596_400) == -14_400)
        #expect(z.utcOffset(at: 1_143_961_200) == -14_400)    // 2006-04-02T07:00Z
        #expect(z.utcOffset(at: 1_143_961_200 - 1) == -18_000)
        // Railway standard time began at noon on 1883-11-18 (17:00Z); before it local mean time
        // -4:56:02 (tzdata "Zone America/New_York").
        #expect(z.utcOffset(at: -2_717_650_800 - 1) == -17_762)
        #expect(z.utcOffset(at: -2_717_650_800) == -18_000)
        // 2024: 02:30 on March 10 does not exist, 01:30 on November 3 happens twice.
        #expect(z.instant(of: try day(2024, 3, 10), secondOfDay: 9000) == .nonexistent(gapStart: 1_710_054_000))
        #expect(z.instant(of: try day(2024, 11, 3), secondOfDay: 5400) == .ambiguous(earlier: 1_730_611_800, later: 1_730_615_400))
    }

    @Test func lordHowe() throws {
        let z = try TZifFixtures.rules("Australia/Lord_Howe")
        // Half-hour daylight time: +10:30 standard, +11:00 from 02:00 on the first Sunday of October
        // to 02:00 (daylight) on the first Sunday of April (tzdata rule LH 2008 max).
        #expect(z.utcOffset(at: 1_728_142_200 - 1) == 37_800)    // 2024-10-06 02:00 +10:30
        #expect(z.utcOffset(at: 1_728_142_200) == 39_600)
        #expect(z.utcOffset(at: 1_743_865_200 - 1) == 39_600)    // 2025-04-06 02:00 +11:00
        #expect(z.utcOffset(at: 1_743_865_200) == 37_800)
        #expect(z.instant(of: try day(2024, 10, 6), secondOfDay: 2 * 3600 + 900) == .nonexistent(gapStart: 1_728_142_200))
        #expect(z.instant(of: try day(2025, 4, 6), secondOfDay: 3600 + 2700)
                == .ambiguous(earlier: 1_743_865_200 - 900, later: 1_743_865_200 + 900))
    }

    @Test func apia() throws {
        let z = try TZifFixtures.rules("Pacific/Apia")
        // Samoa crossed the date line at the end of 2011-12-29 (UTC-10, daylight time), going
        // straight to 2011-12-31 (UTC+14): 2011-12-30 did not happen. Daylight time ended for good
        // in 2021; since then +13 all year (footer <+13>-13).
        let jump: Int64 = 1_325_239_200    // 2011-12-30T10:00:00Z
        #expect(z.utcOffset(at: jump - 1) == -36_000)
        #expect(z.utcOffset(at: jump) == 50_400)
        #expect(z.localTime(at: jump - 1) == LocalTime(day: try day(2011, 12, 29), secondOfDay: 86_399, utcOffset: -36_000))
        #expect(z.localTime(at: jump) == LocalTime(day: try day(2011, 12, 31), secondOfDay: 0, utcOffset: 50_400))
        for s in stride(from: Int32(0), to: 86_400, by: 3600) {
            #expect(z.instant(of: try day(2011, 12, 30), secondOfDay: s) == .nonexistent(gapStart: jump))
        }
        #expect(z.utcOffset(at: 1_893_456_000) == 46_800)    // 2030-01-01
        #expect(z.utcOffset(at: 1_909_094_400) == 46_800)    // 2030-07-01
    }

    @Test func casablanca() throws {
        let z = try TZifFixtures.rules("Africa/Casablanca")
        // Morocco keeps +01 since 2018 except during Ramadan, when it goes back to +00:
        // in 2024 from 03:00 on March 10 to 02:00 on April 14 (tzdata rule Morocco 2024).
        #expect(z.utcOffset(at: 1_710_036_000 - 1) == 3600)
        #expect(z.utcOffset(at: 1_710_036_000) == 0)
        #expect(z.utcOffset(at: 1_713_060_000 - 1) == 0)
        #expect(z.utcOffset(at: 1_713_060_000) == 3600)
        // Ramadan 2024: 02:30 on March 10 happens twice, 02:30 on April 14 never.
        #expect(z.instant(of: try day(2024, 3, 10), secondOfDay: 9000) == .ambiguous(earlier: 1_710_034_200, later: 1_710_037_800))
        #expect(z.instant(of: try day(2024, 4, 14), secondOfDay: 9000) == .nonexistent(gapStart: 1_713_060_000))
    }

    @Test func dublin() throws {
        let z = try TZifFixtures.rules("Europe/Dublin")
        // Irish Standard Time (+01) in summer and GMT in winter; tzdata writes GMT as a negative
        // daylight saving (footer IST-1GMT0,M10.5.0,M3.5.0/1). Changes follow the EU rule.
        #expect(z.utcOffset(at: 1_719_792_000) == 3600)       // 2024-07-01
        #expect(z.utcOffset(at: 1_705_276_800) == 0)          // 2024-01-15
        #expect(z.utcOffset(at: 1_711_846_800 - 1) == 0)      // 2024-03-31T01:00Z
        #expect(z.utcOffset(at: 1_711_846_800) == 3600)
        #expect(z.utcOffset(at: 1_729_990_800 - 1) == 3600)  // 2024-10-27T01:00Z
        #expect(z.utcOffset(at: 1_729_990_800) == 0)
        // Past the table, from the negative-daylight footer: same answers in 2050.
        #expect(z.utcOffset(at: 2_540_246_400) == 3600)       // 2050-07-01
        #expect(z.utcOffset(at: 2_524_608_000) == 0)          // 2050-01-01
        #expect(z.utcOffset(at: 2_531_955_600 - 1) == 0)      // 2050-03-27T01:00Z
        #expect(z.utcOffset(at: 2_531_955_600) == 3600)
    }

    @Test func kathmandu() throws {
        let z = try TZifFixtures.rules("Asia/Kathmandu")
        // Nepal moved from +05:30 to +05:45 on 1986-01-01 (local midnight, 1985-12-31T18:30Z).
        #expect(z.utcOffset(at: 504_901_800 - 1) == 19_800)
        #expect(z.utcOffset(at: 504_901_800) == 20_700)
        #expect(z.utcOffset(at: 4_102_444_800) == 20_700)     // 2100, footer <+0545>-5:45
        #expect(z.localTime(at: 504_901_800) == LocalTime(day: try day(1986, 1, 1), secondOfDay: 900, utcOffset: 20_700))
        #expect(z.instant(of: try day(1986, 1, 1), secondOfDay: 300) == .nonexistent(gapStart: 504_901_800))
    }

    @Test func nextOffsetChange() throws {
        let berlin = try TZifFixtures.rules("Europe/Berlin")
        // The EU rule's 2024 changes (March 31 and October 27, 01:00Z).
        #expect(berlin.nextOffsetChange(after: 1_705_276_800) == 1_711_846_800)
        #expect(berlin.nextOffsetChange(after: 1_711_846_799) == 1_711_846_800)
        #expect(berlin.nextOffsetChange(after: 1_711_846_800) == 1_729_990_800)
        // Across the end of the table (2037-10-25T01:00Z) into the footer rule: 2038-03-28T01:00Z,
        // the last Sunday of March 2038; and far into it, 2050-03-27T01:00Z.
        #expect(berlin.nextOffsetChange(after: 2_140_045_200 - 1) == 2_140_045_200)
        #expect(berlin.nextOffsetChange(after: 2_140_045_200) == 2_153_350_800)
        #expect(berlin.nextOffsetChange(after: 2_524_608_000) == 2_531_955_600)
        // No change after Nepal's move to +05:45, none ever in UTC or an always-daylight rule.
        #expect(try TZifFixtures.rules("Asia/Kathmandu").nextOffsetChange(after: 504_901_800) == nil)
        #expect(TimeZoneRules.utc.nextOffsetChange(after: Int64.min) == nil)
        #expect(try TimeZoneRules(posixTZ: "EST5EDT,0/0,J365/25").nextOffsetChange(after: 0) == nil)
        #expect(berlin.nextOffsetChange(after: Int64.max) == nil)
    }
}
