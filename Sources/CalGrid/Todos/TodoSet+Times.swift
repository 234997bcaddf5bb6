// An item's times of day and location, read from the set's side table (_TodoDetails.swift).

extension TodoSet {
    /// The times of day of the item at `i` (`TodoFields.times`), nil for an all-day or date-only item.
    /// - Complexity: O(log D), D the items with times or a location; O(1) when none has.
    @inlinable
    public func times(at i: Int) -> TodoTimes? {
        _check(i)
        return _details.times(ofRow: i)
    }

    /// The times of the item at `i` on `day`, a day one of its occurrences covers: its own when
    /// its times keep their wall-clock time in a zone other than the one they were read in
    /// (`timeZone(at:)`: where the two zones change offset on different dates, an occurrence's
    /// time moves by their difference), else `times(at:)`. The day never changes (a time never
    /// moves an item to another day); an occurrence whose own start would fall on another day
    /// there keeps the item's times. Every view of an occurrence's times reads this (the agenda
    /// too, `TodoOccurrence.times`).
    /// - Complexity: O(log D + log transitions), plus O(days an occurrence covers) rule tests
    public func times(at i: Int, on day: CivilDate) -> TodoTimes? {
        _check(i)
        guard let t = _details.times(ofRow: i) else { return nil }
        guard let z = _details.zoned(ofRow: i) else { return t }
        let s = _columns.start[i]
        guard _DayKey.isDay(s), day.dayNumber > s else { return t }
        // The occurrence covering `day`: the latest one starting on or before it.
        var o = day.dayNumber
        if let rule = _rule(i) {
            let lowest = Swift.max(s, day.dayNumber &- _extra(i))
            while o > lowest && !rule.contains(o) { o &-= 1 }
        } else {
            o = s
        }
        return o == s ? t : _occurrenceTimes(z, o, t)
    }

    /// The times of the occurrence of zoned times `z` starting on day `o`, `t` (the first's) when
    /// its start there is on another day.
    @inline(__always)
    func _occurrenceTimes(_ z: _ZonedTimes, _ o: Int32, _ t: TodoTimes) -> TodoTimes {
        z.times(on: o, _alarms.zones) ?? t
    }

    /// The zones of the times of the item at `i` (`TodoDraft.timeZone`), nil when they are read in
    /// their own zone or it has none.
    /// - Complexity: O(log D)
    public func timeZone(at i: Int) -> TodoTimeZone? {
        _check(i)
        guard let z = _details.zoned(ofRow: i) else { return nil }
        return TodoTimeZone(source: _alarms.zones[z.source], readIn: _alarms.zones[z.readIn])
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
