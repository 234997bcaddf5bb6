// RRULE text as written in the input (libical's parsed form loses what is wrong with it: it wraps
// INTERVAL), and the same rule some days later, where a rule of civil days can say that.
import CalGrid

/// `s` through `_asciiUpper`, byte by byte.
func _asciiUppercased<S: Sequence<UInt8>>(_ s: S) -> String { String(decoding: s.map(_asciiUpper), as: UTF8.self) }

/// The unfolded, unescaped values of the property `name` of an item's own text (not of its
/// subcomponents, such as a VTIMEZONE's RRULEs). Outlook escapes RRULE's separators (`\;`).
enum _RawProperty {
    /// Whether `raw` is the text of `c` itself: it begins with `c`'s BEGIN line.
    static func isText(of c: _Component, _ raw: UnsafeBufferPointer<UInt8>) -> Bool {
        let begin = Array(("BEGIN:" + c.kindName).utf8)
        guard raw.count > begin.count else { return false }
        for k in begin.indices where _asciiUpper(raw[k]) != begin[k] { return false }
        return raw[begin.count] == 0x0D || raw[begin.count] == 0x0A
    }

    static func values(_ name: StaticString, in raw: UnsafeBufferPointer<UInt8>) -> [[UInt8]] {
        var out: [[UInt8]] = []
        var depth = 0
        var i = 0
        let n = raw.count
        func starts(_ w: StaticString, at i: Int) -> Bool {
            let c = w.utf8CodeUnitCount
            guard i + c < n else { return false }
            for k in 0..<c where _asciiUpper(raw[i + k]) != w.utf8Start[k] { return false }
            return true
        }
        while i < n {
            var e = i
            while e < n, raw[e] != 0x0A { e += 1 }
            // The logical line: this one and the continuation lines after it.
            var line: [UInt8] = Array(raw[i..<e])
            var next = e + 1
            while next < n, raw[next] == 0x20 || raw[next] == 0x09 {
                if line.last == 0x0D { line.removeLast() }
                var f = next + 1
                while f < n, raw[f] != 0x0A { f += 1 }
                line += raw[(next + 1)..<f]
                next = f + 1
            }
            if line.last == 0x0D { line.removeLast() }
            if starts("BEGIN:", at: i) { depth += 1 } else if starts("END:", at: i) { depth -= 1 }
            else if depth == 1, starts(name, at: i), i + name.utf8CodeUnitCount < n,
                    raw[i + name.utf8CodeUnitCount] == 0x3A || raw[i + name.utf8CodeUnitCount] == 0x3B {
                var quoted = false
                var k = name.utf8CodeUnitCount
                while k < line.count, quoted || line[k] != 0x3A { if line[k] == 0x22 { quoted.toggle() }; k += 1 }
                var value: [UInt8] = []
                var j = k + 1
                while j < line.count {
                    if line[j] == 0x5C, j + 1 < line.count, line[j + 1] == 0x3B || line[j + 1] == 0x2C { j += 1 }
                    value.append(line[j]); j += 1
                }
                out.append(value)
            }
            i = next
        }
        return out
    }
}

/// A rule's `NAME=VALUE` parts, in order (names upper case).
struct _RuleParts {
    var parts: [(String, String)]

    init?(_ text: [UInt8]) {
        parts = []
        for p in text.split(separator: 0x3B, omittingEmptySubsequences: true) {
            guard let eq = p.firstIndex(of: 0x3D) else { return nil }
            parts.append((_asciiUppercased(p[p.startIndex..<eq]), String(decoding: p[(eq + 1)...], as: UTF8.self)))
        }
    }

    var textString: String { parts.map { $0.0 + "=" + $0.1 }.joined(separator: ";") }
    var text: [UInt8] { Array(textString.utf8) }

    func value(_ name: String) -> String? { parts.first { $0.0 == name }?.1 }

    mutating func set(_ name: String, _ value: String) {
        if let k = parts.firstIndex(where: { $0.0 == name }) { parts[k].1 = value } else { parts.append((name, value)) }
    }

    static let weekdays = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

    /// The rule whose days are this one's `k` days later, starting `k` days after `start`; nil when
    /// a rule of days cannot say it: only DAILY, WEEKLY by weekdays, and MONTHLY/YEARLY by days of
    /// the month that stay inside every month, with no ordinal weekdays, BYSETPOS, BYYEARDAY or
    /// BYWEEKNO.
    func shifted(by k: Int, start: CivilDate) -> _RuleParts? {
        guard k != 0 else { return self }
        guard abs(k) == 1, let freq = value("FREQ").map({ _asciiUppercased($0.utf8) }) else { return nil }
        var out = self
        let allowed: Set<String>
        switch freq {
        case "DAILY": allowed = ["FREQ", "INTERVAL", "COUNT", "UNTIL", "WKST"]
        case "WEEKLY": allowed = ["FREQ", "INTERVAL", "COUNT", "UNTIL", "WKST", "BYDAY"]
        case "MONTHLY": allowed = ["FREQ", "INTERVAL", "COUNT", "UNTIL", "WKST", "BYMONTHDAY"]
        case "YEARLY": allowed = ["FREQ", "INTERVAL", "COUNT", "UNTIL", "WKST", "BYMONTHDAY", "BYMONTH"]
        default: return nil
        }
        for (name, _) in parts where !allowed.contains(name) { return nil }
        func shiftDay(_ w: String) -> String? {
            guard let i = Self.weekdays.firstIndex(of: _asciiUppercased(w.utf8)) else { return nil }
            return Self.weekdays[(i + k + 7) % 7]
        }
        // Weekdays and the week's first day move together, so INTERVAL's weeks stay the same weeks.
        out.set("WKST", shiftDay(value("WKST") ?? "MO")!)
        if freq == "WEEKLY" {
            let days = (value("BYDAY") ?? Self.weekdays[(Int(start.weekday.rawValue) + 6) % 7]).split(separator: ",").map(String.init)
            var moved: [String] = []
            for d in days { guard let m = shiftDay(d) else { return nil }; moved.append(m) }
            out.set("BYDAY", moved.joined(separator: ","))
        }
        if freq == "MONTHLY" || freq == "YEARLY" {
            // The 1st..27th (or 2nd..28th going back) exist in every month, and so does the day after (before).
            let safe = k > 0 ? 1...27 : 2...28
            if let v = value("BYMONTHDAY") {
                var moved: [String] = []
                for d in v.split(separator: ",") { guard let n = Int(d), safe.contains(n) else { return nil }; moved.append("\(n + k)") }
                out.set("BYMONTHDAY", moved.joined(separator: ","))
            } else if !safe.contains(start.components.day) {
                return nil
            }
        }
        if let u = value("UNTIL"), u.utf8.count == 8, let d = try? CivilDate(iso8601: String(u.prefix(4)) + "-" + String(u.dropFirst(4).prefix(2)) + "-" + String(u.suffix(2))) {
            out.set("UNTIL", d.advanced(by: k).basic)
        }
        return out
    }
}
