// POSIX TZ strings: the examples of RFC 8536 §3.3.1 and tzfile(5), every day form, rule times past
// 24 h and negative, and malformed strings. Expected instants are the published dates of those
// rules, converted with Python's datetime (e.g. Israel 2024: daylight time from Friday March 29
// 02:00 to Sunday October 27 02:00, per Israel's 2013 Time Determination Law amendment).
import Testing
@testable import CalGrid

@Suite struct TimeZonePOSIXTests {
    func day(_ y: Int, _ m: Int, _ d: Int) throws -> CivilDate { try CivilDate(year: y, month: m, day: d) }

    /// The offsets just before and at `t`.
    func around(_ z: TimeZoneRules, _ t: Int64) -> [Int32] { [z.utcOffset(at: t - 1), z.utcOffset(at: t)] }

    @Test func fixedRules() throws {
        let tehran = try TimeZoneRules(posixTZ: "<+0330>-3:30")
        #expect(tehran.isFixedOffset && tehran.name == "<+0330>-3:30")
        #expect(tehran.utcOffset(at: 0) == 12_600)
        #expect(try TimeZoneRules(posixTZ: "<-03>3").utcOffset(at: 1_700_000_000) == -10_800)
        #expect(try TimeZoneRules(posixTZ: "<+0545>-5:45").utcOffset(at: 1_700_000_000) == 20_700)
        #expect(try TimeZoneRules(posixTZ: "UTC0").utcOffset(at: Int64.max) == 0)
        #expect(try TimeZoneRules(posixTZ: "HST10").utcOffset(at: 0) == -36_000)
        #expect(try TimeZoneRules(posixTZ: "XXX+1:02:03").utcOffset(at: 0) == -3723)
    }

