extension TimeZoneError: CustomStringConvertible {
    /// One English sentence: what was wrong, where and why, e.g.
    /// "TZif data truncated: 44 bytes needed at offset 1020, 12 available".
    /// - Complexity: O(length of the names and rules quoted); allocates the returned string.
    public var description: String {
        switch self {
        case .unknownZone(let n):
            return "unknown time zone '\(TimeZoneError._printable(n))' (no such file in /usr/share/zoneinfo)"
        case .invalidZoneName(let n):
            return "invalid time zone name '\(TimeZoneError._printable(n))': a zone name is a relative path "
                + "such as Europe/Berlin, not empty, without '..' and without NUL or control characters"
        case .offsetOutOfRange(let s):
            return "UTC offset \(s) seconds is outside -25:59:59...+25:59:59"
        case .truncated(let needed, let offset, let available):
            return "TZif data truncated: \(needed) bytes needed at offset \(offset), \(available) available"
        case .badMagic(let offset):
            return "not TZif data: the header at offset \(offset) does not start with \"TZif\""
        case .unsupportedVersion(let v, let offset):
            return "unsupported TZif version byte \(v) at offset \(offset) (expected 0, '2', '3' or '4')"
        case .invalidCount(let field, let value, let offset):
            // A switch, not String ==, so the message links no Unicode tables into the C library.
            let rule = field == .typecnt ? "at least 1" : "0 or equal to typecnt"
            return "invalid TZif header: \(field.name) at offset \(offset) is \(value), but RFC 8536 requires \(rule)"
        case .typeIndexOutOfRange(let i, let count, let offset):
            return "invalid TZif data: transition type index \(i) at offset \(offset) is not below the type count \(count)"
        case .unsortedTransitions(let offset):
            return "invalid TZif data: the transition time at offset \(offset) is not later than the one before it"
        case .invalidUTCOffset(let s, let offset):
            return "invalid TZif data: UTC offset \(s) seconds at offset \(offset) is outside -25:59:59...+25:59:59"
        case .invalidFooter(let rule, let offset, let expected):
            return "invalid TZif footer '\(TimeZoneError._printable(rule))': expected \(expected) at offset \(offset)"
        case .invalidPOSIXRule(let rule, let offset, let expected):
            return "invalid POSIX TZ rule '\(TimeZoneError._printable(rule))': expected \(expected) at offset \(offset)"
        }
    }

    /// `s` with control characters (and DEL) written as \xNN, so a message stays one line.
    static func _printable(_ s: String) -> String {
        var clean = true
        for b in s.utf8 where b < 0x20 || b == 0x7F { clean = false; break }
        if clean { return s }
        let hex: [UInt8] = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for b in s.utf8 {
            if b < 0x20 || b == 0x7F {
                out.append(92); out.append(120); out.append(hex[Int(b >> 4)]); out.append(hex[Int(b & 15)])
            } else {
                out.append(b)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
