import Synchronization

/// Holder of lazily built derived data (the interval index, the per-day tables); see `TodoSet._cache`.
///
/// Any number of threads may read one set at once, and the first read after a change builds these,
/// so each piece is published once through an atomic slot: a reader loads it with acquire ordering;
/// a reader that finds it missing builds it and offers it with a compare-exchange from nil
/// (acquire-release), and every thread then uses whichever was stored first. Two threads racing on
/// the first query may both build (one result is dropped); none ever sees a half-built one.
///
/// A change to the set edits the cache only when the set holds the only reference to it
/// (`isKnownUniquelyReferenced`): then no other copy of the set, and so, under the set's contract,
/// no reader, can see it while it changes (the day tables are updated in place, the interval index
/// dropped). A cache shared with another copy is first copied (`init(tablesOf:keepingIntervals:)`,
/// the tables' counts shared until written), so copies of a set never see each other's changes.
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
    #if !hasFeature(Embedded)
    /// The agenda's index (`_AgendaIndex`): dropped with the interval index, and when a row is
    /// rewritten (its title or times may change); never carried to a copy. Not in an Embedded
    /// build: the slot's class (`_Published<_AgendaIndex>`) would put its metadata, and through it
    /// the index's destroy code, into every firmware's flash (Swift keeps a module's class
    /// metadata in one data section; 440 bytes measured), so there each agenda builds its index.
    @usableFromInline let agenda = Slot<_AgendaIndex>(nil)
    /// The alarms' index (`_AlarmIndex`): dropped with the agenda's, and when alarms are set; never
    /// carried to a copy. Not in an Embedded build, for the agenda's reason: there each alarms
    /// query builds its index.
    @usableFromInline let alarms = Slot<_AlarmIndex>(nil)
    #endif
    /// Per-day tables by table kind (`TodoKind._tableKind(at:)`: todos, challenges, plain todos,
    /// events); a published nil means the dated span is too wide for a table
    /// (`_DayTable.maxDays`), so later calls do not try again. `.all` and `.todos` name the todos'
    /// table: events are counted apart, in theirs.
    @usableFromInline let dayTableAll = Slot<_DayTable?>(nil)
    @usableFromInline let dayTableChallenges = Slot<_DayTable?>(nil)
    @usableFromInline let dayTablePlain = Slot<_DayTable?>(nil)
    @usableFromInline let dayTableEvents = Slot<_DayTable?>(nil)

    @inlinable init() {}


    /// A cache for a set about to change that shares this one: `other`'s day tables (copies,
    /// whose counts arrays share storage until written) and, when `keepingIntervals`, its
    /// interval index. Tables decided too wide are not carried over (decided again on next use).
    @inlinable init(tablesOf other: _TodoSetCache, keepingIntervals: Bool) {
        if keepingIntervals, let x = Self._load(other.intervals) { _ = Self._storeIfNil(intervals, x) }
        for k in 0..<TodoKind._tableKindCount {
            let kind = TodoKind._tableKind(at: k)
            if let table = other.dayTable(kind) ?? nil {
                _ = publish(_DayTable(first: table.first, counts: table.counts), for: kind)
            }
        }
    }

    /// Drops the interval index (and the agenda's). Only for a cache no other set references.
    @inlinable
    func dropIntervals() {
        Self._clear(intervals)
        #if !hasFeature(Embedded)
        Self._clear(agenda)
        Self._clear(alarms)
        #endif
    }

    /// Drops the agenda's index. Only for a cache no other set references.
    @inlinable
    func dropAgenda() {
        #if !hasFeature(Embedded)
        Self._clear(agenda)
        Self._clear(alarms)
        #endif
    }

    /// Drops the alarms' index. Only for a cache no other set references.
    @inlinable
    func dropAlarms() {
        #if !hasFeature(Embedded)
        Self._clear(alarms)
        #endif
    }

    /// Drops the day table of `kind` (built or decided too wide): the next `dayCounts` decides
    /// again. Only for a cache no other set references.
    @inlinable
    func dropDayTable(_ kind: TodoKind) {
        switch kind {
        case .all, .todos: Self._clear(dayTableAll)
        case .challenges: Self._clear(dayTableChallenges)
        case .plain: Self._clear(dayTablePlain)
        case .events: Self._clear(dayTableEvents)
        }
    }

    @inlinable
    static func _clear<T: Sendable>(_ slot: borrowing Slot<T>) {
        slot.exchange(nil, ordering: .acquiringAndReleasing)?.release()
    }

    // Each slot holds the one retain it took when it published.
    @inlinable deinit {
        Self._release(intervals)
        #if !hasFeature(Embedded)
        Self._release(agenda)
        Self._release(alarms)
        #endif
        Self._release(dayTableAll)
        Self._release(dayTableChallenges)
        Self._release(dayTablePlain)
        Self._release(dayTableEvents)
    }

    /// The interval index if it is built. Callers build and `publish` on nil; there is no
    /// build-closure form, because a closure capturing the set made every call copy the whole set
    /// (a retain per column) before even looking at the cache: 290 -> 420 ns for a cached
    /// 3-month `dayCounts`.
    @inlinable
    func intervalIndex() -> _IntervalIndex? { Self._value(intervals) }

    /// Publishes a freshly built interval index unless another thread did first; returns the one
    /// every reader uses from now on.
    @inlinable
    func publish(_ index: _IntervalIndex) -> _IntervalIndex { Self._publish(intervals, index) }

    // The agenda's and the alarms' indexes, loaded and published as the interval index is. An
    // Embedded build keeps neither (no slots): each query builds its index, `publish` hands it back.
    #if hasFeature(Embedded)
    @inlinable func agendaIndex() -> _AgendaIndex? { nil }
    @inlinable func publish(_ index: _AgendaIndex) -> _AgendaIndex { index }
    @inlinable func alarmIndex() -> _AlarmIndex? { nil }
    @inlinable func publish(_ index: _AlarmIndex) -> _AlarmIndex { index }
    #else
    @inlinable func agendaIndex() -> _AgendaIndex? { Self._value(agenda) }
    @inlinable func publish(_ index: _AgendaIndex) -> _AgendaIndex { Self._publish(agenda, index) }
    @inlinable func alarmIndex() -> _AlarmIndex? { Self._value(alarms) }
    @inlinable func publish(_ index: _AlarmIndex) -> _AlarmIndex { Self._publish(alarms, index) }
    #endif

    /// The day table of `kind` if it is decided: `.some(nil)` means too wide for a table; nil, not
    /// built yet (build it and `publish`).
    @inlinable
    func dayTable(_ kind: TodoKind) -> _DayTable?? {
        switch kind {
        case .all, .todos: return Self._load(dayTableAll).map { $0.value }
        case .challenges: return Self._load(dayTableChallenges).map { $0.value }
        case .plain: return Self._load(dayTablePlain).map { $0.value }
        case .events: return Self._load(dayTableEvents).map { $0.value }
        }
    }

    /// Publishes a freshly built day table of `kind` (nil: too wide) unless another thread did
    /// first; returns the one every reader uses from now on. Not through `_publish`: its four
    /// identical calls became a switch table in CalGrid.o's `.rodata`, which a firmware then links
    /// whole (934 bytes of flash).
    @inlinable
    func publish(_ table: _DayTable?, for kind: TodoKind) -> _DayTable? {
        switch kind {
        case .all, .todos: return Self._storeIfNil(dayTableAll, _Published(table)).value
        case .challenges: return Self._storeIfNil(dayTableChallenges, _Published(table)).value
        case .plain: return Self._storeIfNil(dayTablePlain, _Published(table)).value
        case .events: return Self._storeIfNil(dayTableEvents, _Published(table)).value
        }
    }

    /// The value `slot` holds, nil when nothing is published yet.
    @inlinable
    static func _value<T: Sendable>(_ slot: borrowing Slot<T>) -> T? { _load(slot)?.value }

    /// Publishes `value` unless the slot already holds one; returns the one every reader uses.
    @inlinable
    static func _publish<T: Sendable>(_ slot: borrowing Slot<T>, _ value: T) -> T { _storeIfNil(slot, _Published(value)).value }

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
        let tables = [Self._load(dayTableAll), Self._load(dayTableChallenges), Self._load(dayTablePlain),
                      Self._load(dayTableEvents)]
        // The agenda's and the alarms' indexes count with the interval index they extend.
        #if hasFeature(Embedded)
        let agendaBytes = 0
        #else
        let agendaBytes = (Self._load(agenda)?.value.bytes ?? 0) + (Self._load(alarms)?.value.bytes ?? 0)
        #endif
        return ((Self._load(intervals)?.value.byteCount ?? 0) + agendaBytes,
                tables.reduce(0) { $0 + ($1?.value?.byteCount ?? 0) })
    }
}

/// An immutable value in a box, so that it can be published atomically by reference.
@usableFromInline
final class _Published<Value: Sendable>: Sendable {
    @usableFromInline let value: Value
    @inlinable init(_ value: Value) { self.value = value }
}
