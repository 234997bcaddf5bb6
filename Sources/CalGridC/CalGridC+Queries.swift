import CalGrid
import CCalGrid

func _kind(_ k: calgrid_todo_kind) throws(CStatus) -> TodoKind { try _case(k.rawValue) }

func _order(_ key: calgrid_sort_key, _ descending: Int32) throws(CStatus) -> TodoOrder {
    let k: TodoSortKey = try _case(key.rawValue)
    return TodoOrder(k, descending: try _flag(descending))
}

/// Writes a result list into the caller's array, or reports how large it must be.
func _emit(_ result: [Int], _ out: UnsafeMutablePointer<Int>?, _ size: Int, _ outCount: UnsafeMutablePointer<Int>?)
    throws(CStatus) {
    let size = try _capacity(size, of: Int.self)
    outCount?.pointee = result.count
    guard result.count <= size else { throw .noSpace }
    guard !result.isEmpty else { return }
    guard let out else { throw .invalid }
    result.withUnsafeBufferPointer { b in out.update(from: b.baseAddress!, count: b.count) }
}

/// The boundary of a query answered with todo indices: the set, then `query`'s list into the
/// caller's array (or its length into `outCount`).
func _indexQuery(_ indices: UnsafeMutablePointer<Int>?, _ size: Int, _ outCount: UnsafeMutablePointer<Int>?,
                 _ set: OpaquePointer?, _ query: (borrowing TodoSet) throws(CStatus) -> [Int]) -> Int32 {
    _boundary { () throws(CStatus) in
        let s = try _reading(set)
        try _reserve(s.readAllocationBound(days: 0, dayTableOf: nil))
        try _emit(try s.read(query), indices, size, outCount)
    }
}

/// A query's days and kind: valid days, `first` not after `last`, a known kind.
func _span(_ first: calgrid_date, _ last: calgrid_date, _ kind: calgrid_todo_kind) throws(CStatus)
    -> (CivilDate, CivilDate, TodoKind) {
    let f = try _date(first), l = try _date(last), k = try _kind(kind)
    guard f <= l else { throw .invalid }
    return (f, l, k)
}

/// The boundary of a query of the days `first...last` answered into the caller's array of `size`
/// elements: `write` gets the set, the span and `size`, writes its answer when it fits (and `out`
/// is given) and returns its length, which goes to `outCount`.
func _spanQuery<T>(_ out: UnsafeMutablePointer<T>?, _ size: Int, _ outCount: UnsafeMutablePointer<Int>?,
                   _ set: OpaquePointer?, _ first: calgrid_date, _ last: calgrid_date, _ kind: calgrid_todo_kind,
                   _ write: (UnsafePointer<TodoSet>, CivilDate, CivilDate, TodoKind, Int) throws(CStatus) -> Int) -> Int32 {
    _boundary { () throws(CStatus) in
        let s = try _reading(set)
        let (f, l, k) = try _span(first, last, kind)
        let size = try _capacity(size, of: T.self)
        let n = try write(s, f, l, k, size)
        outCount?.pointee = n
        guard n <= size else { throw .noSpace }
        guard n == 0 || out != nil else { throw .invalid }
    }
}

@c(calgrid_todo_set_overlapping) @implementation
public func calgrid_todo_set_overlapping(_ indices: UnsafeMutablePointer<Int>?, _ size: Int, _ outCount: UnsafeMutablePointer<Int>?,
                                         _ set: OpaquePointer?, _ first: calgrid_date, _ last: calgrid_date,
                                         _ kind: calgrid_todo_kind) -> Int32 {
    _spanQuery(indices, size, outCount, set, first, last, kind) { (s, f, l, k, size) throws(CStatus) in
        try _reserve(s.writeIndicesAllocationBound())
        // Straight into the caller's array: a large answer is no array of the core's to copy.
        return s.writeIndices(from: f, through: l, kind: k, into: indices, capacity: size)
    }
}

@c(calgrid_todo_set_count_overlapping) @implementation
public func calgrid_todo_set_count_overlapping(_ outCount: UnsafeMutablePointer<Int>?, _ set: OpaquePointer?,
                                               _ first: calgrid_date, _ last: calgrid_date, _ kind: calgrid_todo_kind) -> Int32 {
    _boundary { () throws(CStatus) in
        let out = try _required(outCount)
        let s = try _reading(set)
        let (f, l, k) = try _span(first, last, kind)
        try _reserve(s.countAllocationBound())   // the interval index, when this count builds it
        out.pointee = s.count(from: f, through: l, kind: k)
    }
}

