// A directory's names as one buffer, and their statuses in one pass: what a warm view of a vdir
// of 100,000 files compares with its cache without a String, a path or a sort per file.
import CSystem

/// Names of one directory in the order the file system lists them, each ended by a NUL byte, in
/// one buffer: two listings of an unchanged directory are equal as bytes.
public struct NameList: Sendable {
    /// The names, each followed by a 0 byte.
    public var bytes: [UInt8]
    /// Where each name starts in `bytes`.
    public var starts: [Int]

    /// A list of the names laid out in `bytes` (each ended by a 0 byte).
    /// - Complexity: O(bytes)
    public init(bytes: [UInt8]) {
        self.bytes = bytes
        var s: [Int] = []
        var from = 0
        for (k, b) in bytes.enumerated() where b == 0 {
            s.append(from)
            from = k + 1
        }
        starts = s
    }

    /// How many names.
    /// - Complexity: O(1)
    public var count: Int { starts.count }

    /// The bytes of name `k`, without its NUL.
    /// - Complexity: O(1)
    public func nameBytes(_ k: Int) -> ArraySlice<UInt8> {
        let end = k + 1 < starts.count ? starts[k + 1] - 1 : bytes.count - 1
        return bytes[starts[k]..<end]
    }

    /// Name `k` as a String.
    /// - Complexity: O(its length)
    public func name(_ k: Int) -> String { String(decoding: nameBytes(k), as: UTF8.self) }

    /// The places of the names sorted by their bytes (a name that is a prefix of another first).
    /// - Complexity: O(n log n) comparisons of common prefixes
    public func sortedPlaces() -> [Int] {
        bytes.withUnsafeBufferPointer { b in
            let base = b.baseAddress!
            return starts.indices.sorted { x, y in
                let p = base + starts[x], q = base + starts[y]
                var i = 0
                while true {
                    let u = p[i], v = q[i]
                    if u != v { return u < v }   // a NUL (end of name) sorts first
                    if u == 0 { return false }
                    i += 1
                }
            }
        }
    }
}

extension FileSystem {
    /// The names in `directory` that end in `suffix` and do not start with a dot, as the file
    /// system lists them.
    /// - Throws: `Errno` `.openDirectory` or `.readDirectory`, its path the directory.
    /// - Complexity: O(entries) system calls, one copy of the names.
    public static func names(in directory: String, endingIn suffix: String) throws(Errno) -> NameList {
        var out: UnsafeMutablePointer<CChar>? = nil
        var length = 0, count = 0
        var err: Int32 = 0
        let r = directory.withCString { d in suffix.withCString { cg_list_names(d, $0, &out, &length, &count, &err) } }
        if r != 0 { throw Errno(r == -1 ? .openDirectory : .readDirectory, code: err, path: directory) }
        defer { cg_free(out) }
        let bytes = out.map { p in p.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) } } ?? []
        return NameList(bytes: bytes)
    }

    /// The status of each name of `list` in `directory` (following symbolic links, as
    /// `status(_:)`), in the list's order: nil where nothing is there or it cannot be looked at.
    /// Many names are split over two threads, each writing only its own places.
    /// - Throws: `Errno` `.openDirectory` when the directory itself cannot be opened.
    /// - Complexity: O(names) system calls, one pass.
    public static func statuses(of list: NameList, in directory: String) throws(Errno) -> [FileStatus?] {
        var err: Int32 = 0
        let dir = directory.withCString { cg_open_directory($0, &err) }
        if dir < 0 { throw Errno(.openDirectory, code: err, path: directory) }
        defer { _ = cg_close(dir) }
        let n = list.count
        var values = [Int64](repeating: 0, count: 5 * n)
        let parts = Swift.max(1, Swift.min(2, ParallelParts.processorCount, n / statusesPerThread))
        list.bytes.withUnsafeBufferPointer { names in
            values.withUnsafeMutableBufferPointer { out in
                let base = out.baseAddress!
                ParallelParts.run(parts) { p in
                    let from = n * p / parts, to = n * (p + 1) / parts
                    guard from < to else { return }
                    (names.baseAddress! + list.starts[from]).withMemoryRebound(to: CChar.self, capacity: 1) {
                        cg_stat_names_at(dir, $0, to - from, base + 5 * from)
                    }
                }
            }
        }
        var result = [FileStatus?](repeating: nil, count: n)
        for k in 0..<n where values[5 * k + 4] >= 0 {
            result[k] = FileStatus(size: values[5 * k], modified: values[5 * k + 1], inode: values[5 * k + 2], device: values[5 * k + 3],
                                   kind: FileKind(rawValue: Int8(clamping: values[5 * k + 4])) ?? .other)
        }
        return result
    }
}
