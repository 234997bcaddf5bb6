// Finds the records of a stream, whichever of the three layouts it uses, without json-c:
//   [ {record}, {record} ]                                   array
//   {"format": "calgrid", "version": 1, "todos": [ ... ]}    wrapped (keys in any order)
//   {record}\n{record}\n                                     JSON Lines
// It works on a window of the input that may end anywhere: `.needMore` means "give me the bytes
// from `position` on, plus more", so the caller can read in bounded chunks.

@usableFromInline
enum _Layout: UInt8 { case undecided, array, wrapped, lines }

@usableFromInline
enum _FrameEvent {
    /// A syntactically valid value (validated by the strict scanner) at `start..<end`.
    case record(start: Int, end: Int, topLevelKeys: Int)
    /// An invalid record in JSON Lines; the framer already moved past its line.
    case badRecord(start: Int, reason: ImportIssue.Reason, offset: Int, detail: StaticString)
    case needMore
    case finished
    /// Fatal: the rest of the input cannot be read reliably.
    case failure(reason: ImportIssue.Reason, offset: Int, detail: StaticString)
}

@usableFromInline
struct _Framer {
    @usableFromInline enum State: UInt8 {
        case start, arrayOpen, arrayAfterRecord, arrayAfterComma,
             wrapperOpen, wrapperAfterValue, wrapperAfterComma,
             lines, linesAfterRecord, skippingLine, trailer, done
    }

    @usableFromInline var state: State = .start
    @usableFromInline var layout: _Layout = .undecided
    @usableFromInline var scanner: _StrictScanner
    @usableFromInline var inWrapper = false
    @usableFromInline var sawFormat = false
    @usableFromInline var sawVersion = false
    @usableFromInline var sawTodos = false
    /// Keys of the wrapper object other than format, version and todos.
    @usableFromInline var unknownWrapperFields = 0
    /// Offset of the wrapper's opening brace, for "missing field" errors.
    @usableFromInline var wrapperStart = 0
    @usableFromInline var sawAnyValue = false

    @inlinable
    init(scanner: _StrictScanner) { self.scanner = scanner }

