// The C API's iCalendar exports (Include/calgrid.h, "iCalendar"): one VCALENDAR to a buffer or a
// file, or a vdir, through CalGridICalendar. Only translation: the texts, the file names, the
// patching of an item's own file and the atomic writes are CalGridICalendar's and CalGridSystem's.
import CalGrid
import CalGridImport
import CalGridICalendar
import CalGridSystem
import CCalGrid

/// `calgrid_ical_export_options` as given (NULL: the defaults): the DTSTAMP, the zone, remove_others.
func _icalExportOptions(_ p: UnsafePointer<calgrid_ical_export_options>?, err: UnsafeMutablePointer<calgrid_error>?)
    throws(CStatus) -> (now: Int64, zone: TimeZoneRules, removeOthers: Bool) {
    guard let p else { return (CurrentProcess.secondsSince1970(), .utc, false) }
    do throws(CStatus) {
        try _checkStructSize(p.pointee.struct_size, known: MemoryLayout<calgrid_ical_export_options>.size)
        let now = p.pointee.now == _noCreatedAt ? CurrentProcess.secondsSince1970() : p.pointee.now
        return (now, try p.pointee.zone.map { (z) throws(CStatus) in try _zone(z) } ?? .utc, try _flag(p.pointee.remove_others))
    } catch {
        throw _ErrorInfo(error, "invalid export options (struct_size, or remove_others not 0 or 1)").report(to: err)
    }
}

/// What an iCalendar export may allocate at once: libical's tree of the whole set, its text as it
/// grows and the bytes returned. Measured at 3.4 KB a todo (50,000 todos with a title, a memo, two
/// tags and two dates: 172 MB for 13.8 MB of text), where the JSON export's bound is 2.2 KB a todo:
/// three times that bound.
func _icalExportBound(_ set: TodoSet) -> Int { _mul(_exportBound(set), 3) }

@c(calgrid_ical_export_buffer) @implementation
public func calgrid_ical_export_buffer(_ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                                       _ outLength: UnsafeMutablePointer<Int>?, _ set: OpaquePointer?,
                                       _ options: UnsafePointer<calgrid_ical_export_options>?,
                                       _ err: UnsafeMutablePointer<calgrid_error>?) -> Int32 {
    _boundary { () throws(CStatus) in
        guard let out else { throw _ErrorInfo(.invalid, "out is NULL").report(to: err) }
        guard let set else { throw _ErrorInfo(.invalid, "set is NULL").report(to: err) }
        let s = try _reading(set)
        do throws(CStatus) { try _reserve(_icalExportBound(s.pointee)) } catch { throw _ErrorInfo(error, "out of memory").report(to: err) }
        let o = try _icalExportOptions(options, err: err)
        do throws(CStatus) { try _handOut(s.pointee.exportICalendarBytes(now: o.now, zone: o.zone), to: out, length: outLength) } catch {
            throw _ErrorInfo(error, "out of memory").report(to: err)
        }
    }
}

@c(calgrid_ical_export_file) @implementation
public func calgrid_ical_export_file(_ set: OpaquePointer?, _ path: UnsafePointer<CChar>?,
                                     _ options: UnsafePointer<calgrid_ical_export_options>?,
                                     _ err: UnsafeMutablePointer<calgrid_error>?) -> Int32 {
    _boundary { () throws(CStatus) in
        guard let set else { throw _ErrorInfo(.invalid, "set is NULL").report(to: err) }
        let s = try _reading(set)
        do throws(CStatus) { try _reserve(_icalExportBound(s.pointee)) } catch { throw _ErrorInfo(error, "out of memory").report(to: err) }
        let file = try _string(path, field: "path", record: -1, err: err)
        let o = try _icalExportOptions(options, err: err)
        do throws(ExportError) { try s.pointee.exportICalendar(to: file, now: o.now, zone: o.zone) } catch {
            throw error._info().report(to: err)
        }
    }
}

@c(calgrid_ical_export_vdir) @implementation
public func calgrid_ical_export_vdir(_ report: UnsafeMutablePointer<calgrid_vdir_report>?, _ set: OpaquePointer?,
                                     _ path: UnsafePointer<CChar>?, _ options: UnsafePointer<calgrid_ical_export_options>?,
                                     _ err: UnsafeMutablePointer<calgrid_error>?) -> Int32 {
    _boundary { () throws(CStatus) in
        guard let set else { throw _ErrorInfo(.invalid, "set is NULL").report(to: err) }
        if let report {
            do throws(CStatus) { try _checkStructSize(report.pointee.struct_size, known: MemoryLayout<calgrid_vdir_report>.size) }
            catch { throw _ErrorInfo(error, "report->struct_size is smaller than sizeof(calgrid_vdir_report)").report(to: err) }
        }
        let s = try _reading(set)
        let kept = path.map { _directorySize($0) } ?? 0
        do throws(CStatus) { try _reserve(_add(_icalExportBound(s.pointee), _icalImportBound(TodoSet(), inputBytes: kept))) }
        catch { throw _ErrorInfo(error, "out of memory").report(to: err) }
        let dir = try _string(path, field: "path", record: -1, err: err)
        let o = try _icalExportOptions(options, err: err)
        // The items the directory holds now, each with its file's text: a todo with one of their
        // UIDs is written to that file, patched, so what CalGrid does not model stays.
        let written: VdirWriteReport
        do throws(ExportError) {
            written = try s.pointee.updateVdir(at: dir, removingOthers: o.removeOthers, now: o.now, zone: o.zone)
        } catch { throw error._info().report(to: err) }
        if let report {
            report.pointee.written = Int64(written.written)
            report.pointee.unchanged = Int64(written.unchanged)
            report.pointee.removed = Int64(written.removed)
        }
    }
}
