// libical's parser over an input in memory, keeping what libical does not: where each component
// begins. libical unfolds and parses the content lines (icalparser_get_line / icalparser_add_line);
// this layer feeds them, follows the parser's state (BEGIN_COMP, END_COMP), notes the physical line
// each logical line starts on, and checks what libical lets through: a NUL byte, an END that closes
// the wrong component (libical closes whatever is open), an input that ends inside a component
// (libical closes it silently), text outside any VCALENDAR; and it keeps what libical drops: an empty
// TEXT value (`LOCATION:`, as Google Calendar writes it) and a rule with escaped separators
// (Outlook's `\;`): _LibicalLineRepair.swift.
import CLibical
import CalGrid
import CalGridImport

/// A problem with the input as a whole: why, where, and in which words.
struct _ICalSyntaxError: Error {
    var reason: ImportIssue.Reason
    var line: Int
    var offset: Int
    var detail: String
}

/// A component as the parser met it: its name (upper case), the line and byte offset of its BEGIN
/// line, and the offset just past its END line.
struct _ComponentPlace {
    var name: String
    var line: Int
    var start: Int
    var end: Int
}

/// The parsed input: libical's top-level components (VCALENDARs), and every component's place in
/// the input in document order. Freed with `free()`.
struct _ICalDocument {
    var roots: [OpaquePointer] = []
    var places: [_ComponentPlace] = []

    mutating func free() {
        for r in roots { icalcomponent_free(r) }
        roots.removeAll()
    }

    /// Parses `p[0..<count]`; `maxLineBytes` bounds one unfolded content line.
    static func parse(_ p: UnsafePointer<UInt8>, count: Int, maxLineBytes: Int) throws(_ICalSyntaxError) -> _ICalDocument {
        var lines = _PhysicalLines(p, count: count)
        if let nul = lines.firstNUL() { throw _ICalSyntaxError(reason: .nulByte, line: nul.line, offset: nul.offset, detail: _ICalText.nulByte) }
        var doc = _ICalDocument()
        let source = UnsafeMutablePointer<cg_ical_source>.allocate(capacity: 1)
        source.initialize(to: cg_ical_source(bytes: UnsafeRawPointer(p).assumingMemoryBound(to: CChar.self), count: count, position: 0, lines: 0))
        guard let parser = icalparser_new() else { source.deallocate(); return doc }
        icalparser_set_gen_data(parser, UnsafeMutableRawPointer(source))
        // Not icalparser_clean: the partial component it returns stays on the parser's stack, and
        // icalparser_free frees it again (a double free in 3.0.16). icalparser_free alone frees it once.
        defer {
            icalparser_free(parser)
            source.deallocate()
        }
        var open: [Int] = []   // indices into places
        var repairedLines = false
        do throws(_ICalSyntaxError) {
            while let line = cg_ical_next_line(parser) {
                defer { cg_ical_free(line) }
                let n = strlen(line)
                // A blank line (libical's: spaces, tabs, line feeds only) is no logical line: libical
                // returns a lone LF line as "\n", and counting it put every later place one line off.
                guard n > 0, !_LineWord.isBlank(line, count: n) else { _ = icalparser_add_line(parser, line); continue }
                let at = lines.nextLogicalLine()
                if n > maxLineBytes {
                    throw _ICalSyntaxError(reason: .stringTooLong, line: at.line, offset: at.offset, detail: _ICalText.lineTooLong(maxLineBytes))
                }
                // An END is checked before libical sees it: libical closes whatever is open.
                let word = _LineWord(line, count: n)
                if case .end(let name) = word {
                    guard let top = open.last else {
                        throw _ICalSyntaxError(reason: .unexpectedByte, line: at.line, offset: at.offset, detail: _ICalText.strayEnd(name))
                    }
                    guard doc.places[top].name == name else {
                        throw _ICalSyntaxError(reason: .unexpectedByte, line: at.line, offset: at.offset,
                                               detail: _ICalText.mismatchedEnd(name, open: doc.places[top].name, line: doc.places[top].line))
                    }
                } else if open.isEmpty, case .other = word {
                    throw _ICalSyntaxError(reason: .trailingContent, line: at.line, offset: at.offset, detail: _ICalText.outside)
                }
                // A line libical would refuse though it is plain reaches it repaired (_LineRepair):
                // an empty TEXT value as a placeholder, emptied below; a rule's escaped separators.
                let done: OpaquePointer?
                if let filled = _LineRepair.repaired(line, count: n) {
                    repairedLines = true
                    done = filled.withUnsafeBufferPointer { icalparser_add_line(parser, UnsafeMutablePointer(mutating: $0.baseAddress!)) }
                } else {
                    done = icalparser_add_line(parser, line)
                }
                let state = icalparser_get_state(parser)
                switch word {
                case .begin(let name) where state == ICALPARSER_BEGIN_COMP:
                    open.append(doc.places.count)
                    doc.places.append(_ComponentPlace(name: name, line: at.line, start: at.offset, end: at.offset))
                case .end:
                    // Past a folded END's continuations, where the framed import ends it too: the
                    // text an item without UID is named by is the same either way (a fuzzer find).
                    doc.places[open.removeLast()].end = lines.endOfLogicalLine()
                default:
                    break
                }
                if let done { doc.roots.append(done) }
            }
            if let first = open.first {
                let place = doc.places[first]
                throw _ICalSyntaxError(reason: .truncated, line: place.line, offset: place.start,
                                       detail: _ICalText.unclosed(place.name, line: place.line))
            }
        } catch {
            doc.free()
            throw error
        }
        if repairedLines { for r in doc.roots { _LineRepair.clear(r) } }
        return doc
    }
}

