import CalGrid
import CCalGrid

/// Where and why something failed, written into a caller's `calgrid_error`.
struct _ErrorInfo {
    var status: CStatus
    var message: String
    var byteOffset: Int64 = -1
    var line: Int64 = -1
    var column: Int64 = -1
    var recordIndex: Int64 = -1
    var field: String = ""

    init(_ status: CStatus, _ message: String) {
        self.status = status; self.message = message
    }

    /// Fills `err` (if any) and returns the status for the boundary to throw.
    func report(to err: UnsafeMutablePointer<calgrid_error>?) -> CStatus {
        guard let err else { return status }
        err.pointee.status = status.code
        err.pointee.byte_offset = byteOffset
        err.pointee.line = line
        err.pointee.column = column
        err.pointee.record_index = recordIndex
        _copy(field, into: &err.pointee.field)
        _copy(message, into: &err.pointee.message)
        return status
    }
}

/// Copies UTF-8 into a fixed C char array, NUL-terminated, truncated on a character boundary.
func _copy<Storage>(_ text: String, into storage: inout Storage) {
    withUnsafeMutableBytes(of: &storage) { raw in
        guard raw.count > 0 else { return }
        var n = 0
        for b in text.utf8 {
            guard n < raw.count - 1 else { break }
            raw[n] = b
            n += 1
        }
        if n == raw.count - 1 {
            // Do not leave half a UTF-8 sequence at the cut.
            var k = n
            while k > 0 && raw[k - 1] & 0xC0 == 0x80 { k -= 1 }
            if k > 0 && raw[k - 1] >= 0xC0 {
                let lead = raw[k - 1]
                let need = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
                if n - (k - 1) < need { n = k - 1 }
            }
        }
        raw[n] = 0
    }
}

@c(calgrid_status_string) @implementation
public func calgrid_status_string(_ status: Int32) -> UnsafePointer<CChar>? {
    let s: StaticString
    switch status {
    case CALGRID_OK.rawValue: s = "ok"
    case CALGRID_EINVAL.rawValue: s = "invalid argument"
    case CALGRID_ERANGE.rawValue: s = "value out of range"
    case CALGRID_ENOMEM.rawValue: s = "out of memory"
    case CALGRID_EPARSE.rawValue: s = "malformed input"
    case CALGRID_EIO.rawValue: s = "input/output error"
    case CALGRID_ENOSPC.rawValue: s = "buffer too small"
    case CALGRID_ENOTFOUND.rawValue: s = "not found"
    case CALGRID_EEXIST.rawValue: s = "already exists"
    case CALGRID_ELIMIT.rawValue: s = "limit exceeded"
    case CALGRID_ECANCELED.rawValue: s = "canceled"
    case CALGRID_ESCHEMA.rawValue: s = "unexpected field or value"
    case CALGRID_EZONENAME.rawValue: s = "invalid time zone name"
    case CALGRID_ENOZONE.rawValue: s = "unknown time zone"
    case CALGRID_EZONEDATA.rawValue: s = "invalid time zone data"
    default: s = "unknown status"
    }
    return UnsafeRawPointer(s.utf8Start).assumingMemoryBound(to: CChar.self)
}
