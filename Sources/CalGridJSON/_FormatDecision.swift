// Which layout and vocabulary an input uses, decided once, at the first framed record (or at the
// end of an input without any), and never revisited: the layout is then known to the framer, and
// the first record shows whether the field names are Taskwarrior's. Everything downstream (the
// decoders, the names of refused fields in messages, the report) reads the one decision.

/// A layout that contradicts the format the caller asked for.
@usableFromInline
struct _FormatMismatch: Error {
    let detail: StaticString
}

@usableFromInline
enum _FormatDecision {
    /// The format of an input whose layout the framer found, given the one asked for; `firstRecord`
    /// is the first record when the input starts with a well-formed one. `.automatic` takes a first
    /// record with `uuid`, `description` and `entry` and without `title` for a Taskwarrior export.
    static func decide(requested: ImportFormat, layout: _Layout, firstRecord: _RawRecord?) throws(_FormatMismatch) -> ImportFormat {
        let found: ImportFormat = layout == .lines ? .jsonLines : .native
        switch requested {
        case .automatic:
            guard layout != .wrapped, let r = firstRecord else { return found }
            let taskwarrior = r.hasField("uuid") && r.hasField("description") && r.hasField("entry") && !r.hasField("title")
            return taskwarrior ? .taskwarrior : found
        case .native:
            guard layout != .lines else { throw _FormatMismatch(detail: "expected a native file (an array or the calgrid wrapper object), found JSON Lines") }
            return found
        case .jsonLines:
            guard layout == .lines else { throw _FormatMismatch(detail: "expected JSON Lines (one object per line)") }
            return found
        case .taskwarrior:
            guard layout != .wrapped else { throw _FormatMismatch(detail: "a Taskwarrior export is an array or one task per line") }
            return .taskwarrior
        case .icalendar:
            throw _FormatMismatch(detail: "iCalendar is read by CalGridICalendar (importICalendar), not the JSON import")
        }
    }
}
