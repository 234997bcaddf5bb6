extension RecurrenceRule {
    /// Parses an RRULE value, `FREQ=MONTHLY;BYDAY=3TH;COUNT=10` (no `RRULE:` prefix).
    ///
    /// Names and enumerated values are case-insensitive (RFC 5545 §2): `freq=daily` is accepted and
    /// prints as `FREQ=DAILY`. One trailing `;` is accepted. Repeated list items fold. Everything
    /// else the RFC forbids is an error naming the part: unknown or repeated parts, sub-day
    /// frequencies and time-of-day parts, `INTERVAL=0`, `COUNT=0`, out-of-range numbers and
    /// ordinals, parts the frequency does not allow, `COUNT` with `UNTIL`, text over `maxTextBytes`.
    /// - Complexity: O(n) in the text's length; allocates only the rule's fixed-size sets.
    public init(parsing text: String) throws(RecurrenceError) {
        self = try _withUTF8(text) { (buf) throws(RecurrenceError) in try RecurrenceRule(parsingBytes: buf) }
    }

    /// `init(parsing:)` on UTF-8 bytes.
    /// - Complexity: O(n) in the number of bytes.
    public init(parsingBytes bytes: UnsafeBufferPointer<UInt8>) throws(RecurrenceError) {
        guard bytes.count <= RecurrenceRule.maxTextBytes else {
            throw RecurrenceError(.ruleTooLong(byteCount: bytes.count), offset: 0, part: "")
        }
        guard !bytes.isEmpty else { throw RecurrenceError(.emptyRule, offset: 0, part: "") }
        var parser = _RecurrenceParser(bytes)
        try parser.parse()
        self = parser.rule
    }
}

/// One pass over the parts, then the checks that need the whole rule (the frequency may come last).
struct _RecurrenceParser {
    enum Part: Int, CaseIterable {
        case freq, interval, count, until, byMonth, byWeekNo, byYearDay, byMonthDay, byDay, bySetPos, wkst, rscale, skip
    }
    static let names: [(StaticString, Part?)] = [
        ("FREQ", .freq), ("INTERVAL", .interval), ("COUNT", .count), ("UNTIL", .until),
        ("BYMONTH", .byMonth), ("BYWEEKNO", .byWeekNo), ("BYYEARDAY", .byYearDay),
        ("BYMONTHDAY", .byMonthDay), ("BYDAY", .byDay), ("BYSETPOS", .bySetPos), ("WKST", .wkst),
        ("RSCALE", .rscale), ("SKIP", .skip),
        ("BYHOUR", nil), ("BYMINUTE", nil), ("BYSECOND", nil),
    ]

    let b: UnsafeBufferPointer<UInt8>
    var rule = RecurrenceRule(_frequency: .daily)
    /// Where each part seen starts and ends (the whole `NAME=VALUE`); -1 when not seen.
    var starts = InlineArray<13, Int>(repeating: -1)
    var ends = InlineArray<13, Int>(repeating: -1)
    /// Where the first leap-month item (`6L`) of BYMONTH starts and ends, for its error in a Gregorian rule.
    var firstLeapMonth: (start: Int, end: Int)? = nil
    /// BYDAY items with an ordinal, kept for the checks that need the frequency: the first one, the
    /// first beyond ±5 (or 0) and the first beyond ±53.
    var firstOrdinal: (start: Int, end: Int, value: Int64)? = nil
    var beyondMonthly: (start: Int, end: Int, value: Int64)? = nil
    var beyondYearly: (start: Int, end: Int, value: Int64)? = nil

    init(_ bytes: UnsafeBufferPointer<UInt8>) { b = bytes }

    func text(_ s: Int, _ e: Int) -> String {
        let end = Swift.min(e, s + 48)
        return String(decoding: UnsafeBufferPointer(rebasing: b[s..<end]), as: UTF8.self)
    }

    /// `NAME=ITEM` for one item of the part starting at `s`, cut like `text`.
    func itemText(part s: Int, _ i: Int, _ e: Int) -> String {
        var eq = s
        while b[eq] != 61 { eq += 1 }
        let t = text(s, eq + 1) + text(i, e)
        return t.utf8.count > 48 ? text(s, Swift.min(s + 48, b.count)) : t   // never past the input (fuzz-rrule)
    }

    func error(_ r: RecurrenceError.Reason, _ s: Int, _ e: Int) -> RecurrenceError {
        RecurrenceError(r, offset: s, part: text(s, e))
    }

