import CalGrid
import CalGridICalendar
import CalGridImport
import Foundation
import Testing

/// Each distinct VTIMEZONE is parsed once per import (`_ICalZoneCache`): for a TZID tzdata does not
/// know, the days stay those each file's own VTIMEZONE gives. A TZID tzdata knows is read by
/// tzdata's rules, whatever the file's VTIMEZONE says (as python-icalendar reads it). The oracle is
/// tzdata (`TimeZoneRules.named`) for a VTIMEZONE with tzdata's rules, the fixed offset a VTIMEZONE
/// writes for one without rules, and Foundation's TimeZone for the reading policy.
@Suite struct ICalendarZoneCacheTests {
    /// A TZID no zone database has: the cache's tests read it by the file's VTIMEZONE.
    static let custom = "Tasks Berlin"

    /// Europe/Berlin's rules as Tasks.org through DAVx5 writes them (the 1970 rules, STANDARD
    /// first), under `custom`.
    static let berlin = """
    BEGIN:VTIMEZONE\r
    TZID:Tasks Berlin\r
    BEGIN:STANDARD\r
    DTSTART:19701025T030000\r
    RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r
    TZOFFSETFROM:+0200\r
    TZOFFSETTO:+0100\r
    TZNAME:CET\r
    END:STANDARD\r
    BEGIN:DAYLIGHT\r
    DTSTART:19700329T020000\r
    RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\r
    TZOFFSETFROM:+0100\r
    TZOFFSETTO:+0200\r
    TZNAME:CEST\r
    END:DAYLIGHT\r
    END:VTIMEZONE\r

    """
    /// A zone of the same name whose rules are not Berlin's: a fixed +05:00, as a phone with a
    /// wrongly set zone database might write it. Its TZID must not bring another file's zone of
    /// that name in.
    static let notBerlin = """
    BEGIN:VTIMEZONE\r
    TZID:Tasks Berlin\r
    BEGIN:STANDARD\r
    DTSTART:19700101T000000\r
    TZOFFSETFROM:+0500\r
    TZOFFSETTO:+0500\r
    TZNAME:XT\r
    END:STANDARD\r
    END:VTIMEZONE\r

    """

