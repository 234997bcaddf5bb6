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
                    if let failure = scanKey(p, &i, end, depth: depth) { return failure }
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
                        if let failure = scanKey(p, &i, end, depth: depth) { return failure }
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

    /// Scans the key whose opening quote is at `i` and the ':' after it, counting a key of the
    /// outermost object. Nil when it is well formed: `i` is then the member value's offset.
    @inlinable @inline(__always)
    mutating func scanKey(_ p: UnsafePointer<UInt8>, _ i: inout Int, _ end: Int, depth: Int) -> _ScanOutcome? {
        let k = scanString(p, i, end)
        guard k >= 0 else { return stringFailure(p, i, end, k) }
        if depth == 1 { topLevelKeys += 1 }
        i = _StrictScanner.skipSpace(p, k, end)
        guard i < end else { return .needMore }
        guard p[i] == 0x3A else { return .invalid(.unexpectedByte, offset: i, detail: "expected ':' after a key") }
        i = _StrictScanner.skipSpace(p, i + 1, end)
        return nil
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
}
