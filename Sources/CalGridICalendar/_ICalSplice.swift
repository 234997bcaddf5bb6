// A patch written into the item's own text (issue 38): libical parses the file twice, the patch
// changes one tree, and the two trees say which properties and components changed. Only those are
// written (by libical); every other content line stays byte for byte as the program that wrote it
// left it: its folding, parameter order, a CATEGORIES list on one line, properties libical does not
// know (PROXIMITY, which it turns into X-LIC-ERROR) and their place.
//
// The line-level work here is framing and splicing: content lines (a physical line and its folded
// continuations) are grouped by BEGIN/END and by property name, and whole properties are removed
// or inserted. No value is read here: what a property means is libical's.
import CLibical
import CalGrid

/// A component as its text frames it: its name, its BEGIN and END lines, its properties' lines
/// (name, offsets), its subcomponents.
struct _TextComponent {
    var name: [UInt8]
    var begin = 0
    var endLine = 0
    /// Just past the END line.
    var end = 0
    var properties: [(name: [UInt8], start: Int, end: Int)] = []
    var children: [_TextComponent] = []

    /// The top-level components of `b` (nil when a BEGIN is never closed or an END closes nothing).
    /// - Complexity: O(b.count)
    static func frame(_ b: [UInt8]) -> [_TextComponent]? {
        var roots: [_TextComponent] = []
        var stack: [_TextComponent] = []
        var i = 0
        while i < b.count {
            let start = i
            // A logical line: a physical line and the ones after it that begin with a space or tab.
            repeat {
                while i < b.count, b[i] != 0x0A { i += 1 }
                if i < b.count { i += 1 }
            } while i < b.count && (b[i] == 0x20 || b[i] == 0x09)
            var k = start
            var name: [UInt8] = []
            while k < i, b[k] != 0x3B, b[k] != 0x3A, b[k] != 0x0D, b[k] != 0x0A { name.append(_asciiUpper(b[k])); k += 1 }
            if name.isEmpty { continue }
            if name == Array("BEGIN".utf8) || name == Array("END".utf8) {
                var v: [UInt8] = []
                var j = k + 1
                while j < i, b[j] != 0x0D, b[j] != 0x0A { v.append(_asciiUpper(b[j])); j += 1 }
                if name == Array("BEGIN".utf8) {
                    stack.append(_TextComponent(name: v, begin: start))
                } else {
                    guard var c = stack.popLast(), c.name == v else { return nil }
                    c.endLine = start
                    c.end = i
                    if stack.isEmpty { roots.append(c) } else { stack[stack.count - 1].children.append(c) }
                }
            } else if !stack.isEmpty {
                stack[stack.count - 1].properties.append((name, start, i))
            }
        }
        return stack.isEmpty ? roots : nil
    }
}

/// The edits that turn the original text into the patched one: byte ranges and what replaces them.
struct _Splice {
    var edits: [(start: Int, end: Int, bytes: [UInt8])] = []
    /// CRLF or LF, as the original ends its lines.
    let crlf: Bool
    /// The first property name whose new text libical wrote as an X-LIC-ERROR.
    var error: String? = nil

    init(original: [UInt8]) {
        var i = 0
        while i < original.count, original[i] != 0x0A { i += 1 }
        crlf = i == 0 || i >= original.count || original[i - 1] == 0x0D
    }

    /// `original` with the edits applied.
    func apply(to original: [UInt8]) -> [UInt8] {
        let sorted = edits.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map { $0.element }
        var out: [UInt8] = []
        out.reserveCapacity(original.count + 256)
        var at = 0
        for e in sorted {
            if e.start > at { out += original[at..<e.start] }
            out += e.bytes
            at = max(at, e.end)
        }
        if at < original.count { out += original[at...] }
        return out
    }

    /// libical's text, with the original's line ends; records an X-LIC-ERROR under `name`.
    mutating func written(_ s: [UInt8], name: String) -> [UInt8] {
        if error == nil, _contains(s, "X-LIC-ERROR") { error = name }
        return crlf ? s : s.filter { $0 != 0x0D }
    }

