import CalGrid
import CalGridSystem

extension VdirStore {
    /// Reads every item file. A file that is not an iCalendar item CalGrid can read, or that
    /// repeats a UID an earlier file has, is left out and named in `unreadable`; the rest are read.
    /// With `cache`, a file whose name, size, modification time and inode are those the cache
    /// remembers is not read at all: its todos come from the cache (`VdirCache`), and the cache is
    /// written again when anything changed. `items` are kept only with `keepingItems` (a view
    /// needs none: it writes no file); a cached file's have no bytes (a change reads them).
    public func load(_ options: StoreOptions, cache: VdirCache? = nil, keepingItems: Bool = true) throws(CLIError) -> Snapshot {
        var snap = Snapshot()
        let names = try itemFiles()
        let old = cache?.read()
        // Every file's status in one pass over the directory (a warm view of 100,000 files is
        // mostly this), compared with the cache's below.
        let statuses: [FileStatus?] = old == nil ? [] : ((try? FileSystem.statuses(of: names, in: directory)) ?? [])
        if let old, names == old.order, statuses.count == names.count, let set = unchanged(names, statuses, old, options, &snap.unreadable) {
            snap.set = set
            if keepingItems {
                for (c, e) in old.entries.enumerated() where e.count > 0 { remember(c, of: old, status: e.status, in: &snap) }
            }
            return snap
        }
        snap.unreadable = []
        // Everything by the file's place in `names`: 10,000 files are 10,000 of each.
        var files = [FileRead](repeating: FileRead(), count: names.count)
        var toRead: [Int] = []
        let places = old?.places() ?? [:]
        for (k, name) in names.enumerated() {
            if let old, let c = places[name], old.entries[c].count >= 0, k < statuses.count,
               let now = statuses[k], now == old.entries[c].status {
                let first = old.offsets[c]
                files[k].rows = (first..<first + old.entries[c].count).map { old.set.draft(at: $0) }
                files[k].status = now
                files[k].cached = true
                continue
            }
            toRead.append(k)
        }
        readFiles(names, toRead, keepingBytes: keepingItems, options, into: &files)

        var drafts: [TodoDraft] = []
        drafts.reserveCapacity(names.count)
        var ids = Set<String>(minimumCapacity: names.count)
        var entries: [(name: String, status: FileStatus, count: Int, message: String?)] = []
        entries.reserveCapacity(names.count)
        for (k, name) in names.enumerated() {
            let f = files[k]
            if let p = f.problem {
                snap.unreadable.append(p)
                if let s = f.status { entries.append((name, s, -1, p)) }
                continue
            } else if let rows = f.rows {
                if let taken = rows.first(where: { ids.contains($0.id) }) {
                    let why = "\(directory)/\(name): the UID \(taken.id) is also in an earlier file; left out"
                    snap.unreadable.append(why)
                    if let s = f.status { entries.append((name, s, -1, why)) }
                    continue
                }
                for d in rows {
                    ids.insert(d.id)
                    if keepingItems, f.bytes != nil || f.cached, let s = f.status { snap.items[d.id] = Item(file: name, bytes: f.bytes, status: s) }
                }
                drafts += rows
                if let s = f.status { entries.append((name, s, rows.count, nil)) }
                continue
            }
            if let s = f.status { entries.append((name, s, -1, nil)) }
        }
        do throws(TodoError) { snap.set = try TodoSet(drafts) } catch {
            throw .data("\(directory): \(error)")
        }
        cache?.write(entries, set: snap.set)
        return snap
    }

    /// Remembers the items of the cache's file `c` (its rows of `old.set`) as items of `snap` not read.
    public func remember(_ c: Int, of old: VdirCache.Contents, status: FileStatus, in snap: inout Snapshot) {
        let first = old.offsets[c]
        for row in first..<first + old.entries[c].count {
            snap.items[old.set.id(at: row)] = Item(file: old.order[c], bytes: nil, status: status)
        }
    }

    /// The cached set when every file (`names`, now of `statuses`) is as the cache remembers it; the files that could not be
    /// read last time (unchanged since) are read again, to be named again. Nil when anything changed.
    public func unchanged(_ names: [String], _ statuses: [FileStatus?], _ old: VdirCache.Contents, _ options: StoreOptions,
                   _ unreadable: inout [String]) -> TodoSet? {
        var again: [String] = []
        for (k, name) in names.enumerated() {
            let e = old.entries[k]
            // Kind aside: the cache keeps none (a FIFO named *.ics is remembered as unreadable, -1).
            guard let now = statuses[k],
                  now.size == e.status.size, now.modified == e.status.modified, now.inode == e.status.inode,
                  now.device == e.status.device else { return nil }
            // A file that could not be read, unchanged since: named again from the cache, unread
            // (a 100 MB file repeating a UID was parsed again by every warm view).
            if e.count < 0 { if let m = e.message { unreadable.append(m) } else { again.append(name) } }
        }
        for name in again {
            let path = directory + "/" + name
            do throws(CLIError) {
                let bytes: [UInt8]
                do throws(Errno) {
                    var status = FileStatus(size: 0, modified: 0, inode: 0, device: 0)
                    guard let fd = try FileDescriptor.openRegularFile(path, status: &status) else {
                        unreadable.append(VdirStore.notAnItem(path, status.kind))
                        continue
                    }
                    bytes = try fd.readAll(statusSize: status.size)
                } catch { throw CLIError.system(error, path: path) }
                let rows = try VdirItem.read(bytes, file: path, options)
                guard let taken = rows.first(where: { old.set.contains(id: $0.id) }) else { return nil }
                unreadable.append("\(path): the UID \(taken.id) is also in an earlier file; left out")
            } catch {
                unreadable.append(error.message)
            }
        }
        return old.set
    }
}
