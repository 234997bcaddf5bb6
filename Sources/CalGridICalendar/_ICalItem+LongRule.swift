// A rule whose occurrences outrun the span limit (issue 41: DAILY;COUNT=40000, COUNT=1000000000).
// Stored with its last occurrence as the todo's end it would be a span of that many days, one
// completion flag per occurrence, which the store's reader refuses; kept as the set keeps an
// endless rule (a start, no end: TodoSet+OpenTicks), its own COUNT or UNTIL still ends it, and
// every query expands only the days it asks for. Its ticks are kept as an endless rule's, as far
// as the last one; a completed item is done as a whole by its STATUS. A todo CalGrid wrote without
// an end (X-CALGRID-END:NONE beside a rule that ends by itself) reads back the same way, so its
// flags are never those of every occurrence up to COUNT (2.9 million days for COUNT=1000000000).
import CalGrid

extension _ICalItem {
    /// Drops the end the rule gave the item, keeping the rule: the set stores it open-ended, its
    /// flags (`_ICalRecurrence.flags`) as far as the last tick.
    /// - Complexity: O(1)
    mutating func keepAsRule() {
        end = nil
        recurrence?.last = nil
    }
}
