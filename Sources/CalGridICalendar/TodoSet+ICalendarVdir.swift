// vdirs (vdirsyncer's storage format, also todoman's and khal's): a directory with one `.ics` file
// per item, the item's UID its id (the file name is only a name). Read: every `*.ics` file, each an
// import source of its own, so a file that cannot be read or is not one item is an issue naming the
// file and, under skip-invalid, the others still import. Written: one file per todo, each replaced
// atomically (temporary file beside it, fsync, rename: what vdirsyncer expects of a writer), an
// item read from a file patched from that file's text so nothing CalGrid does not model is lost.
import CalGrid
import CalGridImport
import CalGridSystem

/// One item file of a vdir as read: its name in the directory and its whole text, which a later
/// write patches (`ICalendarItem.render`) so what CalGrid does not model survives.
public struct ICalendarItemFile: Hashable, Sendable {
    /// The file's name in its directory (`7f3c….ics`), not a path.
    public var name: String
    /// The file's bytes as read.
    public var bytes: [UInt8]

    /// A file of this name and text.
    /// - Complexity: O(1)
    public init(name: String, bytes: [UInt8]) { self.name = name; self.bytes = bytes }
}

/// What a vdir write did.
public struct VdirWriteReport: Hashable, Sendable {
    /// Files created or replaced.
    public var written = 0
    /// Items whose file already held what they say (not rewritten: no new DTSTAMP, no SEQUENCE bump).
    public var unchanged = 0
    /// Files removed because their item is no longer in the set (only with `removingOthers`).
    public var removed = 0
    /// The file each written or unchanged todo is in now, by id: what the next write takes as `files`.
    public var files: [String: ICalendarItemFile] = [:]
}

extension TodoSet {
    /// Imports the vdir at `path`: every regular `*.ics` file in it (in name order; other names,
    /// such as the temporary files of a write in progress, are left alone), each holding one item
    /// (one UID, with its RECURRENCE-ID overrides). `files` gets, by id, the file each imported todo
    /// came from, with its text: hand it to `exportVdir(to:files:)` to write changes back.
    /// Issues name the file (`ImportIssue.source`) and are located in it. On a throw the set and
    /// `files` are unchanged.
    /// - Throws: `ImportError.system` when the directory cannot be listed; `.invalidInput` with the
    ///   first problem under strict policy (a file that cannot be read, is not iCalendar, holds
    ///   more than one UID, or an item the set refuses).
    /// - Complexity: O(total size + n log n) for n items.
    @discardableResult
    public mutating func importICalendar(directoryAt path: String, options: ImportOptions = ImportOptions(),
                                         files: inout [String: ICalendarItemFile]) throws(ImportError) -> ImportReport {
        try _importDirectory(path, options: options, files: &files, keepingFiles: true)
    }

    /// `importICalendar(directoryAt:options:files:)` without keeping the files' texts.
    /// - Complexity: as `importICalendar(directoryAt:options:files:)`.
    @discardableResult
    public mutating func importICalendar(directoryAt path: String, options: ImportOptions = ImportOptions()) throws(ImportError) -> ImportReport {
        var files: [String: ICalendarItemFile] = [:]
        return try _importDirectory(path, options: options, files: &files, keepingFiles: false)
    }

    /// The vdir import; each imported file's text goes into `files` only when `keepingFiles`.
    mutating func _importDirectory(_ path: String, options: ImportOptions, files: inout [String: ICalendarItemFile],
                                   keepingFiles: Bool) throws(ImportError) -> ImportReport {
        let names: [String]
        // In byte order of the names, so every machine reads a vdir in the same order (readdir's is the file system's).
        do {
            names = try FileSystem.entries(of: path).filter { $0.hasSuffix(".ics") && !$0.hasPrefix(".") }
                .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        } catch { throw .system(error) }
        var buffer: [UInt8] = []
        var sources: [_ICalSource] = []
        sources.reserveCapacity(names.count)
        let dir = path.hasSuffix("/") ? path : path + "/"
        for name in names {
            // Per file one open, one fstat and one read of that size (a directory is passed over).
            var s = _ICalSource(name: name, start: buffer.count, count: 0)
            do throws(Errno) {
                let fd = try FileDescriptor.openForReading(dir + name)
                let status = try fd.status()
                if status.isDirectory { continue }
                buffer += status.isRegularFile ? try fd.readAll(statusSize: status.size) : try fd.readAll()
            } catch { s.failure = _ICalText.unreadable(error.message) }
            s.count = buffer.count - s.start
            sources.append(s)
            if Int64(buffer.count) > options.limits.maxInputBytes { break }
        }
        var found: [String: ICalendarItemFile] = [:]
        let report = try _importSources(buffer, sources, options: options, imported: keepingFiles ? { k, uid in
            let s = sources[k]
            found[uid] = ICalendarItemFile(name: s.name, bytes: Array(buffer[s.start..<(s.start + s.count)]))
        } : nil)
        for (id, file) in found { files[id] = file }   // not merge(_:uniquingKeysWith:): its rethrows casts, which Embedded Swift cannot
        return report
    }

