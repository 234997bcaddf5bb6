/// The days a recurring todo falls on: its start day, a rule's days, added days (RDATE) and
/// removed days (EXDATE), per RFC 5545 §3.8.5 on civil days.
///
/// The occurrences are `({start} ∪ rule days ∪ rdates) − exdates`, where the rule's days are
/// those on or after `start` and within its `UNTIL` (inclusive) and `COUNT`. The start day is always
/// an occurrence and counts toward `COUNT`, even when the rule does not produce it (RFC 5545; python-
/// dateutil differs here). EXDATE removes days without extending `COUNT`; RDATE days are added
/// whatever the rule's bounds. An `UNTIL` before the start leaves the start day alone.
///
/// Construction does the one-time work (the day COUNT ends on, whether the rule ever occurs); every
/// query after it is a bounded scan of the rule's periods near the asked day, without allocation.
public struct Recurrence: Sendable {
    /// The first occurrence (DTSTART).
    public let start: CivilDate
    /// The rule, or nil for a start day plus `rdates` only.
    public let rule: RecurrenceRule?
    /// Added days (RDATE), sorted, without repeats.
    public let rdates: [CivilDate]
    /// Removed days (EXDATE), sorted, without repeats.
    public let exdates: [CivilDate]

    let _expansion: _RuleExpansion?
    /// The expansion of an `RSCALE=DANGI` rule (then `_expansion` is nil); nil otherwise.
    let _lunar: _LunarExpansion?
    /// The last day the rule may fall on (UNTIL and COUNT applied); below `start` when it has none.
    let _ruleLast: Int
    /// The first rule day (on or after start), or nil when the rule never falls on a day.
    let _ruleFirst: Int?

    /// Binds `rule` to `start`. A UTC `UNTIL` bounds the rule at its local day in `zone`.
    /// `rdates` and `exdates` may come in any order and repeat.
    /// - Complexity: O(r log r) for the day lists, plus finding where `COUNT` ends: O(min(COUNT,
    ///   cycle) periods), where a cycle is the rule's periods in 400 years (at most 146,097); and
    ///   for a rule that never occurs, one cycle to find that out.
    public init(start: CivilDate, rule: RecurrenceRule?, zone: TimeZoneRules = .utc,
                rdates: [CivilDate] = [], exdates: [CivilDate] = []) {
        self.init(start: start, rule: rule, untilDay: rule?.until?.day(in: zone), rdates: rdates, exdates: exdates)
    }

    /// Binds `rule` to `start`, its `UNTIL` already a day (`untilDay`, nil without one).
    @usableFromInline
    init(start: CivilDate, rule: RecurrenceRule?, untilDay: CivilDate?, rdates: [CivilDate], exdates: [CivilDate]) {
        self.start = start
        self.rule = rule
        self.rdates = Recurrence._sortedUnique(rdates)
        self.exdates = Recurrence._sortedUnique(exdates)
        guard let rule else {
            _expansion = nil
            _lunar = nil
            _ruleLast = Int(start.dayNumber) - 1
            _ruleFirst = nil
            return
        }
        guard rule._scale == 0 else {
            _expansion = nil
            let l = _LunarExpansion(rule, start: start)
            _lunar = l
            (_ruleFirst, _ruleLast) = Recurrence._lunarBounds(l, rule, untilDay)
            return
        }
        _lunar = nil
        let x = _RuleExpansion(rule, start: start)
        _expansion = x
        var last = Int(untilDay?.dayNumber ?? CivilDate.maxDayNumber)
        let first = x.first(onOrAfter: x.start, through: last)
        if let count = rule.count {
            // The start day is the first occurrence whether or not the rule makes it.
            let ruleCount = first == x.start ? count : count - 1
            last = ruleCount == 0 ? x.start - 1 : (x.day(number: ruleCount, through: last) ?? last)
        }
        _ruleLast = last
        _ruleFirst = first.flatMap { $0 <= last ? $0 : nil }
    }