    /// Moves through the window `p[position..<end]`; `position` is advanced past everything consumed.
    /// `isLast` says the window ends at the end of the input.
    /// - Complexity: O(bytes consumed); no allocation.
    @inlinable
    mutating func next(_ p: UnsafePointer<UInt8>, position: inout Int, end: Int, isLast: Bool) -> _FrameEvent {
        while true {
            var i = _StrictScanner.skipSpace(p, position, end)
            if state == .skippingLine {
                // Skip the rest of a bad JSON Lines record, up to and including its newline.
                var k = position
                while k < end, p[k] != 0x0A { k += 1 }
                if k == end { position = end; return isLast ? .finished : .needMore }
                position = k + 1
                state = .lines
                continue
            }
            if state == .linesAfterRecord {
                // A newline must separate records.
                var k = position
                var newline = false
                while k < end, _StrictScanner.isSpace(p[k]) { if p[k] == 0x0A { newline = true }; k += 1 }
                if k == end { position = k; if isLast { state = .done; return .finished }; if newline { state = .lines }; return .needMore }
                guard newline else { return .failure(reason: .recordsOnOneLine, offset: k, detail: "JSON Lines needs a newline between records") }
                position = k
                state = .lines
                continue
            }
            if i == end {
                position = i
                if !isLast { return .needMore }
                switch state {
                case .start: return .failure(reason: .emptyInput, offset: i, detail: "the input holds no JSON value")
                case .lines, .trailer, .done: state = .done; return .finished
                default: return .failure(reason: .truncated, offset: i, detail: "the input ends too early")
                }
            }
            let c = p[i]
            switch state {
            case .start:
                if c == 0x5B {
                    layout = .array; state = .arrayOpen; position = i + 1; continue
                }
                if c == 0x7B {
                    // Wrapped if the first key is one of the wrapper's; otherwise the first JSON Lines record.
                    let j = _StrictScanner.skipSpace(p, i + 1, end)
                    if j == end { return _Framer.ranOut(isLast, at: j) }
                    if p[j] == 0x22 {
                        let k = scanner.scanString(p, j, end)
                        if k == _StrictScanner._needMore { return _Framer.ranOut(isLast, at: j, "the input ends inside a string") }
                        if k > 0, _Framer.isWrapperKey(p, j, k) {
                            layout = .wrapped; inWrapper = true; wrapperStart = i
                            state = .wrapperOpen; position = i + 1; continue
                        }
                    }
                    layout = .lines; state = .lines; position = i; continue
                }
                if c == 0xEF, i == 0 { return .failure(reason: .unexpectedByte, offset: i, detail: "a byte-order mark must be followed by JSON") }
                let (r, d) = _StrictScanner.badValueStart(c)
                return .failure(reason: r == .trailingComma ? .unexpectedByte : r, offset: i, detail: r == .unexpectedByte || r == .trailingComma ? "expected '[' or '{' to start the input" : d)

            case .arrayOpen, .arrayAfterComma:
                if c == 0x5D {
                    if state == .arrayAfterComma { return .failure(reason: .trailingComma, offset: i, detail: "a trailing comma before ']'") }
                    position = i + 1
                    state = inWrapper ? .wrapperAfterValue : .trailer
                    continue
                }
                switch scanner.scanValue(p, from: i, to: end) {
                case .complete(let e):
                    position = e; state = .arrayAfterRecord; sawAnyValue = true
                    return .record(start: i, end: e, topLevelKeys: scanner.topLevelKeys)
                case let unfinished:
                    position = i
                    return _Framer.stopped(unfinished, isLast, at: end, "the input ends inside a record")
                }

            case .arrayAfterRecord:
                if c == 0x2C { position = i + 1; state = .arrayAfterComma; continue }
                if c == 0x5D { position = i + 1; state = inWrapper ? .wrapperAfterValue : .trailer; continue }
                return .failure(reason: c == 0 ? .nulByte : .unexpectedByte, offset: i, detail: "expected ',' or ']' after a record")

            case .wrapperOpen, .wrapperAfterComma:
                if c == 0x7D {
                    if state == .wrapperAfterComma { return .failure(reason: .trailingComma, offset: i, detail: "a trailing comma before '}'") }
                    position = i + 1
                    if let f = finishWrapper(i) { return f }
                    state = .trailer; continue
                }
                guard c == 0x22 else { return .failure(reason: .unexpectedByte, offset: i, detail: "expected a key in double quotes") }
                let k = scanner.scanString(p, i, end)
                if k < 0 { return _Framer.stopped(scanner.stringFailure(p, i, end, k), isLast, at: end) }
                var v = _StrictScanner.skipSpace(p, k, end)
                if v == end { return _Framer.ranOut(isLast, at: end) }
                guard p[v] == 0x3A else { return .failure(reason: .unexpectedByte, offset: v, detail: "expected ':' after a key") }
                v = _StrictScanner.skipSpace(p, v + 1, end)
                if v == end { return _Framer.ranOut(isLast, at: end) }
                let key = _Framer.wrapperKey(p, i, k)
                if key == 3 {
                    guard p[v] == 0x5B else { return .failure(reason: .wrongType, offset: v, detail: "\"todos\" must be an array") }
                    sawTodos = true
                    position = v + 1; state = .arrayOpen; continue
                }
                switch scanner.scanValue(p, from: v, to: end) {
                case .complete(let e):
                    if key == 1 {
                        guard e - v == 9, _Framer.equals(p, v, "\"calgrid\"") else {
                            return .failure(reason: .unsupportedFormat, offset: v, detail: "\"format\" must be \"calgrid\"")
                        }
                        sawFormat = true
                    } else if key == 2 {
                        guard e - v == 1, p[v] == 0x31 else {
                            return .failure(reason: .unsupportedVersion, offset: v, detail: "only version 1 is supported")
                        }
                        sawVersion = true
                    } else {
                        unknownWrapperFields += 1
                    }
                    position = e; state = .wrapperAfterValue; continue
                case let unfinished:
                    return _Framer.stopped(unfinished, isLast, at: end)
                }

            case .wrapperAfterValue:
                if c == 0x2C { position = i + 1; state = .wrapperAfterComma; continue }
                if c == 0x7D {
                    position = i + 1
                    if let f = finishWrapper(i) { return f }
                    state = .trailer; continue
                }
                return .failure(reason: c == 0 ? .nulByte : .unexpectedByte, offset: i, detail: "expected ',' or '}' in the wrapper object")

            case .lines:
                switch scanner.scanValue(p, from: i, to: end) {
                case .complete(let e):
                    position = e; state = .linesAfterRecord; sawAnyValue = true
                    return .record(start: i, end: e, topLevelKeys: scanner.topLevelKeys)
                case .needMore:
                    position = i
                    if isLast {
                        state = .done; position = end
                        return .badRecord(start: i, reason: .truncated, offset: end, detail: "the input ends inside a record")
                    }
                    return .needMore
                case .invalid(let r, let o, let d):
                    position = o
                    state = .skippingLine
                    return .badRecord(start: i, reason: r, offset: o, detail: d)
                }

            case .trailer:
                return .failure(reason: c == 0 ? .nulByte : .trailingContent, offset: i, detail: "content after the end of the JSON value")

            case .done, .linesAfterRecord, .skippingLine:
                i = end
                position = end
                return .finished
            }
        }
    }

