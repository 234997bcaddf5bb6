/// POSIX TZ strings: `std offset [dst [offset] [,start[/time],end[/time]]]` (POSIX.1-2017 §8.3,
/// tzfile(5), RFC 8536 §3.3.1).
///
/// - Names: three or more letters, or `<…>` quoting letters, digits, '+' and '-' (`<+0330>`).
/// - Offsets: `[+-]hh[:mm[:ss]]`, hh 0...24, positive WEST of Greenwich (`EST5` is UTC−5).
/// - The daylight offset defaults to one hour east of standard time.
/// - Dates: `Jn` (1...365, February 29 never counted), `n` (0...365, counted), `Mm.w.d` (weekday d,
///   0 = Sunday, of week w, 5 = last, of month m). Times: `[+-]hh[:mm[:ss]]`, hh 0...167 (RFC 8536's
///   extension), default 02:00. Without dates, daylight time follows the US rule `M3.2.0,M11.1.0`, as
///   tzcode and glibc do.
extension TimeZoneRules {
    /// Rules from a POSIX TZ string, named by the string itself.
    /// - Complexity: O(n) in the length of the string.
    public init(posixTZ: String) throws(TimeZoneError) {
        let rule: _POSIXRule
        do throws(_RuleSyntaxError) {
            rule = try _withUTF8(posixTZ) { (buf) throws(_RuleSyntaxError) in try _RuleParser.parse(UnsafeRawBufferPointer(buf)) }
        } catch {
            throw TimeZoneError.invalidPOSIXRule(posixTZ, offset: error.offset, expected: error.expected)
        }
        self.init(name: posixTZ, _times: [], _typeIndices: [], _offsets: [], _initialOffset: rule.standardOffset, _rule: rule)
    }
}

/// Where a POSIX TZ string stopped making sense, and what was expected there.
struct _RuleSyntaxError: Error {
    var offset: Int
    var expected: String
}

/// A recursive-descent parser over the bytes of one POSIX TZ string.
struct _RuleParser {
    let b: UnsafeRawBufferPointer
    var i = 0

    static func parse(_ bytes: UnsafeRawBufferPointer) throws(_RuleSyntaxError) -> _POSIXRule {
        var p = _RuleParser(b: bytes)
        return try p.rule()
    }

    init(b: UnsafeRawBufferPointer) { self.b = b }

    var peek: UInt8? { i < b.count ? b[i] : nil }

    func fail(_ expected: String) -> _RuleSyntaxError { _RuleSyntaxError(offset: i, expected: expected) }

    mutating func rule() throws(_RuleSyntaxError) -> _POSIXRule {
        try name()
        let std = try -offset(maxHours: 24, "a UTC offset such as 5 or -3:30 after the standard time name")
        let defaultStart = _RuleDate(form: .monthWeekDay, day: 0, month: 3, week: 2, time: 7_200)
        let defaultEnd = _RuleDate(form: .monthWeekDay, day: 0, month: 11, week: 1, time: 7_200)
        var rule = _POSIXRule(standardOffset: std, daylightOffset: std, hasDaylight: false, start: defaultStart, end: defaultEnd)
        guard peek != nil else { return rule }
        try name()
        rule.hasDaylight = true
        rule.daylightOffset = std + 3_600
        if let c = peek, c != 0x2C {
            rule.daylightOffset = try -offset(maxHours: 24, "a UTC offset or ',' after the daylight time name")
        }
        if peek != nil {
            guard peek == 0x2C else { throw fail("',' before the start of daylight time") }
            i += 1
            rule.start = try date()
            guard peek == 0x2C else { throw fail("',' before the end of daylight time") }
            i += 1
            rule.end = try date()
        }
        guard peek == nil else { throw fail("the end of the rule") }
        return rule
    }

    /// `<…>` or three or more letters.
    mutating func name() throws(_RuleSyntaxError) {
        let first = i
        if peek == 0x3C {
            i += 1
            while let c = peek, _RuleParser.isAlnum(c) || c == 0x2B || c == 0x2D { i += 1 }
            guard peek == 0x3E else { throw fail("letters, digits, '+', '-' or '>' in a quoted zone name") }
            guard i - first - 1 >= 3 else { throw fail("at least three characters in a quoted zone name") }
            i += 1
        } else {
            while let c = peek, _RuleParser.isAlpha(c) { i += 1 }
            guard i - first >= 3 else { throw fail("a zone name of at least three letters (or <…>)") }
        }
    }

    /// `[+-]hh[:mm[:ss]]` in seconds, hh at most `maxHours`.
    mutating func offset(maxHours: Int, _ expected: String) throws(_RuleSyntaxError) -> Int32 {
        var sign: Int32 = 1
        if peek == 0x2B { i += 1 } else if peek == 0x2D { sign = -1; i += 1 }
        let h = try number(digits: 3, max: maxHours, expected)
        var s = h * 3_600
        if peek == 0x3A {
            i += 1
            s += try number(digits: 2, max: 59, "minutes 00...59") * 60
            if peek == 0x3A {
                i += 1
                s += try number(digits: 2, max: 59, "seconds 00...59")
            }
        }
        return sign * Int32(s)
    }

    /// 1 to `digits` decimal digits, value at most `max`.
    mutating func number(digits: Int, max: Int, _ expected: String) throws(_RuleSyntaxError) -> Int {
        let first = i
        var v = 0
        while let c = peek, c >= 0x30, c <= 0x39, i - first < digits {
            v = v * 10 + Int(c - 0x30)
            i += 1
        }
        guard i > first else { throw fail(expected) }
        guard v <= max else { i = first; throw fail(expected) }
        return v
    }

    /// `Jn`, `n` or `Mm.w.d`, then an optional `/time`.
    mutating func date() throws(_RuleSyntaxError) -> _RuleDate {
        var d: _RuleDate
        if peek == 0x4A {
            i += 1
            let n = try number(digits: 3, max: 365, "a day 1...365 after J")
            guard n >= 1 else { i -= 1; throw fail("a day 1...365 after J") }
            d = _RuleDate(form: .julian, day: Int16(n), month: 0, week: 0, time: 7_200)
        } else if peek == 0x4D {
            i += 1
            let m = try number(digits: 2, max: 12, "a month 1...12 after M")
            guard m >= 1 else { i -= 1; throw fail("a month 1...12 after M") }
            guard peek == 0x2E else { throw fail("'.' after the month") }
            i += 1
            let w = try number(digits: 1, max: 5, "a week 1...5")
            guard w >= 1 else { i -= 1; throw fail("a week 1...5") }
            guard peek == 0x2E else { throw fail("'.' after the week") }
            i += 1
            let wd = try number(digits: 1, max: 6, "a weekday 0...6 (0 = Sunday)")
            d = _RuleDate(form: .monthWeekDay, day: Int16(wd), month: UInt8(m), week: UInt8(w), time: 7_200)
        } else {
            let n = try number(digits: 3, max: 365, "a date: Jn, n or Mm.w.d")
            d = _RuleDate(form: .zeroBased, day: Int16(n), month: 0, week: 0, time: 7_200)
        }
        if peek == 0x2F {
            i += 1
            d.time = try offset(maxHours: 167, "a time -167...167 hours after '/'")
        }
        return d
    }

    static func isAlpha(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }
    static func isAlnum(_ c: UInt8) -> Bool { isAlpha(c) || (c >= 0x30 && c <= 0x39) }
}
