// The rows with a rule in a day table's build. Walked alone, a row costs its rule's periods over the
// table's whole span (about 2 µs a row: 117× a weekday-only build at 1M todos, 30 % with rules).
// Rows whose rules share a pattern (`_TodoRule._key`: the same days from their starts on) share one
// list of the pattern's days over the table instead, listed when the first such row comes, and
// each row is one +v/−v run in a difference array over that list: from its first pattern day after
// its start to its last one by its end and its rule's bound (COUNT, UNTIL). Its start day, always an
// occurrence, is added on its own. Rows with RDATE or EXDATE days, patterns the words cannot hold
// and rows whose pattern would take the lists past their budget are walked alone. Builds with the
// invariant checks compare every grouped build with the walk of every row alone.

extension _DayTable {
    /// Adds every row with a rule (of the kind) into the difference array `plain` over
    /// `first...last`: +v on each occurrence, −v the day after.
    /// - Complexity: O(R + the listed patterns' periods in the table + the days of the rows walked
    ///   alone); O(R + their occurrences and periods in the table) at most
    static func _addRuleRows(of set: TodoSet, kindMask: UInt8, kindWant: UInt8, first: Int32, last: Int32,
                             into plain: inout [Int64]) {
        #if CALGRID_INVARIANTS
        precondition(_ruleRowMismatches(of: set, kindMask: kindMask, kindWant: kindWant, first: first, last: last, runSkew: 0) == 0,
                     "TodoSet day table: rule rows grouped by pattern differ from each row walked alone")
        #endif
        _addRuleRows(of: set, kindMask: kindMask, kindWant: kindWant, first: first, last: last, grouped: true, into: &plain)
    }

    #if CALGRID_INVARIANTS
    /// Days of `first...last` on which the grouped build of the rule rows differs from every row
    /// walked alone: 0 when all is well. `runSkew` lengthens each grouped run by that many pattern
    /// days (a wrong bound, which the tests' negative control must see); `positionBudget` is the
    /// position tables' (`_RuleRowsBuild.positionBudget`: 0 searches every pattern's days, a
    /// large one tables them all).
    /// - Complexity: O(R + their occurrences and periods in the table + days)
    static func _ruleRowMismatches(of set: TodoSet, kindMask: UInt8, kindWant: UInt8, first: Int32, last: Int32,
                                   runSkew: Int, positionBudget: Int = -1) -> Int {
        let days = Int(last) - Int(first) + 1
        var grouped = [Int64](repeating: 0, count: days + 1), alone = grouped
        if !set._rules.isEmpty {
            grouped.withUnsafeMutableBufferPointer { p in
                withUnsafePointer(to: set) { s in
                    var build = _RuleRowsBuild(set: s, kindMask: kindMask, kindWant: kindWant, first: first, last: last,
                                               runSkew: runSkew, plain: p)
                    build.positionBudget = positionBudget
                    _addGroupedRuleRows(build)
                }
            }
        }
        _addRuleRows(of: set, kindMask: kindMask, kindWant: kindWant, first: first, last: last, grouped: false, into: &alone)
        var a: Int64 = 0, b: Int64 = 0, bad = 0
        for t in 0..<days {
            a &+= grouped[t]; b &+= alone[t]
            if a != b { bad &+= 1 }
        }
        return bad
    }
    #endif

    /// The build of `_addRuleRows`; with `grouped` false every row is walked alone. The grouping
    /// is reached through a rule box (`_TodoRule.addGroupedRows`), so a firmware that never makes a
    /// rule links only the walk.
    static func _addRuleRows(of set: TodoSet, kindMask: UInt8, kindWant: UInt8, first: Int32, last: Int32,
                             grouped: Bool, into plain: inout [Int64]) {
        plain.withUnsafeMutableBufferPointer { p in
            if grouped, let box = set._rules.rules.first {
                // The set by reference: a firmware, which never groups, then links no copy of one.
                withUnsafePointer(to: set) { s in
                    var build = _RuleRowsBuild(set: s, kindMask: kindMask, kindWant: kindWant, first: first, last: last,
                                               runSkew: 0, plain: p)
                    box.addGroupedRows(&build)
                }
                return
            }
            for k in 0..<set._rules.count { _walkRuleRow(k, of: set, kindMask: kindMask, kindWant: kindWant, first: first, last: last, into: p) }
        }
    }

