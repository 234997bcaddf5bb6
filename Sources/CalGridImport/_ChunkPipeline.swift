// The chunk pipeline between framing and the sink. The main thread frames records into `spans` and
// publishes them a chunk (64 spans) at a time; decoding threads claim published chunks in order,
// decode them into `results[c]` and mark them done; the main thread hands done chunks to the sink
// strictly in chunk order, so framing and decoding overlap while the output keeps input order.
//
// Every counter is guarded by one mutex (`_Monitor`). A thread with nothing to do sleeps on a
// condition variable instead of spinning on sched_yield: decoding threads on `work` (no published
// chunk yet, or between batches), the main thread on `results` (the next chunk in order is still
// being decoded, or workers are finishing). A waiting thread then costs no CPU, and on a shared or
// busy machine the thread with real work gets the core. Waking is a futex call, so it is only done
// when someone sleeps (`sleepingWorkers`, `mainAwaits`); a lock per chunk of 64 records is noise.
import CalGrid
import CalGridSystem

/// Spans per chunk: the unit a thread claims, decodes, and the main thread hands to the sink in order.
@usableFromInline package let _chunkSpans = 64
/// Spans per batch (a batch ends earlier at the end of the window).
@usableFromInline package let _batchSpans = 16_384

/// A published chunk a thread has taken: chunk number and its spans `lo..<hi`.
package struct _Claim {
    package var chunk: Int
    package var lo: Int
    package var hi: Int
    /// The batch's window and the records' format, read under the lock with the claim, so the
    /// decoding thread never reads the shared state outside it.
    package var base: UnsafePointer<UInt8>?
    package var format: ImportFormat
}

/// What the threads of an import share; it lives at a fixed address for the whole import. The
/// buffers are written by one thread and read by another only across the lock (publish → claim,
/// done → consume), and every `var` is read and written only under `monitor`'s lock.
package struct _PipelineShared {
    package static let chunkCapacity = (_batchSpans + _chunkSpans - 1) / _chunkSpans
    /// `mainAwaits` when the main thread sleeps until every worker is idle.
    package static let awaitsIdle = -2

    package let spans: UnsafeMutablePointer<_Span>
    package let results: _PaddedBuffer<_ChunkResult>
    package let done: UnsafeMutablePointer<Bool>
    package let monitor: _Monitor
    /// The window the current batch's spans point into.
    package var base: UnsafePointer<UInt8>? = nil
    /// The format of the records (decided once, before the first chunk is published).
    package var format = ImportFormat.automatic
    /// Spans of the batch the decoding threads may read.
    package var published = 0
    package var framingDone = false
    /// The next chunk to claim; chunks are claimed in order.
    package var nextChunk = 0
    /// Workers that ran out of chunks in this batch.
    package var idleWorkers = 0
    /// Workers sleep until it changes: the batch number, or -1 to quit.
    package var batch: Int64 = 0
    package var sleepingWorkers = 0
    /// What the main thread sleeps for: a chunk number, `awaitsIdle`, or -1 (awake).
    package var mainAwaits = -1

    package init() {
        spans = .allocate(capacity: _batchSpans)
        results = _PaddedBuffer(count: _PipelineShared.chunkCapacity)
        for c in 0..<_PipelineShared.chunkCapacity { results.initialize(c, to: _ChunkResult()) }
        done = .allocate(capacity: _PipelineShared.chunkCapacity)
        done.initialize(repeating: false, count: _PipelineShared.chunkCapacity)
        monitor = _Monitor()
    }

    package func free() {
        spans.deallocate()
        results.deallocate()
        done.deallocate()
        monitor.free()
    }
}

extension UnsafeMutablePointer where Pointee == _PipelineShared {
    /// Takes the next chunk once it is fully published (or framing is over and it holds any span);
    /// with `wait`, sleeps on `work` until then. Nil when every chunk of the batch is taken (or, without
    /// `wait`, none is ready). Called holding the lock.
    package func claimLocked(wait: Bool) -> _Claim? {
        while true {
            let c = pointee.nextChunk
            let lo = c * _chunkSpans
            let published = pointee.published
            if published >= lo + _chunkSpans || (pointee.framingDone && published > lo) {
                pointee.nextChunk = c + 1
                return _Claim(chunk: c, lo: lo, hi: Swift.min(lo + _chunkSpans, published),
                              base: pointee.base, format: pointee.format)
            }
            if pointee.framingDone || !wait { return nil }
            pointee.sleepingWorkers += 1
            pointee.monitor.wait(.work)
            pointee.sleepingWorkers -= 1
        }
    }

