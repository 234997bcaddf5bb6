import Testing
import CalGrid
@testable import CalGridJSON

/// RFC 8259 accept/reject cases, each placed as the value of an unknown field of a valid record,
/// so the verdict is the strict scanner's (json-c 0.16 alone accepts many of the rejects).
@Suite struct ConformanceTests {
    static func verdict(_ value: [UInt8]) -> ImportIssue.Reason? {
        let bytes = Array(#"[{"id":"a","title":"t","x":"#.utf8) + value + Array("}]".utf8)
        do throws(ImportError) {
            let (d, r) = try TodoJSON.drafts(fromBytes: bytes)
            #expect(d.count == 1 && r.unknownFields == 1)
            return nil
        } catch {
            guard case .invalidInput(let i) = error else { Issue.record("unexpected \(error)"); return .parserRejected }
            return i.reason
        }
    }
    static func verdict(_ value: String) -> ImportIssue.Reason? { verdict(Array(value.utf8)) }

    static let accepted: [String] = [
        "0", "-0", "1", "-1", "0.5", "-0.0", "1e5", "1E+5", "1e-5", "123.456e78", "1.7976931348623157e309",
        "99999999999999999999999999", "\"\"", "\"\\u0000\"", "\"\\ud83d\\ude00\"", "\"\\\"\\\\\\/\\b\\f\\n\\r\\t\"",
        "\"é\"", "\"한\"", "\"😀\"", "\"\u{7F}\"", "\"\u{10FFFF}\"", "[]", "{}", "[[]]", "{\"\":{}}", "[1,[2,[3]]]",
        "true", "false", "null", " [ 1 , 2 ] ", "{\"a\":1,\"b\":[true,false,null]}", "\"\\uFFFF\"",
        "\"\\u002F\"", "[1e1,0.1e1,-1E-1]",
    ]

    static let rejected: [(String, ImportIssue.Reason)] = [
        ("01", .leadingZero), ("-01", .leadingZero), ("00", .leadingZero), ("2.", .missingFractionDigits),
        ("2.e3", .missingFractionDigits), (".5", .invalidNumber), ("+1", .invalidNumber), ("-", .invalidNumber),
        ("1e", .missingExponentDigits), ("1e+", .missingExponentDigits), ("NaN", .nonFiniteNumber),
        ("Infinity", .nonFiniteNumber), ("-Infinity", .nonFiniteNumber), ("0x10", .invalidNumber),
        ("1.5.5", .invalidNumber), ("'a'", .singleQuotedString), ("\"a\tb\"", .controlCharacterInString),
        ("\"a\nb\"", .controlCharacterInString), ("\"\\x41\"", .invalidEscape), ("\"\\u12\"", .invalidEscape),
        ("\"\\ud800\"", .loneSurrogateEscape), ("\"\\udc00\\ud800\"", .loneSurrogateEscape),
        ("\"\\ud800\\u0041\"", .loneSurrogateEscape), ("tru", .invalidLiteral), ("True", .unexpectedByte),
        ("nul", .invalidLiteral), ("[1,]", .trailingComma), ("{\"a\":1,}", .trailingComma), ("[,1]", .unexpectedByte),
        ("{'a':1}", .singleQuotedString), ("{a:1}", .unexpectedByte), ("{\"a\" 1}", .unexpectedByte),
        ("[1 2]", .unexpectedByte), ("/* c */ 1", .comment), ("[1]//", .comment), ("undefined", .unexpectedByte),
    ]

    @Test func acceptsValidJSON() {
        for v in ConformanceTests.accepted {
            #expect(ConformanceTests.verdict(v) == nil, "\(v)")
        }
    }

    @Test func rejectsWhatRFC8259Rejects() {
        for (v, reason) in ConformanceTests.rejected {
            #expect(ConformanceTests.verdict(v) == reason, "\(v)")
        }
    }

    @Test func rejectsIllFormedUTF8() {
        let cases: [([UInt8], ImportIssue.Reason)] = [
            ([0x22, 0xC0, 0xAF, 0x22], .overlongUTF8),            // overlong '/'
            ([0x22, 0xC1, 0xBF, 0x22], .overlongUTF8),
            ([0x22, 0xE0, 0x80, 0xAF, 0x22], .overlongUTF8),
            ([0x22, 0xF0, 0x80, 0x80, 0xAF, 0x22], .overlongUTF8),
            ([0x22, 0xED, 0xA0, 0x80, 0x22], .encodedSurrogate),  // U+D800
            ([0x22, 0xED, 0xBF, 0xBF, 0x22], .encodedSurrogate),  // U+DFFF
            ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], .codePointTooLarge),  // U+110000
            ([0x22, 0xF5, 0x80, 0x80, 0x80, 0x22], .codePointTooLarge),
            ([0x22, 0x80, 0x22], .invalidUTF8),                   // lone continuation
            ([0x22, 0xC3, 0x22], .invalidUTF8),                   // cut sequence
            ([0x22, 0xE2, 0x82, 0x22], .invalidUTF8),
            ([0x22, 0xFF, 0x22], .invalidUTF8),
            ([0x22, 0x61, 0x00, 0x22], .nulByte),
            ([0x00], .nulByte),
            ([0x22, 0x1F, 0x22], .controlCharacterInString),
        ]
        for (v, reason) in cases {
            #expect(ConformanceTests.verdict(v) == reason, "\(v)")
        }
        // The well-formed neighbours pass.
        for v: [UInt8] in [[0x22, 0xC2, 0x80, 0x22], [0x22, 0xED, 0x9F, 0xBF, 0x22], [0x22, 0xEE, 0x80, 0x80, 0x22],
                           [0x22, 0xF0, 0x90, 0x80, 0x80, 0x22], [0x22, 0xF4, 0x8F, 0xBF, 0xBF, 0x22]] {
            #expect(ConformanceTests.verdict(v) == nil, "\(v)")
        }
    }

    @Test func depthLimit() {
        // The record is depth 1; the field value adds 31 more → 32 is the limit.
        let ok = String(repeating: "[", count: 31) + String(repeating: "]", count: 31)
        #expect(ConformanceTests.verdict(ok) == nil)
        let deep = String(repeating: "[", count: 32) + String(repeating: "]", count: 32)
        #expect(ConformanceTests.verdict(deep) == .tooDeep)
        // 100,000 levels: rejected at the limit, without recursion.
        let hostile = String(repeating: "[", count: 100_000)
        #expect(ConformanceTests.verdict(hostile) == .tooDeep)
        let objects = String(repeating: "{\"a\":", count: 40) + "1" + String(repeating: "}", count: 40)
        #expect(ConformanceTests.verdict(objects) == .tooDeep)
    }

    @Test func stringLimit() throws {
        var o = ImportOptions()
        o.limits.maxStringBytes = 8
        #expect(issue(#"[{"id":"a","title":"12345678"}]"#, o) == nil)
        let i = issue(#"[{"id":"a","title":"123456789"}]"#, o)
        #expect(i?.reason == .stringTooLong)
        #expect(i?.byteOffset == 19)
    }

    @Test func topLevel() {
        #expect(issue(#"[{"id":"a","title":"t"}] x"#)?.reason == .trailingContent)
        #expect(issue(#"[{"id":"a","title":"t"}][]"#)?.reason == .trailingContent)
        #expect(issue(#"[{"id":"a","title":"t"}"#)?.reason == .truncated)
        #expect(issue(#"[{"id":"a","title":"t"#)?.reason == .truncated)
        #expect(issue(#"[{"id":"a","title":"t"},]"#)?.reason == .trailingComma)
        #expect(issue(#""abc""#)?.reason == .unexpectedByte)
        #expect(issue("\u{0}")?.reason == .nulByte)
        #expect(issue(#"{"id":"a","title":"t"} {"id":"b","title":"t"}"#)?.reason == .recordsOnOneLine)
        #expect(issue(#"{"format":"calgrid","version":1,"todos":[]"#)?.reason == .truncated)
        #expect(issue(#"{"format":"calgrid","version":1,"todos":[]}}"#)?.reason == .trailingContent)
        let e = issue("[\n  {\"id\":\"a\",\"title\":\"t\"},\n  {\"id\":\"b\",\"title\":'t'}\n]")
        #expect(e?.reason == .singleQuotedString)
        #expect(e?.line == 3); #expect(e?.column == 21); #expect(e?.byteOffset == 48); #expect(e?.recordIndex == 1)
    }
}
