// calgrid_tz_new and calgrid_tz_local: zones found by name in the system's tzdata and the
// local zone, which the system layer (CalGridSystem) reads. Not in the embedded library, which has
// no file system: there, zones come from TZif bytes or a POSIX TZ string (CalGridC+TimeZone.swift).
import CalGrid
import CalGridJSON
import CalGridSystem
import CCalGrid

@c(calgrid_tz_new) @implementation
public func calgrid_tz_new(_ out: UnsafeMutablePointer<OpaquePointer?>?, _ name: UnsafePointer<CChar>?,
                           _ err: UnsafeMutablePointer<calgrid_error>?) -> Int32 {
    _boundary { () throws(CStatus) in
        try _reserveZone(bytes: _maxZoneFileBytes, err: err)
        let text = try _string(name, field: "name", record: -1, err: err)
        try _newZone(out, err) { () throws(TimeZoneError) in try TimeZoneRules.parse(text) }
    }
}

@c(calgrid_tz_local) @implementation
public func calgrid_tz_local(_ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    _boundary { () throws(CStatus) in
        try _reserveZone(bytes: _maxZoneFileBytes, err: nil)
        try _newZone(out, nil) { () throws(TimeZoneError) in TimeZoneRules.local() }
    }
}

/// The zone `name` names, as `calgrid_tz_new` finds it (`calgrid_todo.time_zone` of todo
/// `record`), its file's rules reserved first; its failure is the zone's status and sentence with
/// the field. The embedded library has no file system and leaves this file out (`_namedZone`
/// says ENOZONE there).
func _systemZone(_ name: String, record: Int, err: UnsafeMutablePointer<calgrid_error>?) throws(CStatus) -> TimeZoneRules {
    try _reserveZone(bytes: _maxZoneFileBytes, err: err)
    do throws(TimeZoneError) { return try TimeZoneRules.parse(name) } catch {
        var info = error._info()
        info.field = TodoField.timeZone.nameText
        info.recordIndex = Int64(record)
        info.message = "time_zone: " + info.message
        throw info.report(to: err)
    }
}
