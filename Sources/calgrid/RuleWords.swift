import CalGrid

/// `--repeat` in the words a person types, and a rule back in words for `show`. The rule itself is
/// the core's (`RecurrenceRule`): these forms become RRULE text, which the core parses and checks.
enum RuleWords {
    static let weekdayCodes = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
    /// The rules one word says (the completion scripts offer them beside the weekday forms).
    static let oneWordForms = ["weekly", "fortnightly", "monthly", "yearly"]

    /// The RRULE text of a friendly form (`every 2 weeks on mon,thu`, `monthly on the 3rd thu`,
    /// `3rd thursday`, `monthly on the last day`, `last day of month`, `last weekday of the month`,
    /// `monthly on the 15th`, `yearly`, `every 3 days`), or the text itself when it is an RRULE
    /// (`FREQ=...`); nil when it is neither (a weekday list is not a rule).
    static func rruleText(_ text: String) -> String? {
        let t = text.lowercased()
        if t.contains("=") { return text }
        if t.contains("lunar") || t.contains("음력") { return lunarRuleText(t) }
        let words = t.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            .filter { !["the", "of", "on", "a", "an", "and", "each"].contains($0) }
        guard !words.isEmpty else { return nil }
        var freq: String? = nil, interval = 1, byDay: [String] = [], monthDay: Int? = nil, setPos: Int? = nil
        var k = 0
        func unit(_ w: String) -> String? {
            switch w {
            case "day", "days": return "DAILY"
            case "week", "weeks": return "WEEKLY"
            case "month", "months": return "MONTHLY"
            case "year", "years": return "YEARLY"
            default: return nil
            }
        }
        while k < words.count {
            let w = words[k]
            if w == "every" || w == "in" { k += 1; continue }
            if let n = Int(w), n > 0, k + 1 < words.count, let f = unit(words[k + 1]) { interval = n; freq = f; k += 2; continue }
            if let f = unit(w) { if freq == nil { freq = f }; k += 1; continue }
            switch w {
            case "daily": freq = "DAILY"; k += 1; continue
            case "weekly": freq = "WEEKLY"; k += 1; continue
            case "monthly": freq = "MONTHLY"; k += 1; continue
            case "yearly", "annually", "annual": freq = "YEARLY"; k += 1; continue
            case "fortnightly", "biweekly": freq = "WEEKLY"; interval = 2; k += 1; continue
            default: break
            }
            if let n = ordinal(w) {
                guard k + 1 < words.count else { monthDay = n; k += 1; continue }   // "monthly on the 15th"
                let next = words[k + 1]
                if next == "day" { monthDay = n } else if next == "weekday" { byDay = ["MO", "TU", "WE", "TH", "FR"]; setPos = n }
                else if let d = Parse.weekday(next) { byDay.append("\(n)" + weekdayCodes[Int(d.rawValue)]) } else { return nil }
                k += 2
                continue
            }
            var days: [String] = []
            for part in w.split(separator: ",") {
                guard let d = Parse.weekday(String(part)) else { return nil }
                days.append(weekdayCodes[Int(d.rawValue)])
            }
            byDay += days
            k += 1
        }
        if freq == nil { freq = monthDay != nil || setPos != nil || byDay.contains(where: { $0.count > 2 }) ? "MONTHLY" : byDay.isEmpty ? nil : "WEEKLY" }
        guard let freq else { return nil }
        var out = "FREQ=" + freq
        if interval > 1 { out += ";INTERVAL=\(interval)" }
        if let m = monthDay { out += ";BYMONTHDAY=\(m)" }
        if !byDay.isEmpty { out += ";BYDAY=" + byDay.joined(separator: ",") }
        if let p = setPos { out += ";BYSETPOS=\(p)" }
        return out
    }

    /// A lunar yearly date (`yearly on lunar 3/12`, `lunar leap 6/1`, `매년 음력 3월 12일`, `음력 윤6월
    /// 1일`; `skip backward` or `skip forward`, Korean `앞당김` or `미룸`, for the years it does not
    /// occur in) as an RSCALE=DANGI rule; `monthly on lunar day 15` (`매월 음력 15일`); nil otherwise.
    static func lunarRuleText(_ t: String) -> String? {
        var numbers: [Int] = [], digits = ""
        for c in t + " " {
            if c.isASCII && c.isNumber { digits.append(c); continue }
            if !digits.isEmpty { numbers.append(Int(digits) ?? 0); digits = "" }
        }
        let leap = t.contains("leap") || t.contains("윤")
        let monthly = t.contains("monthly") || t.contains("매월") || t.contains("매달")
        var out = "RSCALE=DANGI;FREQ="
        if monthly {
            guard numbers.count == 1, !leap else { return nil }
            out += "MONTHLY;BYMONTHDAY=\(numbers[0])"
        } else {
            guard numbers.count == 2 else { return nil }
            out += "YEARLY;BYMONTH=\(numbers[0])" + (leap ? "L" : "") + ";BYMONTHDAY=\(numbers[1])"
        }
        if t.contains("backward") || t.contains("앞당김") { out += ";SKIP=BACKWARD" }
        if t.contains("forward") || t.contains("미룸") { out += ";SKIP=FORWARD" }
        return out
    }