    mutating func parse() throws(RecurrenceError) {
        var s = 0
        while s < b.count {
            var e = s
            while e < b.count && b[e] != 59 { e += 1 }                     // ';'
            guard e > s else { throw error(.emptyPart, s, s + 1) }
            try part(s, e)
            s = e + 1                          // a final ';' ends the loop: a trailing ';' is accepted
        }
        try checkWholeRule()
    }

    mutating func part(_ s: Int, _ e: Int) throws(RecurrenceError) {
        var eq = s
        while eq < e && b[eq] != 61 { eq += 1 }                             // '='
        guard eq < e, eq > s, eq + 1 < e else { throw error(.malformedPart, s, e) }
        var found: Part?? = nil
        for (name, kind) in _RecurrenceParser.names where name.utf8CodeUnitCount == eq - s {
            var same = true
            for k in 0..<(eq - s) where _asciiUpper(b[s + k]) != name.utf8Start[k] { same = false; break }
            if same { found = .some(kind); break }
        }
        guard let known = found else { throw error(.unknownPart, s, e) }
        guard let kind = known else { throw error(.timeOfDayPart, s, e) }
        guard starts[kind.rawValue] < 0 else { throw error(.duplicatePart, s, e) }
        starts[kind.rawValue] = s
        ends[kind.rawValue] = e
        let v = eq + 1
        switch kind {
        case .freq: try frequency(s, v, e)
        case .interval: rule.interval = Int(try number(s, v, e, 1...RecurrenceRule.maxInterval, signed: false))
        case .count: rule.count = Int(try number(s, v, e, 1...RecurrenceRule.maxInterval, signed: false))
        case .until: rule.until = try until(s, v, e)
        case .wkst:
            guard let w = weekday(v, e) else { throw error(.unknownWeekday, s, e) }
            rule.firstWeekday = Weekday(rawValue: UInt8(truncatingIfNeeded: w))!
        case .byDay: try forEachItem(s, v, e) { (p: inout _RecurrenceParser, i, j) throws(RecurrenceError) in try p.byDayItem(s, i, j) }
        case .byMonth:
            try forEachItem(s, v, e) { (p: inout _RecurrenceParser, i, j) throws(RecurrenceError) in
                // RFC 7529: `6L` is the leap month after the 6th (checked against RSCALE later).
                let leap = j - i > 1 && _asciiUpper(p.b[j - 1]) == 76        // 'L'
                let m = try p.number(s, i, leap ? j - 1 : j, 1...12, signed: false, item: true)
                if leap {
                    if p.firstLeapMonth == nil { p.firstLeapMonth = (i, j) }
                    p.rule._leapMonths |= 1 &<< UInt16(truncatingIfNeeded: m)
                } else {
                    p.rule._months |= 1 &<< UInt16(truncatingIfNeeded: m)
                }
            }
        case .byWeekNo: try signedList(s, v, e, 53) { $0.rule._weekNumbers.insert($1) }
        case .byYearDay: try signedList(s, v, e, 366) { $0.rule._yearDays.insert($1) }
        case .byMonthDay: try signedList(s, v, e, 31) { $0.rule._monthDays.insert($1) }
        case .bySetPos: try signedList(s, v, e, 366) { $0.rule._setPositions.insert($1) }
        case .rscale:
            guard let k = word(v, e, ["GREGORIAN", "DANGI"]) else { throw error(.unknownScale, s, e) }
            rule._scale = UInt8(truncatingIfNeeded: k)
        case .skip:
            guard let k = word(v, e, ["OMIT", "BACKWARD", "FORWARD"]) else { throw error(.unknownSkip, s, e) }
            rule._skip = UInt8(truncatingIfNeeded: k)
        }
    }

    /// The index in `words` of the value `b[v..<e]`, case-insensitive; nil when none matches.
    func word(_ v: Int, _ e: Int, _ words: [StaticString]) -> Int? {
        for (k, w) in words.enumerated() where w.utf8CodeUnitCount == e - v {
            var same = true
            for n in 0..<(e - v) where _asciiUpper(b[v + n]) != w.utf8Start[n] { same = false; break }
            if same { return k }
        }
        return nil
    }