@c(calgrid_todo_set_split) @implementation
public func calgrid_todo_set_split(_ indices: UnsafeMutablePointer<Int>?, _ size: Int, _ outCount: UnsafeMutablePointer<Int>?,
                                   _ set: OpaquePointer?, _ split: calgrid_split, _ day: calgrid_date,
                                   _ kind: calgrid_todo_kind) -> Int32 {
    _indexQuery(indices, size, outCount, set) { (s) throws(CStatus) in
        s.indices(try _case(split.rawValue) as TodoSplit, on: try _date(day), kind: try _kind(kind))
    }
}

@c(calgrid_todo_set_search) @implementation
public func calgrid_todo_set_search(_ indices: UnsafeMutablePointer<Int>?, _ size: Int, _ outCount: UnsafeMutablePointer<Int>?,
                                    _ set: OpaquePointer?, _ query: UnsafePointer<CChar>?, _ kind: calgrid_todo_kind) -> Int32 {
    _indexQuery(indices, size, outCount, set) { (s) throws(CStatus) in
        guard let query, let q = String(validatingCString: query) else { throw .invalid }
        return s.indices(matchingTitle: q, kind: try _kind(kind))
    }
}

/// The boundary of a query answered with one element a day of `first...last`: `answer` gets the
/// set, the span and its number of days.
func _daysQuery(_ set: OpaquePointer?, _ first: calgrid_date, _ last: calgrid_date, _ kind: calgrid_todo_kind,
                _ answer: (UnsafePointer<TodoSet>, CivilDate, CivilDate, TodoKind, Int) throws(CStatus) -> Void) -> Int32 {
    _boundary { () throws(CStatus) in
        let s = try _reading(set)
        let (f, l, k) = try _span(first, last, kind)
        try answer(s, f, l, k, Int(l.dayNumber - f.dayNumber) + 1)
    }
}

@c(calgrid_todo_set_day_counts) @implementation
public func calgrid_todo_set_day_counts(_ counts: UnsafeMutablePointer<calgrid_day_count>?, _ size: Int, _ set: OpaquePointer?,
                                        _ first: calgrid_date, _ last: calgrid_date, _ kind: calgrid_todo_kind) -> Int32 {
    _daysQuery(set, first, last, kind) { (s, f, l, k, days) throws(CStatus) in
        let size = try _capacity(size, of: calgrid_day_count.self)
        guard size >= days else { throw .noSpace }
        let counts = try _required(counts)
        try _reserve(s.readAllocationBound(days: days, dayTableOf: k))
        s.writeDayCounts(from: f, through: l, kind: k, into: UnsafeMutableRawPointer(counts),
                         stride: MemoryLayout<calgrid_day_count>.stride)
    }
}

@c(calgrid_todo_set_day_tallies) @implementation
public func calgrid_todo_set_day_tallies(_ counts: UnsafeMutablePointer<calgrid_day_tally>?, _ size: Int, _ set: OpaquePointer?,
                                         _ first: calgrid_date, _ last: calgrid_date, _ kind: calgrid_todo_kind) -> Int32 {
    _daysQuery(set, first, last, kind) { (s, f, l, k, days) throws(CStatus) in
        let out = try _required(counts)
        // The caller's element size, as add_many reads its todos: a later header's may be larger.
        let stride = out.pointee.struct_size
        guard stride >= MemoryLayout<calgrid_day_tally>.size, size >= 0, size <= Int.max / stride else { throw .invalid }
        guard size >= days else { throw .noSpace }
        try _reserve(s.readAllocationBound(days: days, dayTableOf: k))
        let c = s.dayCounts(from: f, through: l, kind: k)
        let base = UnsafeMutableRawPointer(out)
        for t in 0..<days {
            let e = (base + t * stride).assumingMemoryBound(to: calgrid_day_tally.self)
            e.pointee = calgrid_day_tally(struct_size: stride, total: c.total[t], completed: c.completed[t],
                                          events: Int32(truncatingIfNeeded: c.eventCount(at: t)))
        }
    }
}

@c(calgrid_todo_set_grid_counts) @implementation
public func calgrid_todo_set_grid_counts(_ counts: UnsafeMutablePointer<calgrid_day_count>?, _ set: OpaquePointer?,
                                         _ grid: UnsafePointer<calgrid_month_grid>?, _ kind: calgrid_todo_kind) -> Int32 {
    _boundary { () throws(CStatus) in
        let counts = try _required(counts)
        let s = try _reading(set)
        let k = try _kind(kind)
        let g = try _required(grid)
        let n = Int(g.pointee.cell_count)
        guard n >= 1, n <= _maxGridCells else { throw .invalid }
        // The grid's days, clipped to the supported range (cells in year 0 or 10000 count 0).
        let first = Int(g.pointee.cells.0.date)
        let lo = Swift.max(first, Int(CivilDate.minDayNumber)), hi = Swift.min(first + n - 1, Int(CivilDate.maxDayNumber))
        for i in 0..<_maxGridCells { counts[i] = calgrid_day_count() }
        guard lo <= hi else { return }
        try _reserve(s.readAllocationBound(days: _maxGridCells, dayTableOf: k))
        s.writeDayCounts(from: CivilDate(_unchecked: Int32(lo)), through: CivilDate(_unchecked: Int32(hi)), kind: k,
                         into: UnsafeMutableRawPointer(counts + (lo - first)), stride: MemoryLayout<calgrid_day_count>.stride)
    }
}

