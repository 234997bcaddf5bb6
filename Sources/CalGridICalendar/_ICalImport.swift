// One iCalendar import: each source (the whole input, or each file of a vdir laid end to end in one
// buffer) is framed (`_ICalFraming`) and libical parses it one component at a time on the calling
// thread (`_ComponentParser`), or whole when the framing does not vouch for it (`_ICalDocument`);
// the items (every VTODO and VEVENT of every VCALENDAR) become the records of the import layer's
// run (`_ImportRun`), a batch at a time: a span per item, its component in `parsed`, decoded by
// `_ICalRecordDecoder`, handed to the sink in input order under the same policy, limits, report and
// progress as every format, then freed. A source that is not iCalendar, or (in a vdir) holds more
// than one item, is an issue of its own, so under skip-invalid the other sources still import.
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
    /// Whether framed sources are parsed one component at a time (else every source whole: the
    /// tests' reference).
    var streaming = true
    /// The ids read so far, to tell a copy of an item from a new one under a taken UID.
    var identity = _ICalIdentity()

    init(options: ImportOptions, sink: consuming Sink) {
        var o = options
        o.threads = 1
        core = _ImportRun(options: o, sink: sink)
    }

    mutating func release() { core.release() }

    /// Items parsed ahead of their decoding at most (libical's components of that many items, not
    /// of the whole input, are alive at once).
    static var batchItems: Int { 64 }

    /// Imports `bytes`, all of the input, made of `sources` (empty: one source, the whole input).
    /// Each source is framed first (`_ICalFraming`) and its components parsed one at a time, a
    /// batch of items decoded and freed before the next is parsed; a source the framing does not
    /// vouch for is parsed whole (`_ICalDocument`), which reports its problem where it is.
    mutating func run(_ bytes: UnsafeRawBufferPointer, sources given: [_ICalSource] = []) throws(ImportError) {
        // libical's parse (which makes components and properties) under the process's libical
        // lock; each batch's decode (reads of this import's own components) and frees outside it
        // (`flush`), so two imports on two threads decode while the other parses (docs/icalendar.md, Threads).
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
        var pending = _ICalPending()
        var parser = _ComponentParser()
        var framing = _ICalFraming()
        defer {
            pending.freeAll()
            parser.free()
            core.pipeline.decoders[0].pointee.decoder.clock.zoneCache.freeAll()
        }
        sourceUIDs = Array(repeating: nil, count: sources.count)
        for (k, s) in sources.enumerated() {
            let mark = pending.mark()
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
                let already = core.nextRecordIndex + pending.items.count
                // The framing calls no libical: a large source is framed outside the lock.
                let unlocked = s.count >= 1 << 16
                if unlocked { _Libical.unlock() }
                let framed = streaming && framing.frame(q, count: s.count, maxLineBytes: limits.maxStringBytes, maxItems: limits.maxRecords - already)
                if unlocked { _Libical.lock() }
                if framed {
                    try stream(framing, p, source: k, base: s.start, parser: &parser, pending: &pending, flushing: given.isEmpty)
                } else {
                    try parseWhole(p, s, source: k, already: already, pending: &pending)
                }
                let found = pending.items[Swift.min(mark.items, pending.items.count)...]
                let uid = found.first.flatMap { _Component(raw: $0.component).uid }
                if oneItemPerSource, let other = found.dropFirst().first(where: { _Component(raw: $0.component).uid != uid }) {
                    // The item after the first whose UID differs from the first's.
                    throw .invalidInput(locator.issue(p, .tooManyRecords, line: other.at.line, offset: other.at.start, record: -1, field: "UID",
                                                      detail: _ICalText.moreThanOneItem, source: k))
                }
                sourceUIDs[k] = found.first.flatMap { pending.ids[$0.component] } ?? uid
            } catch {
                // A source's own problem: fatal under strict, else that source is skipped.
                guard case .invalidInput(let issue) = error, given.count > 0 else { throw error }
                // The source's calendars are freed: forget their zones' references (the earlier
                // sources' items, not decoded yet, keep theirs).
                var freed = Array(pending.roots[Swift.min(mark.roots, pending.roots.count)...])
                if let shell = pending.shell { freed.append(shell) }
                pending.drop(since: mark)
                core.pipeline.decoders[0].pointee.decoder.clock.zoneCache.forget(freed)
                try core.reject(issue)
            }
            if pending.items.count >= Self.batchItems { try flush(p, &pending) }
        }
        try flush(p, &pending)
        // The import's own warnings (ids) come before the decoder's of the same batch: input order.
        core.report.warnings = core.report.warnings.enumerated().sorted {
            ($0.element.recordIndex, $0.offset) < ($1.element.recordIndex, $1.offset)
        }.map { $0.element }
        try core.progress(Int64(bytes.count))
    }

    /// Parses source `s` (number `source`) whole, as libical reads it, into `pending`: what the
    /// framing does not vouch for.
    @inline(never)
    mutating func parseWhole(_ p: UnsafePointer<UInt8>, _ s: _ICalSource, source: Int, already: Int,
                             pending: inout _ICalPending) throws(ImportError) {
        var doc: _ICalDocument
        do throws(_ICalSyntaxError) {
            doc = try _ICalDocument.parse(p + s.start, count: s.count, maxLineBytes: core.options.limits.maxStringBytes)
        } catch {
            throw .invalidInput(locator.issue(p, error.reason, line: error.line, offset: s.start + error.offset, record: -1, field: "",
                                              detail: error.detail, source: source))
        }
        pending.roots += doc.roots
        pending.items += try collect(&doc, p, source: source, base: s.start, already: already, overrides: &pending.overrides, ids: &pending.ids)
    }

    /// Parses the framed `calendars` of source `source` (at `base` in the buffer) component by
    /// component into `pending`: per calendar its VTIMEZONEs first, into a VCALENDAR of its own
    /// that each item joins until decoded (so its TZIDs resolve as in the file), then its overrides,
    /// then its items in order; with `flushing`, a batch is decoded once full.
    @inline(never)
    mutating func stream(_ framing: borrowing _ICalFraming, _ p: UnsafePointer<UInt8>, source: Int, base: Int,
                         parser: inout _ComponentParser, pending: inout _ICalPending, flushing: Bool) throws(ImportError) {
        func parse(_ f: _FramedComponent) throws(ImportError) -> OpaquePointer {
            guard let c = parser.parse(p + base + f.start, count: f.end - f.start) else {
                throw .invalidInput(locator.issue(p, .parserRejected, line: f.line, offset: base + f.start, record: -1, field: "",
                                                  detail: _ICalText.notOneComponent(line: f.line), source: source))
            }
            return c
        }
        for k in framing.calendars.indices {
            let components = framing.components(of: k)
            guard let shell = icalcomponent_new(ICAL_VCALENDAR_COMPONENT) else { continue }
            pending.open(shell)
            // Each distinct VTIMEZONE parsed once per import (`_ICalZoneCache`): a copy already
            // met is not parsed again, the calendar refers to the zone made of the first.
            var zones: [Int] = []
            for f in components where f.kind == .timezone {
                let text = UnsafeBufferPointer(start: p + base + f.start, count: f.end - f.start)
                if let k = core.pipeline.decoders[0].pointee.decoder.clock.zoneCache.known(text) { zones.append(k); continue }
                let c = try parse(f)
                zones.append(core.pipeline.decoders[0].pointee.decoder.clock.addZone(text, c))
            }
            core.pipeline.decoders[0].pointee.decoder.clock.zoneCache.open(shell, zones: zones)
            // Overrides go with the item of their UID in the same VCALENDAR (before or after it):
            // by UID the first override, by the first all of them (the types collect uses too:
            // each new dictionary type is code in every static program, libcalgrid.a's bound).
            var firstOverride: [String: OpaquePointer] = [:]
            var overrides: [OpaquePointer: [OpaquePointer]] = [:]
            // An override libical read without its RECURRENCE-ID (a value it dropped) is an item.
            var aheadIndex: [Int] = [], ahead: [OpaquePointer] = []
            defer { for c in ahead { icalcomponent_free(c) } }   // any a throw left
            for (i, f) in zip(components.indices, components) where f.kind == .override {
                let c = try parse(f)
                let o = _Component(raw: c)
                if o.has(ICAL_RECURRENCEID_PROPERTY) {
                    pending.kept.append(c)
                    let uid = o.uid ?? ""
                    if let first = firstOverride[uid] { overrides[first, default: []].append(c) } else {
                        firstOverride[uid] = c
                        overrides[c] = [c]
                    }
                } else {
                    aheadIndex.append(i)
                    ahead.append(c)
                }
            }
            var masters: [String: OpaquePointer] = [:]
            for (i, f) in zip(components.indices, components) {
                if f.kind == .skipped { core.report.componentsSkipped += 1; continue }
                var read: OpaquePointer? = nil
                if f.kind == .override, let k = aheadIndex.firstIndex(of: i) {
                    read = ahead.remove(at: k)
                    aheadIndex.remove(at: k)
                }
                guard f.kind == .item || read != nil else { continue }
                let raw: OpaquePointer
                if let read { raw = read } else { raw = try parse(f) }
                try add(raw, f, masters: &masters, firstOverride, overrides, p, source: source, base: base, pending: &pending)
                if flushing, pending.items.count >= Self.batchItems { try flush(p, &pending) }
            }
            for (uid, first) in firstOverride where masters[uid] == nil { core.report.componentsSkipped += overrides[first]?.count ?? 0 }
            pending.close()
        }
    }

    /// Adds the streamed item `raw` (framed as `f`) to the pending batch, with its overrides when
    /// it is the first item of its UID.
    @inline(never)
    mutating func add(_ raw: OpaquePointer, _ f: _FramedComponent, masters: inout [String: OpaquePointer], _ firstOverride: [String: OpaquePointer],
                      _ overrides: [OpaquePointer: [OpaquePointer]], _ p: UnsafePointer<UInt8>, source: Int, base: Int,
                      pending: inout _ICalPending) throws(ImportError) {
        pending.add(raw)
        let c = _Component(raw: raw)
        if c.has(ICAL_RECURRENCEID_PROPERTY) { core.report.componentsSkipped += 1; return }
        let record = core.nextRecordIndex + pending.items.count
        guard record < core.options.limits.maxRecords else {
            throw .invalidInput(locator.issue(p, .tooManyRecords, line: f.line, offset: base + f.start, record: record, field: "",
                                              detail: _ICalText.tooManyRecords, source: source))
        }
        switch identify(c, p, start: base + f.start, end: base + f.end, exact: true, line: f.line, record: record, source: source) {
        case .copy: return
        case .renamed(let id): pending.ids[raw] = id
        case .asWritten: break
        }
        if !firstOverride.isEmpty, let uid = c.uid, masters[uid] == nil {
            masters[uid] = raw
            if let first = firstOverride[uid] { pending.overrides[raw] = overrides[first] }
        }
        let at = _ComponentPlace(name: c.kindName, line: f.line, start: base + f.start, end: base + f.end)
        pending.items.append(_ICalItemPlace(component: raw, at: at, source: source))
    }

    /// Decodes the pending items into the sink, in order, then frees their components; called
    /// under the libical lock, which it lets go meanwhile (libical only reads and frees this
    /// import's own components here; test-icalendar-threads' confined run checks that).
    @inline(never)
    mutating func flush(_ p: UnsafePointer<UInt8>, _ pending: inout _ICalPending) throws(ImportError) {
        let items = pending.items
        guard !items.isEmpty else { return }
        _Libical.unlock()
        defer { _Libical.lock() }
        locator.items = items
        locator.first = core.nextRecordIndex
        // One decoder (iCalendar decodes on one thread); it reads an item's overrides from here.
        core.pipeline.decoders[0].pointee.decoder.overrides = pending.overrides
        core.pipeline.decoders[0].pointee.decoder.ids = pending.ids
        var next = 0
        while next < items.count {
            core.beginBatch(p)
            let n = Swift.min(items.count - next, _batchSpans)
            for k in 0..<n {
                let item = items[next + k]
                (core.pipeline.spans + k).initialize(to: _Span(start: item.at.start, end: item.at.end, keys: 0, bad: nil, parsed: item.component))
            }
            core.spanCount = n
            core.publish()
            core.pipeline.finishFraming()
            try core.finishBatch(p, locator)
            takeWarnings(p, items)
            next += n
            if !core.reserved { core.reserveAhead(done: Int64(items[next - 1].at.end), finished: false) }
            try core.progress(Int64(items[next - 1].at.end))
        }
        core.pipeline.decoders[0].pointee.decoder.overrides = [:]
        core.pipeline.decoders[0].pointee.decoder.ids = [:]
        core.pipeline.decoders[0].pointee.decoder.clock.forgetZones()
        pending.release()
        core.pipeline.decoders[0].pointee.decoder.clock.zoneCache.keep(only: pending.shell)
    }

    /// The items of the document in input order, counting what is left out; every component's
    /// place comes from the parser's BEGIN lines in document order (libical keeps none). Offsets
    /// are made the buffer's (`base` is the source's start); lines stay the source's.
    mutating func collect(_ doc: inout _ICalDocument, _ p: UnsafePointer<UInt8>, source: Int, base: Int,
                          already: Int, overrides: inout [OpaquePointer: [OpaquePointer]],
                          ids: inout [OpaquePointer: String]) throws(ImportError) -> [_ICalItemPlace] {
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
            // A STANDARD or DAYLIGHT outside its VTIMEZONE is passed over as a VTIMEZONE is (the
            // framing reads it as nothing), its place too (`place` never matches those).
            if c.kind == ICAL_VTIMEZONE_COMPONENT || c.kind == ICAL_XSTANDARD_COMPONENT || c.kind == ICAL_XDAYLIGHT_COMPONENT { return }
            let here = place(of: c) ?? calendar
            if c.isTodo || c.isEvent {
                if c.has(ICAL_RECURRENCEID_PROPERTY) {
                    pendingOverrides.append((c.uid ?? "", c.raw))
                } else {
                    guard already + items.count < core.options.limits.maxRecords else {
                        throw .invalidInput(locator.issue(p, .tooManyRecords, line: here.line, offset: here.start, record: already + items.count,
                                                          field: "", detail: _ICalText.tooManyRecords, source: source))
                    }
                    var copy = false
                    switch identify(c, p, start: here.start, end: here.end, exact: here.name == c.kindName && here.end > here.start,
                                    line: here.line, record: already + items.count, source: source) {
                    // A copy is read once, but its children (VALARMs) still hold places: walked
                    // below, so the next item is matched to its own BEGIN line.
                    case .copy: copy = true
                    case .renamed(let id): ids[c.raw] = id
                    case .asWritten: break
                    }
                    if !copy {
                        if let uid = c.uid, masters[uid] == nil { masters[uid] = c.raw }
                        items.append(_ICalItemPlace(component: c.raw, at: here, source: source))
                    }
                }
            } else if c.kind == ICAL_VJOURNAL_COMPONENT || c.kind == ICAL_VFREEBUSY_COMPONENT {
                core.report.componentsSkipped += 1
            }
            for child in c.children(ICAL_ANY_COMPONENT) { try walk(child, here) }
        }
        for r in doc.roots {
            let c = _Component(raw: r)
            let top = place(of: c) ?? _ComponentPlace(name: c.kindName, line: 1, start: base, end: base)
            masters.removeAll(keepingCapacity: true)
            pendingOverrides.removeAll(keepingCapacity: true)
            if c.isTodo || c.isEvent {
                // A bare item (no VCALENDAR around it): read as if wrapped, its place its own.
                if trusted { placeIndex -= 1 }
                core.report.warn(locator.issue(p, .notAnObject, line: top.line, offset: top.start, record: already + items.count, field: "",
                                               detail: _ICalText.bare(c.kindName), source: source), cap: core.options.limits.maxReportedIssues)
                try walk(c, top)
            } else {
                guard c.kind == ICAL_VCALENDAR_COMPONENT else {
                    throw .invalidInput(locator.issue(p, .notAnObject, line: top.line, offset: top.start, record: -1, field: "",
                                                      detail: _ICalText.notInCalendar(c.kindName), source: source))
                }
                for child in c.children(ICAL_ANY_COMPONENT) { try walk(child, top) }
            }
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

/// Into a set, through `TodoSet._import(with:options:_:)`, the commit path every import shares.
extension _ICalImport: _ImportDriver where Sink == _TodoSetSink {
    typealias Decoder = _ICalRecordDecoder
}
