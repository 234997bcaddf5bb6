import Testing
@testable import CalGrid

/// The byte-text path repairs ill-formed UTF-8 on bytes where Int is 32 bits (no String, for
/// microcontrollers) and through String elsewhere; both must keep exactly the bytes
/// `String(decoding:as: UTF8.self)` keeps, the oracle here. The byte repair is called directly,
/// since this host takes the String path.
@Suite struct TodoBatchUTF8Tests {
    /// Every sequence kind of Unicode Table 3-7 at its edges, truncated, overlong, surrogate and
    /// out-of-range forms, each alone and between ASCII.
    static let edges: [[UInt8]] = [
        [], [0x41], [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xC2, 0x80], [0xDF, 0xBF], [0xC2], [0xC2, 0x41],
        [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF], [0xE0, 0xA0, 0x80], [0xE1, 0x80], [0xE1, 0x80, 0x41], [0xEC, 0xBF, 0xBF],
        [0xED, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xEE, 0x80, 0x80], [0xEF, 0xBF, 0xBF],
        [0xF0, 0x8F, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80], [0xF0, 0x9F, 0x98, 0x80], [0xF0, 0x9F, 0x98], [0xF0, 0x9F],
        [0xF3, 0xBF, 0xBF, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80],
        [0xFF], [0xFE, 0xFF], [0xE2, 0x82, 0xAC, 0xE2, 0x82], [0x80, 0x80, 0xC2, 0xA9, 0xED, 0x80, 0x41],
    ]

    @Test func repairsAsStringDecodingDoes() {
        var cases = Self.edges + Self.edges.map { [0x61] + $0 + [0x7A] }
        // Random short strings over the bytes where the rules change.
        let alphabet: [UInt8] = [0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC,
                                 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF]
        var state: UInt64 = 22
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % n
        }
        for _ in 0..<5_000 { cases.append((0..<next(10)).map { _ in alphabet[next(alphabet.count)] }) }
        for bytes in cases {
            var batch = TodoBatch()
            bytes.withUnsafeBytes { b in
                batch.append(idBytes: b, titleBytes: b, memoBytes: nil, start: nil, end: nil, createdAt: nil,
                             isChallenge: false, isCompleted: false, repetition: .all, reminderMinutes: nil)
            }
            let expected = String(decoding: bytes, as: UTF8.self)
            var repaired: [UInt8] = []
            let n = bytes.withUnsafeBytes { _appendRepairedUTF8($0, to: &repaired) }
            #expect(repaired == Array(expected.utf8) && n == repaired.count, "\(bytes)")
            #expect(repaired.withUnsafeBytes { _stringOfValidUTF8($0) } == expected, "\(bytes)")
            #expect(batch.textByteCount == 2 * expected.utf8.count, "\(bytes)")
            #expect(batch.draft(at: 0).id == expected, "\(bytes)")
            #expect(batch.draft(at: 0).title == expected, "\(bytes)")
        }
    }
}
