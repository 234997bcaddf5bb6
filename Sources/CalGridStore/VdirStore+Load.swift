import CalGrid
import CalGridICalendar
import CalGridSystem

extension VdirStore {
    /// Reads every item file. A file that is not an iCalendar item CalGrid can read, or that
    /// repeats a UID an earlier file has, is left out and named in `unreadable`; the rest are read.
    /// With `cache`, a file whose name, size, modification time and inode are those the cache
    /// remembers is not read at all: its todos come from the cache (`VdirCache`), and the cache is
    /// written again when anything changed. `items` are kept only with `keepingItems` (a view
    /// needs none: it writes no file); a cached file's have no bytes (a change reads them).
    public func load(_ options: StoreOptions, cache: VdirCache? = nil, keepingItems: Bool = true) throws(StoreError) -> Snapshot {
        var snap = Snapshot()
        let listing: NameList
        do { listing = try ICalendarItem.itemNameList(in: directory) } catch { throw .system(error) }
        // Every file's status in one pass over the directory, in the listing's order (a warm view
        // of 100,000 files is mostly this), compared with the cache's below: begun on a thread of
        // its own while this one reads the cache, when there is one to compare with.
        let pending = cache?.exists == true ? try? FileSystem.startStatuses(of: listing, in: directory) : nil
        let old = cache?.read()
        let listed: [FileStatus?] = old == nil ? [] : (pending?.finish() ?? [])
        // The directory lists the same names in the same order as when the cache was written (as
        // bytes: no name made a String, no sort), and every file is as the cache remembers it.
        if let old, listed.count == listing.count, old.names.bytes == listing.bytes,
           let set = unchanged(listing, listed, old, options, &snap.unreadable) {
            snap.set = set
            if keepingItems {
                let sorted = old.sorted()
                for (c, e) in sorted.entries.enumerated() where e.count > 0 {
                    remember(sorted.offsets[c], e.count, file: sorted.order[c], of: old, status: e.status, in: &snap)
                }
            }
            return snap
        }
        snap.unreadable = []
        // Everything by the file's place in `names` (byte order): 10,000 files are 10,000 of each.
        let placeOf = listing.sortedPlaces()
        let names = placeOf.map { listing.name($0) }
        let statuses: [FileStatus?] = listed.count == listing.count ? placeOf.map { listed[$0] } : []
        var files = [FileRead](repeating: FileRead(), count: names.count)
        var toRead: [Int] = []
        let sorted = old?.sorted()
        var places: [String: Int] = [:]
        if let sorted {
            places.reserveCapacity(sorted.order.count)
            for (k, name) in sorted.order.enumerated() { places[name] = k }
        }
        for (k, name) in names.enumerated() {
            if let old, let sorted, let c = places[name], sorted.entries[c].count >= 0, k < statuses.count,
               let now = statuses[k], now == sorted.entries[c].status {
                let first = sorted.offsets[c]
                files[k].rows = (first..<first + sorted.entries[c].count).map { old.set.draft(at: $0) }
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
        var entries: [VdirCache.File] = []
        entries.reserveCapacity(names.count)
        for (k, name) in names.enumerated() {
            let f = files[k]
            if let p = f.problem {
                snap.unreadable.append(p)
                if let s = f.status { entries.append((name, s, -1, p, placeOf[k])) }
                continue
            } else if let rows = f.rows {
                if let taken = rows.first(where: { ids.contains($0.id) }) {
                    let why = "\(directory)/\(name): the UID \(taken.id) is also in an earlier file; left out"
                    snap.unreadable.append(why)
                    if let s = f.status { entries.append((name, s, -1, why, placeOf[k])) }
                    continue
                }
                for d in rows {
                    ids.insert(d.id)
                    if keepingItems, f.bytes != nil || f.cached, let s = f.status { snap.items[d.id] = Item(file: name, bytes: f.bytes, status: s) }
                }
                drafts += rows
                if let s = f.status { entries.append((name, s, rows.count, nil, placeOf[k])) }
                continue
            }
            if let s = f.status { entries.append((name, s, -1, nil, placeOf[k])) }
        }
        do throws(TodoError) { snap.set = try TodoSet(drafts) } catch {
            throw .refused("\(directory): \(error)")
        }
        cache?.write(entries, set: snap.set)
        return snap
    }

    /// Remembers the `count` items of the cache's file `file` (its rows of `old.set` from `first`)
    /// as items of `snap` not read.
    public func remember(_ first: Int, _ count: Int, file: String, of old: VdirCache.Contents, status: FileStatus, in snap: inout Snapshot) {
        for row in first..<first + count {
            snap.items[old.set.id(at: row)] = Item(file: file, bytes: nil, status: status)
        }
    }

    /// The cached set when every file of `listing` (now of `statuses`, in the listing's order,
    /// which is the cache's) is as the cache remembers it; the files that could not be read last
    /// time (unchanged since) are read again, to be named again. Nil when anything changed.
    public func unchanged(_ listing: NameList, _ statuses: [FileStatus?], _ old: VdirCache.Contents, _ options: StoreOptions,
                   _ unreadable: inout [String]) -> TodoSet? {
        for (k, e) in old.entries.enumerated() {
            // Kind aside: the cache keeps none (a FIFO named *.ics is remembered as unreadable, -1).
            guard let now = statuses[k],
                  now.size == e.status.size, now.modified == e.status.modified, now.inode == e.status.inode,
                  now.device == e.status.device else { return nil }
        }
        // Files left out, in byte order of their names (the order a cold read names them in).
        for k in old.byRank where old.entries[k].count < 0 {
            // A file that could not be read, unchanged since: named again from the cache, unread
            // (a 100 MB file repeating a UID was parsed again by every warm view).
            if let m = old.entries[k].message { unreadable.append(m); continue }
            let path = directory + "/" + listing.name(k)
            do throws(StoreError) {
                let bytes: [UInt8]
                do throws(Errno) {
                    var status = FileStatus(size: 0, modified: 0, inode: 0, device: 0)
                    guard let fd = try FileDescriptor.openRegularFile(path, status: &status) else {
                        unreadable.append(VdirStore.notAnItem(path, status.kind))
                        continue
                    }
                    bytes = try fd.readAll(statusSize: status.size)
                } catch { throw StoreError.system(error, path: path) }
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
