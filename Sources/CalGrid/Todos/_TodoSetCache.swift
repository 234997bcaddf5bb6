import Synchronization

/// Holder of lazily built derived data (the interval index, the per-day tables); see `TodoSet._cache`.
///
/// Any number of threads may read one set at once, and the first read after a change builds these,
/// so each piece is published through an `AtomicLazyReference` (Embedded-compatible, lock-free): a
/// reader loads it with acquire ordering; a reader that finds it missing builds it and offers it
/// with `storeIfNil`, and every thread then uses whichever was stored first. Two threads racing on
/// the first query may both build (one result is dropped); none ever sees a half-built one. Nothing
/// here changes after it is published, and a change to the set replaces the whole cache instead of
/// editing it, so copies of a set never see each other's caches go stale.
@usableFromInline
final class _TodoSetCache: Sendable {
    @usableFromInline let intervals = AtomicLazyReference<_Published<_IntervalIndex>>()
    /// Per-day tables by `TodoKind`; a published nil means the dated span is too wide for a table
    /// (`_DayTable.maxDays`), so later calls do not try again.
    @usableFromInline let dayTableAll = AtomicLazyReference<_Published<_DayTable?>>()
    @usableFromInline let dayTableChallenges = AtomicLazyReference<_Published<_DayTable?>>()
    @usableFromInline let dayTablePlain = AtomicLazyReference<_Published<_DayTable?>>()

    @inlinable init() {}

    /// A cache keeping `other`'s interval index but no day tables: for changes to completion or
    /// kind that leave every todo's dates alone.
    @inlinable init(intervalsOf other: _TodoSetCache) {
        if let x = other.intervals.load() { _ = intervals.storeIfNil(x) }
    }

    /// The interval index, built by `build` on first use.
    @inlinable
    func intervalIndex(_ build: () -> _IntervalIndex) -> _IntervalIndex {
        if let x = intervals.load() { return x.value }
        return intervals.storeIfNil(_Published(build())).value
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
    static func _value<T: Sendable>(_ slot: borrowing AtomicLazyReference<_Published<T>>, _ build: () -> T) -> T {
        if let x = slot.load() { return x.value }
        return slot.storeIfNil(_Published(build())).value
    }

    /// Bytes of what is built so far (for `memoryFootprint`).
    @usableFromInline
    var byteCount: (intervals: Int, dayTables: Int) {
        let tables = [dayTableAll.load(), dayTableChallenges.load(), dayTablePlain.load()]
        return (intervals.load()?.value.byteCount ?? 0, tables.reduce(0) { $0 + ($1?.value?.byteCount ?? 0) })
    }
}

/// An immutable value in a box, so that it can be published atomically by reference.
@usableFromInline
final class _Published<Value: Sendable>: Sendable {
    @usableFromInline let value: Value
    @inlinable init(_ value: Value) { self.value = value }
}
