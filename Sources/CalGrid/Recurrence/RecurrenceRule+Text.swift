extension RecurrenceRule: CustomStringConvertible {
    /// The canonical RRULE text: `RSCALE=DANGI` first for a lunar rule (RFC 7529), then `FREQ`, then `INTERVAL` (when not 1), `COUNT` or `UNTIL`
    /// (as written: DATE, floating or UTC DATE-TIME), `BYMONTH`, `BYWEEKNO`, `BYYEARDAY`,
    /// `BYMONTHDAY`, `BYDAY`, `BYSETPOS` and `WKST` (when not MO); names upper-case, list items
    /// sorted ascending (negatives first) and unique, `BYDAY` by weekday MO...SU with the plain
    /// weekday before its ordinals, a lunar `BYMONTH`'s leap month after its ordinary month (`6,6L`),
    /// and `SKIP` after `BYSETPOS` when not OMIT. `RecurrenceRule(parsing: rule.text) == rule`, and printing a
    /// canonical text gives it back byte for byte.
    /// - Complexity: O(number of list items); allocates the returned string.
    public var text: String {
        var out = _scale == 0 ? "FREQ=" + frequency.name : "RSCALE=" + scale.name + ";FREQ=" + frequency.name
        if interval != 1 { out += ";INTERVAL=\(interval)" }
        if let count { out += ";COUNT=\(count)" }
        if let until { out += ";UNTIL=" + RecurrenceRule._untilText(until) }
        if _months != 0 || _leapMonths != 0 {
            out += ";BYMONTH="
            var first = true
            for m in 1...12 {
                let bit: UInt16 = 1 &<< UInt16(truncatingIfNeeded: m)
                if _months & bit != 0 { out += (first ? "" : ",") + "\(m)"; first = false }
                if _leapMonths & bit != 0 { out += (first ? "" : ",") + "\(m)L"; first = false }
            }
        }
        RecurrenceRule._append(";BYWEEKNO=", _weekNumbers, to: &out)
        RecurrenceRule._append(";BYYEARDAY=", _yearDays, to: &out)
        RecurrenceRule._append(";BYMONTHDAY=", _monthDays, to: &out)
        if _weekdays != 0 || !_nthWeekdays.isEmpty {
            out += ";BYDAY="
            var first = true
            for k in 0..<7 {
                let w = (k + 1) % 7                                  // MO...SU
                let code = RecurrenceRule._weekdayCode(w)
                if _weekdays & (1 &<< UInt8(truncatingIfNeeded: w)) != 0 {
                    out += (first ? "" : ",") + code
                    first = false
                }
                if _nthWeekdays.isEmpty { continue }
                _nthWeekdays[w].forEach { n in
                    out += (first ? "" : ",") + "\(n)" + code
                    first = false
                }
            }
        }
        RecurrenceRule._append(";BYSETPOS=", _setPositions, to: &out)
        if _skip != 0 { out += ";SKIP=" + skip.name }
        if firstWeekday != .monday { out += ";WKST=" + RecurrenceRule._weekdayCode(Int(firstWeekday.rawValue)) }
        return out
    }

    /// The canonical text (`text`).
    /// - Complexity: O(number of list items)
    public var description: String { text }

    static func _append(_ name: String, _ set: _SignedBits, to out: inout String) {
        guard !set.isEmpty else { return }
        out += name
        var first = true
        set.forEach { n in
            out += (first ? "" : ",") + "\(n)"
            first = false
        }
    }

    /// `MO`...`SU` for weekday number `w` (0 = Sunday).
    static func _weekdayCode(_ w: Int) -> String {
        switch w {
        case 0: return "SU"
        case 1: return "MO"
        case 2: return "TU"
        case 3: return "WE"
        case 4: return "TH"
        case 5: return "FR"
        default: return "SA"
        }
    }

    static func _untilText(_ u: Until) -> String {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        func date(_ d: CivilDate) -> String {
            let c = d.components
            let y = c.year < 10 ? "000\(c.year)" : c.year < 100 ? "00\(c.year)" : c.year < 1000 ? "0\(c.year)" : "\(c.year)"
            return y + two(c.month) + two(c.day)
        }
        func time(_ s: Int32) -> String {
            let s = Int(s)
            return "T" + two(s / 3600) + two(s / 60 % 60) + two(s % 60)
        }
        switch u {
        case .day(let d): return date(d)
        case .floating(let d, let s): return date(d) + time(s)
        case .utc(let d, let s): return date(d) + time(s) + "Z"
        }
    }
}
