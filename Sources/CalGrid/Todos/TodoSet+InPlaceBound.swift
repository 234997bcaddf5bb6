// The allocation bound of a change made in place. `changeAllocationBound` counts every structure
// as regrowing with its old storage live, because a set whose storage another copy shares
// (`calgrid_todo_set_copy`, any Swift copy) copies each buffer it writes first: over 100 MB at 1M
// todos, which the C layer asked malloc for, and glibc mapped and unmapped, before every tick
// (14 us through C against 0.75 us in Swift, Benchmarks/README.md). A set that holds the only
// reference to its storage writes every buffer in place, so its change allocates only what it
// adds (a draft, a text record, flags) and what outgrows its capacity: that is the bound here,
// O(1) and still an upper bound (make test-oom holds it to each call's measured peak, a copied
// set's too).

/// Held by every copy of a set's storage and by nothing else (no accessor hands out a stored
/// array, the indexes keep no column): while one set holds the only reference, no other copy
/// shares any of its buffers or its cache, so a change writes them in place.
@usableFromInline
final class _StorageOwner: Sendable {
    @inlinable init() {}
}

extension TodoSet {
    /// True when no other copy of the set shares its storage (its columns, arenas, tables and
    /// cache): a change then writes them in place instead of copying them first.
    /// - Complexity: O(1)
    package mutating func isStorageUnshared() -> Bool { isKnownUniquelyReferenced(&_owner) }

    /// `changeAllocationBound(todos:textBytes:flagCount:days:)` for a change of this set, which
    /// also names the existing row it rewrites or removes (`row`: an update, a removal, a tick,
    /// an `isCompleted` change; nil for an insert). When no other copy shares the storage
    /// (`isStorageUnshared()`), only what the change adds and what outgrows its capacity: the
    /// staged todos, columns, rule side table, id table, text and flag arenas past their
    /// capacity, a compaction the change triggers, the done-day histograms and day tables
    /// widened to days they do not cover. Otherwise the general bound.
    /// - Complexity: O(1)
    package mutating func changeAllocationBound(todos: Int, textBytes: Int, flagCount: Int,
                                                days: ClosedRange<CivilDate>?, row: Int?) -> Int {
        // An isCompleted change of an open-ended todo with ticks puts them back into the
        // histograms, on days they may never have covered (imported completed): no O(1) bound of
        // those days but the general one.
        guard isStorageUnshared(), row.map({ _openRuleSlot($0) == nil || _columns.doneCount[$0] == 0 }) ?? true else {
            return changeAllocationBound(todos: todos, textBytes: textBytes, flagCount: flagCount, days: days)
        }
        let t = Swift.max(todos, 0), text = Swift.max(textBytes, 0), flags = Swift.max(flagCount, 0)
        let n = _add(count, t)
        var b = _add(TodoSet.constantAllocationBytes, _mul(text, 4))
        b = _add(b, _add(_mul(flags, 2), _mul(t, 256)))                   // drafts or staged rows
        let capacity = _columns.capacity
        if n > capacity {
            let perRow = capacity > 0 ? Swift.max(_columns.byteCount / capacity, 1) : 64
            b = _add(b, _mul(Swift.max(n, _mul(capacity, 2)), perRow))
        }
        // The rule side table gains an entry only with a new todo: its three arrays regrown at twice.
        let r = _rules
        if t > 0, r.rows.count + t > r.rows.capacity || r.rules.count + t > r.rules.capacity
            || r.trackedCounts.count + t > r.trackedCounts.capacity {
            b = _add(b, _mul(_add(r.rows.capacity, t), 2 * (8 + MemoryLayout<_TodoRule>.stride)))
        }
        if t > 0, _ids.needsResize(for: _add(_ids.count, t)) {
            b = _add(b, _mul(Swift.max(_mul(n, 2), _mul(_ids.slotCount, 2)), 4))
        }
        // Text: appended past its capacity (doubled), or compacted (a copy of what is live) when
        // the change leaves more garbage than live text or must make room below the limit.
        let textAfter = _add(_text.count, text)
        if textAfter > _text.capacity { b = _add(b, _mul(_add(_text.capacity, text), 2)) }
        var textGarbage = _textGarbage
        if let row { textGarbage = _add(textGarbage, _textRecordEnd(row) - Int(_columns.textOffset[row])) }
        if text > TodoSet.maxTextBytes - _text.count
            || (row != nil && textGarbage > 4096 && textGarbage > _text.count - textGarbage) {
            b = _add(b, textAfter)
        }
        // Flags: a new todo's span of them, an open-ended tick's moved ones (`flagCount`).
        var newBits = flags
        if t > 0, let days { newBits = _add(newBits, _mul(t, Int(days.upperBound.dayNumber) - Int(days.lowerBound.dayNumber) + 1)) }
        let newWords = newBits / 64 + 1
        if _add(_bits.count, newBits) / 64 + 1 > _bits._words.capacity {
            b = _add(b, _mul(_add(_bits._words.capacity, newWords), 16))
        }
        var bitsGarbage = _bitsGarbage
        if let row { bitsGarbage = _add(bitsGarbage, _flagBound(row)) }
        if newBits > TodoSet.maxCompletionFlags - _bits.count
            || (row != nil && bitsGarbage > 4096 && bitsGarbage > _bits.count - bitsGarbage) {
            b = _add(b, _mul(_add(_bits._words.count, newWords), 24))   // the fresh arena, grown by doubling
        }
        if let days {
            b = _add(b, _add(_histogramGrowthBytes(_doneByDay, days), _histogramGrowthBytes(_doneByDayChallenges, days)))
            b = _add(b, _cache._dayTableGrowthBytes(days, maxDays: _DayTable.maxDays(todoCount: n)))
        }
        if let row, let own = _finiteDays(row) {
            b = _add(b, _cache._dayTableGrowthBytes(own, maxDays: _DayTable.maxDays(todoCount: n)))
        }
        return b
    }

