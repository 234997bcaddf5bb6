// A file's own VTIMEZONE (Outlook's "W. Europe Standard Time", Lotus Notes', an old Apple iCal's)
// as the core's TimeZoneRules, for the times of a recurring item in it (TodoTimeZone). Two forms:
// - a POSIX TZ string, when the VTIMEZONE is one STANDARD and at most one DAYLIGHT, each a yearly
//   change on the n-th or last weekday of a month without end (as Outlook, Exchange and Google
//   write them), or one fixed offset: the core's rules then are that string, and the zone's name
//   is it (it goes through the native format and reads back by `TimeZoneRules.parse`);
// - any other shape (RDATE lists, historic observances, RRULEs with UNTIL or BYMONTHDAY, a lone
//   DAYLIGHT): the offset changes libical expands the VTIMEZONE to (`cg_ical_zone_changes`, the same
//   expansion the import's days come from) as a TZif v2 blob the core parses, with the POSIX string
//   of its latest observances as the footer when they are yearly and without end (expanded through
//   2040), else expanded through 2200 (after it, the last offset stays).
import CLibical
import CalGrid
import CalGridImport

enum _ICalZoneRules {
    /// The latest expansion year when a footer continues the rules, and when nothing does.
    static var footerYear: Int32 { 2040 }
    static var lastYear: Int32 { 2200 }

    /// The rules of libical zone `zone` (a file's VTIMEZONE, named `tzid`), nil when it says no
    /// offset at all (no observance with TZOFFSETTO) or more offsets than a TZif holds.
    /// - Complexity: O(observances) for the POSIX form; O(changes through `lastYear`) otherwise.
    static func rules(_ zone: OpaquePointer, tzid: String) -> TimeZoneRules? {
        guard let vtimezone = icaltimezone_get_component(zone) else { return nil }
        var standards = 0, daylights = 0, listed = false
        var earliest: (start: icaltimetype, from: Int32)? = nil
        var part = icalcomponent_get_first_component(vtimezone, ICAL_ANY_COMPONENT)
        while let p = part {
            part = icalcomponent_get_next_component(vtimezone, ICAL_ANY_COMPONENT)
            let kind = icalcomponent_isa(p)
            guard kind == ICAL_XSTANDARD_COMPONENT || kind == ICAL_XDAYLIGHT_COMPONENT else { continue }
            if kind == ICAL_XSTANDARD_COMPONENT { standards += 1 } else { daylights += 1 }
            if icalcomponent_get_first_property(p, ICAL_RDATE_PROPERTY) != nil { listed = true }
            if let r = icalcomponent_get_first_property(p, ICAL_RRULE_PROPERTY).map({ icalproperty_get_rrule($0) }),
               icaltime_is_null_time(r.until) == 0 || r.count != 0 { listed = true }
            let start = icalcomponent_get_dtstart(p)
            if let f = icalcomponent_get_first_property(p, ICAL_TZOFFSETFROM_PROPERTY), earliest.map({ icaltime_compare(start, $0.start) < 0 }) ?? true {
                earliest = (start, Int32(icalproperty_get_tzoffsetfrom(f)))
            }
        }
        let footer = posix(vtimezone)
        if standards == 1, daylights <= 1, !listed, let footer, let rules = try? TimeZoneRules(posixTZ: footer), agrees(rules, before: earliest) {
            return rules
        }
        // Every other shape: libical's expanded changes.
        let cap = _ICalZoneCheck.budget
        var at = [Int64](repeating: 0, count: cap), offset = [Int32](repeating: 0, count: cap)
        let n = at.withUnsafeMutableBufferPointer { a in
            offset.withUnsafeMutableBufferPointer { o in
                a.baseAddress!.withMemoryRebound(to: CLongLong.self, capacity: cap) { a in
                    cg_ical_zone_changes(zone, footer == nil ? lastYear : footerYear, a, o.baseAddress, cap)
                }
            }
        }
        guard n >= 0 else { return nil }
        let count = Swift.min(Int(n), cap)
        guard let initial = earliest?.from ?? (count > 0 ? offset[0] : nil) else { return nil }
        var changes: [(at: Int64, offset: Int32)] = []
        for k in 0..<count where changes.last.map({ at[k] > $0.at }) ?? true { changes.append((at[k], offset[k])) }
        guard let blob = tzif(initial: initial, changes: changes, footer: footer),
              let expanded = try? TimeZoneRules(tzif: blob, name: prefix + tzid) else { return nil }
        return yearlySince1970(expanded) ?? expanded
    }

