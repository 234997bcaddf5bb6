// The shape of an iCalendar source, read from its content lines before libical sees any: every
// VCALENDAR and each of its components (kind, BEGIN line, bytes). With it the import hands libical
// one component at a time (the VTIMEZONEs first, since items refer to them), so its memory is a
// batch's components, not the file's tree (issue 20). The lines are the ones libical reads: a
// physical line, and the lines after it that start with a space or a tab (folded, RFC 5545 3.1).
//
// Nil for anything the framing does not vouch for: a NUL byte, a line that may be too long, an END
// that does not close the open component, a line outside every component, an unclosed component, a
// BEGIN or END line libical might read otherwise (parameters, no colon), an item inside another, a
// top-level component that is not a VCALENDAR, more items than the import may take. The import then
// parses that source whole, as it always did, and reports its problem where it is.
import CLibical
import CalGrid

/// A component of a VCALENDAR as framed: what it is to the import, its BEGIN line (in its source)
/// and its bytes (offsets in its source, `end` just past its END line).
struct _FramedComponent {
    enum Kind: UInt8 {
        /// A VTIMEZONE: parsed first, into the calendar the items are read in.
        case timezone
        /// A VTODO or VEVENT without RECURRENCE-ID: one record of the import.
        case item
        /// A VTODO or VEVENT with RECURRENCE-ID: an override of its UID's item.
        case override
        /// A VJOURNAL or VFREEBUSY: counted as skipped.
        case skipped
        /// Anything else: not read.
        case other
    }
    var kind: Kind
    var isEvent: Bool
    var line: Int
    var start: Int
    var end: Int
}

/// The framing of one source after another, its buffers kept from one to the next (a vdir's
/// 10,000 files are 10,000 framings).
struct _ICalFraming {
    /// Every VCALENDAR's BEGIN line and offset, in order.
    var calendars: [(line: Int, start: Int)] = []
    /// Every VCALENDAR's components in document order, the first of calendar `k` at
    /// `firsts[k]` (and `firsts[calendars.count] == components.count`).
    var components: [_FramedComponent] = []
    var firsts: [Int] = []
    private var open: [UInt8] = []        // the open components' names, end to end
    private var openLengths: [Int] = []
    private var scratch: [UInt8] = []

    /// The components of calendar `k`.
    func components(of k: Int) -> ArraySlice<_FramedComponent> { components[firsts[k]..<firsts[k + 1]] }