/// A content line's first word, when it opens or closes a component.
enum _LineWord {
    case begin(String)
    case end(String)
    case other

    /// Whether libical takes `line` as blank (icalparser's line_is_blank: spaces, tabs and LFs).
    static func isBlank(_ line: UnsafePointer<CChar>, count: Int) -> Bool {
        for i in 0..<count where line[i] != 0x20 && line[i] != 0x0A && line[i] != 0x09 { return false }
        return true
    }

    init(_ line: UnsafePointer<CChar>, count: Int) {
        let b = UnsafeRawPointer(line).assumingMemoryBound(to: UInt8.self)
        func has(_ word: StaticString) -> Bool {
            guard count >= word.utf8CodeUnitCount else { return false }
            for k in 0..<word.utf8CodeUnitCount where _asciiUpper(b[k]) != word.utf8Start[k] { return false }
            return true
        }
        func name(from k: Int) -> String {
            var e = count
            while e > k, b[e - 1] == 0x20 || b[e - 1] == 0x09 || b[e - 1] == 0x0D { e -= 1 }
            var bytes: [UInt8] = []
            for i in k..<e { bytes.append(_asciiUpper(b[i])) }
            return String(decoding: bytes, as: UTF8.self)
        }
        if has("BEGIN:") { self = .begin(name(from: 6)) } else if has("END:") { self = .end(name(from: 4)) } else { self = .other }
    }
}

/// The physical lines of the input, walked in step with the logical lines libical returns: each
/// logical line starts on the next line that is neither a continuation (a leading space or tab) nor
/// empty.
struct _PhysicalLines {
    let p: UnsafePointer<UInt8>
    let count: Int
    /// Start of the next physical line not yet handed out, and its 1-based number.
    var position = 0
    var line = 1

    init(_ p: UnsafePointer<UInt8>, count: Int) { self.p = p; self.count = count }

    /// The first NUL byte, with its line.
    func firstNUL() -> (line: Int, offset: Int)? {
        var line = 1
        for i in 0..<count {
            if p[i] == 0 { return (line, i) }
            if p[i] == 0x0A { line += 1 }
        }
        return nil
    }

    /// Where the next logical line starts; moves past its first physical line.
    mutating func nextLogicalLine() -> (line: Int, offset: Int) {
        while position < count, p[position] == 0x20 || p[position] == 0x09 || p[position] == 0x0D || p[position] == 0x0A {
            skipLine()
        }
        let at = (line, position)
        skipLine()
        return at
    }

    /// Moves past the folded continuations (lines starting with a space or a tab) of the logical
    /// line just handed out, and returns where its text ends.
    mutating func endOfLogicalLine() -> Int {
        while position < count, p[position] == 0x20 || p[position] == 0x09 { skipLine() }
        return position
    }

    private mutating func skipLine() {
        while position < count, p[position] != 0x0A { position += 1 }
        if position < count { position += 1; line += 1 }
    }

    /// The 1-based line of `offset` (error paths only: counts from the start).
    func line(of offset: Int) -> Int {
        var l = 1
        for i in 0..<Swift.min(offset, count) where p[i] == 0x0A { l += 1 }
        return l
    }
}