    /// A lunar rule in words: `yearly on lunar 3/12`, `yearly on lunar leap 6/30, skip forward`.
    static func describeLunar(_ rule: RecurrenceRule, _ r: Recurrence) -> String {
        let units = [RecurrenceRule.Frequency.monthly: "month", .yearly: "year"]
        var s = rule.interval == 1 ? (rule.frequency == .yearly ? "yearly" : "monthly")
                                   : "every \(rule.interval) \(units[rule.frequency] ?? "year")s"
        var parts: [String: Substring] = [:]
        for p in rule.text.split(separator: ";") {
            let kv = p.split(separator: "=", maxSplits: 1)
            if kv.count == 2 { parts[String(kv[0])] = kv[1] }
        }
        let days = (parts["BYMONTHDAY"]?.split(separator: ",") ?? []).map { $0 == "-1" ? "last day" : String($0) }
        let months = (parts["BYMONTH"]?.split(separator: ",") ?? []).map { $0.hasSuffix("L") ? "leap " + $0.dropLast() : String($0) }
        if rule.frequency == .yearly && !months.isEmpty && !days.isEmpty {
            s += " on lunar " + months.flatMap { m in days.map { m + "/" + $0 } }.joined(separator: " and ")
        } else if !days.isEmpty {
            s += " on lunar day " + days.joined(separator: " and ") + (months.isEmpty ? "" : " in lunar month " + months.joined(separator: " and "))
        } else {
            s += " on its lunar start day" + (months.isEmpty ? "" : " in lunar month " + months.joined(separator: " and "))
        }
        if rule.skip != .omit { s += ", skip " + (rule.skip == .backward ? "backward" : "forward") }
        if let c = rule.count { s += ", \(c) time" + (c == 1 ? "" : "s") }
        if let u = rule.until { s += ", until " + u.day(in: .utc).iso8601 }
        return s + dates(r)
    }

    /// `1st`, `first`, ... `5th`, `fifth`, `last`, `15th`: the position (-1 for last), nil otherwise.
    static func ordinal(_ w: String) -> Int? {
        switch w {
        case "first": return 1
        case "second": return 2
        case "third": return 3
        case "fourth": return 4
        case "fifth": return 5
        case "last": return -1
        default: break
        }
        for suffix in ["st", "nd", "rd", "th"] where w.hasSuffix(suffix) {
            if let n = Int(w.dropLast(2)), n >= 1, n <= 31 { return n }
        }
        return nil
    }

    static func ordinalWord(_ n: Int) -> String {
        if n == -1 { return "last" }
        if n < 0 { return ordinalWord(-n) + " to last" }
        let suffix = (n % 100 >= 11 && n % 100 <= 13) ? "th" : n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th"
        return "\(n)" + suffix
    }

    static func dayName(_ code: Substring) -> String {
        let names = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
        return weekdayCodes.firstIndex(of: String(code)).map { names[$0] } ?? String(code)
    }

    /// The rule in words from its canonical text: `every 2 weeks on Monday and Thursday`,
    /// `monthly on the 3rd Thursday`, `monthly on the last day, 10 times`; parts words do not
    /// cover are given as written (`BYWEEKNO=20`).
    static func describe(_ r: Recurrence) -> String {
        guard let rule = r.rule else { return "on its start day" + dates(r) }
        if rule.scale == .dangi { return describeLunar(rule, r) }
        let units = [RecurrenceRule.Frequency.daily: "day", .weekly: "week", .monthly: "month", .yearly: "year"]
        let plain = [RecurrenceRule.Frequency.daily: "daily", .weekly: "weekly", .monthly: "monthly", .yearly: "yearly"]
        var s = rule.interval == 1 ? plain[rule.frequency]! : "every \(rule.interval) \(units[rule.frequency]!)s"
        var parts: [String: Substring] = [:]
        for p in rule.text.split(separator: ";") {
            let kv = p.split(separator: "=", maxSplits: 1)
            if kv.count == 2 { parts[String(kv[0])] = kv[1] }
        }
        var rest: [String] = []
        if let m = parts["BYMONTHDAY"] {
            let days = m.split(separator: ",").compactMap { Int($0) }.map { $0 == -1 ? "last day" : ordinalWord($0) }
            s += " on the " + days.joined(separator: " and ")
        }
        if let d = parts["BYDAY"] {
            var items: [String] = []
            for item in d.split(separator: ",") {
                let code = item.suffix(2), n = item.dropLast(2)
                items.append(n.isEmpty ? dayName(code) : "the " + ordinalWord(Int(n) ?? 0) + " " + dayName(code))
            }
            if let p = parts["BYSETPOS"], let n = Int(p) {
                s += " on the " + ordinalWord(n) + (d == "MO,TU,WE,TH,FR" ? " weekday" : " of " + items.joined(separator: ", "))
            } else {
                s += " on " + items.joined(separator: " and ")
            }
        } else if let p = parts["BYSETPOS"] {
            rest.append("BYSETPOS=" + p)
        }
        if let m = parts["BYMONTH"] {
            let names = ["", "January", "February", "March", "April", "May", "June", "July", "August", "September",
                         "October", "November", "December"]
            s += " in " + m.split(separator: ",").compactMap { Int($0) }.map { names[$0] }.joined(separator: " and ")
        }
        for key in ["BYWEEKNO", "BYYEARDAY", "WKST"] { if let v = parts[key] { rest.append(key + "=" + v) } }
        if !rest.isEmpty { s += " (" + rest.joined(separator: ";") + ")" }
        if let c = rule.count { s += ", \(c) time" + (c == 1 ? "" : "s") }
        if let u = rule.until { s += ", until " + u.day(in: .utc).iso8601 }
        return s + dates(r)
    }

    static func dates(_ r: Recurrence) -> String {
        var s = ""
        if !r.exdates.isEmpty { s += ", except " + r.exdates.map(\.iso8601).joined(separator: ", ") }
        if !r.rdates.isEmpty { s += ", also " + r.rdates.map(\.iso8601).joined(separator: ", ") }
        return s
    }
}