    /// Adds the row at rule slot `k` (when of the kind) into `p` over `first...last` by walking its
    /// occurrences.
    /// - Complexity: O(its occurrences and periods in the table)
    static func _walkRuleRow(_ k: Int, of set: TodoSet, kindMask: UInt8, kindWant: UInt8, first: Int32, last: Int32,
                             into p: UnsafeMutableBufferPointer<Int64>) {
        let i = Int(set._rules.rows[k]), f = set._columns.flags[i]
        guard f & kindMask == kindWant else { return }
        // An occurrence covers `extra` days after its first: one starting that many days before
        // the table still counts on its first days, and its run ends `extra` days later (at
        // most at the array's spare entry).
        let x = set._rules.extra(k), end = set._columns.end[i]
        let s = Swift.max(set._columns.start[i], first &- x), e = Swift.min(_DayKey.isDay(end) ? end &- x : end, last)
        guard s <= e else { return }
        let v = _DayTable._value(f)
        let base = Int(first), spare = p.count &- 1
        set._rules.rules[k].forEachOccurrence(s, e) { d in
            let t = Int(d) &- base
            p[Swift.max(t, 0)] &+= v
            p[Swift.min(t &+ Int(x) &+ 1, spare)] &-= v
            return true
        }
    }

    /// The grouped build of `b`'s rows (see the top of the file).
    /// - Complexity: O(R + the listed patterns' periods in the table + the days of the rows walked
    ///   alone + the position tables' entries, at most 4R + 65,536); O(log P) more a row of a pattern
    ///   without a table (P: its listed days)
    static func _addGroupedRuleRows(_ b: _RuleRowsBuild) {
        let set = b.set.pointee, kindMask = b.kindMask, kindWant = b.kindWant, first = b.first, last = b.last
        let runSkew = b.runSkew, p = b.plain
        let rules = set._rules, c = set._columns
        let base = Int(first), days = Int(last) &- base &+ 1
        // Open addressing, a power of two at least twice the rows (at most 4,096: the patterns met
        // past half of it are walked alone): per slot the pattern's three words, where its days
        // are (`_RuleRowsBuild.walked`, `tabled` or a listed pattern's first entry and count) and
        // the days its rows' occurrences cover after their first (rows of one pattern and
        // different lengths are listed apart); a free slot has a zero second word, which no
        // pattern has.
        var size = 64
        while size < 2 &* rules.count && size < 4096 { size &*= 2 }
        var slots = [UInt64](repeating: 0, count: 5 &* size)
        var met = 0
        // Where each listed pattern's entries end and how many days its occurrences cover after
        // their first: the last pass ends each run that many days later.
        var segments: [Int] = [], segmentExtras: [Int32] = []
        // Each listed pattern's days, then one spare entry, and beside them the difference array
        // of runs, where the runs that reach its last day end at its spare entry. One pass gives
        // each listed day its rows (a pattern's runs sum to 0 by its spare entry). Two arrays, not
        // pairs: the runs a row writes and the days a search reads are half as many cache lines.
        var listed: [Int32] = [], runs: [Int64] = []
        let budget = Swift.min(2 &* days &+ 4 &* rules.count &+ 4096, Int(Int32.max))
        // A pattern's position table, when it has one: for each day `first + t` of the table and
        // the day after it, the entry in `listed` of its first listed day on or after it (its
        // spare entry past the last). A row then finds its run in O(1), where a binary search over
        // the pattern's days mispredicted about half its branches (half the grouped build at 1M
        // todos, 30 % with rules). Tables cost `days + 1` entries a pattern, so only patterns of 8
        // listed days or more have them (fewer take at most 4 steps of a search without branches;
        // tables for the 366 yearly patterns of a 100k-todo set, a day or two each, cost more in
        // cache than they saved), the ones met first, while the entries stay within a budget in
        // proportion to the rows: the others search (a span of centuries, few rows a pattern).
        var positions: [Int32] = []
        var positionBudget = Swift.min(4 &* rules.count &+ 65_536, 1 &<< 30), tableDays = 8
        #if CALGRID_INVARIANTS
        if b.positionBudget >= 0 { positionBudget = b.positionBudget; tableDays = 0 }
        #endif
        // Rows in stretches between the patterns met first: within one the lists and the tables
        // are read and written through pointers (no bounds checks, no uniqueness checks a row); a
        // new pattern ends it, is listed, and the next stretch starts with its row.
        var k = 0
        rules.rows.withUnsafeBufferPointer { rows in
        rules.keys.withUnsafeBufferPointer { keys in
        c.flags.withUnsafeBufferPointer { flags in
        c.start.withUnsafeBufferPointer { starts in
        c.end.withUnsafeBufferPointer { ends in
        slots.withUnsafeMutableBufferPointer { slots in
            while k < rows.count {
                var new = -1
                runs.withUnsafeMutableBufferPointer { r in
                listed.withUnsafeBufferPointer { l in
                positions.withUnsafeBufferPointer { q in
                    while k < rows.count {
                        let i = Int(rows[k]), f = flags[i]
                        k &+= 1
                        guard f & kindMask == kindWant else { continue }
                        let wx = keys[4 &* k &- 1] &>> 32, x = Int32(truncatingIfNeeded: wx)
                        let start = starts[i], s = Swift.max(start, first &- x), e = Swift.min(ends[i] &- x, last)
                        guard s <= e else { continue }
                        let w = 4 &* (k &- 1), w0 = keys[w], w1 = keys[w &+ 1], w2 = keys[w &+ 2]
                        var found = _RuleRowsBuild.walked
                        if w1 != 0 {
                            let h = (w0 &* 0x9E37_79B9_7F4A_7C15 ^ w1 &* 0xC2B2_AE3D_27D4_EB4F ^ w2 ^ wx) &* 0x1656_67B1_9E37_79F9
                            var j = Int(truncatingIfNeeded: h &>> 40) & (size &- 1)
                            while slots[5 &* j &+ 1] != 0 && !(slots[5 &* j] == w0 && slots[5 &* j &+ 1] == w1 && slots[5 &* j &+ 2] == w2
                                                               && slots[5 &* j &+ 4] == wx) {
                                j = (j &+ 1) & (size &- 1)
                            }
                            if slots[5 &* j &+ 1] != 0 {
                                found = slots[5 &* j &+ 3]
                            } else if 2 &* met < size {
                                // The first row of a pattern: its days are listed (below), once for
                                // every row, and the next run starts with this row.
                                new = j; k &-= 1
                                return
                            }
                        }
                        let v = _DayTable._value(f)
                        guard found != _RuleRowsBuild.walked else {
                            _walkRuleRow(k &- 1, of: set, kindMask: kindMask, kindWant: kindWant, first: first, last: last, into: p)
                            continue
                        }
                        if start >= first {
                            p[Int(start) &- base] &+= v; p[Swift.min(Int(start) &- base &+ Int(x) &+ 1, days)] &-= v
                        } else if x > 0 {
                            // Occurrences that start before the table and cover its first days.
                            rules.rules[k &- 1].forEachOccurrence(s, Swift.min(first &- 1, e)) { d in
                                p[0] &+= v; p[Swift.min(Int(d) &- base &+ Int(x) &+ 1, days)] &-= v
                                return true
                            }
                        }
                        let lo = start >= first ? start &+ 1 : first
                        let hi = Swift.min(e, Int32(truncatingIfNeeded: UInt32(truncatingIfNeeded: keys[w &+ 3])))
                        guard lo <= hi else { continue }
                        // The run's entries in `listed`: from the first listed day at or after
                        // `lo` to the first after `hi` (its pattern's spare entry at most).
                        var from: Int, through: Int, spare: Int
                        if found & _RuleRowsBuild.tabled != 0 {
                            let at = Int(truncatingIfNeeded: found & 0xFFFF_FFFF)
                            from = Int(q[at &+ Int(lo &- first)])
                            through = Int(q[at &+ Int(hi &- first) &+ 1])
                            spare = Int(q[at &+ days])
                        } else {
                            let at = Int(truncatingIfNeeded: found & 0xFFFF_FFFF), n = Int(truncatingIfNeeded: found &>> 32)
                            from = at &+ _lowerBound(lo, l, at: at, count: n)
                            through = at &+ _lowerBound(hi &+ 1, l, at: at, count: n)
                            spare = at &+ n
                        }
                        through = Swift.min(through &+ runSkew, spare)
                        if from < through { r[from] &+= v; r[through] &-= v }
                    }
                } } }
                if new >= 0 {
                    met &+= 1
                    let j = new, w = 4 &* k, x = keys[w &+ 3] &>> 32
                    slots[5 &* j] = keys[w]; slots[5 &* j &+ 1] = keys[w &+ 1]; slots[5 &* j &+ 2] = keys[w &+ 2]
                    slots[5 &* j &+ 4] = x
                    slots[5 &* j &+ 3] = _listPattern(rules.rules[k], first: first, last: last, budget: budget, into: &listed, runs: &runs,
                                                      positionBudget: positionBudget, tableDays: tableDays, positions: &positions)
                    if slots[5 &* j &+ 3] != _RuleRowsBuild.walked { segments.append(listed.count); segmentExtras.append(Int32(truncatingIfNeeded: x)) }
                }
            }
        } } } } } }
        var run: Int64 = 0, j = 0
        for g in 0..<segments.count {
            let x = Int(segmentExtras[g])
            while j < segments[g] {
                run &+= runs[j]
                if run != 0 {
                    let t = Int(listed[j]) &- base
                    p[t] &+= run
                    p[Swift.min(t &+ x &+ 1, days)] &-= run
                }
                j &+= 1
            }
        }
    }