    /// Imports `sources` of `buffer`, each a vdir file, calling `imported(source, uid)` (when
    /// given) for each source whose item the set took.
    mutating func _importSources(_ buffer: [UInt8], _ sources: [_ICalSource], options: ImportOptions,
                                 imported: ((Int, String) -> Void)?) throws(ImportError) -> ImportReport {
        guard options.format == .automatic || options.format == .icalendar else {
            throw .invalidInput(ImportIssue(reason: .unsupportedFormat, byteOffset: 0, line: 1, column: 1, recordIndex: -1, field: "",
                                            detail: _ICalText.wrongFormat(options.format.name)))
        }
        // A vdir without items (a new calendar's) is an empty import, not an empty input.
        if sources.isEmpty {
            var report = ImportReport()
            report.format = .icalendar
            report.zoneName = options.zone.name
            return report
        }
        let before = self
        var run = _ICalImport(options: options, sink: _TodoSetSink(set: self))
        run.oneItemPerSource = true
        defer { run.release() }
        let r: Result<Void, ImportError> = buffer.withUnsafeBytes { b in
            do throws(ImportError) { try run.run(b, sources: sources); return .success(()) } catch { return .failure(error) }
        }
        if case .failure(let e) = r { throw e }
        self = run.core.sink.set
        if let imported {
            for (k, uid) in run.sourceUIDs.enumerated() {
                if let uid, !before.contains(id: uid), contains(id: uid) { imported(k, uid) }
            }
        }
        run.core.report.zoneName = options.zone.name
        return run.core.report
    }

    /// Writes the set as a vdir at `path` (created when missing): one file per todo. A todo whose
    /// id is in `files` (from `importICalendar(directoryAt:options:files:)` or the last write) is
    /// written to that file, patched from its text (`ICalendarItem.render`): unchanged, it is not
    /// rewritten at all. Any other todo gets a new file named from its id
    /// (`ICalendarItem.fileName(for:)`). Each file is replaced atomically. With `removingOthers`,
    /// the files in `files` whose todo is no longer in the set are removed.
    /// - Throws: `ImportError.system` when a file cannot be written or removed (the files written
    ///   before it stay written: each is whole, old or new); `.invalidInput` when a kept text is no
    ///   longer iCalendar.
    /// - Complexity: O(n + size of the texts written)
    @discardableResult
    public func exportVdir(to path: String, files: [String: ICalendarItemFile] = [:], removingOthers: Bool = false,
                           now: Int64 = CurrentProcess.secondsSince1970(), zone: TimeZoneRules = .utc) throws(ImportError) -> VdirWriteReport {
        do { try FileSystem.makeDirectories(path, mode: 0o755) } catch { throw .system(error) }
        let dir = path.hasSuffix("/") ? path : path + "/"
        var report = VdirWriteReport()
        var taken = Set(files.values.map { $0.name })   // no key path: Embedded Swift has none
        for i in indices {
            let d = draft(at: i)
            let old = files[d.id]
            var name = old?.name ?? ICalendarItem.fileName(for: d.id)
            if old == nil {
                // Two ids may share a shortened name; the second gets a number.
                var n = 2
                let stem = String(name.dropLast(4))
                while taken.contains(name) { name = stem + "-\(n).ics"; n += 1 }
                taken.insert(name)
            }
            let bytes = try ICalendarItem.render(self, at: i, original: old?.bytes, now: now, zone: zone)
            if let old, old.bytes == bytes {
                report.unchanged += 1
            } else {
                do { try AtomicFile.replace(dir + name, with: bytes) } catch { throw .system(error) }
                report.written += 1
            }
            report.files[d.id] = ICalendarItemFile(name: name, bytes: bytes)
        }
        if removingOthers {
            for (id, f) in files where !contains(id: id) {
                do { try FileSystem.removeFile(dir + f.name) } catch { if !error.isNotFound { throw .system(error) } }
                report.removed += 1
            }
        }
        return report
    }
}
