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
        try startStatuses(of: list, in: directory).finish()
    }

    /// `statuses(of:in:)` begun on a thread of its own, while the caller does something else (a
    /// view reads its cache, about as long as the statuses take); `finish()` asks for what is left
    /// on the calling thread too and returns them all. One processor, or few names: nothing is
    /// begun, `finish()` does all the work.
    /// - Throws: `Errno` `.openDirectory` when the directory itself cannot be opened.
    /// - Complexity: O(names) to copy them; the statuses themselves in `finish()`.
    public static func startStatuses(of list: NameList, in directory: String) throws(Errno) -> PendingStatuses {
        var err: Int32 = 0
        let dir = directory.withCString { cg_open_directory($0, &err) }
        if dir < 0 { throw Errno(.openDirectory, code: err, path: directory) }
        return PendingStatuses(list, dir, early: ParallelParts.processorCount > 1 && list.count >= statusesPerThread)
    }
}

/// Statuses being asked for (`FileSystem.startStatuses`): the names, starts and results in memory
/// of its own, which the early thread reads and writes until `finish()` joins it. Dropped
/// unfinished, it takes no more runs and waits for the one under way.
/// - Complexity: O(names) memory, three copies: the names, their starts, five integers each.
public final class PendingStatuses {
    let batch: UnsafeMutablePointer<cg_stat_batch>
    let names: UnsafeMutableBufferPointer<UInt8>
    let starts: UnsafeMutableBufferPointer<Int>
    let values: UnsafeMutableBufferPointer<Int64>
    var thread = _Thread()
    var finished = false

    init(_ list: NameList, _ dir: Int32, early: Bool) {
        let n = list.count
        names = .allocate(capacity: Swift.max(1, list.bytes.count))
        _ = names.initialize(from: list.bytes)
        starts = .allocate(capacity: Swift.max(1, n))
        _ = starts.initialize(from: list.starts)
        values = .allocate(capacity: Swift.max(1, 5 * n))
        batch = .allocate(capacity: 1)
        batch.initialize(to: cg_stat_batch(dirfd: dir, names: UnsafeRawPointer(names.baseAddress!).assumingMemoryBound(to: CChar.self),
                                           starts: UnsafePointer(starts.baseAddress!), count: n, out: values.baseAddress!, next: 0))
        if early { _ = thread.start({ cg_stat_batch_thread($0) }, UnsafeMutableRawPointer(batch)) }
    }

    /// Every name's status (as `FileSystem.statuses(of:in:)`), once the calling thread has asked
    /// for those the early thread had not taken and that thread is done.
    /// - Complexity: O(names) system calls not yet made.
    public func finish() -> [FileStatus?] {
        precondition(!finished, "PendingStatuses.finish() called twice")
        finished = true
        cg_stat_batch_work(batch)
        thread.join()
        let n = batch.pointee.count
        var result = [FileStatus?](repeating: nil, count: n)
        for k in 0..<n where values[5 * k + 4] >= 0 {
            result[k] = FileStatus(size: values[5 * k], modified: values[5 * k + 1], inode: values[5 * k + 2], device: values[5 * k + 3],
                                   kind: FileKind(rawValue: Int8(clamping: values[5 * k + 4])) ?? .other)
        }
        return result
    }

    deinit {
        // Not wanted (the cache could not be read): no more runs are taken, and the thread is
        // done before the memory it reads and writes goes.
        if !finished { cg_stat_batch_cancel(batch); thread.join() }
        _ = cg_close(batch.pointee.dirfd)
        batch.deallocate(); names.deallocate(); starts.deallocate(); values.deallocate()
    }
}
