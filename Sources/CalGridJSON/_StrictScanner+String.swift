// Strings of the strict scanner: a fast pass that only says where a string ends (eight plain ASCII
// bytes at a time), and a slow re-walk, run only when the fast pass fails, that says where and why.

extension _StrictScanner {
    /// Codes returned by `scanString` for failures (negative).
    @usableFromInline static let _needMore = -1
    @usableFromInline static let _failed = -2

    /// Scans a string starting at the quote at `start`; returns the offset after the closing quote,
    /// `_needMore`, or `_failed` (then `stringFailure` re-walks it to say why — failures are rare).
    @inlinable
    func scanString(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var i = start + 1
        let limit = maxStringBytes
        while true {
            // Eight plain ASCII bytes at a time: none below 0x20, none '"' or '\', none >= 0x80.
            while end - i >= 8 {
                let w = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
                let ones: UInt64 = 0x0101_0101_0101_0101
                let high: UInt64 = 0x8080_8080_8080_8080
                let lt20 = (w &- ones &* 0x20) & ~w
                let q = w ^ (ones &* 0x22)
                let bs = w ^ (ones &* 0x5C)
                let hasQ = (q &- ones) & ~q
                let hasBS = (bs &- ones) & ~bs
                if (lt20 | hasQ | hasBS | w) & high != 0 { break }
                i += 8
            }
            guard i < end else { return _StrictScanner._needMore }
            let c = p[i]
            if c == 0x22 {
                return i - start - 1 > limit ? _StrictScanner._failed : i + 1
            } else if c == 0x5C {
                guard end - i >= 2 else { return _StrictScanner._needMore }
                let e = p[i + 1]
                switch e {
                case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74: i += 2
                case 0x75:
                    guard end - i >= 6 else { return _StrictScanner._needMore }
                    guard let u = _StrictScanner.hex4(p, i + 2) else { return _StrictScanner._failed }
                    if u >= 0xD800, u <= 0xDBFF {
                        guard end - i >= 12 else { return _StrictScanner.lowHalfMayFollow(p, i + 6, end) ? _StrictScanner._needMore : _StrictScanner._failed }
                        guard p[i + 6] == 0x5C, p[i + 7] == 0x75, let l = _StrictScanner.hex4(p, i + 8), l >= 0xDC00, l <= 0xDFFF
                        else { return _StrictScanner._failed }
                        i += 12
                    } else if u >= 0xDC00, u <= 0xDFFF {
                        return _StrictScanner._failed
                    } else {
                        i += 6
                    }
                default: return _StrictScanner._failed
                }
            } else if c < 0x20 {
                return _StrictScanner._failed
            } else if c < 0x80 {
                i += 1
            } else {
                let n = _StrictScanner.utf8Length(p, i, end)
                guard n > 0 else { return n == 0 ? _StrictScanner._needMore : _StrictScanner._failed }
                i += n
            }
            if i - start - 2 > limit { return _StrictScanner._failed }   // not limit + 2: Int.max is a valid limit
        }
    }

    /// Re-walks a string that failed to say exactly where and why.
    @inlinable
    func stringFailure(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ code: Int) -> _ScanOutcome {
        if code == _StrictScanner._needMore { return .needMore }
        var i = start + 1
        while i < end {
            if i - start - 1 > maxStringBytes { return .invalid(.stringTooLong, offset: start, detail: "string longer than the string length limit") }
            let c = p[i]
            if c == 0x22 { return .invalid(.stringTooLong, offset: start, detail: "string longer than the string length limit") }
            if c == 0x5C {
                guard end - i >= 2 else { return .needMore }
                let e = p[i + 1]
                switch e {
                case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74: i += 2
                case 0x75:
                    guard end - i >= 6 else { return .needMore }
                    guard let u = _StrictScanner.hex4(p, i + 2) else { return .invalid(.invalidEscape, offset: i, detail: "\\u needs four hex digits") }
                    if u >= 0xD800, u <= 0xDBFF {
                        guard end - i >= 12, p[i + 6] == 0x5C, p[i + 7] == 0x75 else {
                            if _StrictScanner.lowHalfMayFollow(p, i + 6, end) { return .needMore }
                            return .invalid(.loneSurrogateEscape, offset: i, detail: "a high surrogate escape without its low half")
                        }
                        guard p[i + 6] == 0x5C, p[i + 7] == 0x75, let l = _StrictScanner.hex4(p, i + 8), l >= 0xDC00, l <= 0xDFFF
                        else { return .invalid(.loneSurrogateEscape, offset: i, detail: "a high surrogate escape without its low half") }
                        i += 12
                    } else if u >= 0xDC00, u <= 0xDFFF {
                        return .invalid(.loneSurrogateEscape, offset: i, detail: "a low surrogate escape without its high half")
                    } else { i += 6 }
                default: return .invalid(.invalidEscape, offset: i, detail: "unknown escape")
                }
            } else if c == 0 {
                return .invalid(.nulByte, offset: i, detail: "NUL byte in a string (write \\u0000)")
            } else if c < 0x20 {
                return .invalid(.controlCharacterInString, offset: i, detail: "raw control character in a string")
            } else if c < 0x80 {
                i += 1
            } else {
                let n = _StrictScanner.utf8Length(p, i, end)
                if n == 0 { return .needMore }
                if n < 0 { return .invalid(_StrictScanner.utf8Reason(n), offset: i, detail: _StrictScanner.utf8Detail(n)) }
                i += n
            }
        }
        return .needMore
    }

    /// Whether the bytes from `i` to `end` could still begin `\uDC00`...`\uDFFF`.
    @inlinable
    static func lowHalfMayFollow(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int) -> Bool {
        if i < end, p[i] != 0x5C { return false }
        if i + 1 < end, p[i + 1] != 0x75 { return false }
        if i + 2 < end, p[i + 2] != 0x64, p[i + 2] != 0x44 { return false }
        return true
    }

    @inlinable @inline(__always)
    static func hex4(_ p: UnsafePointer<UInt8>, _ i: Int) -> UInt32? {
        var v: UInt32 = 0
        for k in 0..<4 {
            let c = p[i + k]
            let d: UInt32
            switch c {
            case 0x30...0x39: d = UInt32(c - 0x30)
            case 0x41...0x46: d = UInt32(c - 0x41 + 10)
            case 0x61...0x66: d = UInt32(c - 0x61 + 10)
            default: return nil
            }
            v = v << 4 | d
        }
        return v
    }
}
