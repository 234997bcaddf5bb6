/// Titles for a month or a day, in English or Korean, built on the stack.
///
/// "November 2026" / "2026년 11월" and "Sunday, November 29, 2026" / "2026년 11월 29일 일요일".
/// The `write…` forms allocate nothing; the `String` forms allocate at most once (titles of up
/// to 15 UTF-8 bytes fit in a small string and allocate nothing).
public enum DateTitles {
    /// Enough bytes for any month title.
    public static let monthTitleCapacity = 16
    /// Enough bytes for any long date.
    public static let longDateCapacity = 32

    /// "November 2026" / "2026년 11월".
    /// - Throws: `DateError.yearOutOfRange` / `.invalidMonth` naming the value.
    /// - Complexity: O(1), at most one allocation.
    public static func month(year: Int, month: Int, _ language: LabelLanguage = .english) throws(DateError) -> String {
        try _monthTitle(year, month, language)._string()
    }

    /// Writes the month title as UTF-8 into `buffer` and returns its length, or 0 when `buffer`
    /// is shorter than the title (`monthTitleCapacity` is always enough). No NUL is written.
    /// - Complexity: O(1), no allocation.
    public static func writeMonth(year: Int, month: Int, _ language: LabelLanguage = .english,
                                  into buffer: UnsafeMutableBufferPointer<UInt8>) throws(DateError) -> Int {
        try _monthTitle(year, month, language)._write(into: buffer)
    }

    /// "Sunday, November 29, 2026" / "2026년 11월 29일 일요일".
    /// - Complexity: O(1), at most one allocation.
    public static func longDate(_ date: CivilDate, _ language: LabelLanguage = .english) -> String {
        _longDate(date, language)._string()
    }

    /// Writes the long date as UTF-8 into `buffer`; returns its length, or 0 when it does not fit
    /// (`longDateCapacity` is always enough).
    /// - Complexity: O(1), no allocation.
    public static func writeLongDate(_ date: CivilDate, _ language: LabelLanguage = .english,
                                     into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        _longDate(date, language)._write(into: buffer)
    }

    static func _monthTitle(_ year: Int, _ month: Int, _ language: LabelLanguage) throws(DateError) -> _TitleBytes {
        guard year >= 1, year <= 9999 else { throw DateError.yearOutOfRange(year) }
        let name = try MonthLabels.name(month, .long, language)
        var t = _TitleBytes()
        switch language {
        case .english:
            t.append(name); t.append(" "); t.append(year)
        case .korean:
            t.append(year); t.append("년 "); t.append(name)
        }
        return t
    }

    static func _longDate(_ date: CivilDate, _ language: LabelLanguage) -> _TitleBytes {
        let c = date.components
        // Components of a supported date are always a valid month.
        let name = (try? MonthLabels.name(c.month, .long, language)) ?? ""
        var t = _TitleBytes()
        switch language {
        case .english:
            t.append(date.weekday.name(.long, .english)); t.append(", ")
            t.append(name); t.append(" "); t.append(c.day); t.append(", "); t.append(c.year)
        case .korean:
            t.append(c.year); t.append("년 "); t.append(name); t.append(" ")
            t.append(c.day); t.append("일 "); t.append(date.weekday.name(.long, .korean))
        }
        return t
    }
}

/// Up to 32 UTF-8 bytes on the stack. Titles are bounded (at most 29 bytes), so appends never
/// run out of room for a supported date.
struct _TitleBytes {
    var bytes = InlineArray<32, UInt8>(repeating: 0)
    var count = 0

    mutating func append(_ s: StaticString) {
        s.withUTF8Buffer { buf in
            for b in buf where count < 32 { bytes[count] = b; count += 1 }
        }
    }

    /// A non-negative number in decimal, no padding (0...99999).
    mutating func append(_ n: Int) {
        var digits = InlineArray<5, UInt8>(repeating: 48)
        var k = 0, v = n < 0 ? 0 : n
        repeat { digits[k] = UInt8(truncatingIfNeeded: 48 + v % 10); v /= 10; k += 1 } while v > 0 && k < 5
        while k > 0 && count < 32 { k -= 1; bytes[count] = digits[k]; count += 1 }
    }

    func _write(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        guard buffer.count >= count else { return 0 }
        for i in 0..<count { buffer[i] = bytes[i] }
        return count
    }

    func _string() -> String {
        String(unsafeUninitializedCapacity: count) { buf in _write(into: buf) }
    }
}
