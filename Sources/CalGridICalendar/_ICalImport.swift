// One iCalendar import: libical parses each source (the whole input, or each file of a vdir laid
// end to end in one buffer) on the calling thread (`_ICalDocument`); the items (every VTODO and
// VEVENT of every VCALENDAR) become the records of the import layer's run (`_ImportRun`): a span
// per item, its component in `parsed`, decoded by `_ICalRecordDecoder`, handed to the sink in input
// order under the same policy, limits, report and progress as every format. A source that is not
// iCalendar, or (in a vdir) holds more than one item, is an issue of its own, so under skip-invalid
// the other sources still import.
import CLibical
import CalGrid
import CalGridImport

/// One input of an import: a file of a vdir (`name`, its bytes at `start..<start+count` of the
/// buffer) or the whole input (`name` empty). `failure` is why it could not be read, if so.
struct _ICalSource {
    var name: String
    var start: Int
    var count: Int
    var failure: String? = nil
}

struct _ICalImport<Sink: _DraftSink> {
    var core: _ImportRun<Sink, _ICalRecordDecoder>
    var locator = _ICalLocator()
    /// Each vdir file must hold one item (one UID, with its overrides): khal refuses more.
    var oneItemPerSource = false
    /// The UID of each source's item once read (nil for a source skipped or without items).
    var sourceUIDs: [String?] = []
    /// Each recurring item's RECURRENCE-ID overrides, by the item's component.
    var overrides: [OpaquePointer: [OpaquePointer]] = [:]

    init(options: ImportOptions, sink: consuming Sink) {
        var o = options
        o.threads = 1
        core = _ImportRun(options: o, sink: sink)
    }

    mutating func release() { core.release() }

