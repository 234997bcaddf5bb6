// UTF-8 checks of the strict scanner: json-c accepts overlong forms, encoded surrogates and code
// points above U+10FFFF, so every multi-byte sequence in a string is checked here (Unicode Table 3-7).

extension _StrictScanner {
    // UTF-8 failure codes from utf8Length.
    @usableFromInline static let _utf8Overlong = -1
    @usableFromInline static let _utf8Surrogate = -2
    @usableFromInline static let _utf8TooLarge = -3
    @usableFromInline static let _utf8Invalid = -4

    /// Length of the well-formed UTF-8 sequence at `i` (lead byte >= 0x80); 0 when it is cut by `end`,
    /// negative with the reason when it is ill-formed (Unicode Table 3-7).
    @inlinable @inline(__always)
    static func utf8Length(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int) -> Int {
        let c = p[i]
        let n: Int
        // The lead byte bounds the second byte; below or above its range the sequence is overlong,
        // a surrogate or above U+10FFFF, whichever the lead byte's row of Table 3-7 rules out.
        var low: UInt8 = 0x80, high: UInt8 = 0xBF, outside = _utf8Invalid
        switch c {
        case 0xC2...0xDF: n = 2
        case 0xE0: n = 3; low = 0xA0; outside = _utf8Overlong
        case 0xED: n = 3; high = 0x9F; outside = _utf8Surrogate
        case 0xE1...0xEF: n = 3
        case 0xF0: n = 4; low = 0x90; outside = _utf8Overlong
        case 0xF4: n = 4; high = 0x8F; outside = _utf8TooLarge
        case 0xF1...0xF3: n = 4
        case 0xC0, 0xC1: return _utf8Overlong
        case 0xF5...0xF7: return _utf8TooLarge
        default: return _utf8Invalid
        }
        var k = 1
        while k < n {
            guard i + k < end else { return 0 }
            let b = p[i + k]
            guard b & 0xC0 == 0x80 else { return _utf8Invalid }
            if k == 1, b < low || b > high { return outside }
            k += 1
        }
        return n
    }

    @inlinable
    static func utf8Reason(_ code: Int) -> ImportIssue.Reason {
        switch code {
        case _utf8Overlong: return .overlongUTF8
        case _utf8Surrogate: return .encodedSurrogate
        case _utf8TooLarge: return .codePointTooLarge
        default: return .invalidUTF8
        }
    }

    @inlinable
    static func utf8Detail(_ code: Int) -> StaticString {
        switch code {
        case _utf8Overlong: return "overlong UTF-8 encoding"
        case _utf8Surrogate: return "UTF-8-encoded surrogate (U+D800...U+DFFF)"
        case _utf8TooLarge: return "code point above U+10FFFF"
        default: return "ill-formed UTF-8"
        }
    }
}
