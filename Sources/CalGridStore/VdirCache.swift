import CalGrid
import CalGridJSON
import CalGridImport
import CalGridSystem

/// What a view of a vdir read last time, so the next one parses only the files that changed: one
/// file under `$XDG_CACHE_HOME/calgrid` (`~/.cache/calgrid`) per vdir and zone, holding the vdir's
/// listing as the file system gave it, each item file's size, modification time, inode and
/// device, how many todos it gave, and the set of those todos as this build holds it in memory
/// (`TodoSet._snapshot()`: its columns and arenas copied back, no parse and no insert).
///
/// Layout (integers 8 bytes, little-endian; docs/cli.md, vdir views):
/// - `calgrid-vdir-cache 2` and a newline;
/// - the identity: its length, then `build=ID zone=Z dir=D` (ID the GNU build id of the program or
///   library reading it: a new calgrid or a new libcalgrid.so may read iCalendar differently);
/// - the number of files n; the listing's length, then the names in the order the directory listed
///   them, each ended by a NUL byte (a warm view compares this block with its own listing as bytes);
/// - n records of six integers, in the listing's order: size, modification time (ns), inode,
///   device, how many todos (-1: it could not be read, or repeated an earlier file's UID), and the
///   file's place in byte order of the names (the set's rows are in that order);
/// - the warnings' length, then for each record with -1 in its order: a length (-1: none) and the
///   warning a view names that file with;
/// - the set snapshot's length, then the set (its rows in byte order of their files), as
///   `TodoSet._snapshot()` lays it out;
/// - a checksum of everything before it.
///
/// Anything that does not read as that, a checksum that differs, or another identity, is no cache:
/// the vdir is read afresh and the cache written again, atomically and without fsync (after a power
/// loss it may be empty or old, and is then rebuilt). No error is ever said about a cache.
public struct VdirCache {
    public let path: String
    /// `build=ID zone=Z dir=D`: a cache of another build, zone or vdir is no cache.
    public let identity: String

    /// The first bytes of every cache file of this layout.
    static let magic: [UInt8] = Array("calgrid-vdir-cache 3\n".utf8)

    /// One item file as the cache remembers it: its status, and how many todos it gave (-1: it
    /// could not be read, or repeated an earlier file's UID).
    public struct Entry {
        var status: FileStatus
        var count: Int
        /// Why it could not be read (count -1), so an unchanged file is named again unread.
        var message: String? = nil
    }

    /// A cache as read.
    public struct Contents {
        /// The item files as the directory listed them when the cache was written.
        var names: NameList
        /// Each listed file's entry, in the listing's order.
        var entries: [Entry]
        /// The listing's places in byte order of the names: `byRank[r]` is the r-th file's place.
        var byRank: [Int]
        /// The todos, in byte order of their files.
        var set: TodoSet

        /// The files in byte order of their names: each one's name, entry and first row in `set`.
        /// - Complexity: O(files)
        func sorted() -> (order: [String], entries: [Entry], offsets: [Int]) {
            var order: [String] = [], sorted: [Entry] = [], offsets: [Int] = []
            order.reserveCapacity(byRank.count); sorted.reserveCapacity(byRank.count); offsets.reserveCapacity(byRank.count)
            var rows = 0
            for k in byRank {
                order.append(names.name(k))
                sorted.append(entries[k])
                offsets.append(rows)
                if entries[k].count > 0 { rows += entries[k].count }
            }
            return (order, sorted, offsets)
        }
    }

    /// The cache of `directory` in `zone`; nil when neither `$XDG_CACHE_HOME` nor `$HOME` says
    /// where caches go.
    public static func locate(directory: String, zone: String) -> VdirCache? {
        let base: String
        if let x = CurrentProcess.environment("XDG_CACHE_HOME"), x.hasPrefix("/") { base = x + "/calgrid" }
        else if let h = CurrentProcess.environment("HOME"), !h.isEmpty { base = h + "/.cache/calgrid" }
        else { return nil }
        let key = directory + "\u{0}" + zone
        return VdirCache(path: base + "/vdir-" + fnv1a(key) + ".cache",
                         identity: "build=\(build) zone=\(zone) dir=\(directory)")
    }

    /// What tells this build from another: its GNU build id, or without one the executable's size
    /// and modification time.
    static var build: String {
        if let id = CurrentProcess.buildID { return id }
        return ((try? FileSystem.status("/proc/self/exe")) ?? nil).map { "exe-\($0.size).\($0.modified)" } ?? "?"
    }

    /// FNV-1a, 64 bits, in hex: a file name for a key (not a security boundary: the identity says
    /// which vdir and zone a cache is of, and a mismatch is no cache). The core's `_fnv1a` and `_hex16`.
    /// - Complexity: O(s.utf8.count)
    public static func fnv1a(_ s: String) -> String { _hex16(_fnv1a(s.utf8)) }

