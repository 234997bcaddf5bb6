// The C API's store handle (Include/calgrid.h, "Stores"): a user's todos kept where they live, through
// CalGridStore, the code the `calgrid` command keeps them with (its listing, naming, lock rule,
// cache, atomic writes, the patch that keeps other programs' bytes, the re-read of a file another
// program replaced). Only translation here: the todo in (`_draft`), the set out (a `_TodoSetBox`),
// the store's sentences and the core's rejections into `calgrid_error`.
// In libcalgrid.a these calls are a member of their own (calgrid_store.o, mk/capi.mk), so a program
// that calls none of them links none of this.
import CalGrid
import CalGridStore
import CalGridSystem
import CCalGrid

/// The object behind a `calgrid_store *`: where the store is and how it is read. It holds no file
/// and no lock between calls; only the last snapshot's set, which the snapshots it gave share.
final class _StoreBox {
    let store: Store
    let options: StoreOptions
    /// Whether a missing store is a new one (`calgrid_store_options.create`).
    let creating: Bool
    /// The last snapshot's read, given again (shared, not copied) while the files are as they were.
    var held: Store.HeldRead? = nil

    init(store: Store, options: StoreOptions, creating: Bool) {
        self.store = store; self.options = options; self.creating = creating
    }
}

func _storeBox(_ p: OpaquePointer?) throws(CStatus) -> _StoreBox {
    guard let p else { throw .invalid }
    return Unmanaged<_StoreBox>.fromOpaque(UnsafeRawPointer(p)).takeUnretainedValue()
}

/// The store's refusal as the C caller sees it: EIO with the store's sentence (what, where, why).
func _storeErrorInfo(_ error: StoreError) -> _ErrorInfo { _ErrorInfo(CStatus(CALGRID_EIO), error.message) }

/// `calgrid_store_options` as the caller's header knew it.
func _storeOptions(_ p: UnsafePointer<calgrid_store_options>?, err: UnsafeMutablePointer<calgrid_error>?)
    throws(CStatus) -> (zone: TimeZoneRules?, create: Bool, notice: calgrid_notice_fn?, context: UnsafeMutableRawPointer?) {
    guard let p else { return (nil, false, nil, nil) }
    let size = p.pointee.struct_size
    guard size >= MemoryLayout<calgrid_store_options>.size else {
        throw _fieldError(.invalid, "struct_size \(size) is smaller than sizeof(calgrid_store_options) = \(MemoryLayout<calgrid_store_options>.size)",
                          field: "struct_size", record: -1).report(to: err)
    }
    guard let create = _bool(p.pointee.create) else {
        throw _fieldError(.invalid, "create is \(p.pointee.create), not 0 or 1", field: "create", record: -1).report(to: err)
    }
    let zone: TimeZoneRules? = p.pointee.zone == nil ? nil : try _zone(p.pointee.zone)
    return (zone, create, p.pointee.notice, p.pointee.notice_context)
}

/// What reading the store behind `box` may allocate at once: its bytes read and imported (a vdir:
/// its *.ics files, with the cache beside them no larger than they are; a file: its size), as
/// an iCalendar import of them would (`_icalImportBound`, the larger of the two imports' bounds), twice
/// over for a change (the set before and after, the files' new text).
func _storeBound(_ box: _StoreBox, changing: Bool) -> Int {
    let bytes = box.store.path.withCString { p in FileSystem.isDirectory(box.store.path) ? _mul(_directorySize(p), 2) : _fileSize(p) }
    let read = _icalImportBound(TodoSet(), inputBytes: bytes)
    return changing ? _mul(read, 2) : read
}

/// `_reserve` of `_storeBound` plus `extra`, reported as out of memory.
func _reserveStore(_ box: _StoreBox, changing: Bool, extra: Int = 0, err: UnsafeMutablePointer<calgrid_error>?) throws(CStatus) {
    do throws(CStatus) { try _reserve(_add(_storeBound(box, changing: changing), extra)) }
    catch { throw _ErrorInfo(error, "out of memory").report(to: err) }
}