    /// Whether `rules` (the POSIX string of a VTIMEZONE's latest observances) have the offset the
    /// VTIMEZONE says before its `earliest` observance, when that begins after 1970: if not, the
    /// VTIMEZONE changes the offset there and the string says no such change, so it is not the
    /// zone since 1970 (`yearlySince1970` decides from its changes; a lone STANDARD of 1970 from
    /// +0100 to +0000 read as a fixed offset came back as another zone once written, a fuzzer find).
    /// - Complexity: O(log transitions)
    static func agrees(_ rules: TimeZoneRules, before earliest: (start: icaltimetype, from: Int32)?) -> Bool {
        guard let e = earliest, e.start.year >= 1970 else { return true }
        var t = e.start
        t.is_date = 0
        let at = Int64(icaltime_as_timet(t)) - Int64(e.from)
        return rules.utcOffset(at: at - 1) == e.from
    }

    /// The name of a zone made from a VTIMEZONE's expanded changes begins so (`_expandedZonePrefix`).
    static var prefix: String { String(decoding: _expandedZonePrefix, as: UTF8.self) }

    /// `zone` as a POSIX TZ string's rules, when they have exactly its changes from 1970 through
    /// 2100 (a fixed offset; a Lotus Notes zone; a yearly rule said by BYMONTHDAY): named by that
    /// string, they go through the native format like any other.
    /// - Complexity: O(changes 1970...2100 × log transitions)
    static func yearlySince1970(_ zone: TimeZoneRules) -> TimeZoneRules? {
        let from = _ICalZoneWriter.startOf(1970), through = _ICalZoneWriter.startOf(2101) - 1
        let changes = _ICalZoneWriter.changes(zone, after: from - 1, through: through)
        let text: String
        if changes.isEmpty {
            text = "<STD>" + offset(-zone.utcOffset(at: from))
        } else {
            guard let (pair, since) = _ICalZoneWriter.yearly(zone, reference: 2040), since <= 1970 else { return nil }
            let daylight = pair[0].to > pair[1].to ? pair[0] : pair[1], standard = pair[0].to > pair[1].to ? pair[1] : pair[0]
            func rule(_ r: _ICalZoneWriter.Yearly) -> String {
                "M\(r.month).\(r.ordinal == -1 ? 5 : r.ordinal).\(r.weekday.rawValue)/\(r.second / 3600):\(two(Int(r.second / 60 % 60))):\(two(Int(r.second % 60)))"
            }
            text = "<STD>" + offset(-standard.to) + "<DST>" + offset(-daylight.to) + "," + rule(daylight) + "," + rule(standard)
        }
        guard let rules = try? TimeZoneRules(posixTZ: text),
              _ICalZoneWriter.changes(rules, after: from - 1, through: through) == changes,
              rules.utcOffset(at: from) == zone.utcOffset(at: from) else { return nil }
        return rules
    }

    /// A TZif v2 blob (RFC 8536) of a zone at `initial` until the first of `changes` (ascending),
    /// each the offset from its instant on, then `footer`'s rules; nil past 256 distinct offsets.
    /// Its version 1 block is empty (the core reads the 64-bit one).
    static func tzif(initial: Int32, changes: [(at: Int64, offset: Int32)], footer: String?) -> [UInt8]? {
        var offsets: [Int32] = [initial], indices: [UInt8] = []
        for c in changes {
            if let k = offsets.firstIndex(of: c.offset) { indices.append(UInt8(k)); continue }
            guard offsets.count < 256 else { return nil }
            indices.append(UInt8(offsets.count))
            offsets.append(c.offset)
        }
        func u32(_ v: UInt32, _ out: inout [UInt8]) { for s in [24, 16, 8, 0] { out.append(UInt8(truncatingIfNeeded: v >> UInt32(s))) } }
        func header(time: Int, types: Int, chars: Int, _ out: inout [UInt8]) {
            out += [0x54, 0x5A, 0x69, 0x66, 0x32] + [UInt8](repeating: 0, count: 15)
            for v in [0, 0, 0, time, types, chars] { u32(UInt32(v), &out) }
        }
        var out: [UInt8] = []
        header(time: 0, types: 0, chars: 0, &out)
        header(time: changes.count, types: offsets.count, chars: 1, &out)
        for c in changes { let v = UInt64(bitPattern: c.at); u32(UInt32(truncatingIfNeeded: v >> 32), &out); u32(UInt32(truncatingIfNeeded: v), &out) }
        out += indices
        for o in offsets { u32(UInt32(bitPattern: o), &out); out += [0, 0] }
        out.append(0)
        out.append(0x0A)
        out += Array((footer ?? "").utf8)
        out.append(0x0A)
        return out
    }

