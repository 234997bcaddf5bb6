// An RFC 8259 validating scanner. It runs over every byte before json-c sees it, because json-c 0.16
// (even with JSON_TOKENER_STRICT) accepts leading zeros, `2.`, NaN, Infinity, single quotes, raw control
// characters, overlong and surrogate UTF-8, and crashes on deep nesting when its depth limit is raised.
// It also finds where each record ends, which is what lets the importer stream and split work.

/// Where a scan stopped.
@usableFromInline
enum _ScanOutcome {
    /// A whole value ends just before this offset.
    case complete(end: Int)
    /// The buffer ends inside the value; more bytes may complete it.
    case needMore
    /// The value is invalid at `offset`.
    case invalid(ImportIssue.Reason, offset: Int, detail: StaticString)
}

@usableFromInline
struct _StrictScanner {
    /// Containers deeper than this are an error (the outermost value is depth 1).
    @usableFromInline var maxDepth: Int
    /// A string longer than this many bytes in the input is an error.
    @usableFromInline var maxStringBytes: Int
    /// Keys seen directly in the outermost object of the last value scanned.
    @usableFromInline var topLevelKeys: Int = 0

    @inlinable
    init(maxDepth: Int, maxStringBytes: Int) {
        self.maxDepth = Swift.min(Swift.max(maxDepth, 1), 64)
        self.maxStringBytes = maxStringBytes
    }

