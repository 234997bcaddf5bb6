// One iCalendar import: libical parses the whole input on the calling thread (`_ICalDocument`), the
// items (every VTODO and VEVENT of every VCALENDAR) become the records of the import layer's run
// (`_ImportRun`): a span per item, its component in `keys`, decoded by `_ICalRecordDecoder`, handed
// to the sink in input order under the same policy, limits, report and progress as every format.
import CLibical
import CalGrid
import CalGridImport

struct _ICalImport<Sink: _DraftSink> {
    var core: _ImportRun<Sink, _ICalRecordDecoder>
    var locator = _ICalLocator()

    init(options: ImportOptions, sink: consuming Sink) {
        var o = options
        o.threads = 1
        core = _ImportRun(options: o, sink: sink)
    }

    mutating func release() { core.release() }

    /// Imports `bytes`, all of the input.
    mutating func run(_ bytes: UnsafeRawBufferPointer) throws(ImportError) {
        let limits = core.options.limits
        core.report.bytes = Int64(bytes.count)
        core.bytesTotal = Int64(bytes.count)
        guard Int64(bytes.count) <= limits.maxInputBytes else {
            throw .invalidInput(ImportIssue(reason: .inputTooLarge, byteOffset: limits.maxInputBytes, line: 1, column: 1,
                                            recordIndex: -1, field: "", detail: _ICalText.inputTooLarge))
        }
        let p = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? UnsafePointer<UInt8>(bitPattern: 1)!
        if ImportFormat.detected(in: bytes) != .icalendar {
            let empty = bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
            throw .invalidInput(locator.issue(p, empty ? .emptyInput : .unsupportedFormat, line: 1, offset: 0, record: -1, field: "",
                                              detail: empty ? _ICalText.empty : _ICalText.notICalendar))
        }
        core.report.format = .icalendar
        var doc: _ICalDocument
        do throws(_ICalSyntaxError) {
            doc = try _ICalDocument.parse(p, count: bytes.count, maxLineBytes: limits.maxStringBytes)
        } catch {
            throw .invalidInput(locator.issue(p, error.reason, line: error.line, offset: error.offset, record: -1, field: "", detail: error.detail))
        }
        defer { doc.free() }
        let items = try collect(&doc, p)
        locator.items = items
        var next = 0
        while next < items.count {
            core.beginBatch(p)
            let n = Swift.min(items.count - next, _batchSpans)
            for k in 0..<n {
                let item = items[next + k]
                (core.pipeline.spans + k).initialize(to: _Span(start: item.start, end: item.end, keys: Int(bitPattern: item.component), bad: nil))
            }
            core.spanCount = n
            core.publish()
            core.pipeline.finishFraming()
            try core.finishBatch(p, locator)
            next += n
            if !core.reserved { core.reserveAhead(done: Int64(items[next - 1].end), finished: next == items.count) }
            try core.progress(Int64(items[next - 1].end))
        }
        try core.progress(Int64(bytes.count))
    }

    /// The items of the document in input order, counting what is left out; every component's
    /// place comes from the parser's BEGIN lines in document order (libical keeps none).
    mutating func collect(_ doc: inout _ICalDocument, _ p: UnsafePointer<UInt8>) throws(ImportError) -> [_ICalItemPlace] {
        var items: [_ICalItemPlace] = []
        var placeIndex = 0
        var trusted = true
        func place(of c: _Component) -> _ComponentPlace? {
            guard trusted, placeIndex < doc.places.count, doc.places[placeIndex].name == c.kindName else { trusted = false; return nil }
            defer { placeIndex += 1 }
            return doc.places[placeIndex]
        }
        func walk(_ c: _Component, _ calendar: _ComponentPlace) throws(ImportError) {
            let here = place(of: c) ?? calendar
            if c.isTodo || c.isEvent {
                if c.has(ICAL_RECURRENCEID_PROPERTY) {
                    core.report.componentsSkipped += 1
                } else {
                    if c.has(ICAL_RRULE_PROPERTY) || c.has(ICAL_RDATE_PROPERTY) { core.report.firstOccurrenceOnly += 1 }
                    guard items.count < core.options.limits.maxRecords else {
                        throw .invalidInput(locator.issue(p, .tooManyRecords, line: here.line, offset: here.start, record: items.count,
                                                          field: "", detail: _ICalText.tooManyRecords))
                    }
                    items.append(_ICalItemPlace(component: c.raw, line: here.line, start: here.start, end: here.end, isEvent: c.isEvent))
                }
            } else if c.kind == ICAL_VJOURNAL_COMPONENT || c.kind == ICAL_VFREEBUSY_COMPONENT {
                core.report.componentsSkipped += 1
            }
            for child in c.children(ICAL_ANY_COMPONENT) { try walk(child, here) }
        }
        for r in doc.roots {
            let c = _Component(raw: r)
            let top = place(of: c) ?? _ComponentPlace(name: c.kindName, line: 1, start: 0, end: 0)
            guard c.kind == ICAL_VCALENDAR_COMPONENT else {
                throw .invalidInput(locator.issue(p, .notAnObject, line: top.line, offset: top.start, record: -1, field: "",
                                                  detail: _ICalText.notInCalendar(c.kindName)))
            }
            for child in c.children(ICAL_ANY_COMPONENT) { try walk(child, top) }
        }
        if doc.roots.isEmpty {
            throw .invalidInput(locator.issue(p, .emptyInput, line: 1, offset: 0, record: -1, field: "", detail: _ICalText.empty))
        }
        return items
    }
}

/// An item to import: its component and where it is.
struct _ICalItemPlace {
    var component: OpaquePointer
    var line: Int
    var start: Int
    var end: Int
    var isEvent: Bool
}
