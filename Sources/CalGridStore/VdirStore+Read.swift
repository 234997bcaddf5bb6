import CalGrid
import CalGridSystem

extension VdirStore {
    /// One item file read: its status (nil when it went away, is not a regular file or could not
    /// be opened), its bytes (when kept), its todos (nil when it could not be read), and why not.
    public struct FileRead {
        var status: FileStatus? = nil
        var bytes: [UInt8]? = nil
        var rows: [TodoDraft]? = nil
        var problem: String? = nil
        /// Its todos came from the view cache: not read.
        var cached = false
    }

    /// The warning for a `*.ics` entry that is not a regular file (nor a link to one).
    public static func notAnItem(_ path: String, _ kind: FileKind) -> String {
        "\(path): \(kind.description), not a regular file; passed over"
    }

    /// How many files one import reads at most: its libical tree is that many files' (a few MB),
    /// reused by the next one instead of 10,000 files' worth of fresh pages.
    public static let filesPerImport = 1024

    /// Below this many files to read, one thread reads them all.
    public static let filesPerThread = 256

    /// Reads and parses the files `names[k]` for each `k` of `which` into `files[k]`: on two
    /// threads for many files (each its own run of them, its own opens, reads and imports:
    /// libical parses each input on its own, docs/icalendar.md), each thread writing only its
    /// own places.
    public func readFiles(_ names: [String], _ which: [Int], keepingBytes: Bool, _ options: StoreOptions, into files: inout [FileRead]) {
        let parts = Swift.max(1, Swift.min(ParallelParts.processorCount, 2, which.count / VdirStore.filesPerThread))
        files.withUnsafeMutableBufferPointer { out in
            let base = out.baseAddress!
            ParallelParts.run(parts) { p in
                let range = (which.count * p / parts)..<(which.count * (p + 1) / parts)
                readPart(names, which[range], keepingBytes: keepingBytes, options, into: base)
            }
        }
    }

    /// Opens, reads and parses `names[k]` for each `k` of `which` into `out[k]`: per file one
    /// open, one fstat (its status, kept to compare before a write) and one read of that size.
    public func readPart(_ names: [String], _ which: ArraySlice<Int>, keepingBytes: Bool, _ options: StoreOptions,
                  into out: UnsafeMutablePointer<FileRead>) {
        var read: [(Int, [UInt8])] = []
        read.reserveCapacity(which.count)
        for k in which {
            let path = directory + "/" + names[k]
            do throws(Errno) {
                var status = FileStatus(size: 0, modified: 0, inode: 0, device: 0)
                guard let fd = try FileDescriptor.openRegularFile(path, status: &status) else {
                    // A FIFO, socket, device or directory named *.ics: never opened, named, and
                    // remembered by its status so an unchanged vdir still takes the cache.
                    out[k].status = status
                    out[k].problem = VdirStore.notAnItem(path, status.kind)
                    continue
                }
                let bytes = try fd.readAll(statusSize: status.size)
                out[k].status = status
                if keepingBytes { out[k].bytes = bytes }
                read.append((k, bytes))
            } catch {
                // Gone between the listing and the open: vdirsyncer removed it. Not an item any more.
                if !error.isNotFound { out[k].problem = StoreError.system(error, path: path).message }
            }
        }
        var start = 0
        while start < read.count {
            let chunk = read[start..<Swift.min(read.count, start + VdirStore.filesPerImport)]
            parse(chunk, names, options, into: out)
            start = chunk.endIndex
        }
    }

    /// Parses `files` (each with its place in `names` and `out`): those whose items can be told
    /// from their lines (`VdirScan`) in one import, when it reads exactly those items; the others,
    /// and all when that import fails (a file that cannot be read among them), file by file,
    /// which also names the files that cannot be read.
    public func parse(_ files: ArraySlice<(Int, [UInt8])>, _ names: [String], _ options: StoreOptions,
               into out: UnsafeMutablePointer<FileRead>) {
        var plain: [(Int, [UInt8], [String])] = [], others: [(Int, [UInt8])] = []
        for (k, bytes) in files {
            if let u = VdirScan.uids(bytes) { plain.append((k, bytes, u)) } else { others.append((k, bytes)) }
        }
        if plain.count > 1, let together = together(plain, options) {
            for (j, p) in plain.enumerated() { out[p.0].rows = together[j] }
        } else {
            others += plain.map { ($0.0, $0.1) }
        }
        for (k, bytes) in others {
            do throws(StoreError) { out[k].rows = try VdirItem.read(bytes, file: directory + "/" + names[k], options) } catch {
                out[k].problem = error.message
            }
        }
    }

    /// Each file's todos from one import of all of them, checked against the UIDs its lines
    /// name; nil when that import fails or reads other items.
    public func together(_ items: [(Int, [UInt8], [String])], _ options: StoreOptions) -> [[TodoDraft]]? {
        var all: [UInt8] = []
        all.reserveCapacity(items.reduce(0) { $0 + $1.1.count + 2 })
        var total = 0
        for (_, bytes, u) in items {
            all += bytes
            if bytes.last != 0x0A { all += [0x0D, 0x0A] }
            total += u.count
        }
        guard let set = try? VdirItem.todos(of: all, options), set.count == total else { return nil }
        var row = 0
        var result: [[TodoDraft]] = []
        result.reserveCapacity(items.count)
        for (_, _, u) in items {
            var rows: [TodoDraft] = []
            rows.reserveCapacity(u.count)
            for id in u {
                let d = set.draft(at: row)
                guard d.id == id else { return nil }
                rows.append(d)
                row += 1
            }
            result.append(rows)
        }
        return result
    }
}
