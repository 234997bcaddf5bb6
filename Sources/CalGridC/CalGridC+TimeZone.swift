// calgrid_tz_*: zones for C callers, from TZif bytes or a POSIX TZ string; the rules and every
// error sentence are the core's. This file only moves values across the boundary. Finding a zone
// by name and the local zone need the system layer (CalGridC+SystemZones.swift), which the
// embedded library (libcalgrid-armv7em.a) leaves out.
import CalGrid
import CCalGrid

/// The object behind a `calgrid_tz *`: immutable after creation, so threads may share it.
final class _ZoneBox {
    let zone: TimeZoneRules
    /// The name as a NUL-terminated C string, owned by the box (calgrid_tz_name hands it out).
    let cName: UnsafeMutablePointer<CChar>

    init(_ zone: TimeZoneRules) {
        self.zone = zone
        let n = zone.name.utf8.count
        cName = .allocate(capacity: n + 1)
        var k = 0
        for b in zone.name.utf8 { cName[k] = CChar(bitPattern: b); k += 1 }
        cName[n] = 0
    }

    deinit { cName.deallocate() }
}

func _zone(_ p: OpaquePointer?) throws(CStatus) -> TimeZoneRules {
    guard let p else { throw .invalid }
    return Unmanaged<_ZoneBox>.fromOpaque(UnsafeRawPointer(p)).takeUnretainedValue().zone
}

extension TimeZoneError {
    /// The header status for this kind of zone failure; the message is the core's sentence.
    func _info() -> _ErrorInfo {
        let status: CStatus
        switch self {
        case .invalidZoneName: status = CStatus(CALGRID_EZONENAME)
        case .unknownZone: status = CStatus(CALGRID_ENOZONE)
        case .offsetOutOfRange: status = .range
        default: status = CStatus(CALGRID_EZONEDATA)
        }
        return _ErrorInfo(status, description)
    }
}

/// Stores a new handle for `make()`'s zone in `out`, or reports its error.
func _newZone(_ out: UnsafeMutablePointer<OpaquePointer?>?, _ err: UnsafeMutablePointer<calgrid_error>?,
              _ make: () throws(TimeZoneError) -> TimeZoneRules) throws(CStatus) {
    guard let out else { throw _ErrorInfo(.invalid, "out is NULL").report(to: err) }
    let zone: TimeZoneRules
    do throws(TimeZoneError) { zone = try make() } catch { throw error._info().report(to: err) }
    out.pointee = OpaquePointer(Unmanaged.passRetained(_ZoneBox(zone)).toOpaque())
}

@c(calgrid_tz_from_tzif) @implementation
public func calgrid_tz_from_tzif(_ out: UnsafeMutablePointer<OpaquePointer?>?, _ bytes: UnsafeRawPointer?, _ length: Int,
                                 _ name: UnsafePointer<CChar>?, _ err: UnsafeMutablePointer<calgrid_error>?) -> Int32 {
    _boundary { () throws(CStatus) in
        guard (try? _length(length)) != nil, length == 0 || bytes != nil else {
            throw _ErrorInfo(.invalid, bytes == nil ? "bytes is NULL" : "len is larger than any buffer").report(to: err)
        }
        try _reserveZone(bytes: _add(length, _cLength(name)), err: err)
        let text = name == nil ? "" : try _string(name, field: "name", record: -1, err: err)
        let data = UnsafeRawBufferPointer(start: length == 0 ? nil : bytes, count: length)
        try _newZone(out, err) { () throws(TimeZoneError) in try TimeZoneRules(tzif: data, name: text) }
    }
}

@c(calgrid_tz_from_posix) @implementation
public func calgrid_tz_from_posix(_ out: UnsafeMutablePointer<OpaquePointer?>?, _ posix: UnsafePointer<CChar>?,
                                  _ err: UnsafeMutablePointer<calgrid_error>?) -> Int32 {
    _boundary { () throws(CStatus) in
        try _reserveZone(bytes: _cLength(posix), err: err)
        let text = try _string(posix, field: "posix_tz", record: -1, err: err)
        try _newZone(out, err) { () throws(TimeZoneError) in try TimeZoneRules(posixTZ: text) }
    }
}

@c(calgrid_tz_free) @implementation
public func calgrid_tz_free(_ tz: OpaquePointer?) {
    guard let tz else { return }
    Unmanaged<_ZoneBox>.fromOpaque(UnsafeRawPointer(tz)).release()
}

@c(calgrid_tz_name) @implementation
public func calgrid_tz_name(_ out: UnsafeMutablePointer<UnsafePointer<CChar>?>?, _ tz: OpaquePointer?) -> Int32 {
    _boundary { () throws(CStatus) in
        let out = try _required(out)
        guard let tz else { throw .invalid }
        out.pointee = UnsafePointer(Unmanaged<_ZoneBox>.fromOpaque(UnsafeRawPointer(tz)).takeUnretainedValue().cName)
    }
}

@c(calgrid_tz_offset) @implementation
public func calgrid_tz_offset(_ out: UnsafeMutablePointer<Int32>?, _ tz: OpaquePointer?, _ instant: Int64) -> Int32 {
    _boundary { () throws(CStatus) in
        let out = try _required(out)
        out.pointee = try _zone(tz).utcOffset(at: instant)
    }
}

@c(calgrid_tz_day_of_instant) @implementation
public func calgrid_tz_day_of_instant(_ outDate: UnsafeMutablePointer<calgrid_date>?, _ outSecond: UnsafeMutablePointer<Int32>?,
                                      _ tz: OpaquePointer?, _ instant: Int64) -> Int32 {
    _boundary { () throws(CStatus) in
        let outDate = try _required(outDate)
        guard let local = try _zone(tz).localTime(at: instant) else { throw .range }
        outDate.pointee = local.day.dayNumber
        outSecond?.pointee = local.secondOfDay
    }
}

@c(calgrid_tz_instant_of_local) @implementation
public func calgrid_tz_instant_of_local(_ out: UnsafeMutablePointer<calgrid_local_instant>?, _ tz: OpaquePointer?,
                                        _ date: calgrid_date, _ secondOfDay: Int32) -> Int32 {
    _boundary { () throws(CStatus) in
        let out = try _required(out)
        let zone = try _zone(tz)
        let day = try _date(date)
        guard secondOfDay >= 0, Int64(secondOfDay) < LocalTime.secondsPerDay else { throw .range }
        switch zone.instant(of: day, secondOfDay: secondOfDay) {
        case .unique(let t):
            out.pointee = calgrid_local_instant(kind: CALGRID_LOCAL_UNIQUE, earlier: t, later: t)
        case .ambiguous(let a, let b):
            out.pointee = calgrid_local_instant(kind: CALGRID_LOCAL_AMBIGUOUS, earlier: a, later: b)
        case .nonexistent(let g):
            out.pointee = calgrid_local_instant(kind: CALGRID_LOCAL_GAP, earlier: g, later: g)
        }
    }
}