    mutating func frequency(_ s: Int, _ v: Int, _ e: Int) throws(RecurrenceError) {
        let words: [(StaticString, RecurrenceRule.Frequency?)] = [
            ("DAILY", .daily), ("WEEKLY", .weekly), ("MONTHLY", .monthly), ("YEARLY", .yearly),
            ("HOURLY", nil), ("MINUTELY", nil), ("SECONDLY", nil),
        ]
        for (w, f) in words where w.utf8CodeUnitCount == e - v {
            var same = true
            for k in 0..<(e - v) where _asciiUpper(b[v + k]) != w.utf8Start[k] { same = false; break }
            guard same else { continue }
            guard let f else { throw error(.subDayFrequency, s, e) }
            rule.frequency = f
            return
        }
        throw error(.unknownFrequency, s, e)
    }

    /// Calls `body` with each comma-separated item's bounds; an empty item is not a number.
    mutating func forEachItem(_ s: Int, _ v: Int, _ e: Int,
                              _ body: (inout _RecurrenceParser, Int, Int) throws(RecurrenceError) -> Void) throws(RecurrenceError) {
        var i = v
        while i <= e {
            var j = i
            while j < e && b[j] != 44 { j += 1 }                            // ','
            guard j > i else { throw RecurrenceError(.notANumber, offset: i, part: itemText(part: s, i, j)) }
            try body(&self, i, j)
            i = j + 1
        }
    }

    mutating func signedList(_ s: Int, _ v: Int, _ e: Int, _ limit: Int,
                             _ insert: (inout _RecurrenceParser, Int) -> Void) throws(RecurrenceError) {
        try forEachItem(s, v, e) { (p: inout _RecurrenceParser, i, j) throws(RecurrenceError) in
            insert(&p, Int(try p.number(s, i, j, 1...limit, signed: true, item: true)))
        }
    }

    /// A decimal number in `range` (or its negatives when `signed`), at most 18 digits.
    func number(_ s: Int, _ i: Int, _ j: Int, _ range: ClosedRange<Int>?, signed: Bool,
                item: Bool = false) throws(RecurrenceError) -> Int64 {
        let partText = { () -> String in item ? self.itemText(part: s, i, j) : self.text(s, j) }
        var k = i
        var negative = false
        if k < j && (b[k] == 43 || b[k] == 45) { negative = b[k] == 45; k += 1 }   // '+' '-'
        guard k < j, j - k <= 18 else { throw RecurrenceError(.notANumber, offset: item ? i : s, part: partText()) }
        var value: Int64 = 0
        while k < j {
            let d = b[k] &- 48
            guard d < 10 else { throw RecurrenceError(.notANumber, offset: item ? i : s, part: partText()) }
            value = value * 10 + Int64(d)
            k += 1
        }
        if negative { value = -value }
        guard let range else { return value }
        let magnitude = value < 0 ? -value : value
        guard (negative ? signed : true), magnitude >= Int64(range.lowerBound), magnitude <= Int64(range.upperBound) else {
            throw RecurrenceError(.outOfRange(value: value, range: range, signed: signed), offset: item ? i : s, part: partText())
        }
        return value
    }

    /// Weekday number (0 = Sunday) of a two-letter code, case-insensitive.
    func weekday(_ i: Int, _ j: Int) -> Int? {
        guard j - i == 2 else { return nil }
        let a = _asciiUpper(b[i]), c = _asciiUpper(b[i + 1])
        switch (a, c) {
        case (83, 85): return 0          // SU
        case (77, 79): return 1          // MO
        case (84, 85): return 2          // TU
        case (87, 69): return 3          // WE
        case (84, 72): return 4          // TH
        case (70, 82): return 5          // FR
        case (83, 65): return 6          // SA
        default: return nil
        }
    }

    mutating func byDayItem(_ s: Int, _ i: Int, _ j: Int) throws(RecurrenceError) {
        guard j - i >= 2, let w = weekday(j - 2, j) else {
            throw RecurrenceError(.unknownWeekday, offset: i, part: itemText(part: s, i, j))
        }
        guard j - i > 2 else { rule._weekdays |= 1 &<< UInt8(truncatingIfNeeded: w); return }
        // An ordinal: any signed number here; its range depends on the frequency (checked later).
        let n = try number(s, i, j - 2, nil, signed: true, item: true)
        let magnitude = n < 0 ? -n : n
        if firstOrdinal == nil { firstOrdinal = (i, j, n) }
        if beyondMonthly == nil && (magnitude > 5 || n == 0) { beyondMonthly = (i, j, n) }
        if beyondYearly == nil && (magnitude > 53 || n == 0) { beyondYearly = (i, j, n) }
        guard magnitude >= 1, magnitude <= 53 else { return }
        if rule._nthWeekdays.isEmpty { rule._nthWeekdays = Array(repeating: _SignedBits(limit: 53), count: 7) }
        rule._nthWeekdays[w].insert(Int(n))
    }

