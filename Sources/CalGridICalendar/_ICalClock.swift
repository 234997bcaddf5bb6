// Dates and date-times → days, by the project's rule: a date-time is an instant, and its day is that
// instant's day in the import zone, by the zone's rules at that instant (never one fixed offset).
// A TZID tzdata knows is read by tzdata's rules (TimeZoneRules), whatever VTIMEZONE the file gives
// it: CalGrid writes such a zone from tzdata (`_LibicalBuilder+Zone`), so a file's other rules under
// that name would not survive an export, and python-icalendar, Thunderbird and Google read it so.
// A TZID tzdata does not know (Outlook's Windows names, custom names) is read through the file's
// VTIMEZONE, by libical. UTC values are instants; floating values and DATEs are days as written.
import CLibical
import CalGrid
import CalGridImport
import CalGridSystem

struct _ICalClock {
    /// The import zone (`ImportOptions.zone`).
    let zone: TimeZoneRules
    /// tzdata zones met so far, by TZID; nil for a name tzdata does not know.
    var tzdata: [String: TimeZoneRules?] = [:]
    /// The file's zones checked so far (`_ICalZoneCheck`), by libical's zone: nil when fine. Valid
    /// for one batch: the import frees a batch's zones after decoding it (`forgetZones`).
    var zoneProblems: [OpaquePointer: String?] = [:]
    /// The VTIMEZONEs of streamed calendars, each parsed once per import (`_ICalZoneCache`).
    var zoneCache = _ICalZoneCache()

    /// Forgets the checked zones (their memory may be reused once the batch's calendar is freed).
    mutating func forgetZones() { zoneProblems.removeAll(keepingCapacity: true) }

    init(zone: TimeZoneRules) { self.zone = zone }

    /// What a value means: a day as written, or an instant.
    enum Reading {
        case day(CivilDate)
        case instant(Int64)
    }

    /// The value `t` of property `name` of a component of `calendar`, read as a day or an instant.
    mutating func read(_ t: _ICalTime, _ name: String, in calendar: _Component) throws(_FieldFailure) -> Reading {
        switch t.form {
        case .date, .floating: return .day(t.day)
        case .utc: return .instant(t.wallSeconds)
        case .zoned(let tzid): return .instant(try instant(wall: t.wallSeconds, tzid: tzid, name, in: calendar))
        }
    }

    /// The tzdata zone `tzid` names, nil when tzdata does not know it (a Windows or custom name:
    /// the file's VTIMEZONE is read then); looked up once per import.
    /// - Complexity: one zone file read the first time, O(log names) after.
    mutating func tzdataZone(_ tzid: String) -> TimeZoneRules? {
        if let known = tzdata[tzid] { return known }
        let rules = try? TimeZoneRules.named(tzid)
        tzdata[tzid] = rules
        return rules
    }

    /// Makes `component` (a VTIMEZONE parsed from `bytes`) a zone of the import's cache and returns
    /// its place; one whose TZID tzdata knows is kept by its bytes alone (`_ICalZoneCache.release`).
    /// - Complexity: O(bytes), and one zone file read for a name not met before.
    mutating func addZone(_ bytes: UnsafeBufferPointer<UInt8>, _ component: OpaquePointer) -> Int {
        let k = zoneCache.add(bytes, component)
        if let tzid = zoneCache.zones[k].tzid, tzdataZone(tzid) != nil { zoneCache.release(k) }
        return k
    }

    /// The instant of the wall-clock time `wall` (seconds since 1970 as read on the clock) in the
    /// zone `tzid`: in a fold the earlier instant, in a gap the offset before it (RFC 5545 3.3.5).
    /// tzdata's zone of that name when it knows it, else the file's VTIMEZONE.
    mutating func instant(wall: Int64, tzid: String, _ name: String, in calendar: _Component) throws(_FieldFailure) -> Int64 {
        if let rules = tzdataZone(tzid) {
            let (days, second) = _floorDivide(wall, 86_400)
            switch rules.instant(of: CivilDate.epoch._clampedAdding(days), secondOfDay: Int32(second)) {
            case .unique(let i): return i
            case .ambiguous(let earlier, _): return earlier
            case .nonexistent(let gapStart): return wall - Int64(rules.utcOffset(at: gapStart - 1))
            }
        }
        var found: OpaquePointer? = nil
        let problem: String?
        if let k = zoneCache.zone(named: tzid, in: calendar.raw) {
            found = zoneCache.zones[k].zone
            problem = zoneCache.problem(k)
        } else if let z = tzid.withCString({ icalcomponent_get_timezone(calendar.raw, $0) }) {
            found = z
            if let known = zoneProblems[z] { problem = known } else {
                problem = icaltimezone_get_component(z).flatMap { _ICalZoneCheck.problem(_Component(raw: $0)) }
                zoneProblems[z] = problem
            }
        } else { problem = nil }
        if let z = found {
            if let problem { throw _FieldFailure(.invalidDateTime, name, _ICalText.zoneRefused(name, tzid, problem)) }
            var tt = icaltime_null_time()
            let (days, second) = _floorDivide(wall, 86_400)
            let (y, m, d) = CivilDate.epoch._clampedAdding(days).components
            tt.year = Int32(y); tt.month = Int32(m); tt.day = Int32(d)
            tt.hour = Int32(second / 3600); tt.minute = Int32(second / 60 % 60); tt.second = Int32(second % 60)
            tt.is_date = 0
            return Int64(icaltime_as_timet_with_zone(tt, z))
        }
        throw _FieldFailure(.invalidDateTime, name, _ICalText.unknownZone(name, tzid))
    }

    /// The day of `r` in the import zone.
    func day(_ r: Reading, _ name: String) throws(_FieldFailure) -> CivilDate {
        switch r {
        case .day(let d): return d
        case .instant(let i):
            guard let l = zone.localTime(at: i) else { throw _FieldFailure(.invalidDateTime, name, _ICalText.outOfRange(name)) }
            return l.day
        }
    }
}

extension CivilDate {
    /// The day `days` after this one, clamped to the supported range (callers check their inputs).
    func _clampedAdding(_ days: Int64) -> CivilDate {
        let n = Swift.min(Swift.max(Int64(dayNumber) + days, Int64(CivilDate.minDayNumber)), Int64(CivilDate.maxDayNumber))
        return (try? CivilDate(dayNumber: n)) ?? self
    }
}