    /// One file: the zone, then a todo due at 03:00 on 2026-03-10 in it.
    static func file(_ zone: String, uid: String, due: String = "20260310T030000") -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:+//IDN tasks.org//android-140503//EN\r\n" + zone +
            "BEGIN:VTODO\r\nUID:\(uid)\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:\(uid)\r\nDUE;TZID=\(custom):\(due)\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
    }

    /// The day of 03:00 on 2026-03-10 in `rules`, seen in UTC.
    static func expectedDay(_ rules: TimeZoneRules) throws -> CivilDate {
        guard case .unique(let i) = rules.instant(of: try CivilDate(year: 2026, month: 3, day: 10), secondOfDay: 3 * 3600) else {
            throw CancellationError()
        }
        return TimeZoneRules.utc.localTime(at: i)!.day
    }

    /// 40 files, the real and the other Berlin in turn: each item's due day is its own zone's,
    /// whether read as one text (the CLI's cold view) or as a vdir (one source per file).
    @Test func sameTZIDOtherRulesKeepTheirOwnDays() throws {
        let real = try Self.expectedDay(TimeZoneRules.named("Europe/Berlin"))
        let other = try Self.expectedDay(TimeZoneRules(utcOffsetSeconds: 5 * 3600))
        #expect(real != other, "the test needs zones that put 03:00 on different days")
        let files = (0..<40).map { k in (k % 2 == 0 ? "real-\(k)" : "other-\(k)", Self.file(k % 2 == 0 ? Self.berlin : Self.notBerlin, uid: k % 2 == 0 ? "real-\(k)" : "other-\(k)")) }
        var together = TodoSet()
        try together.importICalendar(bytes: Array(files.map { $0.1 }.joined().utf8), options: ImportOptions(zone: .utc))
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("calgrid-zone-cache-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, text) in files { try Data(text.utf8).write(to: dir.appendingPathComponent(name + ".ics")) }
        var vdir = TodoSet()
        try vdir.importICalendar(directoryAt: dir.path, options: ImportOptions(zone: .utc))
        for set in [together, vdir] {
            #expect(set.count == files.count)
            for i in set.indices {
                let id = set.id(at: i)
                #expect(set.end(at: i) == (id.hasPrefix("real") ? real : other), "\(id): due \(String(describing: set.end(at: i)))")
            }
        }
    }

    /// A zone libical may not expand (an hourly rule: `_ICalZoneCheck`) is refused for every item
    /// that uses it, each file's copy as the first.
    @Test func aRefusedZoneIsRefusedInEveryFile() throws {
        let busy = Self.berlin.replacingOccurrences(of: "FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", with: "FREQ=HOURLY")
        let text = (0..<5).map { Self.file(busy, uid: "busy-\($0)") }.joined() + Self.file(Self.berlin, uid: "fine")
        var set = TodoSet()
        var o = ImportOptions(policy: .skipInvalid, zone: .utc)
        o.limits.maxReportedIssues = 100
        let r = try set.importICalendar(bytes: Array(text.utf8), options: o)
        #expect(r.imported == 1 && r.skipped == 5, "\(r.imported) imported, \(r.skipped) skipped")
        #expect(set.count == 1 && set.id(at: 0) == "fine")
    }

    /// A file dropped under skip-invalid (two items in one vdir file) leaves the zones of the files
    /// before it, whose items are not decoded yet, in place.
    @Test func aDroppedFileLeavesTheOthersZones() throws {
        let other = try Self.expectedDay(TimeZoneRules(utcOffsetSeconds: 5 * 3600))
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("calgrid-zone-drop-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let two = Self.file(Self.notBerlin, uid: "b-one").replacingOccurrences(of: "END:VCALENDAR\r\n", with: "")
            + "BEGIN:VTODO\r\nUID:b-two\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:b-two\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        for (name, text) in [("a", Self.file(Self.notBerlin, uid: "a")), ("b", two), ("c", Self.file(Self.notBerlin, uid: "c"))] {
            try Data(text.utf8).write(to: dir.appendingPathComponent(name + ".ics"))
        }
        var set = TodoSet()
        let r = try set.importICalendar(directoryAt: dir.path, options: ImportOptions(policy: .skipInvalid, zone: .utc))
        #expect(r.skipped == 1 && set.count == 2)
        for i in set.indices { #expect(set.end(at: i) == other, "\(set.id(at: i)): due \(String(describing: set.end(at: i)))") }
    }

    /// More distinct zones than the import keeps (`_ICalZoneCache.most`), three items a calendar so
    /// batches end inside calendars too: every item still on its own zone's day.
    @Test func manyDistinctZonesEachKeepTheirDays() throws {
        let real = try Self.expectedDay(TimeZoneRules.named("Europe/Berlin"))
        let other = try Self.expectedDay(TimeZoneRules(utcOffsetSeconds: 5 * 3600))
        var text = "", files: [(String, String)] = []
        for k in 0..<60 {
            let zone = (k % 2 == 0 ? Self.berlin.replacingOccurrences(of: "TZNAME:CET", with: "TZNAME:CET\(k)")
                                   : Self.notBerlin.replacingOccurrences(of: "TZNAME:XT", with: "TZNAME:XT\(k)"))
            var one = Self.file(zone, uid: "z\(k)-0").replacingOccurrences(of: "END:VCALENDAR\r\n", with: "")
            for j in 1..<3 { one += "BEGIN:VTODO\r\nUID:z\(k)-\(j)\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:x\r\nDUE;TZID=\(Self.custom):20260310T030000\r\nEND:VTODO\r\n" }
            one += "END:VCALENDAR\r\n"
            text += one
            files.append(("z\(k)", one))
        }
        var set = TodoSet()
        try set.importICalendar(bytes: Array(text.utf8), options: ImportOptions(zone: .utc))
        #expect(set.count == 180)
        for i in set.indices {
            let k = Int(set.id(at: i).dropFirst().prefix { $0 != "-" })!
            #expect(set.end(at: i) == (k % 2 == 0 ? real : other), "\(set.id(at: i))")
        }
    }

    /// The reading policy: a weekly 02:00-03:00 meeting with a -PT30M alarm from 2 March 2026,
    /// eight times, under the fixed +05:00 VTIMEZONE. Named Europe/Berlin it is read by tzdata's
    /// Berlin (01:00Z, then 00:00Z after the EU change on 29 March: the same days); named `custom`,
    /// by the file's +05:00 (21:00Z the day before). Read in UTC; the oracle is Foundation's
    /// TimeZone (ICU's tzdata, not CalGrid's TimeZoneRules) and a fixed offset.
    @Test func aKnownTZIDIsReadByTzdataAnUnknownOneByTheFile() throws {
        for (tzid, oracle) in [("Europe/Berlin", TimeZone(identifier: "Europe/Berlin")!), (Self.custom, TimeZone(secondsFromGMT: 5 * 3600)!)] {
            let zone = Self.notBerlin.replacingOccurrences(of: "TZID:" + Self.custom, with: "TZID:" + tzid)
            let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//calgrid tests//EN\r\n" + zone
                + "BEGIN:VEVENT\r\nUID:meeting\r\nDTSTAMP:20260301T000000Z\r\nSUMMARY:Meeting\r\n"
                + "DTSTART;TZID=\(tzid):20260302T020000\r\nDTEND;TZID=\(tzid):20260302T030000\r\nRRULE:FREQ=WEEKLY;COUNT=8\r\n"
                + "BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Meeting\r\nTRIGGER:-PT30M\r\nEND:VALARM\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
            var c = Calendar(identifier: .gregorian)
            c.timeZone = oracle
            var starts: [Int64] = []
            for w in 0..<8 {
                let d = c.date(from: DateComponents(year: 2026, month: 3, day: 2 + 7 * w, hour: 2))!
                starts.append(Int64(d.timeIntervalSince1970))
            }
            // Read as one text (the CLI's cold view) and as a vdir (the store's path, one source a file).
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("calgrid-zone-policy-\(getpid())")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: dir) }
            try Data(text.utf8).write(to: dir.appendingPathComponent("meeting.ics"))
            var together = TodoSet(), vdir = TodoSet()
            try together.importICalendar(bytes: Array(text.utf8), options: ImportOptions(zone: .utc))
            try vdir.importICalendar(directoryAt: dir.path, options: ImportOptions(zone: .utc))
            for set in [together, vdir] {
                let first = try CivilDate(year: 2026, month: 3, day: 1), last = try CivilDate(year: 2026, month: 4, day: 30)
                let listed = set.occurrences(from: first, through: last)
                #expect(listed.count == 8, "\(tzid): \(listed.count) occurrences")
                for (o, s) in zip(listed, starts) {
                    let day = try CivilDate(dayNumber: s / 86_400), minute = Int(s % 86_400) / 60
                    #expect(o.day == day && o.times == TodoTimes(start: minute, end: minute + 60),
                            "\(tzid): \(o.day) \(String(describing: o.times)), oracle \(day) \(minute)")
                }
                let rings = set.alarmInstants(from: starts[0] - 86_400, to: starts[7] + 86_400, zone: .utc).map(\.at)
                #expect(rings == starts.map { $0 - 1800 }, "\(tzid): alarms \(rings), oracle \(starts.map { $0 - 1800 })")
            }
        }
    }
}