    @inlinable @inline(__always)
    static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 }

    /// Skips JSON whitespace from `i`; returns the first other offset (or `end`).
    @inlinable @inline(__always)
    static func skipSpace(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int) -> Int {
        var i = i
        while i < end, isSpace(p[i]) { i += 1 }
        return i
    }

    /// Why a byte cannot start a value.
    @inlinable
    static func badValueStart(_ c: UInt8) -> (ImportIssue.Reason, StaticString) {
        switch c {
        case 0: return (.nulByte, "NUL byte")
        case 0x27: return (.singleQuotedString, "strings must use double quotes")
        case 0x4E: return (.nonFiniteNumber, "NaN is not a JSON number")
        case 0x49: return (.nonFiniteNumber, "Infinity is not a JSON number")
        case 0x2B: return (.invalidNumber, "a number cannot start with '+'")
        case 0x2E: return (.invalidNumber, "a number cannot start with '.'")
        case 0x2F: return (.comment, "comments are not JSON")
        case 0x5D, 0x7D: return (.trailingComma, "a value is missing (trailing comma?)")
        case 0x2C: return (.unexpectedByte, "a value is missing before ','")
        default: return (.unexpectedByte, "expected a value")
        }
    }

    /// Scans one complete value starting at `start` (no leading whitespace skipped).
    /// - Complexity: O(n) in the value's length; no allocation.
    @inlinable
    mutating func scanValue(_ p: UnsafePointer<UInt8>, from start: Int, to end: Int) -> _ScanOutcome {
        var i = start
        var depth = 0
        // Bit d (0-based depth) set ⇔ the container at that depth is an object.
        var objects: UInt64 = 0
        topLevelKeys = 0
        while true {
            // ---- a value starts at i ----
            guard i < end else { return .needMore }
            var c = p[i]
            switch c {
            case 0x22:
                let r = scanString(p, i, end)
                guard r >= 0 else { return stringFailure(p, i, end, r) }
                i = r
            case 0x7B, 0x5B:
                depth += 1
                guard depth <= maxDepth else { return .invalid(.tooDeep, offset: i, detail: "nested deeper than the depth limit") }
                i += 1
                i = _StrictScanner.skipSpace(p, i, end)
                guard i < end else { return .needMore }
                if c == 0x7B {
                    objects |= (1 as UInt64) << UInt64(depth - 1)
                    if p[i] == 0x7D { i += 1; depth -= 1; break }
                    // first key
                    guard p[i] == 0x22 else { return keyFailure(p[i], i) }
                    let k = scanString(p, i, end)
                    guard k >= 0 else { return stringFailure(p, i, end, k) }
                    if depth == 1 { topLevelKeys += 1 }
                    i = _StrictScanner.skipSpace(p, k, end)
                    guard i < end else { return .needMore }
                    guard p[i] == 0x3A else { return .invalid(.unexpectedByte, offset: i, detail: "expected ':' after a key") }
                    i = _StrictScanner.skipSpace(p, i + 1, end)
                    continue
                } else {
                    objects &= ~((1 as UInt64) << UInt64(depth - 1))
                    if p[i] == 0x5D { i += 1; depth -= 1; break }
                    continue
                }
            case 0x74:  // true
                guard end - i >= 4 else { return literalPrefix(p, i, end, "true") }
                guard p[i + 1] == 0x72, p[i + 2] == 0x75, p[i + 3] == 0x65 else { return .invalid(.invalidLiteral, offset: i, detail: "expected true") }
                i += 4
            case 0x66:  // false
                guard end - i >= 5 else { return literalPrefix(p, i, end, "false") }
                guard p[i + 1] == 0x61, p[i + 2] == 0x6C, p[i + 3] == 0x73, p[i + 4] == 0x65 else { return .invalid(.invalidLiteral, offset: i, detail: "expected false") }
                i += 5
            case 0x6E:  // null
                guard end - i >= 4 else { return literalPrefix(p, i, end, "null") }
                guard p[i + 1] == 0x75, p[i + 2] == 0x6C, p[i + 3] == 0x6C else { return .invalid(.invalidLiteral, offset: i, detail: "expected null") }
                i += 4
            case 0x2D, 0x30...0x39:
                let r = scanNumber(p, i, end)
                switch r {
                case .complete(let e): i = e
                default: return r
                }
            default:
                let (reason, detail) = _StrictScanner.badValueStart(c)
                return .invalid(reason, offset: i, detail: detail)
            }
            // ---- after a value: close containers or move to the next element ----
            while true {
                if depth == 0 { return .complete(end: i) }
                i = _StrictScanner.skipSpace(p, i, end)
                guard i < end else { return .needMore }
                c = p[i]
                let inObject = objects & ((1 as UInt64) << UInt64(depth - 1)) != 0
                if c == 0x2C {
                    i = _StrictScanner.skipSpace(p, i + 1, end)
                    guard i < end else { return .needMore }
                    if inObject {
                        guard p[i] == 0x22 else {
                            if p[i] == 0x7D { return .invalid(.trailingComma, offset: i, detail: "a trailing comma before '}'") }
                            return keyFailure(p[i], i)
                        }
                        let k = scanString(p, i, end)
                        guard k >= 0 else { return stringFailure(p, i, end, k) }
                        if depth == 1 { topLevelKeys += 1 }
                        i = _StrictScanner.skipSpace(p, k, end)
                        guard i < end else { return .needMore }
                        guard p[i] == 0x3A else { return .invalid(.unexpectedByte, offset: i, detail: "expected ':' after a key") }
                        i = _StrictScanner.skipSpace(p, i + 1, end)
                    } else if p[i] == 0x5D {
                        return .invalid(.trailingComma, offset: i, detail: "a trailing comma before ']'")
                    }
                    break  // a value follows
                } else if c == (inObject ? 0x7D : 0x5D) {
                    i += 1
                    depth -= 1
                    continue
                } else if c == 0 {
                    return .invalid(.nulByte, offset: i, detail: "NUL byte")
                } else if c == 0x2F {
                    return .invalid(.comment, offset: i, detail: "comments are not JSON")
                } else {
                    return .invalid(.unexpectedByte, offset: i, detail: inObject ? "expected ',' or '}'" : "expected ',' or ']'")
                }
            }
        }
    }

    @inlinable
    func keyFailure(_ c: UInt8, _ i: Int) -> _ScanOutcome {
        switch c {
        case 0x27: return .invalid(.singleQuotedString, offset: i, detail: "keys must use double quotes")
        case 0: return .invalid(.nulByte, offset: i, detail: "NUL byte")
        case 0x2F: return .invalid(.comment, offset: i, detail: "comments are not JSON")
        default: return .invalid(.unexpectedByte, offset: i, detail: "expected a key in double quotes")
        }
    }

    @inlinable
    func literalPrefix(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int, _ word: StaticString) -> _ScanOutcome {
        let w = word.utf8Start
        var k = 0
        while i + k < end {
            guard p[i + k] == w[k] else { return .invalid(.invalidLiteral, offset: i, detail: "misspelled literal") }
            k += 1
        }
        return .needMore
    }

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
            if i - start > limit + 2 { return _StrictScanner._failed }
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
        @inline(__always) func cont(_ k: Int) -> Int {  // 1 ok, 0 cut, -1 bad
            guard i + k < end else { return 0 }
            return p[i + k] & 0xC0 == 0x80 ? 1 : -1
        }
        switch c {
        case 0xC2...0xDF:
            let a = cont(1); return a == 1 ? 2 : (a == 0 ? 0 : _utf8Invalid)
        case 0xE0...0xEF:
            guard i + 1 < end else { return 0 }
            let b = p[i + 1]
            if c == 0xE0, b < 0xA0 { return b & 0xC0 == 0x80 ? _utf8Overlong : _utf8Invalid }
            if c == 0xED, b >= 0xA0 { return b & 0xC0 == 0x80 ? _utf8Surrogate : _utf8Invalid }
            guard b & 0xC0 == 0x80 else { return _utf8Invalid }
            let a = cont(2); return a == 1 ? 3 : (a == 0 ? 0 : _utf8Invalid)
        case 0xF0...0xF4:
            guard i + 1 < end else { return 0 }
            let b = p[i + 1]
            if c == 0xF0, b < 0x90 { return b & 0xC0 == 0x80 ? _utf8Overlong : _utf8Invalid }
            if c == 0xF4, b >= 0x90 { return b & 0xC0 == 0x80 ? _utf8TooLarge : _utf8Invalid }
            guard b & 0xC0 == 0x80 else { return _utf8Invalid }
            let a = cont(2); if a != 1 { return a == 0 ? 0 : _utf8Invalid }
            let d = cont(3); return d == 1 ? 4 : (d == 0 ? 0 : _utf8Invalid)
        case 0xC0, 0xC1: return _utf8Overlong
        case 0xF5...0xF7: return _utf8TooLarge
        default: return _utf8Invalid
        }
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

    /// Scans a number at `start` (a '-' or a digit) by RFC 8259's grammar.
    @inlinable
    func scanNumber(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> _ScanOutcome {
        var i = start
        @inline(__always) func isDigit(_ c: UInt8) -> Bool { c &- 0x30 < 10 }
        if p[i] == 0x2D {
            i += 1
            guard i < end else { return .needMore }
            if p[i] == 0x49 { return .invalid(.nonFiniteNumber, offset: start, detail: "-Infinity is not a JSON number") }
            guard isDigit(p[i]) else { return .invalid(.invalidNumber, offset: i, detail: "a digit must follow '-'") }
        }
        if p[i] == 0x30 {
            i += 1
            guard i < end else { return .needMore }
            if isDigit(p[i]) { return .invalid(.leadingZero, offset: start, detail: "leading zeros are not allowed") }
        } else {
            while i < end, isDigit(p[i]) { i += 1 }
            guard i < end else { return .needMore }
        }
        if p[i] == 0x2E {
            i += 1
            guard i < end else { return .needMore }
            guard isDigit(p[i]) else { return .invalid(.missingFractionDigits, offset: i, detail: "a digit must follow '.'") }
            while i < end, isDigit(p[i]) { i += 1 }
            guard i < end else { return .needMore }
        }
        if p[i] == 0x65 || p[i] == 0x45 {
            i += 1
            guard i < end else { return .needMore }
            if p[i] == 0x2B || p[i] == 0x2D {
                i += 1
                guard i < end else { return .needMore }
            }
            guard isDigit(p[i]) else { return .invalid(.missingExponentDigits, offset: i, detail: "a digit must follow the exponent mark") }
            while i < end, isDigit(p[i]) { i += 1 }
            guard i < end else { return .needMore }
        }
        switch p[i] {
        case 0x2C, 0x5D, 0x7D, 0x20, 0x0A, 0x0D, 0x09: return .complete(end: i)
        default: return .invalid(.invalidNumber, offset: i, detail: "unexpected byte after a number")
        }
    }
}
