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
        do { names = try ICalendarItem.itemFileNames(in: path) } catch { throw .system(error) }
        var buffer: [UInt8] = []
        var sources: [_ICalSource] = []
        sources.reserveCapacity(names.count)
        let dir = path.hasSuffix("/") ? path : path + "/"
        // Entries that are not regular files (a FIFO, socket, device or directory named *.ics, or
        // a link to one) are never opened: each is passed over with a warning naming it.
        var passedOver: [ImportIssue] = []
        var tooLarge: String? = nil
        for name in names {
            // Per file one stat, one open, one fstat and one read of that size.
            var s = _ICalSource(name: name, start: buffer.count, count: 0)
            do throws(Errno) {
                var status = FileStatus(size: 0, modified: 0, inode: 0, device: 0)
                guard let fd = try FileDescriptor.openRegularFile(dir + name, status: &status) else {
                    var issue = ImportIssue(reason: .unsupportedFormat, byteOffset: 0, line: 1, column: 1, recordIndex: -1, field: "",
                                            detail: _ICalText.notRegularFile(status.kind.description))
                    issue.source = name
                    passedOver.append(issue)
                    continue
                }
                // The input limit before the read: a file is read only as far as its size.
                if Int64(buffer.count) + status.size > options.limits.maxInputBytes { tooLarge = name; break }
                buffer += try fd.readAll(statusSize: status.size)
            } catch { s.failure = _ICalText.unreadable(error.message) }
            s.count = buffer.count - s.start
            sources.append(s)
        }
        if let tooLarge {
            var issue = ImportIssue(reason: .inputTooLarge, byteOffset: 0, line: 1, column: 1, recordIndex: -1, field: "",
                                    detail: _ICalText.inputTooLarge)
            issue.source = tooLarge
            throw .invalidInput(issue)
        }
        var found: [String: ICalendarItemFile] = [:]
        let report = try _importSources(buffer, sources, options: options, imported: keepingFiles ? { k, uid in
            let s = sources[k]
            found[uid] = ICalendarItemFile(name: s.name, bytes: Array(buffer[s.start..<(s.start + s.count)]))
        } : nil)
        for (id, file) in found { files[id] = file }   // not merge(_:uniquingKeysWith:): its rethrows casts, which Embedded Swift cannot
        if passedOver.isEmpty { return report }
        // Warnings, not skipped records: listed first (they name no item), under either policy.
        var warned = report
        let room = Swift.max(0, options.limits.maxReportedIssues - report.issues.count)
        warned.issues = Array(passedOver.prefix(room)) + report.issues
        warned.unreportedIssues += passedOver.count - Swift.min(room, passedOver.count)
        return warned
    }

    /// Imports `sources` of `buffer`, each a vdir file, calling `imported(source, uid)` (when
    /// given) for each source whose item the set took.
    mutating func _importSources(_ buffer: [UInt8], _ sources: [_ICalSource], options: ImportOptions,
                                 imported: ((Int, String) -> Void)?) throws(ImportError) -> ImportReport {
        try Self._requireICalendar(options)
        // A vdir without items (a new calendar's) is an empty import, not an empty input.
        if sources.isEmpty {
            var report = ImportReport()
            report.format = .icalendar
            report.zoneName = options.zone.name
            return report
        }
        let before = self
        return try _import(with: _ICalImport<_TodoSetSink>.self, options: options) { (run) throws(ImportError) in
            run.oneItemPerSource = true
            try _withBytes(buffer) { (b) throws(ImportError) in try run.run(b, sources: sources) }
            // Only now can nothing fail: the set the import commits is the staged one.
            guard let imported else { return }
            for (k, uid) in run.sourceUIDs.enumerated() {
                if let uid, !before.contains(id: uid), run.core.sink.set.contains(id: uid) { imported(k, uid) }
            }
        }
    }

    /// True when the texts `a` and `b` read as the same items (everything but DTSTAMP,
    /// LAST-MODIFIED, SEQUENCE and the creation time they may give): a patch that changed only
    /// those, because the todo holds what iCalendar as CalGrid writes it cannot carry (a weekday
    /// repetition, one day's tick of a span), writes nothing, so a second export of an unchanged
    /// set writes no file. Only asked when the bytes differ.
    /// - Complexity: O(size of both)
    static func _readSame(_ a: [UInt8], _ b: [UInt8], zone: TimeZoneRules) -> Bool {
        var options = ImportOptions(format: .icalendar, zone: zone)
        options.threads = 1
        var x = TodoSet(), y = TodoSet()
        guard (try? x.importICalendar(bytes: a, options: options)) != nil, (try? y.importICalendar(bytes: b, options: options)) != nil,
              x.count == y.count else { return false }
        for i in x.indices {
            var p = x.draft(at: i), q = y.draft(at: i)
            p.createdAt = nil; q.createdAt = nil
            if p != q { return false }
        }
        return true
    }

    /// Writes the set into the vdir at `path` (created when missing) as its items are now: the
    /// items the directory holds are read first (`importICalendar(directoryAt:options:files:)`,
    /// skipping what cannot be read), so a todo with one of their UIDs is written to that file,
    /// patched, and a file that already says what its todo says is not written at all: a second
    /// export of an unchanged set writes no file (vdirsyncer uploads every file rewritten).
    /// - Throws: as `exportVdir(to:files:removingOthers:now:zone:)`; `.system` when the directory
    ///   cannot be listed.
    /// - Complexity: O(n + size of the directory's items and of the texts written)
    @discardableResult
    public func updateVdir(at path: String, removingOthers: Bool = false, now: Int64 = CurrentProcess.secondsSince1970(),
                           zone: TimeZoneRules = .utc) throws(ExportError) -> VdirWriteReport {
        // A missing directory holds none; a file that cannot be read as one item is no item of ours.
        var files: [String: ICalendarItemFile] = [:]
        if FileSystem.isDirectory(path) {
            var held = TodoSet()
            do throws(ImportError) {
                try held.importICalendar(directoryAt: path, options: ImportOptions(format: .icalendar, policy: .skipInvalid, zone: zone),
                                         files: &files)
            } catch { throw ExportError(error) }
        }
        return try exportVdir(to: path, files: files, removingOthers: removingOthers, now: now, zone: zone)
    }

    /// Writes the set as a vdir at `path` (created when missing): one file per todo. A todo whose
    /// id is in `files` (from `importICalendar(directoryAt:options:files:)` or the last write) is
    /// written to that file, patched from its text (`ICalendarItem.render`): unchanged, it is not
    /// rewritten at all. Any other todo gets a new file named from its id by the store's one naming
    /// rule (`ICalendarItem.fileName(for:avoiding:in:)`: never the name of an entry already there,
    /// so a file another program wrote is not written over). Each file is replaced atomically. With `removingOthers`,
    /// the files in `files` whose todo is no longer in the set are removed.
    /// - Throws: `ExportError.system` when a file cannot be written or removed (the files written
    ///   before it stay written: each is whole, old or new); `.unreadableItem` when a kept text is
    ///   no longer iCalendar.
    /// - Complexity: O(n + size of the texts written)
    @discardableResult
    public func exportVdir(to path: String, files: [String: ICalendarItemFile] = [:], removingOthers: Bool = false,
                           now: Int64 = CurrentProcess.secondsSince1970(), zone: TimeZoneRules = .utc) throws(ExportError) -> VdirWriteReport {
        do { try FileSystem.makeDirectories(path, mode: 0o755) } catch { throw .system(error) }
        let dir = path.hasSuffix("/") ? path : path + "/"
        var report = VdirWriteReport()
        var taken = Set(files.values.map { $0.name })   // no key path: Embedded Swift has none
        for i in indices {
            let d = draft(at: i)
            let old = files[d.id]
            var name = old?.name ?? ""
            if old == nil {
                // Two ids may share a shortened name, or another program's file have it: a number.
                name = ICalendarItem.fileName(for: d.id, avoiding: taken, in: path)
                taken.insert(name)
            }
            var bytes: [UInt8]
            do throws(ImportError) { bytes = try ICalendarItem.render(self, at: i, original: old?.bytes, now: now, zone: zone) }
            catch { throw ExportError(error) }
            if let old, old.bytes == bytes || Self._readSame(old.bytes, bytes, zone: zone) {
                bytes = old.bytes
                report.unchanged += 1
            } else {
                // Never through a link: a file of the vdir that leads outside it is refused (ELOOP).
                // The directory is synced once, after the last file (an fsync each cost as much
                // as the file's own).
                do { try AtomicFile.replaceRefusingLinks(dir + name, with: bytes, syncingDirectory: false) } catch {
                    if report.written > 0 { FileSystem.syncDirectory(path) }
                    throw .system(error)
                }
                report.written += 1
            }
            report.files[d.id] = ICalendarItemFile(name: name, bytes: bytes)
        }
        if report.written > 0 { FileSystem.syncDirectory(path) }
        if removingOthers {
            for (id, f) in files where !contains(id: id) {
                do { try FileSystem.removeFile(dir + f.name) } catch { if !error.isNotFound { throw .system(error) } }
                report.removed += 1
            }
        }
        return report
    }
}