    /// Binds `rule` to `start` with the bounds an earlier binding found (`_ruleFirst`,
    /// `_ruleLast`): a set's snapshot (TodoSet+Snapshot.swift) keeps those rather than the zone its
    /// `UNTIL` was read in, which they came from.
    /// - Complexity: O(r log r) for the day lists; no search for `COUNT`'s end
    init(start: CivilDate, rule: RecurrenceRule?, rdates: [CivilDate], exdates: [CivilDate], ruleFirst: Int?, ruleLast: Int) {
        self.start = start
        self.rule = rule
        self.rdates = Recurrence._sortedUnique(rdates)
        self.exdates = Recurrence._sortedUnique(exdates)
        _ruleFirst = ruleFirst
        _ruleLast = ruleLast
        guard let rule else { _expansion = nil; _lunar = nil; return }
        if rule._scale == 0 { _expansion = _RuleExpansion(rule, start: start); _lunar = nil }
        else { _expansion = nil; _lunar = _LunarExpansion(rule, start: start) }
    }

    static func _sortedUnique(_ days: [CivilDate]) -> [CivilDate] {
        guard days.count > 1 else { return days }
        var out = days
        out.sort()
        var w = 1
        for i in 1..<out.count where out[i] != out[w - 1] {
            out[w] = out[i]
            w += 1
        }
        out.removeLast(out.count - w)
        return out
    }

    /// The first day the rule itself gives on or after `start` (within its UNTIL and COUNT); nil
    /// without a rule or when it falls on no day. RFC 5545 leaves a DTSTART the rule does not give
    /// undefined, so a todo synchronised to its rule starts here (`calgrid add --repeat`).
    /// - Complexity: O(1)
    public var firstRuleDay: CivilDate? { _ruleFirst.map { CivilDate(_unchecked: Int32(truncatingIfNeeded: $0)) } }

    /// True when the rule falls on no day at all (`FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30`): then the
    /// occurrences are the start day and the RDATE days only. False without a rule.
    /// - Complexity: O(1)
    public var ruleNeverOccurs: Bool { rule != nil && _ruleFirst == nil }

    /// The last occurrence when there is one (the rule has `COUNT` or `UNTIL`, or no rule); nil when
    /// the occurrences go on to 9999-12-31 or beyond it.
    /// - Complexity: O(cycle) periods for a bounded rule, O(log r) otherwise.
    public var lastOccurrence: CivilDate? {
        if let r = rule, r.count == nil && r.until == nil && _ruleFirst != nil { return nil }
        return contains(.max) ? .max : previous(before: .max)
    }

    /// Whether `day` is an occurrence.
    /// - Complexity: O(log r + days in the rule's period of `day`), no allocation.
    public func contains(_ day: CivilDate) -> Bool {
        if Recurrence._search(exdates, day) { return false }
        if day == start || Recurrence._search(rdates, day) { return true }
        let d = Int(day.dayNumber)
        guard let x = _expansion, _ruleFirst != nil, d <= _ruleLast else {
            return _ruleFirst != nil && d <= _ruleLast && _lunar?.contains(d) == true
        }
        return x.contains(d)
    }

    /// The index of the first element of `days` at or after `day`.
    static func _lowerBound(_ days: [CivilDate], _ day: CivilDate) -> Int {
        var lo = 0, hi = days.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if days[mid] < day { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    static func _search(_ days: [CivilDate], _ day: CivilDate) -> Bool {
        let i = _lowerBound(days, day)
        return i < days.count && days[i] == day
    }
}

extension Recurrence {
    /// The first rule day and the last day a lunar rule may fall on (UNTIL and COUNT applied), as
    /// the Gregorian part of `init` finds them.
    @inline(never)
    static func _lunarBounds(_ l: _LunarExpansion, _ rule: RecurrenceRule, _ untilDay: CivilDate?) -> (Int?, Int) {
        var last = Int(untilDay?.dayNumber ?? CivilDate.maxDayNumber)
        let first = l.first(onOrAfter: l.start, through: last)
        if let count = rule.count {
            let ruleCount = first == l.start ? count : count - 1
            last = ruleCount == 0 ? l.start - 1 : (l.day(number: ruleCount, through: last) ?? last)
        }
        return (first.flatMap { $0 <= last ? $0 : nil }, last)
    }
}
