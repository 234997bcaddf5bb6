// Reads of a set that another module holds in memory it cannot show unchanged during the call (the
// C layer's handle, `UnsafePointer<TodoSet>`). A call of a method on such a set from another module
// may copy the whole struct first, a retain and a release of each of its buffers (about 25 of each).
// These reads pass the pointee as a borrow instead. They must stay read accesses: lending the set
// as an `inout` avoided the copy too, but an `inout` is a modifying access, and two C readers on two
// threads lending one set at once were an exclusivity race (test-c-tsan, 2026-12-02), against the
// set's contract that any number of threads may read it.

extension UnsafePointer where Pointee == TodoSet {
    /// `read` on the set here, lent in place (no copy of the struct): for any read the C layer
    /// makes beyond the ones below.
    /// - Complexity: that of `read`
    package func read<R, E: Error>(_ read: (borrowing TodoSet) throws(E) -> R) throws(E) -> R {
        try read(pointee)
    }

    @inline(__always)
    func _inPlace<R>(_ read: (borrowing TodoSet) -> R) -> R {
        read(pointee)
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
