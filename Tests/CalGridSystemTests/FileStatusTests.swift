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
