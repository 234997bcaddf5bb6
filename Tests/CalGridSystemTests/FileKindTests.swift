import Testing
import Foundation
@testable import CalGridSystem
import CalGridTestSupport

/// Only regular files are read: what `openRegularFile` opens and passes over, each kind made by
/// the system's own calls (mkfifo, a bound socket, links to devices), and the lock file's rule.
@Suite struct FileKindTests {
    func withDirectory(_ body: (String) throws -> Void) throws { try withScratchDirectory("kind", body) }

    /// Binds a Unix socket at `path` (the file stays after the descriptor closes).
    func makeSocket(_ path: String) {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { b in
            for (k, c) in path.utf8.enumerated() where k < b.count - 1 { b[k] = c }
        }
        let r = withUnsafePointer(to: &address) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(r == 0)
    }

    @Test func onlyRegularFilesAndLinksToThemAreOpened() throws {
        try withDirectory { dir in
            try Data("BEGIN:VCALENDAR\r\n".utf8).write(to: URL(fileURLWithPath: dir + "/plain.ics"))
            try Data("outside".utf8).write(to: URL(fileURLWithPath: dir + "/elsewhere"))
            try FileManager.default.createSymbolicLink(atPath: dir + "/link.ics", withDestinationPath: dir + "/elsewhere")
            #expect(mkfifo(dir + "/fifo.ics", 0o600) == 0)
            makeSocket(dir + "/sock.ics")
            try FileManager.default.createSymbolicLink(atPath: dir + "/zero.ics", withDestinationPath: "/dev/zero")
            try FileManager.default.createSymbolicLink(atPath: dir + "/random.ics", withDestinationPath: "/dev/urandom")
            try FileManager.default.createDirectory(atPath: dir + "/folder.ics", withIntermediateDirectories: false)
            let expected: [(String, FileKind)] = [("fifo.ics", .fifo), ("sock.ics", .socket), ("zero.ics", .characterDevice),
                                                  ("random.ics", .characterDevice), ("folder.ics", .directory)]
            for (name, kind) in expected {
                var status = FileStatus(size: -1, modified: 0, inode: 0, device: 0)
                // The FIFO has no writer: an open without the rule would block here for ever.
                let opened: Bool
                switch try FileDescriptor.openRegularFile(dir + "/" + name, status: &status) {
                case .some: opened = true
                case .none: opened = false
                }
                #expect(!opened, "\(name)")
                #expect(status.kind == kind, "\(name): \(status.kind)")
            }
            for (name, text) in [("plain.ics", "BEGIN:VCALENDAR\r\n"), ("link.ics", "outside")] {
                var status = FileStatus(size: -1, modified: 0, inode: 0, device: 0)
                guard let fd = try FileDescriptor.openRegularFile(dir + "/" + name, status: &status) else {
                    Issue.record("\(name) not opened"); continue
                }
                #expect(status.isRegularFile && status.size == Int64(text.utf8.count))
                #expect(try fd.readAll(statusSize: status.size) == Array(text.utf8))
            }
            var status = FileStatus(size: -1, modified: 0, inode: 0, device: 0)
            do throws(Errno) { _ = try FileDescriptor.openRegularFile(dir + "/missing.ics", status: &status); Issue.record("opened") } catch {
                #expect(error.isNotFound)
            }
            #expect(try FileSystem.linkStatus(dir + "/link.ics")?.kind == .symbolicLink)
            #expect(try FileSystem.status(dir + "/link.ics")?.kind == .regular)
            #expect(FileSystem.isSymbolicLink(dir + "/zero.ics") && !FileSystem.isSymbolicLink(dir + "/plain.ics"))
        }
    }

    @Test func theLockFileMustBeARegularFile() throws {
        try withDirectory { dir in
            // A dangling link: following it would create a file outside.
            try FileManager.default.createSymbolicLink(atPath: dir + "/a.lock", withDestinationPath: dir + "/outside/lockfile")
            do throws(Errno) { _ = try FileLock(at: dir + "/a.lock"); Issue.record("a link was locked") } catch { #expect(error.code == ELOOP) }
            #expect(!FileManager.default.fileExists(atPath: dir + "/outside/lockfile"))
            try Data().write(to: URL(fileURLWithPath: dir + "/target"))
            try FileManager.default.createSymbolicLink(atPath: dir + "/b.lock", withDestinationPath: dir + "/target")
            do throws(Errno) { _ = try FileLock(at: dir + "/b.lock"); Issue.record("a link was locked") } catch { #expect(error.code == ELOOP) }
            #expect(mkfifo(dir + "/c.lock", 0o600) == 0)
            do throws(Errno) { _ = try FileLock(at: dir + "/c.lock"); Issue.record("a FIFO was locked") } catch { #expect(error.code == EINVAL) }
            // A regular one (made when missing) is locked as before.
            let lock = try FileLock(at: dir + "/d.lock")
            #expect(try FileSystem.linkStatus(lock.path)?.kind == .regular)
        }
    }
}
