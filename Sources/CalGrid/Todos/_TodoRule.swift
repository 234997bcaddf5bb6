// A todo's recurrence, boxed, as the set asks it. The set reaches the recurrence engine (the
// occurrence expansion and its searches) only through the one function a rule box holds, stored
// when the box is made; the RRULE parser only through the reference `TodoBatch.setRule` stores
// (`TodoBatch._parseRule`). Both are linked only where a rule is made (staging one, or a draft's
// `recurrence`), so a firmware that never makes one leaves the engine and the parser out of its
// flash, though insert, the per-day counts and ticks all handle rule rows (docs/embedded.md,
// "Rules only where a firmware has one"). A function value and not a class hierarchy: Swift puts
// every class's metadata, vtable included, into one data section, which `--gc-sections` cannot
// split, so an overriding method is linked whenever any type of the module is.

/// A todo's recurrence, boxed: `TodoFields` holds one reference (nil for the common todo without
/// a rule) and the set's side table shares it, so a rule is never copied per query.
@usableFromInline
final class _TodoRule: Hashable, Sendable {
    @usableFromInline let recurrence: Recurrence
    /// `_TodoRule._answer`: every question below goes through it (see the top of the file).
    let _ask: @Sendable (Recurrence, _RuleQuestion, Int32, Int32, (Int32) -> Bool, UnsafeMutableRawPointer?) -> Int
    /// Its pattern words (`_RuleExpansion.patternWords`) and the last day its rule may add (COUNT
    /// and UNTIL applied; below the start when it adds none) in the low half of the fourth; all
    /// zero when its rows are walked alone (RDATE or EXDATE days, or a pattern the words cannot
    /// hold). The set copies them into a column of its own (`_TodoRules.keys`).
    let _key: (UInt64, UInt64, UInt64, UInt64)
    /// `TodoSet._deadlineColumn`: the set's end column with each rule row's deadline, the deadline
    /// sort's keys. Held here and not called by name, so that a firmware that sorts by deadline and
    /// never makes a rule links none of it (Cortex-M4 flash: docs/history.md).
    let _deadlines: @Sendable (TodoSet) -> [Int32]

    /// The one way a rule box is made. Not the initializer: Embedded Swift's class metadata lists
    /// the allocating initializer, and so links whatever it names.
    @usableFromInline
    static func _make(_ recurrence: Recurrence) -> _TodoRule {
        _TodoRule(recurrence, ask: { _answer($0, $1, $2, $3, $4, $5) }, key: _key(of: recurrence), deadlines: { $0._deadlineColumn() })
    }

    init(_ recurrence: Recurrence, ask: @escaping @Sendable (Recurrence, _RuleQuestion, Int32, Int32, (Int32) -> Bool, UnsafeMutableRawPointer?) -> Int,
         key: (UInt64, UInt64, UInt64, UInt64), deadlines: @escaping @Sendable (TodoSet) -> [Int32]) {
        self.recurrence = recurrence
        _ask = ask
        _key = key
        _deadlines = deadlines
    }

    /// `_key` of a box of `r`.
    static func _key(of r: Recurrence) -> (UInt64, UInt64, UInt64, UInt64) {
        guard r.rdates.isEmpty, r.exdates.isEmpty, let x = r._expansion, let (a, b, c) = x.patternWords else { return (0, 0, 0, 0) }
        let last = r._ruleFirst == nil ? x.start &- 1 : r._ruleLast
        return (a, b, c, UInt64(UInt32(truncatingIfNeeded: last)))
    }

    /// Calls `body` with each day of its pattern in the day keys `lo...hi` (its start and bounds
    /// set aside; see `_key`), ascending, until it returns false.
    /// - Complexity: O(the rule's periods in the range × days per period)
    func forEachPatternDay(_ lo: Int32, _ hi: Int32, _ body: (Int32) -> Bool) {
        _ = _ask(recurrence, .pattern, lo, hi, body, nil)
    }

    @usableFromInline static func == (a: _TodoRule, b: _TodoRule) -> Bool { a === b || a.recurrence == b.recurrence }
    @usableFromInline func hash(into h: inout Hasher) { h.combine(recurrence) }

    /// Adds the rows of `build` to its table the grouped way (`_DayTable._addGroupedRuleRows`):
    /// through the box, so that a firmware that never makes a rule never links the grouping.
    /// - Complexity: as `_DayTable._addGroupedRuleRows`
    func addGroupedRows(_ build: inout _RuleRowsBuild) {
        _ = withUnsafeMutablePointer(to: &build) { _ask(recurrence, .group, 0, 0, { _ in false }, UnsafeMutableRawPointer($0)) }
    }

