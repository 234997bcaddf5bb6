// Numbers of the strict scanner, by RFC 8259's grammar: json-c alone would accept leading zeros and `2.`.

extension _StrictScanner {
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
