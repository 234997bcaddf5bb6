// The agenda's order where an occurrence's times are its own (TodoTimeZone.swift): the agenda's
// keys rank a row by its first occurrence's times, so a day holding an occurrence whose times
// moved is put in order again by its occurrences' own times (the same order, `_AgendaIndex`).

extension TodoSet {
    /// Puts each day of `found` that holds an occurrence with zoned times in `khal list`'s order
    /// by the occurrences' own times: most days since it began first, then start time, days
    /// covered and end time (as `_makeAgendaIndex` ranks rows), then the row's rank.
    /// - Complexity: O(k log Z) to find such days, plus O(m log m) for each day of m occurrences
    func _reorderZoned(_ found: inout _AgendaOccurrences, _ x: _AgendaIndex) {
        let n = found.count, dayShift = found.shift
        let rankBits = UInt64(x.rankBits), rankMask = (UInt64(1) &<< rankBits) &- 1
        let backMask = (UInt64(1) &<< UInt64(x.backBits)) &- 1
        let top = Int32(truncatingIfNeeded: backMask)
        var lo = 0
        while lo < n {
            var hi = lo &+ 1
            while hi < n && found.keys[hi] &>> dayShift == found.keys[lo] &>> dayShift { hi &+= 1 }
            var any = false
            for j in lo..<hi where _details.zoned(ofRow: found.row(j)) != nil { any = true; break }
            if any && hi &- lo > 1 {
                let indexBits = found.indexBits
                // Per occurrence five words: days-since-begun part, times key, rank, its key and
                // row word; sorted through their indices (arrays of words and Ints, not of a tuple
                // type, whose class metadata every firmware would link).
                var entries: [UInt64] = []
                entries.reserveCapacity(5 &* (hi &- lo))
                for j in lo..<hi {
                    let key = found.keys[j], word = found.rows[found._slot(j)], dk = key &>> indexBits
                    let back = (dk &>> rankBits) & backMask, w = x.rowInfo[Int(truncatingIfNeeded: word & 0xFFFF_FFFF)]
                    entries.append(back)
                    entries.append(_agendaTimeKey(Int(truncatingIfNeeded: word & 0xFFFF_FFFF), UInt32(truncatingIfNeeded: word &>> 32), w, x, top))
                    entries.append(dk & rankMask); entries.append(key); entries.append(word)
                }
                var order = Array(0..<(hi &- lo))
                order.sort { p, q in
                    let a = 5 &* p, b = 5 &* q
                    return entries[a] != entries[b] ? entries[a] < entries[b]
                        : entries[a &+ 1] != entries[b &+ 1] ? entries[a &+ 1] < entries[b &+ 1] : entries[a &+ 2] < entries[b &+ 2]
                }
                for (m, e) in order.enumerated() {
                    found.keys[lo &+ m] = entries[5 &* e &+ 3]
                    if indexBits == 0 { found.rows[lo &+ m] = entries[5 &* e &+ 4] }
                }
            }
            lo = hi
        }
    }

    /// Row `i`'s order key among occurrences starting on one day, from times `t` (packed; none:
    /// all-day): start, days covered, end, as `_makeAgendaIndex` ranks rows.
    func _agendaTimeKey(_ i: Int, _ t: UInt32, _ w: UInt64, _ x: _AgendaIndex, _ top: Int32) -> UInt64 {
        let isEvent = w & 0x8000_0000 != 0
        let start: UInt64 = t == _TodoDetails._none ? 0 : UInt64(t & 0xFFFF)
        let end: UInt64 = t == _TodoDetails._none ? 0 : isEvent ? UInt64(t &>> 16) : 1
        let span: Int32 = isEvent ? (_columns.flags[i] & TodoSet._ruled != 0 ? _extra(i) : _agendaSpan(i)) : 0
        return start &<< UInt64(x.backBits &+ 11) | UInt64(Swift.min(span, top)) &<< 11 | end
    }
}