    @Test func defaultsAndSouthernHemisphere() throws {
        // No dates: the US rule (tzcode's and glibc's default); daylight offset std + 1 h.
        let us = try TimeZoneRules(posixTZ: "EST5EDT")
        #expect(around(us, 1_710_054_000) == [-18_000, -14_400])    // 2024-03-10T07:00Z
        #expect(around(us, 1_730_613_600) == [-14_400, -18_000])    // 2024-11-03T06:00Z
        // Australia/Sydney (tzfile(5)): daylight time from the first Sunday of October 02:00 AEST
        // to the first Sunday of April 03:00 AEDT; 2024-10-06 and 2025-04-06.
        let syd = try TimeZoneRules(posixTZ: "AEST-10AEDT,M10.1.0,M4.1.0/3")
        #expect(around(syd, 1_728_144_000) == [36_000, 39_600])     // 2024-10-05T16:00Z
        #expect(around(syd, 1_743_868_800) == [39_600, 36_000])     // 2025-04-05T16:00Z
        #expect(syd.utcOffset(at: 1_735_689_600) == 39_600)         // 2025-01-01: summer
        // An explicit daylight offset: New Zealand, +12/+13, last Sunday of September to the first
        // Sunday of April 03:00; 2024-09-29 02:00 NZST = 2024-09-28T14:00Z.
        let nz = try TimeZoneRules(posixTZ: "NZST-12NZDT-13,M9.5.0,M4.1.0/3")
        #expect(around(nz, 1_727_532_000) == [43_200, 46_800])
        // Ireland: negative daylight saving (tzfile(5)), GMT in winter, IST (+1) in summer.
        let dub = try TimeZoneRules(posixTZ: "IST-1GMT0,M10.5.0,M3.5.0/1")
        #expect(around(dub, 1_711_846_800) == [0, 3600])            // 2024-03-31T01:00Z
        #expect(around(dub, 1_729_990_800) == [3600, 0])            // 2024-10-27T01:00Z
        #expect(dub.instant(of: try day(2024, 10, 27), secondOfDay: 5400)
                == .ambiguous(earlier: 1_729_990_800 - 1800, later: 1_729_990_800 + 1800))
    }

    @Test func ruleTimesPast24HoursAndNegative() throws {
        // RFC 8536 §3.3.1: Israel, the Friday before the last Sunday of March at 02:00 written as
        // "the 4th Thursday at 26:00"; 2024: Friday March 29 02:00 IST = 00:00Z.
        let il = try TimeZoneRules(posixTZ: "IST-2IDT,M3.4.4/26,M10.5.0")
        #expect(around(il, 1_711_670_400) == [7200, 10_800])
        #expect(around(il, 1_729_983_600) == [10_800, 7200])        // 2024-10-27 02:00 IDT
        #expect(il.instant(of: try day(2024, 3, 29), secondOfDay: 2 * 3600 + 1) == .nonexistent(gapStart: 1_711_670_400))
        // RFC 8536 §3.3.1: America/Godthab (Nuuk) at -02 keeps the EU instants with times -2 and
        // -1 local: last Sunday of March and of October at 01:00Z.
        let nuuk = try TimeZoneRules(posixTZ: "<-03>3<-02>,M3.5.0/-2,M10.5.0/-1")
        #expect(around(nuuk, 1_711_846_800) == [-10_800, -7200])
        #expect(around(nuuk, 1_729_990_800) == [-7200, -10_800])
        // The day before the Sunday: 2024-03-30 22:00 local does not exist.
        #expect(nuuk.instant(of: try day(2024, 3, 30), secondOfDay: 22 * 3600 + 1) == .nonexistent(gapStart: 1_711_846_800))
        // The extremes of the extension, ±167 h, parse.
        let far = try TimeZoneRules(posixTZ: "AAA3BBB,M3.1.0/167,M10.1.0/-167")
        #expect(!far.isFixedOffset)
        // 2024-03-03 (first Sunday of March) + 167 h = 2024-03-09 23:00 local -03 = 2024-03-10T02:00Z.
        #expect(around(far, 1_710_036_000) == [-10_800, -7200])
    }

    @Test func alwaysDaylightTime() throws {
        // RFC 8536 §3.3.1: "EST5EDT,0/0,J365/25" is daylight time all year: it starts at January 1
        // 00:00 and ends at December 31 25:00 daylight time, which is the next start.
        for tz in ["EST5EDT,0/0,J365/25", "WART4WARST,J1/0,J365/25"] {
            let z = try TimeZoneRules(posixTZ: tz)
            let dst: Int32 = tz.hasPrefix("EST") ? -14_400 : -10_800
            var t: Int64 = -2_208_988_800    // 1900 ... 2100, every 9 days and 17 minutes
            while t < 4_102_444_800 {
                #expect(z.utcOffset(at: t) == dst, "\(tz) at \(t)")
                t += 9 * 86_400 + 17 * 60
            }
            for y in [2023, 2024, 2100] {
                let jan1 = try day(y, 1, 1)
                let midnightUTC = Int64(jan1.dayNumber) * 86_400
                for s: Int64 in [-7200, -1, 0, 1, 3 * 3600, 5 * 3600] { #expect(z.utcOffset(at: midnightUTC + s) == dst) }
                #expect(z.instant(of: jan1, secondOfDay: 0) == .unique(midnightUTC - Int64(dst)))
                #expect(z.instant(of: try day(y, 12, 31), secondOfDay: 86_399) == .unique(midnightUTC + Int64(CivilDate.daysInYear(y)) * 86_400 - 1 - Int64(dst)))
            }
        }
    }

    @Test func yearsWhoseStartAndEndCoincide() throws {
        // Found by fuzz-posix (Tests/Fuzz/regressions/posix/): week-3 Monday 25:00 +02 and week-4
        // Tuesday 02:00 +03 are the same instant when February's third Monday is the 21st (2022,
        // February 1 a Tuesday). Such a year has no transition (tzcode emits none), so 2022 keeps
        // standard time, and nothing changes at New Year: the state after each instant must not
        // depend on which year is asked about.
        let z = try TimeZoneRules(posixTZ: "IST-2IDT,M2.3.1/25,M02.4.2")
        // 2021: from Tuesday February 16 01:00 +02 (2021-02-15T23:00Z) to Tuesday the 23rd 02:00 +03.
        #expect(around(z, 1_613_430_000) == [7200, 10_800])
        #expect(around(z, 1_614_034_800) == [10_800, 7200])
        let y2022: Int64 = 1_640_995_200, y2023: Int64 = 1_672_531_200
        var t = y2022 - 86_400
        while t < y2023 + 86_400 { #expect(z.utcOffset(at: t) == 7200, "2022 at \(t)"); t += 3_600 }
        // Every change an hourly scan of 2015...2035 sees is the one nextOffsetChange names, and
        // every local time of those hours maps back. The second rule coincides in the years whose
        // October has four Sundays, several in a row, and is daylight time across them.
        for rule in [z, try TimeZoneRules(posixTZ: "IST-2IDT,M10.5.0/1,M10.4.0")] {
            t = 1_420_070_400
            var expected = rule.nextOffsetChange(after: t)
            var changes = 0
            while t < 2_051_222_400 {
                let next = t + 3_600
                if rule.utcOffset(at: next) != rule.utcOffset(at: t) {
                    changes += 1
                    #expect(expected.map { $0 > t && $0 <= next } == true, "\(rule.name): a change in (\(t), \(next)]")
                    if let e = expected { expected = rule.nextOffsetChange(after: e) }
                }
                if let l = rule.localTime(at: t), case .unique(let u) = rule.instant(of: l.day, secondOfDay: l.secondOfDay) { #expect(u == t) }
                t = next
            }
            #expect(changes > 4)
        }
    }

    @Test func dayForms() throws {
        // Jn counts 1...365 and never February 29: J60 is March 1 in every year. n counts 0...365
        // with February 29: 59 is February 29 in a leap year and March 1 otherwise.
        let julian = try TimeZoneRules(posixTZ: "AAA0BBB,J60/0,J300/0")
        let zero = try TimeZoneRules(posixTZ: "AAA0BBB,59/0,300/0")
        for (y, leap) in [(2023, false), (2024, true), (2100, false), (2000, true)] {
            let mar1 = Int64(try day(y, 3, 1).dayNumber) * 86_400
            let feb29or28 = mar1 - 86_400
            #expect(around(julian, mar1) == [0, 3600], "J60 in \(y)")
            #expect(around(zero, leap ? feb29or28 : mar1) == [0, 3600], "day 59 in \(y)")
            // J300 is October 27 in every year; zero-based 300 is day 301: October 28 in a common
            // year, October 27 in a leap year. Daylight time ends at 00:00 daylight time, 23:00Z.
            let oct27 = Int64(try day(y, 10, 27).dayNumber) * 86_400
            #expect(around(julian, oct27 - 3600) == [3600, 0], "J300 in \(y)")
            #expect(around(zero, (leap ? oct27 : oct27 + 86_400) - 3600) == [3600, 0], "day 300 in \(y)")
        }
        // J365 is December 31, in a leap year too.
        let last = try TimeZoneRules(posixTZ: "AAA0BBB,J1/0,J365/0")
        #expect(last.utcOffset(at: Int64(try day(2024, 12, 30).dayNumber) * 86_400) == 3600)
        #expect(last.utcOffset(at: Int64(try day(2024, 12, 31).dayNumber) * 86_400) == 0)
        // M.5 is the last such weekday; M2.5.4 in 2024 is Thursday February 29.
        let m = try TimeZoneRules(posixTZ: "AAA0BBB,M2.5.4/0,M12.5.6/0")
        #expect(around(m, Int64(try day(2024, 2, 29).dayNumber) * 86_400) == [0, 3600])
        #expect(around(m, Int64(try day(2023, 2, 23).dayNumber) * 86_400) == [0, 3600])    // Thu Feb 23, 2023
        #expect(around(m, Int64(try day(2024, 12, 28).dayNumber) * 86_400 - 3600) == [3600, 0])  // Sat Dec 28, 2024
    }

    @Test func malformedStrings() {
        let cases: [(String, Int)] = [
            ("", 0), ("EST", 3), ("ES5", 2), ("EST+", 4), ("EST25", 3), ("EST5:60", 5), ("EST5:3:", 7),
            ("EST5EDT,", 8), ("EST5EDT,M3.2.0", 14), ("EST5EDT,M13.2.0,M11.1.0", 9), ("EST5EDT,M0.2.0,M11.1.0", 9),
            ("EST5EDT,M3.6.0,M11.1.0", 11), ("EST5EDT,M3.0.0,M11.1.0", 11), ("EST5EDT,M3.2.7,M11.1.0", 13),
            ("EST5EDT,J0,J365", 9), ("EST5EDT,J366,J1", 9), ("EST5EDT,366,1", 8),
            ("EST5EDT,M3.2.0/168,M11.1.0", 15), ("EST5EDT,M3.2.0,M11.1.0x", 22), ("EST5EDT;M3", 7),
            ("<+03", 4), ("<+3>-3", 3), ("<+03>", 5), ("EST5EDT4x", 8), ("EST\u{0}5", 3), ("EST5EDT,M3.2.0,", 15),
        ]
        for (text, offset) in cases {
            do {
                _ = try TimeZoneRules(posixTZ: text)
                Issue.record("'\(text)' parsed")
            } catch {
                guard case .invalidPOSIXRule(let s, let at, let expected) = error else { Issue.record("\(error)"); continue }
                #expect(s == text && at == offset && !expected.isEmpty, "'\(text)': offset \(at), expected \(expected)")
                #expect(error.description.hasPrefix("invalid POSIX TZ rule '"))
            }
        }
    }
}