    /// Splices the difference between `old` (the original as libical read it) and `new` (the
    /// same, patched) into text component `t`.
    mutating func component(_ t: _TextComponent, old: OpaquePointer, new: OpaquePointer) {
        if _text(old) == _text(new) { return }
        let oldC = _children(old), newC = _children(new)
        guard oldC.count == t.children.count, zip(oldC, t.children).allSatisfy({ _named($0.0, $0.1.name) }) else {
            // Text and tree disagree on the subcomponents: the component is written whole.
            edits.append((t.begin, t.end, written(_text(new), name: String(decoding: t.name, as: UTF8.self))))
            return
        }
        // Properties, by name: a name whose properties read differently is written again, where
        // its first line was (else before the first subcomponent or END).
        let oldP = _properties(old), newP = _properties(new)
        var names: [[UInt8]] = []
        for p in oldP + newP where !names.contains(p.name) { names.append(p.name) }
        let firstChild = t.children.first?.begin ?? t.endLine
        for n in names {
            let o = oldP.filter { $0.name == n }.map { $0.text }, w = newP.filter { $0.name == n }
            if o == w.map({ $0.text }) { continue }
            let lines = t.properties.filter { $0.name == n }
            let at = lines.first?.start ?? firstChild
            let bytes = written(Self.joined(n, w.map { $0.raw }), name: String(decoding: n, as: UTF8.self))
            edits.append((at, lines.first?.end ?? at, bytes))
            for l in lines.dropFirst() { edits.append((l.start, l.end, [])) }
        }
        // Subcomponents: one the patch left as it was is kept; the others are paired by kind in
        // order and spliced, removed, or written new before END.
        let oldText = oldC.map { _text($0) }
        var used = [Bool](repeating: false, count: oldC.count)
        var rest: [OpaquePointer] = []
        for c in newC {
            let s = _text(c)
            if let k = oldText.indices.first(where: { !used[$0] && oldText[$0] == s }) { used[k] = true } else { rest.append(c) }
        }
        for c in rest {
            // The same item (UID and RECURRENCE-ID) first: a removed instance must not pair the
            // patched item with another's text.
            let same = oldC.indices.first { !used[$0] && icalcomponent_isa(oldC[$0]) == icalcomponent_isa(c) && _identity(oldC[$0]) == _identity(c) }
            if let k = same ?? oldC.indices.first(where: { !used[$0] && icalcomponent_isa(oldC[$0]) == icalcomponent_isa(c) }) {
                used[k] = true
                component(t.children[k], old: oldC[k], new: c)
            } else {
                edits.append((t.endLine, t.endLine, written(_text(c), name: String(cString: icalcomponent_kind_to_string(icalcomponent_isa(c))))))
            }
        }
        for k in oldC.indices where !used[k] { edits.append((t.children[k].begin, t.children[k].end, [])) }
    }

    /// The text of properties `ps` named `name`: a multi-valued CATEGORIES or RESOURCES on one
    /// line (libical writes one line per value, which todoman 4.7 cannot read), else one line each.
    static func joined(_ name: [UInt8], _ ps: [OpaquePointer]) -> [UInt8] {
        let multi = name == Array("CATEGORIES".utf8) || name == Array("RESOURCES".utf8)
        if multi, ps.count > 1, ps.allSatisfy({ icalproperty_count_parameters($0) == 0 }) {
            var values: [UInt8] = []
            for p in ps {
                // Each value escaped as a TEXT value alone (a comma in a tag becomes `\,`), by libical.
                guard let t = icalproperty_get_value(p).flatMap({ icalvalue_get_text($0) }), let one = icalvalue_new_text(t) else { continue }
                defer { icalvalue_free(one) }
                guard let v = icalvalue_as_ical_string_r(one) else { continue }
                if !values.isEmpty { values.append(0x2C) }
                values += UnsafeRawBufferPointer(start: v, count: strlen(v))
                cg_ical_free(v)
            }
            return _fold(name + [0x3A] + values)
        }
        return ps.flatMap { _propertyText($0) }
    }
}

/// `line` folded as RFC 5545 3.1 says (75 octets, never inside a UTF-8 sequence), CRLF-terminated.
func _fold(_ line: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    var width = 0
    for b in line {
        if b & 0xC0 != 0x80 {
            let n = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
            if width + n > 75 { out += [0x0D, 0x0A, 0x20]; width = 1 }
        }
        out.append(b)
        width += 1
    }
    return out + [0x0D, 0x0A]
}

func _contains(_ s: [UInt8], _ word: String) -> Bool {
    let w = Array(word.utf8)
    guard s.count >= w.count else { return false }
    for i in 0...(s.count - w.count) where s[i] == w[0] && Array(s[i..<(i + w.count)]) == w { return true }
    return false
}

func _text(_ c: OpaquePointer) -> [UInt8] { _Builder.text(c) }

func _propertyText(_ p: OpaquePointer) -> [UInt8] {
    guard let s = icalproperty_as_ical_string_r(p) else { return [] }
    defer { cg_ical_free(s) }
    return [UInt8](UnsafeRawBufferPointer(start: s, count: strlen(s)))
}

func _properties(_ c: OpaquePointer) -> [(name: [UInt8], text: [UInt8], raw: OpaquePointer)] {
    var out: [(name: [UInt8], text: [UInt8], raw: OpaquePointer)] = []
    var p = icalcomponent_get_first_property(c, ICAL_ANY_PROPERTY)
    while let x = p {
        let name = icalproperty_get_property_name(x).map { Array(String(cString: $0).utf8).map(_asciiUpper) } ?? []
        out.append((name, _propertyText(x), x))
        p = icalcomponent_get_next_property(c, ICAL_ANY_PROPERTY)
    }
    return out
}

/// A component's UID and RECURRENCE-ID lines as libical writes them (empty when it has neither).
func _identity(_ c: OpaquePointer) -> [UInt8] {
    var out: [UInt8] = []
    for kind in [ICAL_UID_PROPERTY, ICAL_RECURRENCEID_PROPERTY] {
        if let p = icalcomponent_get_first_property(c, kind) { out += _propertyText(p) }
    }
    return out
}

func _children(_ c: OpaquePointer) -> [OpaquePointer] {
    var out: [OpaquePointer] = []
    var s = icalcomponent_get_first_component(c, ICAL_ANY_COMPONENT)
    while let x = s { out.append(x); s = icalcomponent_get_next_component(c, ICAL_ANY_COMPONENT) }
    return out
}

func _named(_ c: OpaquePointer, _ name: [UInt8]) -> Bool {
    let kind = icalcomponent_isa(c)
    if kind == ICAL_X_COMPONENT { return true }
    return Array(String(cString: icalcomponent_kind_to_string(kind)).utf8) == name
}