    /// Marks a claimed chunk decoded, waking the main thread if it waits for exactly this one.
    /// Called holding the lock.
    package func markDoneLocked(_ c: Int) {
        pointee.done[c] = true
        if pointee.mainAwaits == c { pointee.monitor.signal(.results) }
    }

    /// No more spans in this batch: wakes the sleeping workers, to claim a partial last chunk or go
    /// idle. Called holding the lock.
    package func finishFramingLocked() {
        pointee.framingDone = true
        if pointee.sleepingWorkers > 0 { pointee.monitor.broadcast(.work) }
    }

    /// A worker thread's life: sleep until a batch starts, decode chunks until none is left, report
    /// idle, sleep again; return when told to quit.
    package func work<D>(_ decoder: UnsafeMutablePointer<_ChunkDecoder<D>>) {
        let monitor = pointee.monitor
        var seen: Int64 = 0
        monitor.lock()
        while true {
            while pointee.batch == seen {
                pointee.sleepingWorkers += 1
                monitor.wait(.work)
                pointee.sleepingWorkers -= 1
            }
            if pointee.batch < 0 { break }
            seen = pointee.batch
            while let claim = claimLocked(wait: true) {
                monitor.unlock()
                decoder.pointee.decode(claim)
                monitor.lock()
                markDoneLocked(claim.chunk)
            }
            pointee.idleWorkers += 1
            if pointee.mainAwaits == _PipelineShared.awaitsIdle { monitor.signal(.results) }
        }
        monitor.unlock()
    }
}

/// What a worker thread runs: its decoder and the body that knows the decoder's type (a C thread
/// entry cannot be generic, so the generic part travels as a Swift closure).
package struct _WorkerContext {
    package let decoder: UnsafeMutableRawPointer
    package let body: (UnsafeMutableRawPointer) -> Void
}

private let _workerThreadBody: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { context in
    let c = context!.assumingMemoryBound(to: _WorkerContext.self)
    c.pointee.body(c.pointee.decoder)
    return nil
}