    /// Calls `body` with each occurrence in the day keys `lo...hi` (sentinels allowed), ascending,
    /// until it returns false.
    /// - Complexity: O(occurrences and periods up to where `body` stops)
    @usableFromInline
    func forEachOccurrence(_ lo: Int32, _ hi: Int32, _ body: (Int32) -> Bool) {
        _ = _ask(recurrence, .forEach, lo, hi, body, nil)
    }

    /// How many occurrences lie in the day keys `lo...hi`.
    /// - Complexity: O(occurrences and periods in the range)
    @usableFromInline
    func count(_ lo: Int32, _ hi: Int32) -> Int { _ask(recurrence, .count, lo, hi, { _ in false }, nil) }

    /// Whether some occurrence lies in the day keys `lo...hi`.
    /// - Complexity: O(periods up to the first occurrence in the range)
    @usableFromInline
    func occurs(_ lo: Int32, _ hi: Int32) -> Bool { _ask(recurrence, .occurs, lo, hi, { _ in false }, nil) != 0 }

    /// Whether day `d` is an occurrence.
    /// - Complexity: O(days in the rule's period of `d`)
    @usableFromInline
    func contains(_ d: Int32) -> Bool { _ask(recurrence, .contains, d, d, { _ in false }, nil) != 0 }

    /// The last occurrence before `day` and the first after it (for the error of a tick between them).
    /// - Complexity: O(periods searched)
    @usableFromInline
    func neighbours(of day: CivilDate) -> (previous: CivilDate?, next: CivilDate?) {
        func date(_ n: Int) -> CivilDate? { n == _TodoRule._none ? nil : CivilDate(_unchecked: Int32(truncatingIfNeeded: n)) }
        let d = day.dayNumber
        return (date(_ask(recurrence, .previous, d, d, { _ in false }, nil)), date(_ask(recurrence, .next, d, d, { _ in false }, nil)))
    }

    /// The last occurrence on or before day key `d` (a day), nil when there is none.
    /// - Complexity: O(1) when `d` is one, else O(periods searched)
    @usableFromInline
    func last(onOrBefore d: Int32) -> Int32? {
        if _ask(recurrence, .contains, d, d, { _ in false }, nil) != 0 { return d }
        let p = _ask(recurrence, .previous, d, d, { _ in false }, nil)
        return p == _TodoRule._none ? nil : Int32(truncatingIfNeeded: p)
    }

    /// No day: no supported day number is `Int.min`, where `Int` has 32 bits or 64.
    static var _none: Int { Int.min }

    /// The day range `lo...hi` of keys (sentinels allowed) clamped to the supported days; nil when empty.
    @inlinable
    static func _days(_ lo: Int32, _ hi: Int32) -> ClosedRange<CivilDate>? {
        let a = Swift.max(lo, CivilDate.minDayNumber), b = Swift.min(hi, CivilDate.maxDayNumber)
        guard a <= b else { return nil }
        return CivilDate(_unchecked: a)...CivilDate(_unchecked: b)
    }

    /// The engine's answer to `question` over the day keys `lo...hi` (`lo` the day for the
    /// one-day questions): a count, 1 or 0 for yes or no, a day number or `_none`.
    static func _answer(_ r: Recurrence, _ question: _RuleQuestion, _ lo: Int32, _ hi: Int32,
                        _ body: (Int32) -> Bool, _ build: UnsafeMutableRawPointer?) -> Int {
        switch question {
        case .group:
            _DayTable._addGroupedRuleRows(build!.assumingMemoryBound(to: _RuleRowsBuild.self).pointee)
            return 0

        case .contains:
            guard lo >= CivilDate.minDayNumber, lo <= CivilDate.maxDayNumber else { return 0 }
            return r.contains(CivilDate(_unchecked: lo)) ? 1 : 0
        case .previous, .next:
            guard lo >= CivilDate.minDayNumber, lo <= CivilDate.maxDayNumber else { return _none }
            let day = CivilDate(_unchecked: lo)
            let found = question == .previous ? r.previous(before: day) : r.next(after: day)
            return found.map { Int($0.dayNumber) } ?? _none
        case .pattern:
            guard let x = r._expansion, let days = _days(lo, hi) else { return 0 }
            x.forEachPatternDay(Int(days.lowerBound.dayNumber), Int(days.upperBound.dayNumber)) { body(Int32(truncatingIfNeeded: $0)) }
            return 0
        case .forEach, .count, .occurs:
            guard let days = _days(lo, hi) else { return 0 }
            var it = r.occurrences(in: days)
            var n = 0
            while let d = it.next() {
                n &+= 1
                if question == .occurs || (question == .forEach && !body(d.dayNumber)) { break }
            }
            return n
        }
    }
}

/// What the set asks a rule (`_TodoRule._answer`); `.group` passes a `_RuleRowsBuild`.
@usableFromInline
enum _RuleQuestion: UInt8, Sendable {
    case forEach, count, occurs, contains, previous, next, pattern, group
}
