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
/// name`), an empty line, then the native JSON of the todos in file order. Anything that does not
/// parse as that is no cache: the vdir is read afresh and the cache written again, atomically.
struct VdirCache {
    let path: String
    let header: String

    /// One item file as the cache remembers it.
    struct Entry {
        var status: FileStatus
        var count: Int
    }

    /// The cache of `directory` in `zone`; nil when neither `$XDG_CACHE_HOME` nor `$HOME` says
    /// where caches go.
    static func locate(directory: String, zone: String) -> VdirCache? {
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
    static func fnv1a(_ s: String) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in s.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: (0..<16).map { digits[Int((h >> (60 - 4 * UInt64($0))) & 15)] }, as: UTF8.self)
    }

    /// The cached files and their todos (rows in file order); nil when there is no cache or it is
    /// not one of this vdir, zone and calgrid.
    func read() -> (entries: [String: Entry], order: [String], set: TodoSet)? {
        let bytes: [UInt8]
        do throws(Errno) { bytes = try FileDescriptor.openForReading(path).readAll() } catch { return nil }
        var lines: [Substring] = []
        var start = 0, i = 0
        while i < bytes.count {
            if bytes[i] == 0x0A {
                if i == start { break }  // the empty line before the todos
                lines.append(Substring(decoding: bytes[start..<i], as: UTF8.self))
                start = i + 1
            }
            i += 1
        }
        guard i < bytes.count, let first = lines.first, first == header else { return nil }
        var entries: [String: Entry] = [:], order: [String] = []
        for line in lines.dropFirst() {
            let parts = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: false)
            guard parts.count == 6, let size = Int64(parts[0]), let mtime = Int64(parts[1]), let inode = Int64(parts[2]),
                  let device = Int64(parts[3]), let count = Int(parts[4]), count >= 0 else { return nil }
            let name = String(parts[5])
            entries[name] = Entry(status: FileStatus(size: size, modified: mtime, inode: inode, device: device), count: count)
            order.append(name)
        }
        var set = TodoSet()
        do throws(ImportError) { try set.importJSON(bytes: Array(bytes[(i + 1)...]), options: ImportOptions(format: .native)) } catch {
            return nil
        }
        guard set.count == order.reduce(0, { $0 + entries[$1]!.count }) else { return nil }
        return (entries, order, set)
    }

    /// Writes the cache of `files` (name, status, how many rows of `set` it gave, in order),
    /// atomically; a cache that cannot be written is no error (the next view reads the vdir).
    func write(_ files: [(name: String, status: FileStatus, count: Int)], set: TodoSet) {
        var out = Array((header + "\n").utf8)
        for f in files {
            out += Array("\(f.status.size) \(f.status.modified) \(f.status.inode) \(f.status.device) \(f.count) \(f.name)\n".utf8)
        }
        out.append(0x0A)
        out += set.exportJSONBytes(format: .native)
        let directory = String(path[..<path.lastIndex(of: "/")!])
        do throws(Errno) {
            try FileSystem.makeDirectories(directory)
            try AtomicFile.replace(path, with: out)
        } catch {}
    }
}