    /// Imports `bytes`, all of the input, made of `sources` (empty: one source, the whole input).
    mutating func run(_ bytes: UnsafeRawBufferPointer, sources given: [_ICalSource] = []) throws(ImportError) {
        // Every libical call of the import (parse, decode, free) under the process's libical lock.
        _Libical.lock()
        defer { _Libical.unlock() }
        let limits = core.options.limits
        core.report.bytes = Int64(bytes.count)
        core.bytesTotal = Int64(bytes.count)
        guard Int64(bytes.count) <= limits.maxInputBytes else {
            throw .invalidInput(ImportIssue(reason: .inputTooLarge, byteOffset: limits.maxInputBytes, line: 1, column: 1,
                                            recordIndex: -1, field: "", detail: _ICalText.inputTooLarge))
        }
        let p = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? UnsafePointer<UInt8>(bitPattern: 1)!
        let sources = given.isEmpty ? [_ICalSource(name: "", start: 0, count: bytes.count)] : given
        locator.sources = sources
        core.report.format = .icalendar
        var docs: [_ICalDocument] = []
        defer { for k in docs.indices { docs[k].free() } }
        var items: [_ICalItemPlace] = []
        sourceUIDs = Array(repeating: nil, count: sources.count)
        for (k, s) in sources.enumerated() {
            do throws(ImportError) {
                let q = p + s.start
                if let why = s.failure {
                    throw .invalidInput(locator.issue(p, .parserRejected, line: 1, offset: s.start, record: -1, field: "", detail: why, source: k))
                }
                let slice = UnsafeRawBufferPointer(start: q, count: s.count)
                if ImportFormat.detected(in: slice) != .icalendar {
                    let empty = slice.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
                    throw .invalidInput(locator.issue(p, empty ? .emptyInput : .unsupportedFormat, line: 1, offset: s.start, record: -1,
                                                      field: "", detail: empty ? _ICalText.empty : _ICalText.notICalendar, source: k))
                }
                var doc: _ICalDocument
                do throws(_ICalSyntaxError) {
                    doc = try _ICalDocument.parse(q, count: s.count, maxLineBytes: limits.maxStringBytes)
                } catch {
                    throw .invalidInput(locator.issue(p, error.reason, line: error.line, offset: s.start + error.offset, record: -1, field: "",
                                                      detail: error.detail, source: k))
                }
                docs.append(doc)
                let found = try collect(&docs[docs.count - 1], p, source: k, base: s.start, already: items.count)
                if oneItemPerSource, let other = Self.secondUID(found) {
                    throw .invalidInput(locator.issue(p, .tooManyRecords, line: other.line, offset: other.start, record: -1, field: "UID",
                                                      detail: _ICalText.moreThanOneItem, source: k))
                }
                sourceUIDs[k] = found.first.flatMap { _Component(raw: $0.component).uid }
                items += found
            } catch {
                // A source's own problem: fatal under strict, else that source is skipped.
                guard case .invalidInput(let issue) = error, given.count > 0 else { throw error }
                try core.reject(issue)
            }
        }
        locator.items = items
        // One decoder (iCalendar decodes on one thread); it reads an item's overrides from here.
        core.pipeline.decoders[0].pointee.decoder.overrides = overrides
        var next = 0
        while next < items.count {
            core.beginBatch(p)
            let n = Swift.min(items.count - next, _batchSpans)
            for k in 0..<n {
                let item = items[next + k]
                (core.pipeline.spans + k).initialize(to: _Span(start: item.start, end: item.end, keys: 0, bad: nil, parsed: item.component))
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

    /// The item after the first whose UID differs from the first's, if any.
    static func secondUID(_ items: [_ICalItemPlace]) -> _ICalItemPlace? {
        guard let first = items.first else { return nil }
        let uid = _Component(raw: first.component).uid
        return items.first { _Component(raw: $0.component).uid != uid }
    }

    /// The items of the document in input order, counting what is left out; every component's
    /// place comes from the parser's BEGIN lines in document order (libical keeps none). Offsets
    /// are made the buffer's (`base` is the source's start); lines stay the source's.
    mutating func collect(_ doc: inout _ICalDocument, _ p: UnsafePointer<UInt8>, source: Int, base: Int,
                          already: Int) throws(ImportError) -> [_ICalItemPlace] {
        var items: [_ICalItemPlace] = []
        var placeIndex = 0
        var trusted = true
        func place(of c: _Component) -> _ComponentPlace? {
            // libical may reorder a VCALENDAR's VTIMEZONEs (two of them come back in the other
            // order): their places, and their STANDARD/DAYLIGHT's, are passed over, never matched.
            while placeIndex < doc.places.count, ["VTIMEZONE", "STANDARD", "DAYLIGHT"].contains(doc.places[placeIndex].name) { placeIndex += 1 }
            guard trusted, placeIndex < doc.places.count, doc.places[placeIndex].name == c.kindName else { trusted = false; return nil }
            defer { placeIndex += 1 }
            var at = doc.places[placeIndex]
            at.start += base; at.end += base
            return at
        }
        var masters: [String: OpaquePointer] = [:]
        var pendingOverrides: [(String, OpaquePointer)] = []
        func walk(_ c: _Component, _ calendar: _ComponentPlace) throws(ImportError) {
            if c.kind == ICAL_VTIMEZONE_COMPONENT { return }
            let here = place(of: c) ?? calendar
            if c.isTodo || c.isEvent {
                if c.has(ICAL_RECURRENCEID_PROPERTY) {
                    pendingOverrides.append((c.uid ?? "", c.raw))
                } else {
                    if let uid = c.uid, masters[uid] == nil { masters[uid] = c.raw }
                    guard already + items.count < core.options.limits.maxRecords else {
                        throw .invalidInput(locator.issue(p, .tooManyRecords, line: here.line, offset: here.start, record: already + items.count,
                                                          field: "", detail: _ICalText.tooManyRecords, source: source))
                    }
                    items.append(_ICalItemPlace(component: c.raw, line: here.line, start: here.start, end: here.end, isEvent: c.isEvent,
                                                source: source))
                }
            } else if c.kind == ICAL_VJOURNAL_COMPONENT || c.kind == ICAL_VFREEBUSY_COMPONENT {
                core.report.componentsSkipped += 1
            }
            for child in c.children(ICAL_ANY_COMPONENT) { try walk(child, here) }
        }
        for r in doc.roots {
            let c = _Component(raw: r)
            let top = place(of: c) ?? _ComponentPlace(name: c.kindName, line: 1, start: base, end: base)
            guard c.kind == ICAL_VCALENDAR_COMPONENT else {
                throw .invalidInput(locator.issue(p, .notAnObject, line: top.line, offset: top.start, record: -1, field: "",
                                                  detail: _ICalText.notInCalendar(c.kindName), source: source))
            }
            masters.removeAll(keepingCapacity: true)
            pendingOverrides.removeAll(keepingCapacity: true)
            for child in c.children(ICAL_ANY_COMPONENT) { try walk(child, top) }
            // Overrides go with the item of their UID in the same VCALENDAR (before or after it).
            for (uid, o) in pendingOverrides {
                if let m = masters[uid] { overrides[m, default: []].append(o) } else { core.report.componentsSkipped += 1 }
            }
        }
        if doc.roots.isEmpty {
            throw .invalidInput(locator.issue(p, .emptyInput, line: 1, offset: base, record: -1, field: "", detail: _ICalText.empty,
                                              source: source))
        }
        return items
    }
}

/// An item to import: its component and where it is (`line` counted in its source).
struct _ICalItemPlace {
    var component: OpaquePointer
    var line: Int
    var start: Int
    var end: Int
    var isEvent: Bool
    var source: Int
}