    /// A checksum of `b`, eight bytes a step: each step is one-to-one in the running value, so any
    /// one word changed changes the sum (a torn or damaged cache is no cache). About 5 ms for the
    /// 21 MB cache of 100,000 files.
    /// - Complexity: O(b.count)
    static func checksum(_ b: UnsafeRawBufferPointer) -> UInt64 {
        var h: UInt64 = 0x9e37_79b9_7f4a_7c15 ^ UInt64(b.count)
        var i = 0
        while i + 8 <= b.count {
            h = (h ^ b.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0x100_0000_01b3
            h = (h << 29) | (h >> 35)
            i += 8
        }
        while i < b.count {
            h = (h ^ UInt64(b[i])) &* 0x100_0000_01b3
            i += 1
        }
        return h
    }

    /// The cached files and their todos; nil when there is no cache, or it is damaged, or it is
    /// not one of this vdir, zone and build. One open, one status and one read of the whole file.
    public func read() -> Contents? {
        let id = Array(identity.utf8)
        do throws(Errno) {
            var status = FileStatus(size: 0, modified: 0, inode: 0, device: 0)
            guard let fd = try FileDescriptor.openRegularFile(path, status: &status) else { return nil }
            // Mapped, not read: no zeroed buffer of its size and no copy into it (the set and
            // the names are copied out of it by the parse).
            return try fd.withMappedBytes(size: status.size) { VdirCache.parse($0, identity: id) }
        } catch { return nil }
    }

    /// A file is there (of any kind) where the cache would be: worth beginning the statuses for.
    /// - Complexity: one system call.
    public var exists: Bool { ((try? FileSystem.status(path)) ?? nil) != nil }

    /// `read()`'s reading of the bytes `b` of a cache file.
    static func parse(_ b: UnsafeRawBufferPointer, identity: [UInt8]) -> Contents? {
        let end = b.count - 8
        guard end >= magic.count, b.loadUnaligned(fromByteOffset: end, as: UInt64.self).littleEndian == checksum(UnsafeRawBufferPointer(rebasing: b[..<end])),
              b[..<magic.count].elementsEqual(magic) else { return nil }
        var i = magic.count
        func integer() -> Int? {
            guard i + 8 <= end else { return nil }
            let v = Int64(littleEndian: b.loadUnaligned(fromByteOffset: i, as: Int64.self))
            i += 8
            return Int(truncatingIfNeeded: v)
        }
        func block() -> UnsafeRawBufferPointer? {
            guard let n = integer(), n >= 0, n <= end - i else { return nil }
            defer { i += n }
            return UnsafeRawBufferPointer(rebasing: b[i..<i + n])
        }
        guard let id = block(), id.elementsEqual(identity), let n = integer(), n >= 0, n <= (end - i) / 48,
              let listed = block(), listed.last == 0 || n == 0 else { return nil }
        let names = NameList(bytes: Array(listed))
        guard names.count == n, (end - i) / 48 >= n else { return nil }
        var entries: [Entry] = []
        entries.reserveCapacity(n)
        var byRank = [Int](repeating: -1, count: n)
        var rows = 0
        for k in 0..<n {
            guard let size = integer(), let modified = integer(), let inode = integer(), let device = integer(),
                  let count = integer(), count >= -1, let rank = integer(), rank >= 0, rank < n, byRank[rank] < 0 else { return nil }
            byRank[rank] = k
            entries.append(Entry(status: FileStatus(size: Int64(size), modified: Int64(modified), inode: Int64(inode), device: Int64(device)),
                                 count: count))
            if count > 0 { rows += count }
        }
        guard let warnings = block() else { return nil }
        var w = 0
        for k in 0..<n where entries[k].count < 0 {
            guard w + 8 <= warnings.count else { return nil }
            let length = Int(truncatingIfNeeded: Int64(littleEndian: warnings.loadUnaligned(fromByteOffset: w, as: Int64.self)))
            w += 8
            if length < 0 { continue }
            guard length <= warnings.count - w else { return nil }
            entries[k].message = String(decoding: warnings[w..<w + length], as: UTF8.self)
            w += length
        }
        guard w == warnings.count, let image = block(), i == end,
              let set = TodoSet(_snapshot: image, zone: { try? TimeZoneRules.parse($0) }), set.count == rows else { return nil }
        return Contents(names: names, entries: entries, byRank: byRank, set: set)
    }

    /// One file to remember: its name, status, how many rows of the set it gave in byte order of
    /// the names (-1 for none), the warning it was named with, and its place in the listing.
    public typealias File = (name: String, status: FileStatus, count: Int, message: String?, listed: Int)

    /// Writes the cache of `files` (in byte order of their names) and `set`, atomically; a cache
    /// that cannot be written is no error (the next view reads the vdir).
    public func write(_ files: [File], set: TodoSet) {
        var out = VdirCache.magic
        func integer(_ v: Int) { withUnsafeBytes(of: Int64(v).littleEndian) { out.append(contentsOf: $0) } }
        func block(_ bytes: [UInt8]) { integer(bytes.count); out += bytes }
        block(Array(identity.utf8))
        integer(files.count)
        // In the listing's order, each with its place in byte order.
        let listed = files.indices.sorted { files[$0].listed < files[$1].listed }
        var names: [UInt8] = []
        for r in listed { names += files[r].name.utf8; names.append(0) }
        block(names)
        var warnings: [UInt8] = []
        for r in listed {
            let f = files[r]
            integer(Int(f.status.size)); integer(Int(f.status.modified)); integer(Int(f.status.inode)); integer(Int(f.status.device))
            integer(f.count); integer(r)
            if f.count < 0 {
                if let m = f.message {
                    withUnsafeBytes(of: Int64(m.utf8.count).littleEndian) { warnings.append(contentsOf: $0) }
                    warnings += m.utf8
                } else {
                    withUnsafeBytes(of: Int64(-1).littleEndian) { warnings.append(contentsOf: $0) }
                }
            }
        }
        block(warnings)
        block(set._snapshot())
        let sum = out.withUnsafeBytes { VdirCache.checksum($0) }
        withUnsafeBytes(of: sum.littleEndian) { out.append(contentsOf: $0) }
        let directory = String(path[..<path.lastIndex(of: "/")!])
        do throws(Errno) {
            try FileSystem.makeDirectories(directory)
            try AtomicFile.replaceWithoutSync(path, with: out)
        } catch {}
    }
}
