// A todo's completion from C: per-day flags, ticks and whole-todo completion.
import CalGrid
import CCalGrid

@c(calgrid_todo_set_completed_days) @implementation
public func calgrid_todo_set_completed_days(_ flags: UnsafeMutablePointer<UInt8>?, _ size: Int,
                                            _ outCount: UnsafeMutablePointer<Int>?, _ set: OpaquePointer?,
                                            _ index: Int) -> Int32 {
    _boundary { () throws(CStatus) in
        let size = try _length(size)
        let s = try _reading(set)
        let i = try _index(index, in: s)
        try s.read { (s) throws(CStatus) in
            let n = s.completionFlagCount(at: i)
            outCount?.pointee = n
            guard size >= n else { throw .noSpace }
            guard n > 0 else { return }
            guard let flags else { throw .invalid }
            for k in 0..<n { flags[k] = s.isTrackedDayDone(k, at: i) ? 1 : 0 }
        }
    }
}

@c(calgrid_todo_set_set_done) @implementation
public func calgrid_todo_set_set_done(_ set: OpaquePointer?, _ index: Int, _ day: calgrid_date, _ done: Int32) -> Int32 {
    _boundary { () throws(CStatus) in
        let box = try _box(set)
        let i = try _index(index, in: box.address)
        let d = try _date(day)
        let done = try _flag(done)
        let grown = box.address.read { $0._openFlagsNeeded(at: i, on: d) }
        let length = box.address.read { $0.occurrenceDays(at: i) }
        try _reserveChange(&box.set, row: nil, day: d, occurrenceDays: length, flagCount: grown)
        do throws(TodoError) { try box.set.setDone(done, on: d, at: i) } catch { throw error._status }
    }
}

@c(calgrid_todo_set_toggle) @implementation
public func calgrid_todo_set_toggle(_ outDone: UnsafeMutablePointer<Int32>?, _ set: OpaquePointer?, _ index: Int,
                                    _ day: calgrid_date) -> Int32 {
    _boundary { () throws(CStatus) in
        let box = try _box(set)
        let i = try _index(index, in: box.address)
        let d = try _date(day)
        let grown = box.address.read { $0._openFlagsNeeded(at: i, on: d) }
        let length = box.address.read { $0.occurrenceDays(at: i) }
        try _reserveChange(&box.set, row: nil, day: d, occurrenceDays: length, flagCount: grown)
        do throws(TodoError) {
            let now = try box.set.toggleDone(on: d, at: i)
            outDone?.pointee = now ? 1 : 0
        } catch { throw error._status }
    }
}

@c(calgrid_todo_set_set_completed) @implementation
public func calgrid_todo_set_set_completed(_ set: OpaquePointer?, _ index: Int, _ completed: Int32) -> Int32 {
    _boundary { () throws(CStatus) in
        let box = try _box(set)
        let i = try _index(index, in: box.address)
        try _reserveChange(&box.set, row: i)
        let flag = try _flag(completed)
        do throws(TodoError) { try box.set.setIsCompleted(flag, at: i) } catch { throw error._status }
    }
}

@c(calgrid_todo_set_day) @implementation
public func calgrid_todo_set_day(_ out: UnsafeMutablePointer<calgrid_todo_day>?, _ set: OpaquePointer?, _ index: Int,
                                 _ day: calgrid_date) -> Int32 {
    _boundary { () throws(CStatus) in
        let out = try _required(out)
        let s = try _reading(set)
        let i = try _index(index, in: s)
        let d = try _date(day)
        out.pointee = s.read { s in
            calgrid_todo_day(falls_on: s.fallsOn(d, at: i) ? 1 : 0, is_done: s.isDone(on: d, at: i) ? 1 : 0,
                             share_to_date: s.completionShare(upTo: d, at: i),
                             current_streak: Int64(s.currentStreak(on: d, at: i)),
                             longest_streak: Int64(s.longestStreak(at: i)))
        }
    }
}
