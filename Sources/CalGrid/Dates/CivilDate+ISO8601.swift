extension CivilDate {
    /// Strict ISO 8601 calendar date: exactly `YYYY-MM-DD`, ASCII digits, a real day.
    /// No signs, no spaces, no `YYYYMMDD`, no time part.
    /// - Complexity: O(1)
    @inlinable
    public init(iso8601 text: String) throws(DateError) {
        self = try _withUTF8(text) { (buf) throws(DateError) in try CivilDate(iso8601Bytes: buf) }
    }

    /// Parses exactly 10 bytes `YYYY-MM-DD`; a longer or shorter buffer is an error.
    /// `offset` in the error is the first byte that is wrong: in a short buffer whose bytes all fit
    /// the pattern, the end (the first missing byte); in a long one, byte 10.
    /// - Complexity: O(1)
    @inlinable
    public init(iso8601Bytes b: UnsafeBufferPointer<UInt8>) throws(DateError) {
        // Shape first, in reading order, so "2024-1-01" points at byte 6, not at its length.
        for i in 0..<Swift.min(b.count, 10) {
            let c = b[i]
            let ok = i == 4 || i == 7 ? c == 45 : (c >= 48 && c <= 57)
            guard ok else { throw DateError.malformedDate(offset: i) }
        }
        guard b.count == 10 else { throw DateError.malformedDate(offset: Swift.min(b.count, 10)) }
        @inline(__always) func digit(_ i: Int) -> Int { Int(b[i] &- 48) }
        let y = digit(0) * 1000 + digit(1) * 100 + digit(2) * 10 + digit(3)
        let m = digit(5) * 10 + digit(6)
        let d = digit(8) * 10 + digit(9)
        try self.init(year: y, month: m, day: d)
    }

    /// The ten ASCII bytes of `YYYY-MM-DD`, built on the stack.
    /// - Complexity: O(1), no heap allocation.
    @inlinable
    public var iso8601Bytes: InlineArray<10, UInt8> {
        let c = components
        var out = InlineArray<10, UInt8>(repeating: 45)
        out[0] = UInt8(truncatingIfNeeded: 48 + c.year / 1000)
        out[1] = UInt8(truncatingIfNeeded: 48 + c.year / 100 % 10)
        out[2] = UInt8(truncatingIfNeeded: 48 + c.year / 10 % 10)
        out[3] = UInt8(truncatingIfNeeded: 48 + c.year % 10)
        out[5] = UInt8(truncatingIfNeeded: 48 + c.month / 10)
        out[6] = UInt8(truncatingIfNeeded: 48 + c.month % 10)
        out[8] = UInt8(truncatingIfNeeded: 48 + c.day / 10)
        out[9] = UInt8(truncatingIfNeeded: 48 + c.day % 10)
        return out
    }

    /// Writes `YYYY-MM-DD` into `buffer` (at least 10 bytes) and returns 10; returns 0 if it is too small.
    /// - Complexity: O(1), no heap allocation.
    @inlinable
    public func writeISO8601(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        guard buffer.count >= 10 else { return 0 }
        let bytes = iso8601Bytes
        for i in 0..<10 { buffer[i] = bytes[i] }
        return 10
    }

    /// `YYYY-MM-DD` as a `String` (allocates; use `iso8601Bytes` on hot paths).
    /// - Complexity: O(1), one allocation
    public var iso8601: String {
        let bytes = iso8601Bytes
        return String(unsafeUninitializedCapacity: 10) { buf in
            for i in 0..<10 { buf[i] = bytes[i] }
            return 10
        }
    }
}

extension CivilDate: CustomStringConvertible {
    /// `YYYY-MM-DD`.
    /// - Complexity: O(1), one allocation
    public var description: String { iso8601 }
}
