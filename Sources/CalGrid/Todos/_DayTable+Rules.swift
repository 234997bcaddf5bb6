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
        _addRuleRows(of: set, kindMask: kindMask, kindWant: kindWant, first: first, last: last, grouped: true, runSkew: 0, into: &plain)
    }

    #if CALGRID_INVARIANTS
    /// Days of `first...last` on which the grouped build of the rule rows differs from every row
    /// walked alone: 0 when all is well. `runSkew` lengthens each grouped run by that many pattern
    /// days (a wrong bound, which the tests' negative control must see).
    /// - Complexity: O(R + their occurrences and periods in the table + days)
    static func _ruleRowMismatches(of set: TodoSet, kindMask: UInt8, kindWant: UInt8, first: Int32, last: Int32,
                                   runSkew: Int) -> Int {
        let days = Int(last) - Int(first) + 1
        var grouped = [Int64](repeating: 0, count: days + 1), alone = grouped
        _addRuleRows(of: set, kindMask: kindMask, kindWant: kindWant, first: first, last: last, grouped: true, runSkew: runSkew, into: &grouped)
        _addRuleRows(of: set, kindMask: kindMask, kindWant: kindWant, first: first, last: last, grouped: false, runSkew: 0, into: &alone)
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
                             grouped: Bool, runSkew: Int, into plain: inout [Int64]) {
        plain.withUnsafeMutableBufferPointer { p in
            if grouped, let box = set._rules.rules.first {
                // The set by reference: a firmware, which never groups, then links no copy of one.
                withUnsafePointer(to: set) { s in
                    var build = _RuleRowsBuild(set: s, kindMask: kindMask, kindWant: kindWant, first: first, last: last,
                                               runSkew: runSkew, plain: p)
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
        let s = Swift.max(set._columns.start[i], first), e = Swift.min(set._columns.end[i], last)
        guard s <= e else { return }
        let v = _DayTable._value(f)
        let base = Int(first)
        set._rules.rules[k].forEachOccurrence(s, e) { d in
            let t = Int(d) &- base
            p[t] &+= v
            p[t &+ 1] &-= v
            return true
        }
    }

    /// The grouped build of `b`'s rows (see the top of the file).
    /// - Complexity: O(R + the listed patterns' periods in the table + the days of the rows walked alone)
    static func _addGroupedRuleRows(_ b: _RuleRowsBuild) {
        let set = b.set.pointee, kindMask = b.kindMask, kindWant = b.kindWant, first = b.first, last = b.last
        let runSkew = b.runSkew, p = b.plain
        let rules = set._rules, c = set._columns
        let base = Int(first)
        // Open addressing, a power of two at least twice the rows (at most 4,096: the patterns met
        // past half of it are walked alone): the pattern's number + 1, 0 for a free slot.
        var size = 64
        while size < 2 &* rules.count && size < 4096 { size &*= 2 }
        var slots = [Int32](repeating: 0, count: size)
        // Per pattern met: its three words, then where its days are in `list` (offset << 32 | count),
        // or ~0 when listing them passed the budget.
        var patterns = [UInt64](repeating: 0, count: 2 &* size)
        var met = 0
        // Each listed pattern's days, each with its entry of the difference array of runs, then one
        // spare pair, where the runs that reach its last day end. One pass gives each listed day its
        // rows (a pattern's runs sum to 0 by its spare pair).
        var list: [Int64] = []
        let budget = 2 &* (2 &* (Int(last) &- base &+ 1) &+ 4 &* rules.count &+ 4096)
        for k in 0..<rules.count {
            let i = Int(rules.rows[k]), f = c.flags[i]
            guard f & kindMask == kindWant else { continue }
            let start = c.start[i], s = Swift.max(start, first), e = Swift.min(c.end[i], last)
            guard s <= e else { continue }
            let v = _DayTable._value(f)
            let w0 = rules.keys[4 &* k], w1 = rules.keys[4 &* k &+ 1], w2 = rules.keys[4 &* k &+ 2]
            if w1 != 0 {
                let h = (w0 &* 0x9E37_79B9_7F4A_7C15 ^ w1 &* 0xC2B2_AE3D_27D4_EB4F ^ w2) &* 0x1656_67B1_9E37_79F9
                var j = Int(truncatingIfNeeded: h &>> 40) & (size &- 1), g = -1
                while slots[j] != 0 {
                    let x = 4 &* (Int(slots[j]) &- 1)
                    if patterns[x] == w0 && patterns[x &+ 1] == w1 && patterns[x &+ 2] == w2 { g = x; break }
                    j = (j &+ 1) & (size &- 1)
                }
                if g < 0 && 2 &* met < size {
                    // The first row of a pattern: its days are listed now, once for every row.
                    g = 4 &* met
                    met &+= 1
                    slots[j] = Int32(truncatingIfNeeded: met)
                    let offset = list.count
                    rules.rules[k].forEachPatternDay(first, last) { d in
                        guard list.count < budget else { return false }
                        list.append(Int64(d)); list.append(0)
                        return true
                    }
                    patterns[g] = w0; patterns[g &+ 1] = w1; patterns[g &+ 2] = w2
                    patterns[g &+ 3] = list.count < budget ? UInt64(offset) &<< 32 | UInt64((list.count &- offset) / 2) : ~0
                    list.append(0); list.append(0)
                }
                let listed = g < 0 ? ~0 : patterns[g &+ 3]
                if listed != ~0 {
                    if start >= first { p[Int(start) &- base] &+= v; p[Int(start) &- base &+ 1] &-= v }
                    let lo = start >= first ? start &+ 1 : first
                    let hi = Swift.min(e, Int32(truncatingIfNeeded: UInt32(truncatingIfNeeded: rules.keys[4 &* k &+ 3])))
                    if lo <= hi {
                        let offset = Int(listed &>> 32), n = Int(listed & 0xFFFF_FFFF)
                        // The first listed day at or after `day`, as an index into the pattern's list.
                        func index(_ day: Int32) -> Int {
                            var a = 0, b = n
                            while a < b {
                                let mid = (a &+ b) / 2
                                if list[offset &+ 2 &* mid] < Int64(day) { a = mid &+ 1 } else { b = mid }
                            }
                            return a
                        }
                        let from = index(lo), through = Swift.min(index(hi &+ 1) &+ runSkew, n)
                        if from < through { list[offset &+ 2 &* from &+ 1] &+= v; list[offset &+ 2 &* through &+ 1] &-= v }
                    }
                    continue
                }
            }
            _walkRuleRow(k, of: set, kindMask: kindMask, kindWant: kindWant, first: first, last: last, into: p)
        }
        var run: Int64 = 0
        for j in stride(from: 0, to: list.count, by: 2) {
            run &+= list[j &+ 1]
            if run != 0 {
                let t = Int(list[j]) &- base
                p[t] &+= run
                p[t &+ 1] &-= run
            }
        }
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
}
