// The two ways into an import: bytes already in memory, framed in slices of about 4 MiB, and a
// file descriptor, read in windows; the file driver reads the next window while the current batch
// is still being decoded. Both call the progress hook after each batch.
import CalGrid
import CalGridImport
import CalGridSystem

extension _ImportSession {

    /// Imports from memory. Frames at most ~4 MiB of records per batch so batches stay small.
    mutating func run(bytes: UnsafeRawBufferPointer) throws(ImportError) {
        core.report.bytes = Int64(bytes.count)
        core.bytesTotal = Int64(bytes.count)
        guard Int64(bytes.count) <= core.options.limits.maxInputBytes else {
            throw _IssueBuilder.inputTooLarge(limit: core.options.limits.maxInputBytes, detail: "the input is larger than the input size limit")
        }
        let p = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? UnsafePointer<UInt8>(bitPattern: 1)!
        var position = _ImportSession.bomLength(p, bytes.count)
        var finished = false
        while !finished {
            finished = try batch(p, position: &position, end: bytes.count, isLast: true, maxBytes: 4 << 20)
            try core.progress(Int64(position))
        }
        core.report.unknownFields += framer.unknownWrapperFields
    }

    /// Imports from a file descriptor, reading a window of `window` bytes at a time. The next window
    /// (the unframed tail plus fresh bytes) is read into a second buffer while the current batch is
    /// still being decoded, so the decoding threads do not wait for the read.
    mutating func run(file fd: borrowing FileDescriptor, after prefix: [UInt8] = [], window initialWindow: Int = 8 << 20) throws(ImportError) {
        let size: Int64?
        do { size = try fd.size() } catch { throw .system(error) }
        core.bytesTotal = size ?? 0
        if let size, size > core.options.limits.maxInputBytes {
            throw _IssueBuilder.inputTooLarge(limit: core.options.limits.maxInputBytes, detail: "the file is larger than the input size limit")
        }
        var capacity = Swift.max(initialWindow, 64, prefix.count)
        var buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        var spare = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { buffer.deallocate(); spare.deallocate() }
        // What the caller read before (to decide the format) comes first.
        prefix.withUnsafeBufferPointer { if let b = $0.baseAddress { buffer.update(from: b, count: $0.count) } }
        var filled = prefix.count
        var position = 0
        var eof = false
        var first = true
        var total = Int64(prefix.count)
        let maxInput = core.options.limits.maxInputBytes
        /// Reads into `b[from..<capacity]` until it is full or the input ends; returns the new fill.
        func fill(_ b: UnsafeMutablePointer<UInt8>, from: Int) throws(ImportError) -> Int {
            var f = from
            while !eof, f < capacity {
                let n: Int
                do { n = try fd.read(into: b + f, count: capacity - f) } catch { throw .system(error) }
                if n == 0 { eof = true } else {
                    f += n
                    total += Int64(n)
                    if total > maxInput {
                        throw _IssueBuilder.inputTooLarge(limit: maxInput, detail: "the input is larger than the input size limit")
                    }
                }
            }
            return f
        }
        while true {
            filled = try fill(buffer, from: filled)
            if first { position = _ImportSession.bomLength(UnsafePointer(buffer), filled); first = false }
            // Filled by `afterFraming`: the next window in `spare`, or -1.
            var spareFilled = -1
            let finished = try batch(UnsafePointer(buffer), position: &position, end: filled, isLast: eof, maxBytes: Int.max) { (at, done) throws(ImportError) in
                guard !done, !(at == 0 && filled == capacity) else { return }
                spare.update(from: buffer + at, count: filled - at)
                spareFilled = try fill(spare, from: filled - at)
            }
            try core.progress(issues.lines.absolute(position))
            if finished { break }
            // Keep the unconsumed tail; grow when one record fills the whole window.
            if position == 0 && filled == capacity {
                guard capacity < core.options.limits.maxRecordBytes else {
                    throw .invalidInput(issues.issue(UnsafePointer(buffer), .recordTooLarge, offset: 0, record: core.nextRecordIndex, field: "", detail: "a record is larger than the record size limit"))
                }
                capacity = Swift.min(capacity * 2, core.options.limits.maxRecordBytes)
                let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
                bigger.update(from: buffer, count: filled)
                buffer.deallocate()
                buffer = bigger
                spare.deallocate()
                spare = .allocate(capacity: capacity)
                continue
            }
            issues.lines.dropping(UnsafePointer(buffer), position)
            if spareFilled >= 0 {
                swap(&buffer, &spare)
                filled = spareFilled
            } else {
                _moveBytes(buffer, buffer + position, count: filled - position)
                filled -= position
            }
            position = 0
        }
        core.report.bytes = total
        core.report.unknownFields += framer.unknownWrapperFields
    }

    /// Length of a UTF-8 byte order mark at `p`, which the framer skips (offsets still count it).
    static func bomLength(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int {
        n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF ? 3 : 0
    }
}