/// Runs `body` as one change of the store (`Store.change`: lock, read, change, write what changed).
/// A rejection by the core (`TodoError`) is reported with its own status and field; any other
/// failure is the store's sentence, EIO. Nothing is written when `body` throws.
func _storeChange(_ box: _StoreBox, creating: Bool = false, completedAt: Int64? = nil, err: UnsafeMutablePointer<calgrid_error>?,
                  _ body: (inout TodoSet) throws(TodoError) -> Bool) throws(CStatus) {
    var rejection: _ErrorInfo? = nil
    // The files change (or may have, on a failure): the next snapshot reads them.
    box.held = nil
    do throws(StoreError) {
        if !creating { try box.store.requireExisting() }
        try box.store.change(box.options, creating: creating, completedAt: completedAt) { (set: inout TodoSet) throws(StoreError) -> (result: Void, changed: Bool) in
            do throws(TodoError) { return ((), try body(&set)) } catch {
                rejection = error._info(record: 0)
                throw .refused(error.description)
            }
        }
    } catch {
        throw (rejection ?? _storeErrorInfo(error)).report(to: err)
    }
}

@c(calgrid_store_open) @implementation
public func calgrid_store_open(_ out: UnsafeMutablePointer<OpaquePointer?>?, _ path: UnsafePointer<CChar>?,
                               _ options: UnsafePointer<calgrid_store_options>?, _ err: UnsafeMutablePointer<calgrid_error>?) -> Int32 {
    _boundary { () throws(CStatus) in
        guard let out else { throw _ErrorInfo(.invalid, "out is NULL").report(to: err) }
        // The path's copies and the local zone's rules (read from its file) at most.
        do throws(CStatus) { try _reserve(_add(_mul(_cLength(path), 8), _mul(TodoSet.constantAllocationBytes, 64))) }
        catch { throw _ErrorInfo(error, "out of memory").report(to: err) }
        let file = try _string(path, field: "path", record: -1, err: err)
        let o = try _storeOptions(options, err: err)
        var storeOptions = StoreOptions(todosPath: file, zone: o.zone ?? TimeZoneRules.local())
        if let notice = o.notice {
            let context = o.context
            storeOptions.notice = { message in message.withCString { notice($0, context) } }
        }
        let store = Store(path: file, origin: .library)
        do throws(StoreError) {
            if !store.exists {
                guard o.create else { throw store.missing }
                try store.prepareCreation()
            }
        } catch { throw _storeErrorInfo(error).report(to: err) }
        out.pointee = OpaquePointer(Unmanaged.passRetained(_StoreBox(store: store, options: storeOptions, creating: o.create)).toOpaque())
    }
}

@c(calgrid_store_snapshot) @implementation
public func calgrid_store_snapshot(_ out: UnsafeMutablePointer<OpaquePointer?>?, _ store: OpaquePointer?,
                                   _ err: UnsafeMutablePointer<calgrid_error>?) -> Int32 {
    _boundary { () throws(CStatus) in
        guard let out, let store else { throw _ErrorInfo(.invalid, out == nil ? "out is NULL" : "store is NULL").report(to: err) }
        let box = try _storeBox(store)
        try _reserveStore(box, changing: false, extra: TodoSet.constantAllocationBytes, err: err)
        let set: TodoSet
        do throws(StoreError) {
            if !box.creating { try box.store.requireExisting() }
            set = try box.store.read(box.options, reusing: &box.held)
        } catch { throw _storeErrorInfo(error).report(to: err) }
        let result = _TodoSetBox()
        result.set = set
        result.zone = box.options.zone
        out.pointee = OpaquePointer(Unmanaged.passRetained(result).toOpaque())
    }
}

@c(calgrid_store_add) @implementation
public func calgrid_store_add(_ store: OpaquePointer?, _ todo: UnsafePointer<calgrid_todo>?,
                              _ err: UnsafeMutablePointer<calgrid_error>?) -> Int32 {
    _boundary { () throws(CStatus) in
        guard let store, let todo else { throw _ErrorInfo(.invalid, store == nil ? "store is NULL" : "todo is NULL").report(to: err) }
        let box = try _storeBox(store)
        try _reserveStore(box, changing: true, extra: _todoBytes(todo), err: err)
        var zones: [TimeZoneRules] = []
        let draft = try _draft(UnsafeRawPointer(todo), record: 0, err: err, readIn: box.options.zone, zones: &zones)
        try _storeChange(box, creating: box.creating, err: err) { (set: inout TodoSet) throws(TodoError) -> Bool in
            _ = try set.append(draft)
            return true
        }
    }
}

