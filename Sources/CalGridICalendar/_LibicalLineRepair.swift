// Content lines libical refuses though they say something plain, repaired before it parses them.
//
// Escaped rule separators. Outlook/Exchange writes `RRULE:FREQ=WEEKLY\;COUNT=4\;BYDAY=MO\,WE`
// (TEXT escaping in a RECUR value); libical drops the rule ("Can't parse as RECUR value"), which
// fails the item. The line reaches libical with `\;` and `\,` unescaped (the rule CalGrid expands is
// read from the item's own text, unescaped the same way: _ICalRuleText.swift).
//
// Empty TEXT values. RFC 5545 lets a TEXT value be empty (`text = *(TSAFE-CHAR / ":" / DQUOTE /
// ESCAPED-CHAR)`), and Google Calendar writes `LOCATION:` for an event without a place, but libical
// 3.0 drops such a property and puts an X-LIC-ERROR ("No value for LOCATION property") in its place,
// which would fail the item (and a strict import with it) and, on a rewrite, write the error into
// the user's file. So a line whose TEXT (or X-) value is empty reaches libical with a placeholder
// value, emptied again once the input is parsed: the property, its parameters and its place survive.
import CLibical
import CalGrid

enum _LineRepair {
    /// `line` as libical should see it (empty TEXT value filled, rule separators unescaped), or
    /// nil when libical takes it as it is.
    /// - Complexity: O(count)
    static func repaired(_ line: UnsafePointer<CChar>, count: Int) -> [CChar]? {
        filled(line, count: count) ?? unescapedRule(line, count: count)
    }

    /// An RRULE or EXRULE line with `\;` and `\,` unescaped; nil for any other line.
    static func unescapedRule(_ line: UnsafePointer<CChar>, count n: Int) -> [CChar]? {
        let b = UnsafeRawPointer(line).assumingMemoryBound(to: UInt8.self)
        func starts(_ w: StaticString) -> Bool {
            let c = w.utf8CodeUnitCount
            guard n > c else { return false }
            for k in 0..<c where _asciiUpper(b[k]) != w.utf8Start[k] { return false }
            return b[c] == 0x3A || b[c] == 0x3B
        }
        guard n > 1, b[0] | 0x20 == 0x72 || b[0] | 0x20 == 0x65, starts("RRULE") || starts("EXRULE") else { return nil }
        var escaped = false
        for i in 0..<(n - 1) where b[i] == 0x5C && (b[i + 1] == 0x3B || b[i + 1] == 0x2C) { escaped = true; break }
        guard escaped else { return nil }
        var out: [CChar] = []
        out.reserveCapacity(n + 1)
        var i = 0
        while i < n {
            if b[i] == 0x5C, i + 1 < n, b[i + 1] == 0x3B || b[i + 1] == 0x2C { i += 1 }
            out.append(line[i])
            i += 1
        }
        out.append(0)
        return out
    }

    /// The placeholder value: DEL bytes around a name (a text value holding it verbatim, DEL bytes
    /// and all, would read as empty; the import refuses control bytes in the fields it maps anyway).
    static let placeholder: [CChar] = Array("\u{7F}calgrid-empty\u{7F}".utf8CString)

    /// `line` (`count` bytes, without its line break) with the placeholder after its colon, when it
    /// is a property with an empty value of type TEXT (by the property's default type, no VALUE
    /// parameter) or an X- property; nil for any other line.
    /// - Complexity: O(count)
    static func filled(_ line: UnsafePointer<CChar>, count: Int) -> [CChar]? {
        let b = UnsafeRawPointer(line).assumingMemoryBound(to: UInt8.self)
        var n = count
        while n > 0, b[n - 1] == 0x0D || b[n - 1] == 0x0A { n -= 1 }
        guard n > 1, b[n - 1] == 0x3A else { return nil }
        var quoted = false
        var nameEnd = n - 1
        for i in 0..<(n - 1) {
            let c = b[i]
            if c == 0x22 { quoted.toggle(); continue }
            guard !quoted else { continue }
            if c == 0x3A { return nil }   // an earlier colon: the value is not empty
            if c == 0x3B, nameEnd == n - 1 { nameEnd = i }
        }
        guard !quoted, nameEnd > 0 else { return nil }
        if hasValueParameter(b, from: nameEnd, to: n - 1) { return nil }
        var name = [CChar](repeating: 0, count: nameEnd + 1)
        for i in 0..<nameEnd { name[i] = line[i] }
        let kind = icalproperty_string_to_kind(name)
        guard kind == ICAL_X_PROPERTY || (kind != ICAL_NO_PROPERTY && icalproperty_kind_to_value_kind(kind) == ICAL_TEXT_VALUE) else {
            return nil
        }
        var out = [CChar](repeating: 0, count: n)
        for i in 0..<n { out[i] = line[i] }
        return out + placeholder
    }

    /// Whether the parameters in `b[from..<to]` name a VALUE (any case).
    static func hasValueParameter(_ b: UnsafePointer<UInt8>, from: Int, to: Int) -> Bool {
        let word: [UInt8] = Array(";VALUE=".utf8)
        guard to - from >= word.count else { return false }
        for i in from...(to - word.count) {
            var k = 0
            while k < word.count, (b[i + k] >= 0x61 && b[i + k] <= 0x7A ? b[i + k] - 0x20 : b[i + k]) == word[k] { k += 1 }
            if k == word.count { return true }
        }
        return false
    }

    /// Empties every TEXT or X- value of `c` and its subcomponents that is the placeholder.
    /// - Complexity: O(properties of `c`, all levels)
    static func clear(_ c: OpaquePointer) {
        var p = icalcomponent_get_first_property(c, ICAL_ANY_PROPERTY)
        while let x = p {
            if let v = icalproperty_get_value(x) {
                let kind = icalvalue_isa(v)
                if kind == ICAL_TEXT_VALUE, let s = icalvalue_get_text(v), isPlaceholder(s) { icalvalue_set_text(v, "") }
                else if kind == ICAL_X_VALUE, let s = icalvalue_get_x(v), isPlaceholder(s) { icalvalue_set_x(v, "") }
            }
            p = icalcomponent_get_next_property(c, ICAL_ANY_PROPERTY)
        }
        var s = icalcomponent_get_first_component(c, ICAL_ANY_COMPONENT)
        while let x = s {
            clear(x)
            s = icalcomponent_get_next_component(c, ICAL_ANY_COMPONENT)
        }
    }

    static func isPlaceholder(_ s: UnsafePointer<CChar>) -> Bool {
        placeholder.withUnsafeBufferPointer { strcmp(s, $0.baseAddress!) == 0 }
    }
}
