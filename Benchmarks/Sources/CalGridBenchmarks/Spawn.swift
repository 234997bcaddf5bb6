// posix_spawn + wait4: run a program, optionally capture its stdout, and read its own peak RSS.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

struct ChildResult {
    var status: Int32
    var output: String
    var wallNs: UInt64
    /// User + system CPU time of the child (all its threads), from wait4.
    var cpuNs: UInt64
    var maxRSSBytes: Int
}

/// Spawns `path` with `args` (argv[0] = path); stdout captured when `capture`, else sent to /dev/null;
/// stderr inherited. Returns nil when the program cannot be started.
func spawn(_ path: String, _ args: [String], capture: Bool) -> ChildResult? {
    var fa = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&fa)
    defer { posix_spawn_file_actions_destroy(&fa) }
    var fds: [Int32] = [-1, -1]
    if capture {
        guard pipe(&fds) == 0 else { return nil }
        posix_spawn_file_actions_adddup2(&fa, fds[1], 1)
        posix_spawn_file_actions_addclose(&fa, fds[0])
        posix_spawn_file_actions_addclose(&fa, fds[1])
    } else {
        posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0)
    }
    let argv: [UnsafeMutablePointer<CChar>?] = ([path] + args).map { strdup($0) } + [nil]
    defer { for p in argv { free(p) } }
    var pid: pid_t = 0
    let t0 = nowNanoseconds()
    let rc = posix_spawn(&pid, path, &fa, nil, argv, environ)
    if capture { close(fds[1]) }
    guard rc == 0 else { if capture { close(fds[0]) }; return nil }
    var data = [UInt8]()
    if capture {
        var buf = [UInt8](repeating: 0, count: 4096)
        while true {
            let k = read(fds[0], &buf, buf.count)
            if k <= 0 { break }
            data += buf[0..<k]
        }
        close(fds[0])
    }
    var status: Int32 = 0
    var ru = rusage()
    _ = wait4(pid, &status, 0, &ru)
    let wall = nowNanoseconds() - t0
    let exitCode = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    let cpu = (UInt64(ru.ru_utime.tv_sec) + UInt64(ru.ru_stime.tv_sec)) * 1_000_000_000
        + (UInt64(ru.ru_utime.tv_usec) + UInt64(ru.ru_stime.tv_usec)) * 1_000
    return ChildResult(status: exitCode, output: String(decoding: data, as: UTF8.self), wallNs: wall, cpuNs: cpu,
                       maxRSSBytes: Int(ru.ru_maxrss) * 1024)
}

/// The running benchmark binary, re-spawned for sub-commands.
func selfExecutable() -> String {
    var buf = [CChar](repeating: 0, count: 4096)
    let k = readlink("/proc/self/exe", &buf, buf.count - 1)
    return k > 0 ? String(cString: buf) : CommandLine.arguments[0]
}

/// A child kept running and driven line by line over its stdin/stdout, so samples taken inside it
/// can alternate with samples taken here.
final class ChildSession {
    private var pid: pid_t = 0
    private var toChild: Int32 = -1
    private var fromChild: Int32 = -1
    private var pending: [UInt8] = []

    init?(_ path: String, _ args: [String]) {
        var inPipe: [Int32] = [-1, -1], outPipe: [Int32] = [-1, -1]
        guard pipe(&inPipe) == 0, pipe(&outPipe) == 0 else { return nil }
        var fa = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fa)
        defer { posix_spawn_file_actions_destroy(&fa) }
        posix_spawn_file_actions_adddup2(&fa, inPipe[0], 0)
        posix_spawn_file_actions_adddup2(&fa, outPipe[1], 1)
        for fd in inPipe + outPipe { posix_spawn_file_actions_addclose(&fa, fd) }
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + args).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        let rc = posix_spawn(&pid, path, &fa, nil, argv, environ)
        close(inPipe[0]); close(outPipe[1])
        toChild = inPipe[1]; fromChild = outPipe[0]
        guard rc == 0 else { close(toChild); close(fromChild); return nil }
    }

    /// Sends one line, returns the child's next line (nil when it has ended).
    func ask(_ line: String) -> String? {
        var l = line + "\n"
        let ok = l.withUTF8 { write(toChild, $0.baseAddress, $0.count) == $0.count }
        guard ok else { return nil }
        var buf = [UInt8](repeating: 0, count: 4096)
        while true {
            if let nl = pending.firstIndex(of: 10) {
                let out = String(decoding: pending[..<nl], as: UTF8.self)
                pending.removeSubrange(...nl)
                return out
            }
            let k = read(fromChild, &buf, buf.count)
            if k <= 0 { return nil }
            pending += buf[0..<k]
        }
    }

    func finish() {
        var q = "quit\n"
        _ = q.withUTF8 { write(toChild, $0.baseAddress, $0.count) }
        close(toChild); close(fromChild)
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
    }
}
