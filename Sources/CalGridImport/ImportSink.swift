// Where an import's todos go: a sink takes each decoded batch in input order and says which todos
// it refused, by the core's own `TodoError`. The set's sink is the set: it is the one validator.
import CalGrid

/// Receives the todos of each batch, staged, in input order. It knows nothing of formats: a refusal
/// is passed back as the core's `TodoError`, and the format words where it is.
package protocol _DraftSink {
    /// Adds the todos of `todos` in `range`; each one it refuses is passed to `reject` with its
    /// position in `todos` (in increasing order), and the others are kept.
    mutating func add(_ todos: TodoBatch, _ range: Range<Int>, reject: (Int, TodoError) throws(ImportError) -> Void) throws(ImportError)
    /// Told once, after the first batch of a large input, about how many more drafts (and bytes of
    /// their text) are likely to come.
    mutating func reserve(drafts: Int, textBytes: Int)
}

/// Feeds batches into a TodoSet; a refused draft is skipped and the rest of its batch goes in.
package struct _TodoSetSink: _DraftSink {
    @usableFromInline package var set: TodoSet

    @usableFromInline
    package init(set: consuming TodoSet) { self.set = set }

    @usableFromInline
    package mutating func add(_ todos: TodoBatch, _ range: Range<Int>, reject: (Int, TodoError) throws(ImportError) -> Void) throws(ImportError) {
        var from = range.lowerBound
        while from < range.upperBound {
            do throws(TodoError) {
                try set.insert(contentsOf: todos, range: from..<range.upperBound)
                return
            } catch {
                // Everything before the refused todo is valid: put it in, skip the refused one, go on.
                let bad = error.position ?? from
                if bad > from { try? set.insert(contentsOf: todos, range: from..<bad) }
                try reject(bad, error)
                from = bad + 1
            }
        }
    }

    @usableFromInline
    package mutating func reserve(drafts: Int, textBytes: Int) {
        set.reserveCapacity(set.count + drafts, textBytes: textBytes)
    }
}

/// A format's import of one input into a set: the layer's run (`core`) over the set's sink, and
/// whatever the format frames with. `TodoSet._import(with:options:_:)` makes it and commits it.
package protocol _ImportDriver {
    associatedtype Decoder: _RecordDecoding
    init(options: ImportOptions, sink: consuming _TodoSetSink)
    var core: _ImportRun<_TodoSetSink, Decoder> { get set }
    /// Frees what the run holds (the pipeline's threads and buffers); called once, at the end.
    mutating func release()
}

extension TodoSet {
    /// The one commit path of every import, whatever the format (JSON, iCalendar, a vdir, from C
    /// or the store): `feed` drives the format's run, which stages each decoded batch into a copy
    /// of this set (copy-on-write: it shares this set's storage until its first insert), where the
    /// set's own insert validates it (`_TodoSetSink`); only when `feed` returns is the copy
    /// committed, by one assignment. A throw anywhere, from a bad record under strict policy to a
    /// failed read or a cancel, leaves this set untouched.
    /// - Complexity: O(1) besides `feed`.
    package mutating func _import<Driver: _ImportDriver>(with driver: Driver.Type, options: ImportOptions,
                                                        _ feed: (inout Driver) throws(ImportError) -> Void) throws(ImportError) -> ImportReport {
        var run = Driver(options: options, sink: _TodoSetSink(set: self))
        defer { run.release() }
        try feed(&run)
        self = run.core.sink.set
        run.core.report.zoneName = options.zone.name
        return run.core.report
    }
}

/// `body` over the bytes of `bytes`, its error as thrown: `Array.withUnsafeBytes` rethrows
/// untyped, a cast Embedded Swift cannot make. The imports of an array use it.
/// - Complexity: O(1) besides `body`.
package func _withBytes<R>(_ bytes: [UInt8], _ body: (UnsafeRawBufferPointer) throws(ImportError) -> R) throws(ImportError) -> R {
    let r: Result<R, ImportError> = bytes.withUnsafeBytes { b in
        do throws(ImportError) { return .success(try body(b)) } catch { return .failure(error) }
    }
    switch r {
    case .success(let v): return v
    case .failure(let e): throw e
    }
}
