// The statuses of many files of one directory at once: what a view of a vdir compares with its
// cache. One open of the directory and one fstatat per name relative to it, instead of a stat of
// `directory/name` that walks the directory's own path again for every file.
import CSystem

extension FileSystem {
    /// Below this many names one thread asks for all the statuses.
    public static let statusesPerThread = 8192

    /// The status of each of `names` in `directory` (following symbolic links, as `status(_:)`),
    /// in the order of `names`: nil where nothing is there or it cannot be looked at (a
    /// permission, a loop of links: a reader treats it as changed and reads it, which names why).
    /// Many names are split over two threads, each writing only its own places.
    /// - Throws: `Errno` `.openDirectory` when the directory itself cannot be opened.
    /// - Complexity: O(names) system calls, one pass.
    public static func statuses(of names: [String], in directory: String) throws(Errno) -> [FileStatus?] {
        var err: Int32 = 0
        let dir = directory.withCString { cg_open_directory($0, &err) }
        if dir < 0 { throw Errno(.openDirectory, code: err, path: directory) }
        defer { _ = cg_close(dir) }
        var result = [FileStatus?](repeating: nil, count: names.count)
        let parts = Swift.max(1, Swift.min(2, ParallelParts.processorCount, names.count / statusesPerThread))
        result.withUnsafeMutableBufferPointer { out in
            let base = out.baseAddress!
            ParallelParts.run(parts) { p in
                var v = InlineArray<5, Int64>(repeating: 0)
                var span = v.mutableSpan
                span.withUnsafeMutableBufferPointer { b in
                    var e: Int32 = 0
                    for k in (names.count * p / parts)..<(names.count * (p + 1) / parts) {
                        let r = names[k].withCString { cg_stat_at(dir, $0, b.baseAddress!, &e) }
                        if r == 1 {
                            base[k] = FileStatus(size: b[0], modified: b[1], inode: b[2], device: b[3],
                                                 kind: FileKind(rawValue: Int8(clamping: b[4])) ?? .other)
                        }
                    }
                }
            }
        }
        return result
    }
}