    /// Lists `rule`'s pattern days in `first...last` at the end of `listed`, then its spare
    /// entry, each with a run entry of 0, and gives it a position table when it has `tableDays`
    /// days or more and `positions` stays within `positionBudget`: what the slot of its pattern
    /// keeps (`_RuleRowsBuild.walked` when the days would pass `budget`).
    /// - Complexity: O(its periods in the table + days when it has a position table)
    static func _listPattern(_ rule: _TodoRule, first: Int32, last: Int32, budget: Int, into listed: inout [Int32],
                             runs: inout [Int64], positionBudget: Int, tableDays: Int, positions: inout [Int32]) -> UInt64 {
        let at0 = listed.count
        rule.forEachPatternDay(first, last) { d in
            guard listed.count < budget else { return false }
            listed.append(d)
            return true
        }
        guard listed.count < budget else { listed.removeLast(listed.count &- at0); return _RuleRowsBuild.walked }
        let n = listed.count &- at0
        listed.append(last)
        // A loop, not `append(contentsOf: repeatElement(…))`: that one's Int64 copy merged with the
        // UInt64 one a firmware links and moved 32 bytes into its flash.
        for _ in 0...n { runs.append(0) }
        let days = Int(last) &- Int(first) &+ 1
        guard n >= tableDays, positions.count &+ days &+ 1 <= positionBudget else {
            return UInt64(truncatingIfNeeded: at0) | UInt64(truncatingIfNeeded: n) &<< 32
        }
        // Filled a listed day at a time: the days up to each have its entry, those past the last
        // the spare.
        let at = positions.count
        positions.append(contentsOf: repeatElement(Int32(truncatingIfNeeded: at0 &+ n), count: days &+ 1))
        positions.withUnsafeMutableBufferPointer { q in
            var t = 0
            for j in 0..<n {
                let through = Int(listed[at0 &+ j] &- first)
                while t <= through { q[at &+ t] = Int32(truncatingIfNeeded: at0 &+ j); t &+= 1 }
            }
        }
        return _RuleRowsBuild.tabled | UInt64(truncatingIfNeeded: at)
    }

