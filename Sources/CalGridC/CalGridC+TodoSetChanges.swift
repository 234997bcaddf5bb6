import CalGrid
import CCalGrid

// The calls that change a set behind a handle. Each reserves what the change can allocate
// before it touches the set (`_reserveChange`), so ENOMEM leaves the set as it was.

@c(calgrid_todo_set_add) @implementation
public func calgrid_todo_set_add(_ outIndex: UnsafeMutablePointer<Int>?, _ set: OpaquePointer?,
                                 _ todo: UnsafePointer<calgrid_todo>?, _ err: UnsafeMutablePointer<calgrid_error>?) -> Int32 {
    _boundary { () throws(CStatus) in
        guard let set, let todo else { throw _ErrorInfo(.invalid, set == nil ? "set is NULL" : "todo is NULL").report(to: err) }
        let box = try _box(set)
        try _reserveChange(&box.set, todo: todo, row: nil, err: err)
        var zones: [TimeZoneRules] = []
        let draft = try _draft(UnsafeRawPointer(todo), record: 0, err: err, readIn: box.zone, zones: &zones)
        do throws(TodoError) {
            let i = try box.set.append(draft)
            outIndex?.pointee = i
        } catch { throw error._info(record: 0).report(to: err) }
    }
}

@c(calgrid_todo_set_add_many) @implementation
public func calgrid_todo_set_add_many(_ set: OpaquePointer?, _ todos: UnsafePointer<calgrid_todo>?, _ count: Int,
                                      _ err: UnsafeMutablePointer<calgrid_error>?) -> Int32 {
    _boundary { () throws(CStatus) in
        guard let set else { throw _ErrorInfo(.invalid, "set is NULL").report(to: err) }
        let box = try _box(set)
        guard count != 0 else { return }
        guard (try? _capacity(count, of: calgrid_todo.self)) != nil, let todos else {
            throw _ErrorInfo(.invalid, todos == nil ? "todos is NULL" : "count is larger than any array").report(to: err)
        }
        let stride = todos.pointee.struct_size
        guard _isTodoSize(stride), stride <= Int.max / count else {
            throw _fieldError(.invalid, "todos[0].struct_size \(stride) is not a usable element size",
                              field: "struct_size", record: 0).report(to: err)
        }
        do throws(CStatus) { try _reserveChange(&box.set, todos: UnsafeRawPointer(todos), count: count, stride: stride, row: nil) }
        catch { throw _ErrorInfo(error, "out of memory").report(to: err) }
        var drafts: [TodoDraft] = []
        drafts.reserveCapacity(Swift.min(count, _maxReservedTodos))
        let base = UnsafeRawPointer(todos)
        var zones: [TimeZoneRules] = []
        for k in 0..<count {
            let p = base + k * stride
            guard p.load(as: Int.self) == stride else {
                throw _fieldError(.invalid, "todos[\(k)].struct_size differs from todos[0].struct_size",
                                  field: "struct_size", record: k).report(to: err)
            }
            drafts.append(try _draft(p, record: k, err: err, readIn: box.zone, zones: &zones))
        }
        do throws(TodoError) { try box.set.insert(contentsOf: drafts) } catch { throw error._info().report(to: err) }
    }
}

@c(calgrid_todo_set_update) @implementation
public func calgrid_todo_set_update(_ set: OpaquePointer?, _ index: Int, _ todo: UnsafePointer<calgrid_todo>?,
                                    _ err: UnsafeMutablePointer<calgrid_error>?) -> Int32 {
    _boundary { () throws(CStatus) in
        guard let set, let todo else { throw _ErrorInfo(.invalid, set == nil ? "set is NULL" : "todo is NULL").report(to: err) }
        let box = try _box(set)
        guard index >= 0, index < box.set.count else {
            throw _ErrorInfo(.range, "index \(UInt(bitPattern: index)) is not below the count \(box.set.count)").report(to: err)
        }
        try _reserveChange(&box.set, todo: todo, row: index, err: err)
        var zones: [TimeZoneRules] = []
        let draft = try _draft(UnsafeRawPointer(todo), record: index, err: err, readIn: box.zone, zones: &zones)
        do throws(TodoError) { try box.set.update(at: index, to: draft) } catch { throw error._info().report(to: err) }
    }
}

@c(calgrid_todo_set_remove_at) @implementation
public func calgrid_todo_set_remove_at(_ set: OpaquePointer?, _ index: Int) -> Int32 {
    _boundary { () throws(CStatus) in
        let box = try _box(set)
        let i = try _index(index, in: box.address)
        try _reserveChange(&box.set, row: i)
        box.set.remove(at: i)
    }
}

@c(calgrid_todo_set_remove) @implementation
public func calgrid_todo_set_remove(_ set: OpaquePointer?, _ id: UnsafePointer<CChar>?) -> Int32 {
    _boundary { () throws(CStatus) in
        let box = try _box(set)
        guard let id else { throw .invalid }
        guard let i = _find(box.address, id) else { throw CStatus(CALGRID_ENOTFOUND) }
        try _reserveChange(&box.set, row: i)
        box.set.remove(at: i)
    }
}
