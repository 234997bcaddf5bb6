/// The fixed-size part of a `TodoSet`, one array per field (struct-of-arrays), row `i` across
/// all of them being todo `i`: 32 bytes a row. Range queries, sorts and day counts scan one or
/// two columns at a time, which is why the fields are not kept as an array of structs.
///
/// This type is the one place that names all nine columns: the stored properties, `Row` (one
/// row's values, for append and replace) and `_forEachColumn` (every other whole-column
/// operation: reserve, remove, compact, byte counts, length checks).
@usableFromInline
struct _TodoColumns: Sendable {
    /// First day, or a `_DayKey` sentinel.
    @usableFromInline var start: [Int32] = []
    /// Last day, or a `_DayKey` sentinel.
    @usableFromInline var end: [Int32] = []
    /// Seconds since the epoch; 0 unless `flags` has `TodoSet._hasCreatedAt`.
    @usableFromInline var createdAt: [Int64] = []
    /// `TodoSet._challenge`, `_completed`, `_hasCreatedAt`, `_tracked`, `_explicitDays`.
    @usableFromInline var flags: [UInt8] = []
    @usableFromInline var repetition: [WeekdaySet] = []
    /// Minutes after midnight; -1 = no reminder.
    @usableFromInline var reminder: [Int16] = []
    /// Where the row's text record starts in the text arena.
    @usableFromInline var textOffset: [UInt32] = []
    /// Where the row's completion flags start in the bit arena.
    @usableFromInline var bitOffset: [UInt32] = []
    /// Completion flags set (tracked rows only).
    @usableFromInline var doneCount: [UInt32] = []

    @inlinable init() {}

    @inlinable var count: Int { start.count }
    @inlinable var capacity: Int { start.capacity }

    /// One row's values.
    @usableFromInline
    struct Row {
        @usableFromInline var start: Int32
        @usableFromInline var end: Int32
        @usableFromInline var createdAt: Int64
        @usableFromInline var flags: UInt8
        @usableFromInline var repetition: WeekdaySet
        @usableFromInline var reminder: Int16
        @usableFromInline var textOffset: UInt32
        @usableFromInline var bitOffset: UInt32
        @usableFromInline var doneCount: UInt32

        @inlinable
        init(start: Int32, end: Int32, createdAt: Int64, flags: UInt8, repetition: WeekdaySet, reminder: Int16,
             textOffset: UInt32, bitOffset: UInt32, doneCount: UInt32) {
            self.start = start; self.end = end; self.createdAt = createdAt; self.flags = flags
            self.repetition = repetition; self.reminder = reminder
            self.textOffset = textOffset; self.bitOffset = bitOffset; self.doneCount = doneCount
        }
    }

    /// Adds a row at the end.
    @inlinable
    mutating func append(_ r: Row) {
        start.append(r.start); end.append(r.end); createdAt.append(r.createdAt); flags.append(r.flags)
        repetition.append(r.repetition); reminder.append(r.reminder)
        textOffset.append(r.textOffset); bitOffset.append(r.bitOffset); doneCount.append(r.doneCount)
    }

    /// Overwrites row `i`.
    @inlinable
    mutating func replace(_ i: Int, with r: Row) {
        start[i] = r.start; end[i] = r.end; createdAt[i] = r.createdAt; flags[i] = r.flags
        repetition[i] = r.repetition; reminder[i] = r.reminder
        textOffset[i] = r.textOffset; bitOffset[i] = r.bitOffset; doneCount[i] = r.doneCount
    }

    /// Applies `op` to every column, in declaration order.
    @inlinable
    mutating func _forEachColumn<Op: _ColumnOperation>(_ op: inout Op) {
        op.apply(&start); op.apply(&end); op.apply(&createdAt); op.apply(&flags); op.apply(&repetition)
        op.apply(&reminder); op.apply(&textOffset); op.apply(&bitOffset); op.apply(&doneCount)
    }

    /// Room for `n` rows in every column.
    @inlinable
    mutating func reserveCapacity(_ n: Int) {
        var op = _Reserve(n: n)
        _forEachColumn(&op)
    }

    /// Removes row `i`; later rows move down one.
    @inlinable
    mutating func remove(at i: Int) {
        var op = _Remove(i: i)
        _forEachColumn(&op)
    }

    /// Keeps the rows where `keep` is true, in order, and drops the others.
    @inlinable
    mutating func compact(keeping keep: [Bool]) {
        var op = _Compact(keep: keep)
        _forEachColumn(&op)
    }

    /// Bytes of allocated capacity over all columns.
    @inlinable
    var byteCount: Int {
        var op = _ByteCount()
        var copy = self   // a read through the one column list; no array is copied (nothing is written)
        copy._forEachColumn(&op)
        return op.bytes
    }

    /// Whether every column has `count` rows.
    @inlinable
    var lengthsAgree: Bool {
        var op = _Lengths(expected: count)
        var copy = self
        copy._forEachColumn(&op)
        return op.agree
    }
}

/// One whole-column operation, applied to each column by `_TodoColumns._forEachColumn`.
@usableFromInline
protocol _ColumnOperation {
    mutating func apply<Element>(_ column: inout [Element])
}

@usableFromInline
struct _Reserve: _ColumnOperation {
    @usableFromInline let n: Int
    @inlinable init(n: Int) { self.n = n }
    @inlinable func apply<Element>(_ column: inout [Element]) { column.reserveCapacity(n) }
}

@usableFromInline
struct _Remove: _ColumnOperation {
    @usableFromInline let i: Int
    @inlinable init(i: Int) { self.i = i }
    @inlinable func apply<Element>(_ column: inout [Element]) { column.remove(at: i) }
}

@usableFromInline
struct _Compact: _ColumnOperation {
    @usableFromInline let keep: [Bool]
    @inlinable init(keep: [Bool]) { self.keep = keep }
    @inlinable
    func apply<Element>(_ column: inout [Element]) {
        var w = 0
        column.withUnsafeMutableBufferPointer { c in
            keep.withUnsafeBufferPointer { k in
                for i in 0..<c.count where k[i] {
                    if w != i { c[w] = c[i] }
                    w += 1
                }
            }
        }
        column.removeLast(column.count - w)
    }
}

@usableFromInline
struct _ByteCount: _ColumnOperation {
    @usableFromInline var bytes = 0
    @inlinable init() {}
    @inlinable mutating func apply<Element>(_ column: inout [Element]) { bytes += column.capacity * MemoryLayout<Element>.stride }
}

@usableFromInline
struct _Lengths: _ColumnOperation {
    @usableFromInline let expected: Int
    @usableFromInline var agree = true
    @inlinable init(expected: Int) { self.expected = expected }
    @inlinable mutating func apply<Element>(_ column: inout [Element]) { agree = agree && column.count == expected }
}
