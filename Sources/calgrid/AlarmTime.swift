import CalGrid
import CalGridStore

/// The instants `calgrid alarms` reads and writes: `now`, `±N{m,h,d}` from now, a date (its
/// midnight in the zone), an RFC 3339 date-time (without an offset: in the zone); written as RFC
/// 3339 in UTC (JSON) or `YYYY-MM-DD HH:MM` in the zone (text).
enum AlarmTime {
    /// `text` as an instant: `±N{s,m,h,d}` counts from `base` (now for --from, --from for --to).
    static func parse(_ text: String, now: Int64, base: Int64, zone: TimeZoneRules, option: String) throws(CLIError) -> Int64 {
        if text == "now" { return now }
        let u = Array(text.utf8)
        if let sign = u.first, sign == 43 || sign == 45, u.count >= 3 {          // + or -
            let unit: Int64
            switch u[u.count - 1] {
            case 115: unit = 1          // s
            case 109: unit = 60         // m
            case 104: unit = 3600       // h
            case 100: unit = 86_400     // d
            default: throw bad(text, option)
            }
            guard let n = Int64(String(decoding: u[1..<(u.count - 1)], as: UTF8.self)), n <= 3_650_000 else { throw bad(text, option) }
            return sign == 43 ? base + n * unit : base - n * unit
        }
        guard u.count >= 10, let day = try? CivilDate(iso8601: String(decoding: u[0..<10], as: UTF8.self)) else { throw bad(text, option) }
        if u.count == 10 { return try wall(day, 0, zone, text, option) }
        guard u[10] == 84 || u[10] == 116 || u[10] == 32, u.count >= 16, u[13] == 58 else { throw bad(text, option) }
        func number(_ r: Range<Int>) -> Int32? {
            guard r.upperBound <= u.count, u[r].allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
            return Int32(String(decoding: u[r], as: UTF8.self))
        }
        guard let h = number(11..<13), let m = number(14..<16), h < 24, m < 60 else { throw bad(text, option) }
        var p = 16, s: Int32 = 0
        if p < u.count, u[p] == 58 {
            guard let v = number(17..<19), v < 60 else { throw bad(text, option) }
            s = v; p = 19
            if p < u.count, u[p] == 46 { p += 1; while p < u.count, u[p] >= 48, u[p] <= 57 { p += 1 } }   // fraction: dropped
        }
        let second = h * 3600 + m * 60 + s
        if p == u.count { return try wall(day, second, zone, text, option) }
        let base = Int64(day.dayNumber) * 86_400 + Int64(second)
        if u.count == p + 1, u[p] == 90 || u[p] == 122 { return base }            // Z
        guard u.count == p + 6, u[p] == 43 || u[p] == 45, u[p + 3] == 58, let oh = number((p + 1)..<(p + 3)),
              let om = number((p + 4)..<(p + 6)), oh < 24, om < 60 else { throw bad(text, option) }
        let offset = Int64(oh * 3600 + om * 60)
        return u[p] == 43 ? base - offset : base + offset
    }

    static func wall(_ day: CivilDate, _ second: Int32, _ zone: TimeZoneRules, _ text: String, _ option: String) throws(CLIError) -> Int64 {
        switch zone.instant(of: day, secondOfDay: second) {
        case .unique(let t), .ambiguous(let t, _): return t
        case .nonexistent(let g): return g
        }
    }

    static func bad(_ text: String, _ option: String) -> CLIError {
        .usage("\(option): '\(text)' is not now, +5m/+24h/+2d, a date (YYYY-MM-DD) or an RFC 3339 date-time")
    }

    static func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }

    /// RFC 3339 in UTC: `2026-03-10T08:00:00Z`.
    static func rfc3339(_ t: Int64) -> String {
        guard let l = TimeZoneRules.utc.localTime(at: t) else { return "\(t)" }
        return l.day.iso8601 + "T" + clock(l.secondOfDay, seconds: true) + "Z"
    }

    /// `YYYY-MM-DD HH:MM` in `zone` (with `:SS` when the instant has seconds).
    static func local(_ t: Int64, _ zone: TimeZoneRules) -> String {
        guard let l = zone.localTime(at: t) else { return rfc3339(t) }
        return l.day.iso8601 + " " + clock(l.secondOfDay, seconds: l.secondOfDay % 60 != 0)
    }

    static func clock(_ s: Int32, seconds: Bool) -> String {
        two(s / 3600) + ":" + two(s / 60 % 60) + (seconds ? ":" + two(s % 60) : "")
    }
}
