// What an iCalendar import holds between its batches (`_ICalImport`): the items parsed and not yet
// decoded, with where each is, and the libical components they live in.
import CLibical

/// An item to import: its component and where it is.
struct _ICalItemPlace {
    /// The VTODO or VEVENT, owned by one of `_ICalPending.roots`.
    let component: OpaquePointer
    /// Its place as the parser met it: `line` counted in its source, `start` and `end` offsets in
    /// the buffer. The enclosing calendar's place when the parser's places could not be matched.
    let at: _ComponentPlace
    /// Its source's index in the import's sources (a vdir file), for the issues' file names.
    let source: Int

    /// A VEVENT (its end is DTEND), asked of the component, which lives until the item is decoded:
    /// `at` may name the calendar.
    var isEvent: Bool { _Component(raw: component).isEvent }
}

/// What an import holds between its batches: the items parsed and not yet decoded, their
/// overrides, and the libical components they live in.
struct _ICalPending {
    var items: [_ICalItemPlace] = []
    /// The pending items' RECURRENCE-ID overrides, by the item's component.
    var overrides: [OpaquePointer: [OpaquePointer]] = [:]
    /// The pending items read under another id than their UID (`_ICalImport.identify`).
    var ids: [OpaquePointer: String] = [:]
    /// Whole trees to free once the pending items are decoded: the VCALENDARs of a source parsed
    /// whole, and of calendars streamed to their end.
    var roots: [OpaquePointer] = []
    /// The VCALENDAR being streamed (its VTIMEZONEs, and its items until decoded).
    var shell: OpaquePointer? = nil
    var inShell: [OpaquePointer] = []
    /// Overrides parsed ahead of their items, freed with the import.
    var kept: [OpaquePointer] = []

    struct Mark { var items: Int; var roots: Int; var kept: Int }

    func mark() -> Mark { Mark(items: items.count, roots: roots.count, kept: kept.count) }

    mutating func open(_ calendar: OpaquePointer) {
        close()
        shell = calendar
    }

    /// Adds `item` to the open calendar until it is decoded.
    mutating func add(_ item: OpaquePointer) {
        guard let shell else { icalcomponent_free(item); return }
        icalcomponent_add_component(shell, item)
        inShell.append(item)
    }

    /// Ends the open calendar: it is freed, with its items, after the next decode.
    mutating func close() {
        if let shell { roots.append(shell) }
        shell = nil
        inShell.removeAll(keepingCapacity: true)
    }

    /// After a decode: frees every pending item's component.
    mutating func release() {
        if let shell {
            for c in inShell {
                icalcomponent_remove_component(shell, c)
                icalcomponent_free(c)
            }
        }
        inShell.removeAll(keepingCapacity: true)
        for r in roots { icalcomponent_free(r) }
        roots.removeAll(keepingCapacity: true)
        items.removeAll(keepingCapacity: true)
        overrides.removeAll(keepingCapacity: true)
        ids.removeAll(keepingCapacity: true)
    }

    /// Forgets and frees what a source added since `m` (none of it decoded yet).
    mutating func drop(since m: Mark) {
        close()
        for it in items[Swift.min(m.items, items.count)...] { overrides[it.component] = nil; ids[it.component] = nil }
        items.removeSubrange(Swift.min(m.items, items.count)...)
        for r in roots[Swift.min(m.roots, roots.count)...] { icalcomponent_free(r) }
        roots.removeSubrange(Swift.min(m.roots, roots.count)...)
        for c in kept[Swift.min(m.kept, kept.count)...] { icalcomponent_free(c) }
        kept.removeSubrange(Swift.min(m.kept, kept.count)...)
    }

    mutating func freeAll() {
        close()
        release()
        for c in kept { icalcomponent_free(c) }
        kept.removeAll()
    }
}