@c(calgrid_store_update) @implementation
public func calgrid_store_update(_ store: OpaquePointer?, _ id: UnsafePointer<CChar>?, _ todo: UnsafePointer<calgrid_todo>?,
                                 _ err: UnsafeMutablePointer<calgrid_error>?) -> Int32 {
    _boundary { () throws(CStatus) in
        guard let store, let todo else { throw _ErrorInfo(.invalid, store == nil ? "store is NULL" : "todo is NULL").report(to: err) }
        let box = try _storeBox(store)
        try _reserveStore(box, changing: true, extra: _add(_todoBytes(todo), _cLength(id)), err: err)
        let key = try _string(id, field: .id, record: 0, err: err)
        var zones: [TimeZoneRules] = []
        let draft = try _draft(UnsafeRawPointer(todo), record: 0, err: err, readIn: box.options.zone, zones: &zones)
        try _storeChange(box, err: err) { (set: inout TodoSet) throws(TodoError) -> Bool in
            guard let i = set.index(ofID: key) else { throw .unknownID(key) }
            guard set.draft(at: i) != draft else { return false }
            try set.update(at: i, to: draft)
            return true
        }
    }
}

@c(calgrid_store_set_done) @implementation
public func calgrid_store_set_done(_ store: OpaquePointer?, _ id: UnsafePointer<CChar>?, _ day: calgrid_date, _ done: Int32,
                                   _ err: UnsafeMutablePointer<calgrid_error>?) -> Int32 {
    _boundary { () throws(CStatus) in
        guard let store else { throw _ErrorInfo(.invalid, "store is NULL").report(to: err) }
        let box = try _storeBox(store)
        try _reserveStore(box, changing: true, extra: _cLength(id), err: err)
        let key = try _string(id, field: .id, record: 0, err: err)
        guard let flag = _bool(done) else { throw _ErrorInfo(.invalid, "done is \(done), not 0 or 1").report(to: err) }
        let on: CivilDate?
        do throws(CStatus) { on = try _optionalDate(day) } catch {
            throw _fieldError(.range, DateError.dayNumberOutOfRange(Int64(day)).description, field: .completedDays, record: 0).report(to: err)
        }
        try _storeChange(box, completedAt: on.map { Store.completionInstant(of: $0, in: box.options.zone) }, err: err) {
            (set: inout TodoSet) throws(TodoError) -> Bool in
            try Store.setDone(flag, id: key, on: on, in: &set)
        }
    }
}

@c(calgrid_store_remove) @implementation
public func calgrid_store_remove(_ store: OpaquePointer?, _ id: UnsafePointer<CChar>?, _ err: UnsafeMutablePointer<calgrid_error>?) -> Int32 {
    _boundary { () throws(CStatus) in
        guard let store else { throw _ErrorInfo(.invalid, "store is NULL").report(to: err) }
        let box = try _storeBox(store)
        try _reserveStore(box, changing: true, extra: _cLength(id), err: err)
        let key = try _string(id, field: .id, record: 0, err: err)
        try _storeChange(box, err: err) { (set: inout TodoSet) throws(TodoError) -> Bool in
            guard let i = set.index(ofID: key) else { throw .unknownID(key) }
            set.remove(at: i)
            return true
        }
    }
}

@c(calgrid_store_close) @implementation
public func calgrid_store_close(_ store: OpaquePointer?) {
    guard let store else { return }
    Unmanaged<_StoreBox>.fromOpaque(UnsafeRawPointer(store)).release()
}

/// The bytes one caller todo holds (`_measure` of it), for the ask before a change.
func _todoBytes(_ todo: UnsafePointer<calgrid_todo>) -> Int {
    let size = todo.pointee.struct_size
    guard _isTodoSize(size) else { return 0 }
    let m = _measure(UnsafeRawPointer(todo), count: 1, stride: size)
    return _add(_mul(_add(m.text, m.flags), 4), MemoryLayout<TodoDraft>.stride * 4)
}
