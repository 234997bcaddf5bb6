// calgrid_todo_set_alarms: the core's TodoSet.alarmInstants(from:to:zone:) into the caller's
// struct_size-versioned array (what `calgrid alarms --json` lists, in the same order).
import CCalGrid
import CalGrid

@c(calgrid_todo_set_alarms) @implementation
public func calgrid_todo_set_alarms(_ out: UnsafeMutablePointer<calgrid_alarm_instant>?, _ size: Int, _ outCount: UnsafeMutablePointer<Int>?,
                                    _ set: OpaquePointer?, _ from: Int64, _ to: Int64, _ zone: OpaquePointer?) -> Int32 {
    _boundary { () throws(CStatus) in
        let s = try _reading(set)
        let z = try _zone(zone)
        guard from <= to else { throw .invalid }
        let size = try _capacity(size, of: calgrid_alarm_instant.self)
        let stride = size > 0 ? try _required(out).pointee.struct_size : 0
        if size > 0 { try _checkStructSize(stride, known: MemoryLayout<calgrid_alarm_instant>.size) }
        try _reserve(s.read { $0._alarmsAllocationBound() })
        let found = s.read { $0.alarmInstants(from: from, to: to, zone: z) }
        outCount?.pointee = found.count
        guard found.count <= size else { throw .noSpace }
        guard !found.isEmpty, let out else { return }
        let base = UnsafeMutableRawPointer(out)
        for (j, r) in found.enumerated() {
            var v = calgrid_alarm_instant()
            v.struct_size = stride
            v.at = r.at
            v.index = r.row
            v.occurrence = r.occurrence?.dayNumber ?? _noDate
            v.action = calgrid_alarm_action(rawValue: UInt32(r.action.rawValue))
            v.alarm = Int64(r.alarm)
            _store(v, into: (base + j &* stride).assumingMemoryBound(to: calgrid_alarm_instant.self), size: stride)
        }
    }
}