    /// The rules of `vtimezone` (a VTIMEZONE component) as a POSIX TZ string, nil for another shape:
    /// its latest STANDARD and DAYLIGHT (the rules in force now) each a yearly change without end on
    /// the n-th or last weekday of a month, or a latest STANDARD and no DAYLIGHT without a rule.
    static func posix(_ vtimezone: OpaquePointer) -> String? {
        // Of each kind, the observance that starts last: the rules in force now.
        func latest(_ kind: icalcomponent_kind) -> (start: icaltimetype, to: Int32, rule: icalrecurrencetype?)? {
            var best: (start: icaltimetype, to: Int32, rule: icalrecurrencetype?)? = nil
            var sub = icalcomponent_get_first_component(vtimezone, kind)
            while let s = sub {
                sub = icalcomponent_get_next_component(vtimezone, kind)
                guard let p = icalcomponent_get_first_property(s, ICAL_TZOFFSETTO_PROPERTY) else { continue }
                let start = icalcomponent_get_dtstart(s)
                let rule = icalcomponent_get_first_property(s, ICAL_RRULE_PROPERTY).map { icalproperty_get_rrule($0) }
                if let b = best, icaltime_compare(b.start, start) > 0 { continue }
                best = (start, Int32(icalproperty_get_tzoffsetto(p)), rule)
            }
            return best
        }
        guard let standard = latest(ICAL_XSTANDARD_COMPONENT) else { return nil }
        guard let daylight = latest(ICAL_XDAYLIGHT_COMPONENT) else {
            return standard.rule == nil ? "<STD>" + offset(-standard.to) : nil
        }
        guard let toDaylight = change(daylight), let toStandard = change(standard) else { return nil }
        // One string for one set of rules, the one the writer's VTIMEZONE reads back as
        // (`_ICalZoneWriter`: daylight time is the larger offset): a DAYLIGHT whose offset is not
        // above its STANDARD's is the standard time, two equal offsets are one fixed offset.
        if daylight.to == standard.to { return "<STD>" + offset(-standard.to) }
        if daylight.to < standard.to {
            return "<STD>" + offset(-daylight.to) + "<DST>" + offset(-standard.to) + "," + toStandard + "," + toDaylight
        }
        return "<STD>" + offset(-standard.to) + "<DST>" + offset(-daylight.to) + "," + toDaylight + "," + toStandard
    }

    /// `Mm.w.d/hh:mm:ss` of a yearly change without end on the n-th (or last) weekday of a month,
    /// nil otherwise.
    static func change(_ o: (start: icaltimetype, to: Int32, rule: icalrecurrencetype?)) -> String? {
        guard var r = o.rule, r.freq == ICAL_YEARLY_RECURRENCE, r.interval <= 1, icaltime_is_null_time(r.until) != 0, r.count == 0
        else { return nil }
        let month = withUnsafeBytes(of: &r.by_month) { $0.load(as: Int16.self) }
        let (day, second) = withUnsafeBytes(of: &r.by_day) { ($0.load(as: Int16.self), $0.load(fromByteOffset: 2, as: Int16.self)) }
        let noMore = Int16(truncatingIfNeeded: ICAL_RECURRENCE_ARRAY_MAX.rawValue)
        let monthDay = withUnsafeBytes(of: &r.by_month_day) { $0.load(as: Int16.self) }
        guard month >= 1, month <= 12, day != noMore, second == noMore, monthDay == noMore else { return nil }
        let n = icalrecurrencetype_day_position(day), weekday = Int(icalrecurrencetype_day_day_of_week(day).rawValue) - 1
        guard weekday >= 0, weekday <= 6, n == -1 || (n >= 1 && n <= 4) else { return nil }
        let time = "\(o.start.hour):\(two(Int(o.start.minute))):\(two(Int(o.start.second)))"
        return "M\(month).\(n == -1 ? 5 : n).\(weekday)/" + time
    }

    /// A POSIX offset: `[-]h[:mm[:ss]]` of `seconds`.
    static func offset(_ seconds: Int32) -> String {
        let a = abs(Int(seconds))
        return (seconds < 0 ? "-" : "") + "\(a / 3600):\(two(a / 60 % 60)):\(two(a % 60))"
    }

    static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
