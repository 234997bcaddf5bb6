/// Reading TZif data (RFC 8536; tzfile(5)), versions 1 to 4.
///
/// Version 1 files hold one data block with 32-bit times. Version 2 and later repeat the header and
/// the data with 64-bit times after the version 1 block, then a footer: a newline, a POSIX TZ rule
/// for the instants after the last transition (possibly empty), a newline. Readers of version 2+
/// data skip the version 1 block, so it is only measured here. Leap-second records and the
/// standard/wall and UT/local indicators do not change the UTC offset and are skipped by size.
///
/// Every count is checked against the bytes that are actually there before anything is allocated,
/// so corrupt, truncated or hostile bytes give a `TimeZoneError`, never a trap or a huge allocation.
extension TimeZoneRules {
    /// Rules from the bytes of a TZif file; `name` is what `name` will say (the IANA name, usually).
    /// - Complexity: O(n) in the size of the data; allocates the three arrays once.
    public init(tzif: [UInt8], name: String) throws(TimeZoneError) {
        let r: Result<TimeZoneRules, TimeZoneError> = tzif.withUnsafeBytes { b in
            do throws(TimeZoneError) { return .success(try TimeZoneRules(tzif: b, name: name)) } catch { return .failure(error) }
        }
        switch r {
        case .success(let rules): self = rules
        case .failure(let e): throw e
        }
    }

    /// Rules from the bytes of a TZif file; `name` is what `name` will say (the IANA name, usually).
    /// - Complexity: O(n) in the size of the data; allocates the three arrays once.
    public init(tzif b: UnsafeRawBufferPointer, name: String) throws(TimeZoneError) {
        var header = try _TZifHeader(b, at: 0)
        var start = _TZifHeader.size
        var timeSize = 4
        if header.version >= 2 {
            let v1 = header.dataSize(timeSize: 4)
            try _TZifHeader.require(v1, at: start, in: b)
            header = try _TZifHeader(b, at: start + v1)
            start += v1 + _TZifHeader.size
            timeSize = 8
        }
        try header.validate()
        try _TZifHeader.require(header.dataSize(timeSize: timeSize), at: start, in: b)

        let timeCount = Int(header.timecnt), typeCount = Int(header.typecnt)
        let indicesAt = start + timeCount * timeSize
        let typesAt = indicesAt + timeCount
        var offsets: [Int32] = []
        offsets.reserveCapacity(typeCount)
        for k in 0..<typeCount {
            let at = typesAt + k * 6
            let utoff = Int32(bitPattern: _TZifHeader.u32(b, at))
            guard utoff >= -TimeZoneRules._maxOffset, utoff <= TimeZoneRules._maxOffset else {
                throw TimeZoneError.invalidUTCOffset(Int64(utoff), offset: at)
            }
            offsets.append(utoff)
        }
        var times: [Int64] = []
        var indices: [UInt8] = []
        times.reserveCapacity(timeCount)
        indices.reserveCapacity(timeCount)
        for k in 0..<timeCount {
            let at = start + k * timeSize
            let t = timeSize == 8 ? Int64(bitPattern: _TZifHeader.u64(b, at)) : Int64(Int32(bitPattern: _TZifHeader.u32(b, at)))
            if let previous = times.last, t <= previous { throw TimeZoneError.unsortedTransitions(offset: at) }
            let i = b[indicesAt + k]
            guard Int(i) < typeCount else {
                throw TimeZoneError.typeIndexOutOfRange(i, typeCount: typeCount, offset: indicesAt + k)
            }
            times.append(t)
            indices.append(i)
        }

        var rule: _POSIXRule? = nil
        if header.version >= 2 {
            rule = try TimeZoneRules._footer(b, at: start + header.dataSize(timeSize: 8))
        }
        self.init(name: name, _times: times, _typeIndices: indices, _offsets: offsets, _initialOffset: offsets[0], _rule: rule)
    }

