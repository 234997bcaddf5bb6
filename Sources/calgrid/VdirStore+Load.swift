import CalGrid
import CalGridSystem

extension VdirStore {
    /// Reads every item file. A file that is not an iCalendar item CalGrid can read, or that
    /// repeats a UID an earlier file has, is left out and named in `unreadable`; the rest are read.
    /// With `cache`, a file whose name, size, modification time and inode are those the cache
    /// remembers is not read at all: its todos come from the cache (`VdirCache`), and the cache is
    /// written again when anything changed. Then `items` holds only the files read.
    func load(_ options: CommonOptions, cache: VdirCache? = nil) throws(CLIError) -> Snapshot {
        var snap = Snapshot()
        let names = try itemFiles()
        let old = cache?.read()
        if let old, names == old.order, let set = unchanged(names, old, options, &snap.unreadable) {
            snap.set = set
            return snap
        }
        snap.unreadable = []
        var found: [String: [TodoDraft]] = [:]
        var statuses: [String: FileStatus] = [:]
        var problems: [String: String] = [:]
        var pending: [Item] = []
        let places = old?.places() ?? [:]
        for name in names {
            let path = directory + "/" + name
            if let old, let k = places[name], old.entries[k].count >= 0, let now = ((try? FileSystem.status(path)) ?? nil),
               now == old.entries[k].status {
                let first = old.offsets[k]
                found[name] = (first..<first + old.entries[k].count).map { old.set.draft(at: $0) }
                statuses[name] = now
                continue
            }
            do throws(Errno) {
                let fd = try FileDescriptor.openForReading(path)
                let status = try fd.status()
                guard status.isRegularFile else { continue }
                pending.append(Item(file: name, bytes: try fd.readAll(), status: status))
                statuses[name] = status
            } catch {
                // Gone between the listing and the open: vdirsyncer removed it. Not an item any more.
                if !error.isNotFound { problems[name] = CLIError.system(error, path: path).message }
            }
        }
        parse(pending, options, into: &found, &problems)
        var read: [String: Item] = [:]
        for item in pending { read[item.file] = item }

        var drafts: [TodoDraft] = []
        var ids = Set<String>()
        var entries: [(name: String, status: FileStatus, count: Int)] = []
        for name in names {
            if let p = problems[name] {
                snap.unreadable.append(p)
            } else if let rows = found[name] {
                if let taken = rows.first(where: { ids.contains($0.id) }) {
                    snap.unreadable.append("\(directory)/\(name): the UID \(taken.id) is also in an earlier file; left out")
                    if let s = statuses[name] { entries.append((name, s, -1)) }
                    continue
                }
                for d in rows {
                    ids.insert(d.id)
                    if let item = read[name] { snap.items[d.id] = item }
                }
                drafts += rows
                if let s = statuses[name] { entries.append((name, s, rows.count)) }
                continue
            }
            if let s = statuses[name] { entries.append((name, s, -1)) }
        }
        do throws(TodoError) { snap.set = try TodoSet(drafts) } catch {
            throw .data("\(directory): \(error)")
        }
        cache?.write(entries, set: snap.set)
        return snap
    }

    /// The cached set when every file is as the cache remembers it; the files that could not be
    /// read last time (unchanged since) are read again, to be named again. Nil when anything changed.
    func unchanged(_ names: [String], _ old: VdirCache.Contents, _ options: CommonOptions,
                   _ unreadable: inout [String]) -> TodoSet? {
        var again: [String] = []
        for (k, name) in names.enumerated() {
            let e = old.entries[k]
            guard let now = ((try? FileSystem.status(directory + "/" + name)) ?? nil), now == e.status else { return nil }
            if e.count < 0 { again.append(name) }
        }
        for name in again {
            let path = directory + "/" + name
            do throws(CLIError) {
                let bytes: [UInt8]
                do throws(Errno) { bytes = try FileDescriptor.openForReading(path).readAll() } catch { throw CLIError.system(error, path: path) }
                let rows = try VdirItem.read(bytes, file: path, options)
                guard let taken = rows.first(where: { old.set.contains(id: $0.id) }) else { return nil }
                unreadable.append("\(path): the UID \(taken.id) is also in an earlier file; left out")
            } catch {
                unreadable.append(error.message)
            }
        }
        return old.set
    }

    /// Parses `items`: those whose items can be told from their lines (`VdirScan`) in one import,
    /// when it reads exactly those items; the others, and all when that import fails (a file that
    /// cannot be read among them), file by file, which also names the files that cannot be read.
    func parse(_ items: [Item], _ options: CommonOptions, into found: inout [String: [TodoDraft]],
               _ problems: inout [String: String]) {
        var plain: [(Item, [String])] = [], others: [Item] = []
        for item in items {
            if let u = VdirScan.uids(item.bytes) { plain.append((item, u)) } else { others.append(item) }
        }
        if plain.count > 1, let together = together(plain, options) {
            for (k, p) in plain.enumerated() { found[p.0.file] = together[k] }
        } else {
            others += plain.map(\.0)
        }
        for item in others {
            do throws(CLIError) { found[item.file] = try VdirItem.read(item.bytes, file: directory + "/" + item.file, options) } catch {
                problems[item.file] = error.message
            }
        }
    }

    /// Each file's todos from one import of all of them, checked against the UIDs its lines
    /// name; nil when that import fails or reads other items.
    func together(_ items: [(Item, [String])], _ options: CommonOptions) -> [[TodoDraft]]? {
        var all: [UInt8] = []
        var total = 0
        for (item, u) in items {
            all += item.bytes
            if item.bytes.last != 0x0A { all += [0x0D, 0x0A] }
            total += u.count
        }
        guard let set = try? VdirItem.todos(of: all, options), set.count == total else { return nil }
        var row = 0
        var result: [[TodoDraft]] = []
        for (_, u) in items {
            var rows: [TodoDraft] = []
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
