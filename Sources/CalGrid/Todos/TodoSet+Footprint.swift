/// Where a `TodoSet`'s memory goes, in bytes of allocated capacity.
public struct TodoSetFootprint: Hashable, Sendable {
    public var todoCount: Int
    /// The fixed-size per-todo columns (32 bytes per todo).
    public var columnBytes: Int
    /// The id hash index (4 bytes per slot, at most 3/4 full).
    public var idIndexBytes: Int
    /// The UTF-8 text arena (ids, titles, memos, tags, a few bytes of lengths per todo, and text
    /// of removed or replaced todos not yet compacted).
    public var textBytes: Int
    /// The completion bitset arena: one bit per tracked day.
    public var flagBytes: Int
    /// Done counts per calendar day (4 bytes per day between the first and last done day).
    public var histogramBytes: Int
    /// The interval index when built (about 28 bytes per dated todo: its rows by start and by end
    /// with their keys, plus the nodes), else 0.
    public var intervalIndexBytes: Int
    /// The per-day tables of `dayCounts` when built (8 bytes per day of the dated span and kind
    /// asked for), else 0.
    public var dayTableBytes: Int
    /// The side table of recurrence rules (16 bytes per todo with a rule, plus the rules
    /// themselves, shared with the drafts they came from); 0 for a set without rules.
    public var ruleTableBytes: Int = 0
    /// The side table of times of day and locations (16 bytes per item with either, plus the
    /// locations' UTF-8); 0 for a set whose items have none.
    public var detailTableBytes: Int = 0

    public var totalBytes: Int {
        columnBytes + idIndexBytes + ruleTableBytes + textBytes + flagBytes + histogramBytes + intervalIndexBytes
            + dayTableBytes + detailTableBytes
    }

    /// (columns + id index) per todo: the "at most 48 bytes plus text plus one bit per tracked
    /// day" budget's fixed part. 0 for an empty set.
    public var fixedBytesPerTodo: Double {
        todoCount == 0 ? 0 : Double(columnBytes + idIndexBytes) / Double(todoCount)
    }
}

extension TodoSet {
    /// Bytes allocated by the set, by part.
    /// - Complexity: O(1)
    public var memoryFootprint: TodoSetFootprint {
        TodoSetFootprint(
            todoCount: count, columnBytes: _columns.byteCount, idIndexBytes: _ids.byteCount, textBytes: _text.capacity,
            flagBytes: _bits._words.capacity * 8,
            histogramBytes: (_doneByDay.counts.capacity + _doneByDayChallenges.counts.capacity) * 4,
            intervalIndexBytes: _cache.byteCount.intervals,
            dayTableBytes: _cache.byteCount.dayTables, ruleTableBytes: _rules.byteCount,
            detailTableBytes: _details.byteCount)
    }
}