    /// The footer at `at`: "\n" rule "\n"; nil for an empty rule.
    static func _footer(_ b: UnsafeRawBufferPointer, at: Int) throws(TimeZoneError) -> _POSIXRule? {
        try _TZifHeader.require(1, at: at, in: b)
        guard b[at] == 0x0A else { throw TimeZoneError.invalidFooter("", offset: at, expected: "a newline before the rule") }
        var end = at + 1
        while end < b.count, b[end] != 0x0A { end += 1 }
        let text = UnsafeRawBufferPointer(rebasing: b[(at + 1)..<end])
        guard end < b.count else {
            throw TimeZoneError.invalidFooter(String(decoding: text, as: UTF8.self), offset: end, expected: "a newline after the rule")
        }
        guard !text.isEmpty else { return nil }
        do throws(_RuleSyntaxError) {
            return try _RuleParser.parse(text)
        } catch {
            throw TimeZoneError.invalidFooter(String(decoding: text, as: UTF8.self), offset: at + 1 + error.offset, expected: error.expected)
        }
    }
}

/// A TZif header: magic "TZif", a version byte, 15 reserved bytes and six big-endian 32-bit counts.
struct _TZifHeader {
    static let size = 44
    var offset: Int
    var version: UInt8
    var isutcnt: UInt32, isstdcnt: UInt32, leapcnt: UInt32, timecnt: UInt32, typecnt: UInt32, charcnt: UInt32

    init(_ b: UnsafeRawBufferPointer, at: Int) throws(TimeZoneError) {
        try _TZifHeader.require(_TZifHeader.size, at: at, in: b)
        guard b[at] == 0x54, b[at + 1] == 0x5A, b[at + 2] == 0x69, b[at + 3] == 0x66 else {
            throw TimeZoneError.badMagic(offset: at)
        }
        let v = b[at + 4]
        // 0 is version 1; '2', '3', '4' (and later, which RFC 8536 keeps compatible) share one layout.
        switch v {
        case 0: version = 1
        case 0x32...0x39: version = v - 0x30
        default: throw TimeZoneError.unsupportedVersion(v, offset: at + 4)
        }
        offset = at
        isutcnt = _TZifHeader.u32(b, at + 20)
        isstdcnt = _TZifHeader.u32(b, at + 24)
        leapcnt = _TZifHeader.u32(b, at + 28)
        timecnt = _TZifHeader.u32(b, at + 32)
        typecnt = _TZifHeader.u32(b, at + 36)
        charcnt = _TZifHeader.u32(b, at + 40)
    }

    /// The bytes of the data block after this header (counts are 32-bit, so no overflow in Int).
    func dataSize(timeSize: Int) -> Int {
        Int(timecnt) * (timeSize + 1) + Int(typecnt) * 6 + Int(charcnt)
            + Int(leapcnt) * (timeSize + 4) + Int(isstdcnt) + Int(isutcnt)
    }

    /// The rules of RFC 8536 §3.1 that reading depends on.
    func validate() throws(TimeZoneError) {
        guard typecnt >= 1 else { throw TimeZoneError.invalidCount(field: .typecnt, value: typecnt, offset: offset + 36) }
        guard isutcnt == 0 || isutcnt == typecnt else {
            throw TimeZoneError.invalidCount(field: .isutcnt, value: isutcnt, offset: offset + 20)
        }
        guard isstdcnt == 0 || isstdcnt == typecnt else {
            throw TimeZoneError.invalidCount(field: .isstdcnt, value: isstdcnt, offset: offset + 24)
        }
    }

    static func require(_ needed: Int, at: Int, in b: UnsafeRawBufferPointer) throws(TimeZoneError) {
        let available = b.count > at ? b.count - at : 0
        guard needed <= available else { throw TimeZoneError.truncated(needed: needed, offset: at, available: available) }
    }

    @inline(__always)
    static func u32(_ b: UnsafeRawBufferPointer, _ at: Int) -> UInt32 {
        UInt32(b[at]) << 24 | UInt32(b[at + 1]) << 16 | UInt32(b[at + 2]) << 8 | UInt32(b[at + 3])
    }

    @inline(__always)
    static func u64(_ b: UnsafeRawBufferPointer, _ at: Int) -> UInt64 {
        UInt64(u32(b, at)) << 32 | UInt64(u32(b, at + 4))
    }
}
