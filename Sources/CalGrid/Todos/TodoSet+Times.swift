// An item's times of day and location, read from the set's side table (_TodoDetails.swift).

extension TodoSet {
    /// The times of day of the item at `i` (`TodoFields.times`), nil for an all-day or date-only item.
    /// - Complexity: O(log D), D the items with times or a location; O(1) when none has.
    @inlinable
    public func times(at i: Int) -> TodoTimes? {
        _check(i)
        return _details.times(ofRow: i)
    }

    /// The location of the item at `i` (`TodoDraft.location`), nil when it has none.
    /// - Complexity: O(log D + length of the location)
    public func location(at i: Int) -> String? {
        _check(i)
        guard !_details.isEmpty, let k = _details.slot(ofRow: i), _details.locationCounts[k] >= 0 else { return nil }
        let s = Int(_details.locationStarts[k]), c = Int(_details.locationCounts[k])
        return String(decoding: _details.locationText[s..<(s + c)], as: UTF8.self)
    }

    /// `body` on the UTF-8 bytes of the location of the item at `i`, read in place; nil when it has none.
    /// - Complexity: O(log D) plus `body`
    public func withLocationBytes<R>(at i: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        _check(i)
        guard !_details.isEmpty, let k = _details.slot(ofRow: i), _details.locationCounts[k] >= 0 else { return nil }
        let s = Int(_details.locationStarts[k]), c = Int(_details.locationCounts[k])
        return _details.locationText.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[s..<(s + c)])) }
    }

    /// Whether any item of the set has times of day or a location (else every `times(at:)` is nil
    /// without a search).
    /// - Complexity: O(1)
    @inlinable public var hasTimesOrLocations: Bool { !_details.isEmpty }
}
