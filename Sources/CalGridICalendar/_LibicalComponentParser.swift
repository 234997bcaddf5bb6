// libical's parser over one framed component at a time (_ICalFraming.swift): one parser only reads
// and unfolds lines (icalparser_get_line keeps its own buffer), another builds the component from
// them (icalparser_add_line); each returns to its first state after a whole component, so both
// serve every component of an import. The lines reach libical repaired as in a whole parse
// (_LibicalLineRepair.swift). Under the libical lock, as every libical call.
import CLibical
import CalGrid

struct _ComponentParser {
    private var reader: OpaquePointer?
    private var builder: OpaquePointer?
    private let source: UnsafeMutablePointer<cg_ical_source>

    init() {
        source = UnsafeMutablePointer<cg_ical_source>.allocate(capacity: 1)
        source.initialize(to: cg_ical_source(bytes: nil, count: 0, position: 0, lines: 0))
        reader = icalparser_new()
        builder = icalparser_new()
        if let reader { icalparser_set_gen_data(reader, UnsafeMutableRawPointer(source)) }
    }

    /// Frees both parsers (icalparser_free alone: icalparser_clean would leave a partial component
    /// for icalparser_free to free again, a double free in 3.0.16).
    mutating func free() {
        if let reader { icalparser_free(reader) }
        if let builder { icalparser_free(builder) }
        reader = nil
        builder = nil
        source.deallocate()
    }

    /// libical's component for `p[0..<count]`, the lines of one component from its BEGIN to its
    /// END; nil when libical does not make exactly one component of them (the caller's error).
    mutating func parse(_ p: UnsafePointer<UInt8>, count: Int) -> OpaquePointer? {
        guard let reader, let builder else { return nil }
        source.pointee = cg_ical_source(bytes: UnsafeRawPointer(p).assumingMemoryBound(to: CChar.self), count: count, position: 0, lines: 0)
        var made: OpaquePointer? = nil
        var extra = false
        var repaired = false
        while let line = cg_ical_next_line(reader) {
            defer { cg_ical_free(line) }
            let n = strlen(line)
            let done: OpaquePointer?
            if n > 0, let filled = _LineRepair.repaired(line, count: n) {
                repaired = true
                done = filled.withUnsafeBufferPointer { icalparser_add_line(builder, UnsafeMutablePointer(mutating: $0.baseAddress!)) }
            } else {
                done = icalparser_add_line(builder, line)
            }
            if let done {
                if made == nil { made = done } else { icalcomponent_free(done); extra = true }
            }
        }
        if made == nil || extra || icalparser_get_state(builder) != ICALPARSER_SUCCESS {
            // Lines left open in the builder: a fresh one for the next component.
            icalparser_free(builder)
            self.builder = icalparser_new()
            if let made { icalcomponent_free(made) }
            return nil
        }
        if repaired, let made { _LineRepair.clear(made) }
        return made
    }
}