    func until(_ s: Int, _ v: Int, _ e: Int) throws(RecurrenceError) -> RecurrenceRule.Until {
        let bad = error(.malformedUntil, s, e)
        func digits(_ at: Int, _ n: Int) -> Int? { _decimalDigits(b, at, n) }
        let n = e - v
        guard n == 8 || n == 15 || n == 16, let y = digits(v, 4), let m = digits(v + 4, 2), let d = digits(v + 6, 2),
              let day = try? CivilDate(year: y, month: m, day: d) else { throw bad }
        if n == 8 { return .day(day) }
        guard _asciiUpper(b[v + 8]) == 84, let hh = digits(v + 9, 2), let mm = digits(v + 11, 2),
              let ss = digits(v + 13, 2), hh < 24, mm < 60, ss <= 60 else { throw bad }
        // A leap second (:60) bounds like the second before it.
        let second = Int32(truncatingIfNeeded: Swift.min(hh * 3600 + mm * 60 + ss, 86_399))
        if n == 15 { return .floating(day, secondOfDay: second) }
        guard _asciiUpper(b[v + 15]) == 90 else { throw bad }
        return .utc(day, secondOfDay: second)
    }

    func seen(_ p: Part) -> Bool { starts[p.rawValue] >= 0 }
    func partError(_ r: RecurrenceError.Reason, _ p: Part) -> RecurrenceError {
        error(r, starts[p.rawValue], ends[p.rawValue])
    }

    func checkWholeRule() throws(RecurrenceError) {
        guard seen(.freq) else { throw RecurrenceError(.missingFrequency, offset: 0, part: "") }
        let f = rule.frequency
        if seen(.count) && seen(.until) {
            throw partError(.countWithUntil, starts[Part.count.rawValue] > starts[Part.until.rawValue] ? .count : .until)
        }
        if seen(.byWeekNo) && f != .yearly { throw partError(.partNotAllowed(f), .byWeekNo) }
        if seen(.byYearDay) && f != .yearly { throw partError(.partNotAllowed(f), .byYearDay) }
        if seen(.byMonthDay) && f == .weekly { throw partError(.partNotAllowed(f), .byMonthDay) }
        if rule._scale != 0 || seen(.skip) || firstLeapMonth != nil { try checkScale() }
        guard let first = firstOrdinal else { return }
        let s = starts[Part.byDay.rawValue]
        func itemError(_ r: RecurrenceError.Reason, _ item: (start: Int, end: Int, value: Int64)) -> RecurrenceError {
            RecurrenceError(r, offset: item.start, part: itemText(part: s, item.start, item.end))
        }
        switch f {
        case .daily, .weekly: throw itemError(.ordinalNotAllowed(f), first)
        case .monthly:
            if let big = beyondMonthly { throw itemError(.ordinalOutOfRange(ordinal: big.value, limit: 5, frequency: f), big) }
        case .yearly:
            if seen(.byWeekNo) { throw itemError(.ordinalWithWeekNumber, first) }
            if let big = beyondYearly { throw itemError(.ordinalOutOfRange(ordinal: big.value, limit: 53, frequency: f), big) }
        }
    }
}

extension _RecurrenceParser {
    /// RFC 7529's checks: a leap month or `SKIP` needs `RSCALE=DANGI`, and a lunar rule takes only
    /// the parts its expansion (`_LunarExpansion`) knows, with month days up to 30.
    func checkScale() throws(RecurrenceError) {
        guard rule._scale == RecurrenceRule.Scale.dangi.rawValue else {
            if let l = firstLeapMonth { throw RecurrenceError(.needsLunarScale, offset: l.start, part: itemText(part: starts[Part.byMonth.rawValue], l.start, l.end)) }
            throw partError(.needsLunarScale, .skip)
        }
        if rule.frequency != .yearly && rule.frequency != .monthly { throw partError(.notInLunarRule, .freq) }
        for p in [Part.byWeekNo, .byYearDay, .byDay, .bySetPos] where seen(p) { throw partError(.notInLunarRule, p) }
        if rule._monthDays.containsPositive(31) || rule._monthDays.containsNegative(31) {
            let v: Int64 = rule._monthDays.containsNegative(31) ? -31 : 31
            throw partError(.outOfRange(value: v, range: 1...30, signed: true), .byMonthDay)
        }
    }
}