    /// The bytes ran out inside a value: more may complete it, unless they are the whole input.
    @inlinable
    static func ranOut(_ isLast: Bool, at offset: Int, _ detail: StaticString = "the input ends too early") -> _FrameEvent {
        isLast ? .failure(reason: .truncated, offset: offset, detail: detail) : .needMore
    }

    /// A scan that did not complete: the value is invalid (fatal), or the bytes ran out (`ranOut`).
    @inlinable
    static func stopped(_ outcome: _ScanOutcome, _ isLast: Bool, at offset: Int,
                        _ detail: StaticString = "the input ends too early") -> _FrameEvent {
        if case .invalid(let r, let o, let d) = outcome { return .failure(reason: r, offset: o, detail: d) }
        return ranOut(isLast, at: offset, detail)
    }

    @inlinable
    mutating func finishWrapper(_ i: Int) -> _FrameEvent? {
        inWrapper = false
        if !sawFormat { return .failure(reason: .missingWrapperField, offset: wrapperStart, detail: "the wrapper object has no \"format\"") }
        if !sawVersion { return .failure(reason: .missingWrapperField, offset: wrapperStart, detail: "the wrapper object has no \"version\"") }
        if !sawTodos { return .failure(reason: .missingWrapperField, offset: wrapperStart, detail: "the wrapper object has no \"todos\"") }
        return nil
    }

    @inlinable
    static func equals(_ p: UnsafePointer<UInt8>, _ at: Int, _ s: StaticString) -> Bool {
        let w = s.utf8Start
        for k in 0..<s.utf8CodeUnitCount where p[at + k] != w[k] { return false }
        return true
    }

    /// 1 format, 2 version, 3 todos, 0 other (raw key bytes, quotes included, at start..<end).
    @inlinable
    static func wrapperKey(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        switch end - start {
        case 8: return equals(p, start, "\"format\"") ? 1 : 0
        case 9: return equals(p, start, "\"version\"") ? 2 : 0
        case 7: return equals(p, start, "\"todos\"") ? 3 : 0
        default: return 0
        }
    }

    @inlinable
    static func isWrapperKey(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Bool { wrapperKey(p, start, end) != 0 }
}