    /// The first of the `count` listed days from entry `at` of `listed` at or after `day`, as an
    /// index from that entry: a binary search without branches on the days, whose outcomes a
    /// processor cannot predict (a step adds the sign of a difference, which no compiler turns
    /// back into a branch; supported days differ by less than 2^31).
    /// - Complexity: O(log count)
    @inline(__always)
    static func _lowerBound(_ day: Int32, _ listed: UnsafeBufferPointer<Int32>, at: Int, count: Int) -> Int {
        guard count > 0 else { return 0 }
        var i = 0, n = count
        while n > 1 {
            let half = n / 2
            i &+= half & Int(truncatingIfNeeded: (listed[at &+ i &+ half] &- day) &>> 31)
            n &-= half
        }
        return i &- Int(truncatingIfNeeded: (listed[at &+ i] &- day) &>> 31)
    }
}

/// One grouped build's inputs, passed through a rule box (`_TodoRule.addGroupedRows`).
struct _RuleRowsBuild {
    /// Valid for the call it is passed to.
    let set: UnsafePointer<TodoSet>
    let kindMask: UInt8, kindWant: UInt8
    let first: Int32, last: Int32
    /// Lengthens each grouped run by this many pattern days (the negative control's wrong bound).
    let runSkew: Int
    /// The table's difference array over `first...last` (and one day more).
    let plain: UnsafeMutableBufferPointer<Int64>
    #if CALGRID_INVARIANTS
    /// The position tables' budget in entries (`_DayTable._addGroupedRuleRows`), −1 for the build's
    /// own; any other gives every pattern a table while it lasts, whatever its days. The tests
    /// give 0 (every pattern searched), a large one (every pattern tabled) and one in between.
    var positionBudget = -1
    #endif

    /// What a pattern's slot keeps when its rows are walked alone (its days would pass the lists'
    /// budget).
    static var walked: UInt64 { ~0 }
    /// The flag of a pattern with a position table, which starts at the low half of the word; a
    /// pattern without one keeps its first entry in `listed` in the low half and its count above.
    static var tabled: UInt64 { 1 &<< 63 }
}