    /// An upper bound on the bytes `count(from:through:kind:)` allocates at once: the interval
    /// index when it is not built, and the list of the rows with a rule it looks through. (The
    /// bound of every read counts a result for every todo, 96 MB at 1M: mapped and unmapped on
    /// each count through C, 5.8 us against Swift's 0.45 us.)
    /// - Complexity: O(1)
    public func countAllocationBound() -> Int {
        var b = _add(TodoSet.constantAllocationBytes, _mul(_rules.count, 16))
        if _cache.intervalIndex() == nil { b = _add(b, _mul(count, 64)) }
        return b
    }

    /// An upper bound on the bytes `writeIndices(from:through:kind:into:capacity:)` allocates at
    /// once. With the interval index built and no rule, a large answer marks a bitmap (a bit a
    /// todo) and a small one, below `count / 256` or 64 rows, is gathered and radix-sorted (its
    /// rows, keys, scratch and result: 64 bytes a row counted, and three passes' counters);
    /// otherwise the bound of every read.
    /// (That bound counts a result for every todo, 96 MB at 1M: mapped and unmapped on every
    /// overlap through C, about 11 µs a call.)
    /// - Complexity: O(1), or as `readAllocationBound(days:dayTableOf:)`
    package func writeIndicesAllocationBound() -> Int {
        guard _rules.isEmpty, _cache.intervalIndex() != nil else { return readAllocationBound(days: 0, dayTableOf: nil) }
        let bitmap = _add(count / 8, 64)
        let sorted = _add(_mul(_add(count / 256, 64), 64), 3 * 2048 * 8)
        return _add(TodoSet.constantAllocationBytes, _add(bitmap, sorted))
    }

    /// At least the flags row `i` stores (its span for a tracked todo, the horizon of an
    /// open-ended one), without counting occurrences.
    func _flagBound(_ i: Int) -> Int {
        if _columns.flags[i] & TodoSet._tracked != 0 { return Int(_columns.end[i]) - Int(_columns.start[i]) + 1 }
        guard let k = _openRuleSlot(i) else { return 0 }
        return _rules.horizon(k)
    }

    /// The days from row `i`'s first finite date to its last (nil when undated).
    func _finiteDays(_ i: Int) -> ClosedRange<CivilDate>? {
        let s = _columns.start[i], e = _columns.end[i]
        let ds = _DayKey.isDay(s), de = _DayKey.isDay(e)
        guard ds || de else { return nil }
        let lo = ds ? s : e, hi = de ? e : s
        return CivilDate(_unchecked: Swift.min(lo, hi))...CivilDate(_unchecked: Swift.max(lo, hi))
    }

    /// What widening `h` to cover `days` allocates: nothing when it covers them already.
    func _histogramGrowthBytes(_ h: _DayHistogram, _ days: ClosedRange<CivilDate>) -> Int {
        let lo = Int(days.lowerBound.dayNumber), hi = Int(days.upperBound.dayNumber)
        let base = Int(h.base)
        if !h.counts.isEmpty, lo >= base, hi < base + h.counts.count { return 0 }
        let from = h.counts.isEmpty ? lo : Swift.min(base, lo)
        let to = h.counts.isEmpty ? hi + 1 : Swift.max(base + h.counts.count, hi + 1)
        return _mul(Swift.max(to - from, 64), 8)
    }
}
