extension TodoSet {
    /// Checks that the columns agree with each other and with the id index and the histogram,
    /// and traps when they do not. A no-op unless the module is compiled with
    /// `-DCALGRID_INVARIANTS` (as `make test` does), so mutations call it unconditionally.
    /// - Complexity: O(1), or O(N + text + tracked days) with the checks compiled in
    @inline(__always)
    func _checkInvariants() {
        #if CALGRID_INVARIANTS
        _verifyInvariants()
        #endif
    }

    #if CALGRID_INVARIANTS
    @inline(never)
    func _verifyInvariants() {
        let n = count
        precondition(_end.count == n && _createdAt.count == n && _flags.count == n && _repetition.count == n
                     && _reminder.count == n && _textOffset.count == n && _bitOffset.count == n
                     && _doneCount.count == n, "TodoSet columns disagree in length")
        precondition(_ids._count == n, "TodoSet id index count")
        var hist = _DayHistogram(), histC = _DayHistogram()
        for i in 0..<n {
            precondition(index(ofID: id(at: i)) == i, "TodoSet id index entry")
            precondition(_repetition[i] != 0, "TodoSet empty repetition")
            let tracked = _flags[i] & TodoSet._tracked != 0
            precondition(tracked == (start(at: i) != nil && end(at: i) != nil), "TodoSet tracked flag")
            if tracked {
                let c = trackedDayCount(at: i)
                precondition(_bits.popCount(from: Int(_bitOffset[i]), count: c) == Int(_doneCount[i]), "TodoSet done count")
                for k in 0..<c where _bits.bit(Int(_bitOffset[i]) + k) {
                    hist.add(1, on: _repeatDay(k, from: _start[i], mask: _repetition[i]))
                    if isChallenge(at: i) { histC.add(1, on: _repeatDay(k, from: _start[i], mask: _repetition[i])) }
                }
            } else {
                precondition(_doneCount[i] == 0, "TodoSet untracked done count")
            }
        }
        func same(_ a: _DayHistogram, _ b: _DayHistogram) {
            for h in [a, b] where !h.counts.isEmpty {
                for j in h.counts.indices {
                    let d = Int32(truncatingIfNeeded: Int(h.base) + j)
                    precondition(a.count(on: d) == b.count(on: d), "TodoSet done-by-day histogram")
                }
            }
        }
        same(hist, _doneByDay)
        same(histC, _doneByDayChallenges)
    }
    #endif
}
