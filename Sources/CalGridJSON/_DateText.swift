// Date and time texts of the formats: "YYYY-MM-DD", RFC 3339 date-times, Taskwarrior's
// "YYYYMMDDTHHMMSSZ", "HH:MM". Byte-level, no allocation, no Foundation.
import CalGrid
import CalGridImport

@usableFromInline
enum _DateText {
    @inlinable @inline(__always)
    static func digits(_ b: UnsafeBufferPointer<UInt8>, _ at: Int, _ n: Int) -> Int? { _decimalDigits(b, at, n) }


    /// Seconds since 1970-01-01T00:00:00Z of an RFC 3339 date-time
    /// (`2024-06-05T12:00:00Z`, `2024-06-05t12:00:00.250+09:00`, a space for the `T`);
    /// fractions of a second are dropped (rounded toward the past). nil when malformed.
    /// - Complexity: O(length)
    @inlinable
    static func rfc3339Seconds(_ b: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard b.count >= 20, let y = digits(b, 0, 4), b[4] == 0x2D, let mo = digits(b, 5, 2), b[7] == 0x2D,
              let d = digits(b, 8, 2), b[10] == 0x54 || b[10] == 0x74 || b[10] == 0x20,
              let h = digits(b, 11, 2), b[13] == 0x3A, let mi = digits(b, 14, 2), b[16] == 0x3A,
              let s = digits(b, 17, 2) else { return nil }
        guard let date = try? CivilDate(year: y, month: mo, day: d), h < 24, mi < 60, s <= 60 else { return nil }
        var i = 19
        if i < b.count, b[i] == 0x2E {
            i += 1
            let f = i
            while i < b.count, b[i] &- 0x30 < 10 { i += 1 }
            guard i > f else { return nil }
        }
        guard i < b.count else { return nil }
        var offset = 0
        if b[i] == 0x5A || b[i] == 0x7A {
            i += 1
        } else if b[i] == 0x2B || b[i] == 0x2D {
            guard let oh = digits(b, i + 1, 2), i + 3 < b.count, b[i + 3] == 0x3A, let om = digits(b, i + 4, 2),
                  oh < 24, om < 60 else { return nil }
            offset = (oh * 60 + om) * 60 * (b[i] == 0x2D ? -1 : 1)
            i += 6
        } else { return nil }
        guard i == b.count else { return nil }
        return Int64(date.dayNumber) * LocalTime.secondsPerDay + Int64(h * 3600 + mi * 60 + s) - Int64(offset)
    }

    /// Taskwarrior's `20240605T120000Z` (always UTC).
    /// - Complexity: O(1)
    @inlinable
    static func taskwarriorSeconds(_ b: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard b.count == 16, let y = digits(b, 0, 4), let mo = digits(b, 4, 2), let d = digits(b, 6, 2), b[8] == 0x54,
              let h = digits(b, 9, 2), let mi = digits(b, 11, 2), let s = digits(b, 13, 2), b[15] == 0x5A,
              let date = try? CivilDate(year: y, month: mo, day: d), h < 24, mi < 60, s <= 60 else { return nil }
        return Int64(date.dayNumber) * LocalTime.secondsPerDay + Int64(h * 3600 + mi * 60 + s)
    }

    /// The civil day an instant falls on at `utcOffsetSeconds` east of UTC; nil outside 0001...9999.
    @inlinable
    static func civilDay(seconds: Int64, utcOffsetSeconds: Int32) -> CivilDate? {
        let (t, o) = seconds.addingReportingOverflow(Int64(utcOffsetSeconds))
        guard !o else { return nil }
        return try? CivilDate(dayNumber: _floorDivide(t, LocalTime.secondsPerDay).quotient)
    }

    /// `HH:MM` → minutes after midnight.
    @inlinable
    static func minutes(_ b: UnsafeBufferPointer<UInt8>) -> Int16? {
        guard b.count == 5, let h = digits(b, 0, 2), b[2] == 0x3A, let m = digits(b, 3, 2), h < 24, m < 60 else { return nil }
        return Int16(h * 60 + m)
    }

    /// Writes `YYYY-MM-DDTHH:MM:SSZ` (20 bytes) for seconds within years 0001...9999; false otherwise.
    @inlinable
    static func writeRFC3339(_ seconds: Int64, into out: inout [UInt8]) -> Bool {
        let day = _floorDivide(seconds, LocalTime.secondsPerDay).quotient
        guard let date = try? CivilDate(dayNumber: day) else { return false }
        let r = Int(seconds - day * LocalTime.secondsPerDay)
        let bytes = date.iso8601Bytes
        for k in 0..<10 { out.append(bytes[k]) }
        out.append(0x54)
        two(r / 3600, &out); out.append(0x3A)
        two(r / 60 % 60, &out); out.append(0x3A)
        two(r % 60, &out); out.append(0x5A)
        return true
    }

    @inlinable @inline(__always)
    static func two(_ v: Int, _ out: inout [UInt8]) {
        out.append(UInt8(truncatingIfNeeded: 0x30 + v / 10))
        out.append(UInt8(truncatingIfNeeded: 0x30 + v % 10))
    }
}
