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
