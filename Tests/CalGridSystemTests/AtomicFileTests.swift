import Testing
import Foundation
@testable import CalGridSystem
import CalGridTestSupport

/// The one writer: content, permission bits, failures that leave the old file as it was, leftovers.
@Suite struct AtomicFileTests {
    func withDirectory(_ body: (String) throws -> Void) throws { try withScratchDirectory("atomic", body) }

    func mode(_ path: String) -> mode_t {
        var st = stat()
        _ = stat(path, &st)
        return st.st_mode & 0o7777
    }

    func listing(_ dir: String) throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: dir).sorted() }

    @Test func newFileGetsContentAndUmaskMode() throws {
        try withDirectory { dir in
            let path = dir + "/new.json"
            let old = umask(0o027)
            defer { umask(old) }
            try AtomicFile.replace(path, with: Array("hello\n".utf8))
            #expect(FileManager.default.contents(atPath: path) == Data("hello\n".utf8))
            #expect(mode(path) == 0o640)  // 0666 & ~027
            #expect(try listing(dir) == ["new.json"])
        }
    }

    @Test func replacementKeepsTheOldModeAndTheLink() throws {
        try withDirectory { dir in
            let path = dir + "/todos.json"
            try Data("old".utf8).write(to: URL(fileURLWithPath: path))
            chmod(path, 0o604)
            try AtomicFile.replace(path, with: Array("new content".utf8))
            #expect(FileManager.default.contents(atPath: path) == Data("new content".utf8))
            #expect(mode(path) == 0o604)
            // Through a symbolic link: the file it names is replaced, the link stays.
            try FileManager.default.createSymbolicLink(atPath: dir + "/link.json", withDestinationPath: "todos.json")
            try AtomicFile.replace(dir + "/link.json", with: Array("via link".utf8))
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/link.json") == "todos.json")
            #expect(FileManager.default.contents(atPath: path) == Data("via link".utf8))
            #expect(try listing(dir) == ["link.json", "todos.json"])
        }
    }

    @Test func failuresLeaveTheTargetAndNoTemporaryFile() throws {
        try withDirectory { dir in
            // The target is a directory: the rename fails after the whole write.
            try FileManager.default.createDirectory(atPath: dir + "/d", withIntermediateDirectories: false)
            try Data("x".utf8).write(to: URL(fileURLWithPath: dir + "/d/inside"))
            #expect(throws: Errno.self) { try AtomicFile.replace(dir + "/d", with: Array(repeating: 7, count: 100_000)) }
            #expect(try listing(dir) == ["d"])
            #expect(try listing(dir + "/d") == ["inside"])
            // The directory does not exist: nothing is created.
            do throws(Errno) {
                try AtomicFile.replace(dir + "/missing/x.json", with: [1, 2, 3])
                Issue.record("a write into a missing directory succeeded")
            } catch {
                #expect(error.operation == .open && error.code == ENOENT)
                #expect(error.path.hasPrefix(dir + "/missing/x.json.calgrid-tmp-"))
                #expect(error.message.contains("No such file or directory"))
            }
            #expect(try listing(dir) == ["d"])
        }
    }

    @Test func staleTemporaryFilesOfDeadProcessesAreRemoved() throws {
        try withDirectory { dir in
            let path = dir + "/todos.json"
            // 999999999 is above any pid_max (at most 2^22), so no process has it; pid 1 always runs.
            let dead = "todos.json.calgrid-tmp-999999999-3", alive = "todos.json.calgrid-tmp-1-0"
            let other = "other.json.calgrid-tmp-999999999-0", unrelated = "todos.json.calgrid-tmp-x"
            for name in [dead, alive, other, unrelated] {
                try Data("partial".utf8).write(to: URL(fileURLWithPath: dir + "/" + name))
            }
            // Named like a stale temporary file but not a regular file: never removed (a link's
            // removal would be harmless, but it is not ours; a FIFO or directory neither).
            let link = "x.ics.calgrid-tmp-999999999-1", fifo = "y.ics.calgrid-tmp-999999999-2", folder = "z.ics.calgrid-tmp-999999999-3"
            try FileManager.default.createSymbolicLink(atPath: dir + "/" + link, withDestinationPath: "/etc/hostname")
            #expect(mkfifo(dir + "/" + fifo, 0o600) == 0)
            try FileManager.default.createDirectory(atPath: dir + "/" + folder, withIntermediateDirectories: false)
            try AtomicFile.replace(path, with: Array("{}".utf8))
            // Every stale temporary file of the directory goes, whichever target it was for.
            #expect(try listing(dir) == [alive, "todos.json", unrelated, link, fifo, folder].sorted())
        }
    }

    @Test func theDirectoryIsSweptOncePerProcess() throws {
        try withDirectory { dir in
            try AtomicFile.replace(dir + "/a.ics", with: Array("a".utf8))
            // Left after this process's first write in the directory: not looked for again (a
            // vdir of 10,000 files was scanned 10,000 times), until the next process writes there.
            let dead = "b.ics.calgrid-tmp-999999999-7"
            try Data("partial".utf8).write(to: URL(fileURLWithPath: dir + "/" + dead))
            try AtomicFile.replace(dir + "/b.ics", with: Array("b".utf8))
            #expect(try listing(dir) == ["a.ics", "b.ics", dead])
        }
    }

    @Test func aLinkIsNotWrittenThroughWhenRefused() throws {
        try withDirectory { dir in
            let outside = dir + "/outside.ics", link = dir + "/vdir-item.ics"
            try Data("old".utf8).write(to: URL(fileURLWithPath: outside))
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: outside)
            do throws(Errno) { try AtomicFile.replaceRefusingLinks(link, with: Array("new".utf8)); Issue.record("written through") } catch {
                #expect(error.code == ELOOP && error.path == link)
            }
            #expect(FileManager.default.contents(atPath: outside) == Data("old".utf8))
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == outside)
            // Without the rule the link stays a link and its file is replaced (a single-file store).
            try AtomicFile.replace(link, with: Array("new".utf8))
            #expect(FileManager.default.contents(atPath: outside) == Data("new".utf8))
        }
    }

    @Test func concurrentReplacementsOfOneFileLeaveOneWholeContent() throws {
        try withDirectory { dir in
            let path = dir + "/shared.json"
            let contents = (0..<8).map { k in [UInt8](repeating: UInt8(65 + k), count: 50_000 + k) }
            DispatchQueue.concurrentPerform(iterations: 8) { k in
                for _ in 0..<5 { try? AtomicFile.replace(path, with: contents[k]) }
            }
            let final = [UInt8](FileManager.default.contents(atPath: path) ?? Data())
            let names = try listing(dir)
            #expect(contents.contains(final))
            #expect(names == ["shared.json"])
        }
    }
}
