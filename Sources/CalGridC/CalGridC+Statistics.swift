// Whole-set statistics from C: the core's TodoSet.statistics(on:) in the header's struct.
import CCalGrid
import CalGrid

@c(calgrid_todo_set_statistics) @implementation
public func calgrid_todo_set_statistics(_ out: UnsafeMutablePointer<calgrid_todo_statistics>?, _ set: OpaquePointer?,
                                        _ today: calgrid_date) -> Int32 {
    _boundary { () throws(CStatus) in
        let out = try _required(out)
        let size = out.pointee.struct_size
        try _checkVersionedSize(size, older: _statisticsSizeV1, known: MemoryLayout<calgrid_todo_statistics>.size)
        let s = try _box(set).set.statistics(on: try _date(today))
        var r = calgrid_todo_statistics()
        r.struct_size = out.pointee.struct_size
        r.count = s.count
        r.challenges = s.challenges
        r.dated = s.dated
        r.open_ended = s.openEnded
        r.undated = s.undated
        r.done = s.done
        r.overdue = s.overdue
        r.tracked_days = Int64(s.trackedDays)
        r.done_days = Int64(s.doneDays)
        r.earliest_start = s.earliestStart?.dayNumber ?? _noDate
        r.latest_end = s.latestEnd?.dayNumber ?? _noDate
        r.longest_days = Int64(s.longestDays)
        r.longest_index = s.longestIndex ?? 0
        r.events = s.events
        _store(r, into: out, size: size)
    }
}
