// Reads of a set that another module holds in memory it cannot show unchanged during the call (the
// C layer's handle, `UnsafePointer<TodoSet>`). Calling a method on `pointee`, or handing it to a
// closure, makes an owned copy of the struct whenever the optimizer cannot prove the call leaves
// that memory alone (any read that allocates): a retain and a release of each of its buffers,
// about 25 of each (0b46030's borrow of `pointee`: the C figures of issue 23 at 1.5-2.3x Swift's;
// callgrind: 1,900 of 7,300 instructions of a cached count). These reads lend a bitwise copy of
// the struct instead, made on the stack and moved back there unowned when the read returns: no
// retain, no release, valid because nothing changes the set during a read (the contract every
// reader keeps) and the read only borrows it. They stay read accesses: lending the set as an
// `inout` avoided the copy too, but an `inout` is a modifying access, and two C readers on two
// threads lending one set at once were an exclusivity race (test-c-tsan, 2026-12-02).

extension UnsafePointer where Pointee == TodoSet {
    /// `read` on the set here, lent without a copy of its buffers: for any read the C layer makes
    /// beyond the ones below. Inlinable, so that the C layer's calls are specialized: unspecialized,
    /// a call would instantiate generic metadata, an allocation the call's reserve did not count
    /// (make test-oom-c).
    /// - Complexity: that of `read`
    @inlinable
    package func read<R, E: Error>(_ read: (borrowing TodoSet) throws(E) -> R) throws(E) -> R {
        try withUnsafeTemporaryAllocation(of: TodoSet.self, capacity: 1) { (stack) throws(E) -> R in
            let bits = stack.baseAddress!
            UnsafeMutableRawPointer(bits).copyMemory(from: UnsafeRawPointer(self), byteCount: MemoryLayout<TodoSet>.size)
            let set = bits.move()
            // Back to the stack, not destroyed: the copy owns none of the buffers it names.
            do throws(E) {
                let r = try read(set)
                bits.initialize(to: consume set)
                return r
            } catch {
                bits.initialize(to: consume set)
                throw error
            }
        }
    }

    /// `TodoSet.dayCounts(from:through:kind:)` of the set here, read in place.
    /// - Complexity: as `dayCounts(from:through:kind:)`
    package func dayCounts(from first: CivilDate, through last: CivilDate, kind: TodoKind) -> TodoDayCounts {
        read { $0.dayCounts(from: first, through: last, kind: kind) }
    }

    /// `TodoSet.writeDayCounts(from:through:kind:into:stride:)` of the set here, read in place.
    /// - Complexity: as `writeDayCounts(from:through:kind:into:stride:)`
    package func writeDayCounts(from first: CivilDate, through last: CivilDate, kind: TodoKind,
                                into out: UnsafeMutableRawPointer, stride: Int) {
        read { $0.writeDayCounts(from: first, through: last, kind: kind, into: out, stride: stride) }
    }

    /// `TodoSet.readAllocationBound(days:dayTableOf:)` of the set here, read in place.
    /// - Complexity: as `readAllocationBound(days:dayTableOf:)`
    package func readAllocationBound(days: Int, dayTableOf kind: TodoKind?) -> Int {
        read { $0.readAllocationBound(days: days, dayTableOf: kind) }
    }

    /// `TodoSet.count(from:through:kind:)` of the set here, read in place.
    /// - Complexity: as `count(from:through:kind:)`
    package func count(from first: CivilDate, through last: CivilDate, kind: TodoKind) -> Int {
        read { $0.count(from: first, through: last, kind: kind) }
    }

    /// `TodoSet.countAllocationBound()` of the set here, read in place.
    /// - Complexity: O(1)
    package func countAllocationBound() -> Int { read { $0.countAllocationBound() } }

    /// `TodoSet.writeIndicesAllocationBound()` of the set here, read in place.
    /// - Complexity: O(1), or as `readAllocationBound(days:dayTableOf:)`
    package func writeIndicesAllocationBound() -> Int { read { $0.writeIndicesAllocationBound() } }

    /// `TodoSet.indices(from:through:kind:)` of the set here, read in place.
    /// - Complexity: as `indices(from:through:kind:)`
    package func indices(from first: CivilDate, through last: CivilDate, kind: TodoKind) -> [Int] {
        read { $0.indices(from: first, through: last, kind: kind) }
    }

    /// `TodoSet.writeIndices(from:through:kind:into:capacity:)` of the set here, read in place.
    /// - Complexity: as `writeIndices(from:through:kind:into:capacity:)`
    package func writeIndices(from first: CivilDate, through last: CivilDate, kind: TodoKind,
                              into out: UnsafeMutablePointer<Int>?, capacity: Int) -> Int {
        read { $0.writeIndices(from: first, through: last, kind: kind, into: out, capacity: capacity) }
    }
}
