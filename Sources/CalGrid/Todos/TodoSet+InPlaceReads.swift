// Reads of a set that another module holds in memory it cannot show unchanged during the call (the
// C layer's handle, `UnsafePointer<TodoSet>`). A call of a method on such a set from another module
// copies the whole struct first, a retain and a release of each of its buffers (about 25 of each):
// the caller cannot know the method leaves that memory alone, and the compiler's effects analysis
// cannot show it either (the reads publish into the cache). Two copies in every C day-count read
// were a third of its time. Lent as an `inout` (`_lend`), the set is the callee's alone for the
// call, so it is read in place: no copy, no retain. Nothing is written through it (the reads are
// the same non-mutating methods), so readers on several threads still only read, as the set's
// contract asks (no thread changes a set while others read it).

extension UnsafePointer where Pointee == TodoSet {
    /// `read` on the set here, lent in place (no copy of the struct): for any read the C layer
    /// makes beyond the ones below.
    /// - Complexity: that of `read`
    package func read<R, E: Error>(_ read: (borrowing TodoSet) throws(E) -> R) throws(E) -> R {
        try UnsafeMutablePointer(mutating: self).pointee._lend(read)
    }

    @inline(__always)
    func _inPlace<R>(_ read: (borrowing TodoSet) -> R) -> R {
        UnsafeMutablePointer(mutating: self).pointee._lend(read)
    }

    /// `TodoSet.dayCounts(from:through:kind:)` of the set here, read in place.
    /// - Complexity: as `dayCounts(from:through:kind:)`
    package func dayCounts(from first: CivilDate, through last: CivilDate, kind: TodoKind) -> TodoDayCounts {
        _inPlace { $0.dayCounts(from: first, through: last, kind: kind) }
    }

    /// `TodoSet.readAllocationBound(days:dayTableOf:)` of the set here, read in place.
    /// - Complexity: as `readAllocationBound(days:dayTableOf:)`
    package func readAllocationBound(days: Int, dayTableOf kind: TodoKind?) -> Int {
        _inPlace { $0.readAllocationBound(days: days, dayTableOf: kind) }
    }

    /// `TodoSet.count(from:through:kind:)` of the set here, read in place.
    /// - Complexity: as `count(from:through:kind:)`
    package func count(from first: CivilDate, through last: CivilDate, kind: TodoKind) -> Int {
        _inPlace { $0.count(from: first, through: last, kind: kind) }
    }

    /// `TodoSet.countAllocationBound()` of the set here, read in place.
    /// - Complexity: O(1)
    package func countAllocationBound() -> Int { _inPlace { $0.countAllocationBound() } }

    /// `TodoSet.indices(from:through:kind:)` of the set here, read in place.
    /// - Complexity: as `indices(from:through:kind:)`
    package func indices(from first: CivilDate, through last: CivilDate, kind: TodoKind) -> [Int] {
        _inPlace { $0.indices(from: first, through: last, kind: kind) }
    }
}

extension TodoSet {
    /// `read(self)` with the set exclusively this call's: no copy to protect it.
    @inline(__always)
    mutating func _lend<R, E: Error>(_ read: (borrowing TodoSet) throws(E) -> R) throws(E) -> R { try read(self) }
}