    /// Frames `p[0..<count]` into `calendars` and `components`; false when the input is not one
    /// the framing vouches for (see the top of this file); at most `maxItems` items.
    /// - Complexity: O(count)
    mutating func frame(_ p: UnsafePointer<UInt8>, count: Int, maxLineBytes: Int, maxItems: Int) -> Bool {
        calendars.removeAll(keepingCapacity: true)
        components.removeAll(keepingCapacity: true)
        firsts.removeAll(keepingCapacity: true)
        open.removeAll(keepingCapacity: true)
        openLengths.removeAll(keepingCapacity: true)
        guard count > 0, memchr(p, 0, count) == nil else { return false }
        var child = _FramedComponent(kind: .other, isEvent: false, line: 0, start: 0, end: 0)
        var items = 0
        var pos = 0, line = 1

        /// The end of the physical line at `i` (just past its LF, or the end of the input).
        func lineEnd(_ i: Int) -> Int {
            guard let lf = memchr(p + i, 0x0A, count - i) else { return count }
            return p.distance(to: lf.assumingMemoryBound(to: UInt8.self)) + 1
        }
        /// The logical line at `start..<end` unfolded as libical unfolds it, its trailing white
        /// space trimmed as libical trims it, at most `limit` bytes, into `scratch`.
        func unfold(_ start: Int, _ end: Int, limit: Int) {
            scratch.removeAll(keepingCapacity: true)
            var i = start
            while i < end, scratch.count < limit {
                let b = p[i]
                if b == 0x0D, i + 1 < end, p[i + 1] == 0x0A { i += 1; continue }
                if b == 0x0A {
                    i += 2   // the line break and the folding space or tab (or past the end)
                    continue
                }
                scratch.append(b)
                i += 1
            }
            while let last = scratch.last, last == 0x20 || (last >= 0x09 && last <= 0x0D) { scratch.removeLast() }
        }
        func starts(_ word: StaticString) -> Bool {
            let n = word.utf8CodeUnitCount
            guard scratch.count >= n else { return false }
            for k in 0..<n where _asciiUpper(scratch[k]) != word.utf8Start[k] { return false }
            return true
        }
        /// Whether the name in `scratch` after `from` is `word`.
        func named(_ word: StaticString, from: Int) -> Bool {
            guard scratch.count - from == word.utf8CodeUnitCount else { return false }
            for k in 0..<word.utf8CodeUnitCount where _asciiUpper(scratch[from + k]) != word.utf8Start[k] { return false }
            return true
        }

        while pos < count {
            let first = p[pos]
            if first == 0x0D || first == 0x0A {
                // An empty line (libical passes over it), not followed by a folded one.
                let e = lineEnd(pos)
                guard e - pos == 1 || (e - pos == 2 && first == 0x0D), p[e - 1] == 0x0A else { return false }
                if e < count, p[e] == 0x20 || p[e] == 0x09 { return false }
                pos = e
                line += 1
                continue
            }
            guard first != 0x20, first != 0x09 else { return false }   // folded onto nothing
            let start = pos, startLine = line
            var e = lineEnd(pos)
            line += 1
            while e < count, p[e] == 0x20 || p[e] == 0x09 {
                e = lineEnd(e)
                line += 1
            }
            if p[e - 1] != 0x0A { line -= 1 }   // the last line has no line break
            guard e - start <= maxLineBytes else { return false }
            pos = e
            let depth = openLengths.count
            let letter = first | 0x20
            if letter == 0x62 || letter == 0x65 {   // b, e: BEGIN or END?
                unfold(start, e, limit: Int.max)
                if starts("BEGIN:") {
                    let name = 6
                    if depth == 0 {
                        guard named("VCALENDAR", from: name) else { return false }
                        calendars.append((startLine, start))
                        firsts.append(components.count)
                    } else if depth == 1 {
                        let kind: _FramedComponent.Kind
                        var isEvent = false
                        if named("VTODO", from: name) { kind = .item } else if named("VEVENT", from: name) { kind = .item; isEvent = true }
                        else if named("VTIMEZONE", from: name) { kind = .timezone }
                        else if named("VJOURNAL", from: name) || named("VFREEBUSY", from: name) { kind = .skipped }
                        else { kind = .other }
                        child = _FramedComponent(kind: kind, isEvent: isEvent, line: startLine, start: start, end: start)
                    } else if named("VTODO", from: name) || named("VEVENT", from: name) || named("VJOURNAL", from: name)
                                || named("VFREEBUSY", from: name) || named("VCALENDAR", from: name) {
                        return false
                    }
                    for k in name..<scratch.count { open.append(_asciiUpper(scratch[k])) }
                    openLengths.append(scratch.count - name)
                    continue
                }
                if starts("END:") {
                    guard let n = openLengths.last, scratch.count - 4 == n else { return false }
                    for k in 0..<n where _asciiUpper(scratch[4 + k]) != open[open.count - n + k] { return false }
                    open.removeLast(n)
                    openLengths.removeLast()
                    if depth == 2 {
                        child.end = e
                        if child.kind == .item { items += 1 }
                        guard items <= maxItems else { return false }
                        components.append(child)
                    }
                    continue
                }
                if starts("BEGIN") || starts("END") { return false }
            }
            guard depth > 0 else { return false }   // text outside every component
            if depth == 2, letter == 0x72, child.kind == .item {   // r: RECURRENCE-ID?
                unfold(start, e, limit: 14)
                if starts("RECURRENCE-ID"), scratch.count == 14, scratch[13] == 0x3A || scratch[13] == 0x3B { child.kind = .override }
            }
        }
        firsts.append(components.count)
        return openLengths.isEmpty && !calendars.isEmpty
    }
}