@c(calgrid_todo_set_sort) @implementation
public func calgrid_todo_set_sort(_ indices: UnsafeMutablePointer<Int>?, _ size: Int, _ set: OpaquePointer?,
                                  _ key: calgrid_sort_key, _ descending: Int32) -> Int32 {
    _boundary { () throws(CStatus) in
        let s = try _reading(set)
        let order = try _order(key, descending)
        guard try _capacity(size, of: Int.self) >= s.pointee.count else { throw .noSpace }
        try _reserve(s.readAllocationBound(days: 0, dayTableOf: nil))
        try _emit(s.read { $0.sortedIndices(by: order) }, indices, size, nil)
    }
}

@c(calgrid_todo_set_sort_indices) @implementation
public func calgrid_todo_set_sort_indices(_ out: UnsafeMutablePointer<Int>?, _ indices: UnsafePointer<Int>?, _ count: Int,
                                          _ set: OpaquePointer?, _ key: calgrid_sort_key, _ descending: Int32) -> Int32 {
    _boundary { () throws(CStatus) in
        let s = try _reading(set)
        let order = try _order(key, descending)
        guard try _capacity(count, of: Int.self) > 0 else { return }
        guard let indices, let out else { throw .invalid }
        try _reserve(_add(s.readAllocationBound(days: 0, dayTableOf: nil), _mul(count, 4 * MemoryLayout<Int>.stride)))
        let given = Array(UnsafeBufferPointer(start: indices, count: count))
        for i in given where i < 0 || i >= s.pointee.count { throw .range }   // size_t beyond Int.max arrives negative
        try _emit(s.read { $0.sorted(given, by: order) }, out, count, nil)
    }
}

@c(calgrid_todo_set_top) @implementation
public func calgrid_todo_set_top(_ indices: UnsafeMutablePointer<Int>?, _ size: Int, _ outCount: UnsafeMutablePointer<Int>?,
                                 _ set: OpaquePointer?, _ key: calgrid_sort_key, _ descending: Int32,
                                 _ offset: Int, _ limit: Int) -> Int32 {
    _boundary { () throws(CStatus) in
        let s = try _reading(set)
        let order = try _order(key, descending)
        // size_t values beyond Int.max arrive negative: an offset that large is past the end, a
        // limit that large means "all".
        let from = offset < 0 ? s.pointee.count : Swift.min(offset, s.pointee.count)
        let n = limit < 0 ? s.pointee.count : Swift.min(limit, s.pointee.count - from)
        try _reserve(s.readAllocationBound(days: 0, dayTableOf: nil))
        try _emit(s.read { $0.sortedIndices(by: order, offset: from, limit: n) }, indices, size, outCount)
    }
}

@c(calgrid_todo_set_occurrences) @implementation
public func calgrid_todo_set_occurrences(_ out: UnsafeMutablePointer<calgrid_occurrence>?, _ size: Int, _ outCount: UnsafeMutablePointer<Int>?,
                                         _ set: OpaquePointer?, _ first: calgrid_date, _ last: calgrid_date,
                                         _ kind: calgrid_todo_kind) -> Int32 {
    _spanQuery(out, size, outCount, set, first, last, kind) { (s, f, l, k, size) throws(CStatus) in
        // The indexes' builds first (nothing when built), then the range's items, each on at most
        // every day of it, found by the indexes (no scan: until issue 39's fix this counted the
        // range with `count(from:through:)`, a scan of every rule item, before the agenda scanned
        // them again).
        try _reserve(s.read { $0._agendaAllocationBound(from: f, through: l, kind: k, prepared: false) })
        s.read { $0._prepareAgenda() }
        try _reserve(s.read { $0._agendaAllocationBound(from: f, through: l, kind: k, prepared: true) })
        return s.read { t in
            let found = t._agenda(from: f, through: l, kind: k)
            if found.count > 0, found.count <= size, let out {
                t._forEachInAgenda(found) { j, day, i, start, end, done in
                    out[j] = calgrid_occurrence(date: day, index: i, has_times: start < 0 ? 0 : 1, start_minutes: start,
                                                end_minutes: end, is_done: done ? 1 : 0)
                }
            }
            return found.count
        }
    }
}
