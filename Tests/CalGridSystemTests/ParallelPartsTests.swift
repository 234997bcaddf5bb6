import Testing
import Foundation
@testable import CalGridSystem

/// ParallelParts runs every part once, the others at the same time as part 0 (a vdir's files read
/// on two threads), and a file read sized by its status is the file's bytes (Foundation's reading).
@Suite struct ParallelPartsTests {
    @Test func everyPartRunsOnceOnItsOwnThread() {
        for parts in [0, 1, 2, 3, 5] {
            let runs = UnsafeMutableBufferPointer<Int>.allocate(capacity: max(parts, 1))
            let threads = UnsafeMutableBufferPointer<pthread_t>.allocate(capacity: max(parts, 1))
            defer { runs.deallocate(); threads.deallocate() }
            runs.initialize(repeating: 0)
            ParallelParts.run(parts) { k in
                runs[k] += 1
                threads[k] = pthread_self()
            }
            #expect(Array(runs) == [Int](repeating: 1, count: max(parts, 1)), "parts \(parts)")
            #expect(pthread_equal(threads[0], pthread_self()) != 0, "part 0 on the caller's thread")
            for k in 1..<max(parts, 1) { #expect(pthread_equal(threads[k], pthread_self()) == 0, "part \(k) on a thread of its own") }
        }
    }

    /// Each part waits for the other: run one after the other, part 0 would wait in vain.
    @Test func partsRunAtTheSameTime() {
        let signals = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
        let met = UnsafeMutableBufferPointer<Bool>.allocate(capacity: 2)
        defer { met.deallocate() }
        met.initialize(repeating: false)
        ParallelParts.run(2) { k in
            signals[1 - k].signal()
            met[k] = signals[k].wait(timeout: .now() + 20) == .success
        }
        #expect(met[0] && met[1])
    }

    @Test func readSizedByItsStatusIsTheFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("calgrid-parts-\(getpid())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for size in [0, 1, 300, 70_000] {
            let path = dir + "/f\(size).ics"
            let data = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            try data.write(to: URL(fileURLWithPath: path))
            let fd = try FileDescriptor.openForReading(path)
            let status = try fd.status()
            #expect(try fd.readAll(statusSize: status.size) == Array(data), "size \(size)")
        }
        // Grown after its status was taken: read as far as that status said (which then no longer matches).
        let path = dir + "/grown.ics"
        try Data("BEGIN:VCALENDAR\r\n".utf8).write(to: URL(fileURLWithPath: path))
        let fd = try FileDescriptor.openForReading(path)
        let status = try fd.status()
        let h = try #require(FileHandle(forWritingAtPath: path))
        h.seekToEndOfFile()
        h.write(Data("END:VCALENDAR\r\n".utf8))
        h.closeFile()
        #expect(try fd.readAll(statusSize: status.size) == Array("BEGIN:VCALENDAR\r\n".utf8))
        #expect(try FileSystem.status(path) != status)
    }
}
