import Synchronization

/// Holder of lazily built derived data (the interval index, the per-day tables); see `TodoSet._cache`.
///
/// Any number of threads may read one set at once, and the first read after a change builds these,
/// so each piece is published once through an atomic slot: a reader loads it with acquire ordering;
/// a reader that finds it missing builds it and offers it with a compare-exchange from nil
/// (acquire-release), and every thread then uses whichever was stored first. Two threads racing on
/// the first query may both build (one result is dropped); none ever sees a half-built one. Nothing
/// here changes after it is published, and a change to the set replaces the whole cache instead of
/// editing it, so copies of a set never see each other's caches go stale.
///
/// This is `AtomicLazyReference`'s protocol, written with `Atomic` because `AtomicLazyReference`'s
/// `load` and `storeIfNil` are compiled into the toolchain's Synchronization library, which
/// ThreadSanitizer does not instrument: it could not see the publication and reported every first
/// read after a change as a data race (`make test-c-tsan`). `Atomic`'s operations compile into
/// this module, so the race detector sees the real acquire and release.
@usableFromInline
final class _TodoSetCache: Sendable {
    @usableFromInline typealias Slot<T: Sendable> = Atomic<Unmanaged<_Published<T>>?>

    @usableFromInline let intervals = Slot<_IntervalIndex>(nil)
    /// Per-day tables by `TodoKind`; a published nil means the dated span is too wide for a table
    /// (`_DayTable.maxDays`), so later calls do not try again.
    @usableFromInline let dayTableAll = Slot<_DayTable?>(nil)
    @usableFromInline let dayTableChallenges = Slot<_DayTable?>(nil)
    @usableFromInline let dayTablePlain = Slot<_DayTable?>(nil)

    @inlinable init() {}

    /// A cache keeping `other`'s interval index but no day tables: for changes to completion or
    /// kind that leave every todo's dates alone.
    @inlinable init(intervalsOf other: _TodoSetCache) {
        if let x = Self._load(other.intervals) { _ = Self._storeIfNil(intervals, x) }
    }

    // Each slot holds the one retain it took when it published.
    @inlinable deinit {
        Self._release(intervals)
        Self._release(dayTableAll)
        Self._release(dayTableChallenges)
        Self._release(dayTablePlain)
    }

    /// The interval index, built by `build` on first use.
    @inlinable
    func intervalIndex(_ build: () -> _IntervalIndex) -> _IntervalIndex {
        Self._value(intervals, build)
    }

    /// The day table of `kind` (nil: too wide), built by `build` on first use.
    @inlinable
    func dayTable(_ kind: TodoKind, _ build: () -> _DayTable?) -> _DayTable? {
        switch kind {
        case .all: return Self._value(dayTableAll, build)
        case .challenges: return Self._value(dayTableChallenges, build)
        case .plain: return Self._value(dayTablePlain, build)
        }
    }

    @inlinable
    static func _value<T: Sendable>(_ slot: borrowing Slot<T>, _ build: () -> T) -> T {
        if let x = _load(slot) { return x.value }
        return _storeIfNil(slot, _Published(build())).value
    }

    @inlinable
    static func _load<T: Sendable>(_ slot: borrowing Slot<T>) -> _Published<T>? {
        slot.load(ordering: .acquiring)?.takeUnretainedValue()
    }

    /// Publishes `candidate` unless the slot already holds a value; returns what the slot holds.
    @inlinable
    static func _storeIfNil<T: Sendable>(_ slot: borrowing Slot<T>, _ candidate: _Published<T>) -> _Published<T> {
        let retained = Unmanaged.passRetained(candidate)
        let (stored, current) = slot.compareExchange(expected: nil, desired: retained, ordering: .acquiringAndReleasing)
        if stored { return candidate }
        retained.release()
        return current!.takeUnretainedValue()
    }

    @inlinable
    static func _release<T: Sendable>(_ slot: borrowing Slot<T>) {
        slot.load(ordering: .acquiring)?.release()
    }

    /// Bytes of what is built so far (for `memoryFootprint`).
    @usableFromInline
    var byteCount: (intervals: Int, dayTables: Int) {
        let tables = [Self._load(dayTableAll), Self._load(dayTableChallenges), Self._load(dayTablePlain)]
        return (Self._load(intervals)?.value.byteCount ?? 0, tables.reduce(0) { $0 + ($1?.value?.byteCount ?? 0) })
    }
}

/// An immutable value in a box, so that it can be published atomically by reference.
@usableFromInline
final class _Published<Value: Sendable>: Sendable {
    @usableFromInline let value: Value
    @inlinable init(_ value: Value) { self.value = value }
}
