import Testing
import Foundation
@testable import CalGridSystem
import CalGridTestSupport

/// A file's status against Foundation's (the independent reading), and the writes that happen only
/// while a file is as it was read (a vdir's items, which other programs replace without our lock).
@Suite struct FileStatusTests {
    func withDirectory(_ body: (String) throws -> Void) throws { try withScratchDirectory("status", body) }

    /// What another program does to an item: a new file renamed over it.
    func replaceAsAnotherProgram(_ path: String, with text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path + ".other"))
        #expect(rename(path + ".other", path) == 0)
    }

    @Test func statusAgreesWithFoundation() throws {
        try withDirectory { dir in
            let path = dir + "/a.ics"
            try Data("12345".utf8).write(to: URL(fileURLWithPath: path))
            let s = try #require(try FileSystem.status(path))
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            #expect(s.size == 5 && s.isRegularFile && !s.isDirectory)
            #expect(s.inode == Int64((attributes[.systemFileNumber] as! NSNumber).uint64Value))
            let modified = (attributes[.modificationDate] as! Date).timeIntervalSince1970
            #expect(abs(Double(s.modified) / 1e9 - modified) < 0.001)
            #expect(try FileSystem.status(dir)?.isDirectory == true && FileSystem.isDirectory(dir) && !FileSystem.isDirectory(path))
            #expect(try FileSystem.status(dir + "/missing") == nil)
            let fd = try FileDescriptor.openForReading(path)
            #expect(try fd.status() == s)
        }
    }

    /// The statuses of many names asked on two threads (one begun early, runs taken in turn) are
    /// each name's own, in the listing's order, against Foundation's reading; a name gone since
    /// the listing is nil; a mapped file reads as its bytes.
    @Test func statusesOfManyNamesAreEachOnesOwn() throws {
        try withDirectory { dir in
            let n = FileSystem.statusesPerThread + 3000
            for k in 0..<n { try Data(repeating: UInt8(k % 251), count: k % 97).write(to: URL(fileURLWithPath: dir + "/n\(k).ics")) }
            let list = try FileSystem.names(in: dir, endingIn: ".ics")
            #expect(list.count == n)
            let gone = list.name(n - 5)
            try FileManager.default.removeItem(atPath: dir + "/" + gone)
            let pending = try FileSystem.startStatuses(of: list, in: dir)
            let got = pending.finish()
            #expect(got.count == n)
            var wrong: [String] = []
            for k in 0..<n {
                let name = list.name(k)
                if name == gone { if got[k] != nil { wrong.append(name) }; continue }
                let attributes = try FileManager.default.attributesOfItem(atPath: dir + "/" + name)
                let size = (attributes[.size] as! NSNumber).int64Value
                let inode = Int64((attributes[.systemFileNumber] as! NSNumber).uint64Value)
                if got[k]?.size != size || got[k]?.inode != inode || got[k]?.isRegularFile != true { wrong.append(name) }
            }
            #expect(wrong.isEmpty, "\(wrong.prefix(5))")
            #expect(try FileSystem.statuses(of: list, in: dir) == got)
            #expect(throws: Errno.self) { try FileSystem.startStatuses(of: list, in: dir + "/missing") }
            // Begun and never finished: its thread is done before its memory goes.
            _ = try FileSystem.startStatuses(of: list, in: dir)
            let path = dir + "/n96.ics"
            var status = FileStatus(size: 0, modified: 0, inode: 0, device: 0)
            guard let fd = try FileDescriptor.openRegularFile(path, status: &status) else { Issue.record("not a regular file"); return }
            #expect(status.size > 0)
            #expect(try fd.withMappedBytes(size: status.size) { Array($0) } == Array(FileManager.default.contents(atPath: path)!))
        }
    }

    @Test func entriesAreTheDirectorysNames() throws {
        try withDirectory { dir in
            for n in ["b.ics", "a.ics", ".hidden", "x.txt"] { try Data().write(to: URL(fileURLWithPath: dir + "/" + n)) }
            #expect(try FileSystem.entries(of: dir).sorted() == (try FileManager.default.contentsOfDirectory(atPath: dir)).sorted())
            #expect(throws: Errno.self) { try FileSystem.entries(of: dir + "/missing") }
        }
    }

    @Test func replaceIfStillWritesOnlyOverWhatWasRead() throws {
        try withDirectory { dir in
            let path = dir + "/a.ics"
            try Data("first".utf8).write(to: URL(fileURLWithPath: path))
            let read = try #require(try FileSystem.status(path))
            #expect(try AtomicFile.replace(path, with: Array("mine".utf8), ifStill: read))
            #expect(FileManager.default.contents(atPath: path) == Data("mine".utf8))
            // Replaced by someone else since `mine` was written: same size, maybe the same second.
            let mine = try #require(try FileSystem.status(path))
            try replaceAsAnotherProgram(path, with: "them")
            #expect(try !AtomicFile.replace(path, with: Array("mine again".utf8), ifStill: mine))
            #expect(FileManager.default.contents(atPath: path) == Data("them".utf8))
            // A new file only where there is none.
            #expect(try !AtomicFile.replace(path, with: Array("new".utf8), ifStill: nil))
            #expect(try AtomicFile.replace(dir + "/b.ics", with: Array("new".utf8), ifStill: nil))
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["a.ics", "b.ics"])
        }
    }

    @Test func removeIfStillRemovesOnlyWhatWasRead() throws {
        try withDirectory { dir in
            let path = dir + "/a.ics"
            try Data("first".utf8).write(to: URL(fileURLWithPath: path))
            let read = try #require(try FileSystem.status(path))
            try replaceAsAnotherProgram(path, with: "other")
            #expect(try !FileSystem.remove(path, ifStill: read))
            #expect(FileManager.default.contents(atPath: path) == Data("other".utf8))
            let now = try #require(try FileSystem.status(path))
            #expect(try FileSystem.remove(path, ifStill: now))
            #expect(!FileManager.default.fileExists(atPath: path))
            #expect(try !FileSystem.remove(path, ifStill: now))
        }
    }

    @Test func replaceWithoutSyncStillReplacesWhole() throws {
        try withDirectory { dir in
            let path = dir + "/cache"
            try AtomicFile.replaceWithoutSync(path, with: Array("one".utf8))
            let first = try #require(try FileSystem.status(path))
            try AtomicFile.replaceWithoutSync(path, with: Array("two, longer".utf8))
            #expect(FileManager.default.contents(atPath: path) == Data("two, longer".utf8))
            #expect(try FileSystem.status(path)?.inode != first.inode)  // a new file renamed over it
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["cache"])
        }
    }
}
