import CalGrid
import CalGridJSON
import CalGridImport
import CalGridSystem

/// What a view of a vdir read last time, so the next one parses only the files that changed: one
/// file under `$XDG_CACHE_HOME/calgrid` (`~/.cache/calgrid`) per vdir and zone, holding each item
/// file's name, size, modification time and inode, how many todos it gave, and those todos in the
/// native format.
///
/// Layout: a header line (format, the vdir, the zone, the calgrid executable's size and time: a new
/// calgrid may read iCalendar differently), one line per file (`size mtime inode device count
/// name`; a file that could not be read is followed by `! why`, the warning a view names it with),
/// an empty line, then the native JSON of the todos in file order. Anything that does not
/// parse as that is no cache: the vdir is read afresh and the cache written again, atomically and
/// without fsync (after a power loss it may be empty or old, and is then rebuilt).
public struct VdirCache {
    public let path: String
    public let header: String

    /// One item file as the cache remembers it: its status, and how many todos it gave (-1: it
    /// could not be read, or repeated an earlier file's UID).
    public struct Entry {
        var status: FileStatus
        var count: Int
        /// Why it could not be read (count -1), so an unchanged file is named again unread.
        var message: String? = nil
    }

    /// A cache as read: the files in order, each one's entry and first row in `set`.
    public struct Contents {
        var order: [String]
        var entries: [Entry]
        var offsets: [Int]
        var set: TodoSet

        /// Each file's place in `order`.
        /// - Complexity: O(files)
        func places() -> [String: Int] {
            var p: [String: Int] = [:]
            p.reserveCapacity(order.count)
            for (k, name) in order.enumerated() { p[name] = k }
            return p
        }
    }

    /// The cache of `directory` in `zone`; nil when neither `$XDG_CACHE_HOME` nor `$HOME` says
    /// where caches go.
    public static func locate(directory: String, zone: String) -> VdirCache? {
        let base: String
        if let x = CurrentProcess.environment("XDG_CACHE_HOME"), x.hasPrefix("/") { base = x + "/calgrid" }
        else if let h = CurrentProcess.environment("HOME"), !h.isEmpty { base = h + "/.cache/calgrid" }
        else { return nil }
        let exe = ((try? FileSystem.status("/proc/self/exe")) ?? nil).map { "\($0.size).\($0.modified)" } ?? "?"
        let key = directory + "\u{0}" + zone
        return VdirCache(path: base + "/vdir-" + fnv1a(key) + ".cache",
                         header: "calgrid-vdir-cache 1 exe=\(exe) zone=\(zone) dir=\(directory)")
    }

    /// FNV-1a, 64 bits, in hex: a file name for a key (not a security boundary: the header says
    /// which vdir and zone a cache is of, and a mismatch is no cache).
    public static func fnv1a(_ s: String) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in s.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: (0..<16).map { digits[Int((h >> (60 - 4 * UInt64($0))) & 15)] }, as: UTF8.self)
    }

    /// The cached files and their todos (rows in file order); nil when there is no cache or it is
    /// not one of this vdir, zone and calgrid.
    public func read() -> Contents? {
        let bytes: [UInt8]
        do throws(Errno) {
            var status = FileStatus(size: 0, modified: 0, inode: 0, device: 0)
            guard let fd = try FileDescriptor.openRegularFile(path, status: &status) else { return nil }
            bytes = try fd.readAll(statusSize: status.size)
        } catch { return nil }
        let head = Array(header.utf8)
        guard bytes.count > head.count, bytes[..<head.count].elementsEqual(head), bytes[head.count] == 0x0A else { return nil }
        var order: [String] = [], entries: [Entry] = [], offsets: [Int] = []
        var i = head.count + 1, rows = 0
        // Lines of `size mtime inode device count name` up to the empty line; parsed byte by byte
        // (a warm view of 10,000 files reads 10,000 of them).
        func number() -> Int64? {
            var negative = false, value: Int64 = 0, digits = 0
            if i < bytes.count && bytes[i] == 0x2D { negative = true; i += 1 }
            while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 {
                let (m, o1) = value.multipliedReportingOverflow(by: 10)
                let (a, o2) = m.addingReportingOverflow(Int64(bytes[i] - 0x30))
                if o1 || o2 { return nil }
                value = a; digits += 1; i += 1
            }
            guard digits > 0, i < bytes.count, bytes[i] == 0x20 else { return nil }
            i += 1
            return negative ? -value : value
        }
        while i < bytes.count && bytes[i] != 0x0A {
            guard let size = number(), let mtime = number(), let inode = number(), let device = number(),
                  let count = number(), count >= -1 else { return nil }
            let start = i
            while i < bytes.count && bytes[i] != 0x0A { i += 1 }
            guard i < bytes.count, i > start else { return nil }
            order.append(String(decoding: bytes[start..<i], as: UTF8.self))
            entries.append(Entry(status: FileStatus(size: size, modified: mtime, inode: inode, device: device), count: Int(count)))
            offsets.append(rows)
            if count > 0 { rows += Int(count) }
            i += 1
            if count < 0, i + 1 < bytes.count, bytes[i] == 0x21, bytes[i + 1] == 0x20 {
                let from = i + 2
                while i < bytes.count && bytes[i] != 0x0A { i += 1 }
                guard i < bytes.count else { return nil }
                entries[entries.count - 1].message = String(decoding: bytes[from..<i], as: UTF8.self)
                i += 1
            }
        }
        guard i < bytes.count else { return nil }
        var set = TodoSet()
        let start = i + 1
        let imported: Bool = bytes.withUnsafeBytes { b in
            do throws(ImportError) {
                try set.importJSON(bytes: UnsafeRawBufferPointer(rebasing: b[start...]), options: ImportOptions(format: .native))
                return true
            } catch { return false }
        }
        guard imported else { return nil }
        guard set.count == rows else { return nil }
        return Contents(order: order, entries: entries, offsets: offsets, set: set)
    }

    /// Writes the cache of `files` (name, status, how many rows of `set` it gave, in order; -1
    /// for none), atomically; a cache that cannot be written is no error (the next view reads the
    /// vdir). A vdir with a newline in a file name gets none: its lines could not name it.
    public func write(_ files: [(name: String, status: FileStatus, count: Int, message: String?)], set: TodoSet) {
        guard !files.contains(where: { $0.name.utf8.contains(0x0A) }) else { return }
        var out = Array((header + "\n").utf8)
        for f in files {
            out += Array("\(f.status.size) \(f.status.modified) \(f.status.inode) \(f.status.device) \(f.count) \(f.name)\n".utf8)
            // A warning of more than one line is not kept: that file is read again to name it.
            if f.count < 0, let m = f.message, !m.utf8.contains(0x0A) { out += Array("! \(m)\n".utf8) }
        }
        out.append(0x0A)
        out += set.exportJSONBytes(format: .native)
        let directory = String(path[..<path.lastIndex(of: "/")!])
        do throws(Errno) {
            try FileSystem.makeDirectories(directory)
            try AtomicFile.replaceWithoutSync(path, with: out)
        } catch {}
    }
}
