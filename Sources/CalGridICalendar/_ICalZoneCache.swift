// Each distinct VTIMEZONE parsed once per import. Phones and their sync clients (iOS, DAVx5,
// Thunderbird) write the VTIMEZONE a TZID names into every file, so a vdir of 2,000 timed todos is
// 2,000 copies of two or three zones. Each copy, parsed into its own VCALENDAR, was a zone of its
// own: libical parsed its 17 lines, the budget check (`_ICalZoneCheck`) walked its rules to 2582,
// and libical expanded its changes from 1970 again on the first conversion. Here a VTIMEZONE is
// known by its bytes (the framed component, BEGIN to END): the first copy is parsed and becomes a
// libical zone this import owns; every later copy with the same bytes is not parsed at all, its
// calendar refers to the zone already made. A VTIMEZONE whose TZID tzdata knows is kept by its bytes
// only (no zone: `_ICalClock` reads that name by tzdata); one of another name is a zone, the days
// its rules give (a custom name with rules of its own keeps them, ICalendarZoneCacheTests).
import CLibical
import CalGrid

/// The VTIMEZONEs one import has met, by their bytes, and which of them each streamed VCALENDAR
/// has. Lives in the import's clock (`_ICalClock`); one thread uses it (an import's parse and its
/// decode run on the calling thread), so the zones' lazy expansion is never shared.
struct _ICalZoneCache {
    /// One distinct VTIMEZONE: its TZID (nil when it has none: libical keeps no zone for it then,
    /// and no TZID names it), its libical zone (owning the parsed component), and whether it may
    /// be expanded (`_ICalZoneCheck`, once per zone).
    struct Zone {
        var bytes: [UInt8]
        var tzid: String?
        var zone: OpaquePointer?
        var problem: String?? = nil
        /// Its rules for zoned times (`_ICalZoneRules.rules`), once made; `.some(nil)`: it has none.
        var rules: TimeZoneRules?? = nil
    }

    // Arrays searched in order, not dictionaries: a few zones and one batch's calendars at most,
    // and no new dictionary type in libcalgrid.a's Embedded calgrid_ical.o (its size bound).
    var zones: [Zone] = []
    /// The zones of each streamed VCALENDAR (its shell, `_ICalPending.shell`), in file order.
    /// Pruned whenever calendars are freed (`keep(only:)`, `forget`): a freed shell's address may come back.
    var calendars: [(shell: OpaquePointer, zones: [Int])] = []

    /// The zone of the VTIMEZONE `bytes`, if this import met it already.
    /// - Complexity: O(zones × bytes), zones at most `most` plus one calendar's.
    func known(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let b = bytes.baseAddress, !bytes.isEmpty else { return nil }
        for (k, z) in zones.enumerated() where z.bytes.count == bytes.count {
            if z.bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress!, b, bytes.count) == 0 }) { return k }
        }
        return nil
    }

    /// Records the zones of the streamed calendar `shell`.
    mutating func open(_ shell: OpaquePointer, zones mine: [Int]) {
        forget([shell])
        calendars.append((shell, mine))
    }

    /// Makes `component` (a VTIMEZONE just parsed from `bytes`, owned by no one) the zone of those
    /// bytes and returns its place. Under the libical lock (it makes a zone).
    /// - Complexity: O(bytes).
    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, _ component: OpaquePointer) -> Int {
        var entry = Zone(bytes: Array(bytes), tzid: nil, zone: nil)
        if let z = icaltimezone_new() {
            // libical keeps a VTIMEZONE without TZID as no zone (icalcomponent_add_component does
            // the same check); the zone then owns the component, else it is freed here.
            if icaltimezone_set_component(z, component) != 0, let t = icaltimezone_get_tzid(z) {
                entry = Zone(bytes: entry.bytes, tzid: String(cString: t), zone: z)
            } else {
                icaltimezone_free(z, 1)
                icalcomponent_free(component)
            }
        } else {
            icalcomponent_free(component)
        }
        zones.append(entry)
        return zones.count - 1
    }

    /// Frees zone `k`'s libical zone, keeping its bytes (later copies are still not parsed): a
    /// VTIMEZONE of a name tzdata knows, which no read uses.
    /// - Complexity: O(1).
    mutating func release(_ k: Int) {
        if let z = zones[k].zone { icaltimezone_free(z, 1) }
        zones[k].zone = nil
    }

    /// The zone `tzid` names in `calendar` (a streamed VCALENDAR): its first VTIMEZONE of that
    /// TZID; nil when the calendar was not streamed (libical's own zones then) or has none.
    /// - Complexity: O(calendars + VTIMEZONEs of the calendar).
    func zone(named tzid: String, in calendar: OpaquePointer) -> Int? {
        for c in calendars where c.shell == calendar {
            for k in c.zones where zones[k].tzid == tzid { return k }
            return nil
        }
        return nil
    }

    /// Why zone `k` may not be expanded, or nil; checked once per zone.
    /// - Complexity: `_ICalZoneCheck.problem`'s, the first time; O(1) after.
    mutating func problem(_ k: Int) -> String? {
        if let known = zones[k].problem { return known }
        let p = zones[k].zone.flatMap { icaltimezone_get_component($0) }.flatMap { _ICalZoneCheck.problem(_Component(raw: $0)) }
        zones[k].problem = .some(p)
        return p
    }

    /// Zones kept between calendars at most. Phones write two or three; a file of many distinct
    /// zones (each expanded up to `_ICalZoneCheck.budget` changes) must not keep them all alive
    /// past their calendars, as the import's memory bound counts one batch's (docs/reliability.md).
    static var most: Int { 16 }

    /// Forgets every calendar but `shell` (the others were freed, their items decoded); once there
    /// are more than `most` zones, frees all but the open calendar's (a later copy of one is then
    /// parsed again). Called where the import frees its components (its own: libical keeps no
    /// shared state in a zone's free).
    /// - Complexity: O(zones).
    mutating func keep(only shell: OpaquePointer?) {
        var mine: [Int] = []
        for c in calendars where c.shell == shell { mine = c.zones }
        calendars.removeAll(keepingCapacity: true)
        if zones.count > Self.most {
            var kept: [Zone] = []
            var moved = [Int](repeating: -1, count: zones.count)
            for k in mine where moved[k] < 0 {
                moved[k] = kept.count
                kept.append(zones[k])
            }
            for (k, z) in zones.enumerated() where moved[k] < 0 { if let zone = z.zone { icaltimezone_free(zone, 1) } }
            zones = kept
            mine = mine.map { moved[$0] }
        }
        if let shell { calendars.append((shell, mine)) }
    }

    /// Forgets the zones of `freed` calendars (a source dropped under skip-invalid).
    /// - Complexity: O(calendars × freed).
    mutating func forget(_ freed: [OpaquePointer]) {
        calendars.removeAll { c in freed.contains(c.shell) }
    }

    /// Frees every zone (and its component).
    mutating func freeAll() {
        for z in zones { if let zone = z.zone { icaltimezone_free(zone, 1) } }
        zones.removeAll()
        calendars.removeAll()
    }
}
