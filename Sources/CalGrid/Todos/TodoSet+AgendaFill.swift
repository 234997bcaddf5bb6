// The agenda's fill (TodoSet+Agenda.swift): the found occurrences handed out in order with their
// rows, times and done state, in one pass, for the C layer's array and the Swift agenda.

extension TodoSet {
    /// 0x8000_0000 when row `i` may be done on some day (a done day, or completed), else 0: an
    /// item with neither is done on no day, and needs no occurrence count from its start.
    @inlinable @inline(__always)
    func _mayBeDone(_ i: Int) -> UInt64 {
        _columns.doneCount[i] != 0 || _columns.flags[i] & TodoSet._completed != 0 ? 0x8000_0000 : 0
    }

    /// Calls `body` with each occurrence of `found` in order: its index there, day number, row,
    /// start and end minutes (-1 when all-day) and, when `done`, whether it is done (else false).
    /// The C layer's fill: one pass over the keys and rows (or the marks), no per-occurrence
    /// lookup through getters (each a call with its arrays retained and released, when they were
    /// used: a third of the C call's time).
    /// - Complexity: O(k) (the marked form: O(k + days × N / 64)), plus `isDone(on:at:)` for an
    ///   item that has a done day or is completed
    package func _forEachInAgenda(_ found: _AgendaOccurrences, done wantsDone: Bool = true,
                                  _ body: (Int, Int32, Int, Int32, Int32, Bool) -> Void) {
        let first = found.first, shift = found.shift
        _columns.doneCount.withUnsafeBufferPointer { dc in _columns.flags.withUnsafeBufferPointer { fl in
            // Occurrence `j` of row `i` with packed times `t` on `day`.
            @inline(__always) func emit(_ j: Int, _ day: Int32, _ w: UInt64) {
                let i = Int(truncatingIfNeeded: w & 0xFFFF_FFFF), t = UInt32(truncatingIfNeeded: w &>> 32)
                let done = wantsDone && (dc[i] != 0 || fl[i] & TodoSet._completed != 0) && isDone(on: CivilDate(_unchecked: day), at: i)
                let timed = t != _TodoDetails._none
                body(j, day, i, timed ? Int32(t & 0xFFFF) : -1, timed ? Int32(t &>> 16) : -1, done)
            }
            found.keys.withUnsafeBufferPointer { k in
                if found.wordsPerDay > 0 {
                    // The marked form: a day's earlier-begun occurrences (keys), then its marks by
                    // rank. Two passes: each occurrence's row and times gathered in order, marked
                    // (bit 31; rows are below 2^31) when its item may be done, in a tight loop, so
                    // that the random reads of the table by rank and of the done columns overlap
                    // (with `body` between them they waited one after the other), then `body` over
                    // what was gathered.
                    let per = found.wordsPerDay, days = found.marks.count / per, mask = found.rankMask
                    let completed = TodoSet._completed
                    var ends = [Int](repeating: 0, count: days)
                    let gathered = [UInt64](unsafeUninitializedCapacity: found.count) { g, n in
                        found.marks.withUnsafeBufferPointer { m in found.byRank.withUnsafeBufferPointer { r in
                            @inline(__always) func mark(_ w: UInt64) -> UInt64 {
                                let i = Int(truncatingIfNeeded: w & 0xFFFF_FFFF)
                                return wantsDone && (dc[i] != 0 || fl[i] & completed != 0) ? w | 0x8000_0000 : w
                            }
                            var j = 0, c = 0
                            for d in 0..<days {
                                while c < k.count && j < g.count && Int(truncatingIfNeeded: k[c] &>> shift) == d {
                                    g[j] = mark(r[Int(truncatingIfNeeded: k[c] & mask)]); j &+= 1; c &+= 1
                                }
                                let base = d &* per
                                for x in 0..<per {
                                    var v = m[base &+ x]
                                    while v != 0 && j < g.count {
                                        g[j] = mark(r[x &<< 6 | v.trailingZeroBitCount]); j &+= 1
                                        v &= v &- 1
                                    }
                                }
                                ends[d] = j
                            }
                            n = j
                        } }
                    }
                    gathered.withUnsafeBufferPointer { g in
                        var j = 0
                        for d in 0..<days {
                            let day = first &+ Int32(truncatingIfNeeded: d)
                            while j < ends[d] {
                                let w = g[j], i = Int(truncatingIfNeeded: w & 0x7FFF_FFFF), t = UInt32(truncatingIfNeeded: w &>> 32)
                                let done = w & 0x8000_0000 != 0 && isDone(on: CivilDate(_unchecked: day), at: i)
                                let timed = t != _TodoDetails._none
                                body(j, day, i, timed ? Int32(t & 0xFFFF) : -1, timed ? Int32(t &>> 16) : -1, done)
                                j &+= 1
                            }
                        }
                    }
                    return
                }
                let slotMask = found.indexBits == 0 ? 0 : (UInt64(1) &<< found.indexBits) &- 1
                found.rows.withUnsafeBufferPointer { r in
                    for j in 0..<r.count {
                        let w = r[found.indexBits == 0 ? j : Int(truncatingIfNeeded: k[j] & slotMask)]
                        emit(j, first &+ Int32(truncatingIfNeeded: k[j] &>> shift), w)
                    }
                }
            }
        } }
    }
}