/// The main thread's side of the pipeline: owns the shared state, one decoder of the format per
/// thread (the first is the main thread's own) and the worker threads.
package struct _ChunkPipeline<Decoder: _RecordDecoding> {
    package let shared: UnsafeMutablePointer<_PipelineShared>
    package let decoders: _PaddedBuffer<_ChunkDecoder<Decoder>>
    package let decoderCount: Int
    /// Fixed for the whole import; kept here so the main thread reads them without touching `shared`.
    package let spans: UnsafeMutablePointer<_Span>
    package let results: _PaddedBuffer<_ChunkResult>
    package var workers: [_Thread] = []
    package var workersDecided = false
    /// One per decoder, for the worker threads started (index 0, the main thread's, unused).
    package let contexts: UnsafeMutablePointer<_WorkerContext>

    package init(options: ImportOptions) {
        var n = options.threads
        if n <= 0 { n = Swift.min(2, _Thread.onlineProcessors) }
        decoderCount = Swift.min(n, 8)
        let state = _PipelineShared()
        spans = state.spans
        results = state.results
        shared = .allocate(capacity: 1)
        shared.initialize(to: state)
        decoders = _PaddedBuffer(count: decoderCount)
        for k in 0..<decoderCount { decoders.initialize(k, to: _ChunkDecoder(options: options, shared: shared, spans: spans, results: results)) }
        contexts = .allocate(capacity: decoderCount)
        for k in 0..<decoderCount {
            contexts.advanced(by: k).initialize(to: _WorkerContext(decoder: UnsafeMutableRawPointer(decoders[k])) { raw in
                let decoder = raw.assumingMemoryBound(to: _ChunkDecoder<Decoder>.self)
                decoder.pointee.shared.work(decoder)
            })
        }
    }

    /// Stops and joins the workers and frees everything. Only between batches.
    package mutating func release() {
        if !workers.isEmpty {
            shared.pointee.monitor.lock()
            shared.pointee.batch = -1
            shared.pointee.monitor.broadcast(.work)
            shared.pointee.monitor.unlock()
            for k in workers.indices { workers[k].join() }
            workers.removeAll()
        }
        for k in 0..<decoderCount { decoders[k].pointee.free() }
        decoders.deallocate()
        contexts.deinitialize(count: decoderCount)
        contexts.deallocate()
        shared.pointee.free()
        shared.deinitialize(count: 1)
        shared.deallocate()
    }

    package var hasWorkers: Bool { !workers.isEmpty }
    package func result(_ c: Int) -> UnsafeMutablePointer<_ChunkResult> { results[c] }

    /// Starts a batch over the window at `base`: the first time, starts the worker threads (one per
    /// decoder but the main thread's) unless the input is known to be small (under 256 KiB), where
    /// starting threads costs more than it saves. Every worker is idle when it is called.
    package mutating func begin(_ base: UnsafePointer<UInt8>, inputBytes: Int64) {
        if !workersDecided {
            workersDecided = true
            if decoderCount > 1, inputBytes <= 0 || inputBytes >= 256 << 10 {
                for k in 1..<decoderCount {
                    var t = _Thread()
                    guard t.start(_workerThreadBody, UnsafeMutableRawPointer(contexts + k)) else { break }
                    workers.append(t)
                }
            }
        }
        let s = shared
        s.pointee.monitor.lock()
        s.pointee.base = base
        s.pointee.published = 0
        s.pointee.framingDone = false
        s.pointee.nextChunk = 0
        s.pointee.idleWorkers = 0
        s.pointee.done.update(repeating: false, count: _PipelineShared.chunkCapacity)
        if !workers.isEmpty {
            s.pointee.batch += 1
            s.pointee.monitor.broadcast(.work)
        }
        s.pointee.monitor.unlock()
    }

    /// Makes the first `count` spans of the batch visible to the decoding threads.
    package func publish(_ count: Int, format: ImportFormat) {
        let s = shared
        s.pointee.monitor.lock()
        // The format is decided once, before the first chunk is published: write it only then, so the
        // decoding threads (which read it after claiming a chunk, outside the lock) never race a store.
        if s.pointee.format != format { s.pointee.format = format }
        s.pointee.published = count
        // Publishing happens every chunk, so at most one chunk is new: one sleeper is enough.
        if s.pointee.sleepingWorkers > 0 { s.pointee.monitor.signal(.work) }
        s.pointee.monitor.unlock()
    }

    /// No more spans in this batch: a partial last chunk may be claimed, and workers that find
    /// nothing left go idle.
    package func finishFraming() {
        let s = shared
        s.pointee.monitor.lock()
        s.finishFramingLocked()
        s.pointee.monitor.unlock()
    }

    package func isDone(_ c: Int) -> Bool {
        shared.pointee.monitor.lock()
        defer { shared.pointee.monitor.unlock() }
        return shared.pointee.done[c]
    }

    /// After framing, on the main thread, when chunk `c` (the next one for the sink) is not done:
    /// decodes the next unclaimed chunk itself, or, when every chunk is taken, sleeps until `c` is done.
    package mutating func decodeOrWait(for c: Int) {
        let s = shared
        s.pointee.monitor.lock()
        if s.pointee.done[c] { s.pointee.monitor.unlock(); return }
        if let claim = s.claimLocked(wait: false) {
            s.pointee.monitor.unlock()
            decoders[0].pointee.decode(claim)
            s.pointee.monitor.lock()
            s.markDoneLocked(claim.chunk)
            s.pointee.monitor.unlock()
            return
        }
        s.pointee.mainAwaits = c
        while !s.pointee.done[c] { s.pointee.monitor.wait(.results) }
        s.pointee.mainAwaits = -1
        s.pointee.monitor.unlock()
    }

    /// Ends the batch: lets the workers run out of chunks and sleeps until they are all idle.
    package func endBatch() {
        let s = shared
        s.pointee.monitor.lock()
        s.finishFramingLocked()
        s.pointee.mainAwaits = _PipelineShared.awaitsIdle
        while s.pointee.idleWorkers < workers.count { s.pointee.monitor.wait(.results) }
        s.pointee.mainAwaits = -1
        s.pointee.monitor.unlock()
    }

    /// Fields no format knows, counted by every decoder since the last call.
    package func takeUnknownFields() -> Int {
        var n = 0
        for k in 0..<decoderCount { n += decoders[k].pointee.decoder.takeUnknownFields() }
        return n
    }
}
