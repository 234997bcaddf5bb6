// Zones by name and the local zone: the half of TimeZoneRules that needs the file system and the
// environment, which the core (no file I/O, Embedded) cannot have. The rules themselves, and every
// error sentence, come from the core.
import CalGrid

extension TimeZoneRules {
    /// Where zones are read from: `$TZDIR` when it is set and not empty (as glibc does), else
    /// `/usr/share/zoneinfo`.
    /// - Complexity: O(1)
    public static var zoneDirectory: String {
        if let d = CurrentProcess.environment("TZDIR"), !d.isEmpty { return d }
        return "/usr/share/zoneinfo"
    }

    /// The zone called `name` in the tz database (`"Europe/Berlin"`, `"America/New_York"`, `"UTC"`),
    /// read from `zoneDirectory`.
    /// - Throws: `.invalidZoneName` for an empty name, an absolute path, a `..` component or a
    ///   control character (NUL included); `.unknownZone` when the directory has no such zone file;
    ///   the core's TZif errors when the file is not zone data.
    /// - Complexity: O(size of the zone file), one read.
    public static func named(_ name: String) throws(TimeZoneError) -> TimeZoneRules {
        try named(name, in: zoneDirectory)
    }

    /// The zone called `name`, read from `directory` instead of `zoneDirectory`.
    /// - Complexity: O(size of the zone file), one read.
    public static func named(_ name: String, in directory: String) throws(TimeZoneError) -> TimeZoneRules {
        try _checkZoneName(name)
        guard let bytes = _readSmallFile(directory + "/" + name, limit: _maxZoneFileBytes) else {
            throw .unknownZone(name)
        }
        return try TimeZoneRules(tzif: bytes, name: name)
    }

    /// The zone a user names on a command line or in a setting: `UTC` or `Z`; a fixed offset
    /// `±HH:MM`, `±HHMM` or `±HH`; an IANA name; or a POSIX TZ string such as
    /// `EST5EDT,M3.2.0,M11.1.0` (tried when no zone file has that name and the text looks like one:
    /// it starts with `<` or holds a digit).
    /// - Throws: the error of the form the text has: `.invalidZoneName` / `.unknownZone` for a name,
    ///   the core's offset or POSIX errors otherwise.
    /// - Complexity: O(size of the zone file) for a name, O(length) otherwise.
    public static func parse(_ text: String) throws(TimeZoneError) -> TimeZoneRules {
        // Bytes compared, never Strings: String == would link Unicode normalization into libcalgrid.a.
        if _equal(text, "UTC") || _equal(text, "Z") { return .utc }
        if let offset = _fixedOffset(text) { return try TimeZoneRules(utcOffsetSeconds: offset) }
        do {
            return try named(text)
        } catch {
            guard case .unknownZone = error, _looksLikePOSIX(text) else { throw error }
            do { return try TimeZoneRules(posixTZ: text) } catch let posix {
                // A comma or an angle bracket is POSIX beyond doubt: its error is the useful one.
                if _count(0x2C, in: text) > 0 || text.utf8.first == 0x3C { throw posix }
                throw error
            }
        }
    }

    /// The zone the C library uses for local time, decided as glibc decides it:
    /// - `TZ` set: empty → UTC; `:` first → dropped; an absolute path → that file; a name → the zone
    ///   file of that name; otherwise a POSIX TZ string; when none of these works, UTC;
    /// - `TZ` not set: `/etc/localtime` (named after its symbolic link's target when that points
    ///   into the zone directory, e.g. `Europe/Berlin`), else UTC.
    /// Never fails: like glibc, anything unusable means UTC.
    /// - Complexity: one zone file read.
    public static func local() -> TimeZoneRules {
        _local(tz: CurrentProcess.environment("TZ"), localtime: "/etc/localtime", directory: zoneDirectory)
    }

    /// `local()` with its inputs given, for tests.
    static func _local(tz: String?, localtime: String, directory: String) -> TimeZoneRules {
        guard var spec = tz else { return _fromLocaltime(localtime, directory: directory) }
        if spec.utf8.first == 0x3A { let u = Array(spec.utf8); spec = _string(u, 1, u.count) }
        if spec.isEmpty { return .utc }
        if spec.utf8.first == 0x2F {
            // An absolute path is honoured only here, where the user's own TZ gave it.
            guard let bytes = _readSmallFile(spec, limit: _maxZoneFileBytes) else { return .utc }
            return (try? TimeZoneRules(tzif: bytes, name: _zoneName(ofPath: spec, directory: directory) ?? spec)) ?? .utc
        }
        if let zone = try? named(spec, in: directory) { return zone }
        return (try? TimeZoneRules(posixTZ: spec)) ?? .utc
    }

    static func _fromLocaltime(_ path: String, directory: String) -> TimeZoneRules {
        guard let bytes = _readSmallFile(path, limit: _maxZoneFileBytes) else { return .utc }
        var name = path
        if let target = _linkTarget(path) {
            let absolute = target.utf8.first == 0x2F ? target : _parentDirectory(path) + "/" + target
            name = _zoneName(ofPath: absolute, directory: directory) ?? name
        }
        return (try? TimeZoneRules(tzif: bytes, name: name)) ?? .utc
    }
}

/// TZif files are a few KiB (the largest in tzdata is under 10 KiB); anything far larger is not one.
package let _maxZoneFileBytes = 1 << 20

// The helpers below walk bytes with plain loops: generic collection algorithms over String views
// (split, starts(with:), elementsEqual) would each add a specialization to libcalgrid.a, which has
// a size budget (make test-c-symbols).

/// `bytes[from..<to]` as a String.
func _string(_ bytes: [UInt8], _ from: Int, _ to: Int) -> String {
    bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[from..<to]), as: UTF8.self) }
}

/// Whether `text` is exactly `literal`, byte for byte (String == would compare canonical equivalence
/// and link Unicode normalization into libcalgrid.a).
func _equal(_ text: String, _ literal: StaticString) -> Bool {
    guard text.utf8.count == literal.utf8CodeUnitCount else { return false }
    var k = 0
    for b in text.utf8 {
        if b != literal.utf8Start[k] { return false }
        k += 1
    }
    return true
}

/// How many times `byte` occurs in `text`.
func _count(_ byte: UInt8, in text: String) -> Int {
    var n = 0
    for b in text.utf8 where b == byte { n += 1 }
    return n
}

/// Refuses what could leave the zone directory or confuse a path: see `TimeZoneRules.named(_:)`.
func _checkZoneName(_ name: String) throws(TimeZoneError) {
    guard let first = name.utf8.first, first != 0x2F else { throw .invalidZoneName(name) }
    // Bytes of the current component so far: -1 once it is known not to be "..".
    var component = 0
    var dots = 0
    for b in name.utf8 {
        if b < 0x20 || b == 0x7F { throw .invalidZoneName(name) }
        if b == 0x2F {
            if component == 2 && dots == 2 { throw .invalidZoneName(name) }
            component = 0; dots = 0
            continue
        }
        component += 1
        if b == 0x2E { dots += 1 }
    }
    if component == 2 && dots == 2 { throw .invalidZoneName(name) }
}

/// `+09:00`, `-0330`, `+05` → seconds east of UTC (minutes 0...59; the core refuses hours past 25);
/// nil for other text.
func _fixedOffset(_ text: String) -> Int32? {
    let u = Array(text.utf8)
    guard u.count == 3 || u.count == 5 || u.count == 6, u[0] == 0x2B || u[0] == 0x2D else { return nil }
    func two(_ i: Int) -> Int32? {
        guard u[i] &- 0x30 < 10, u[i + 1] &- 0x30 < 10 else { return nil }
        return Int32(u[i] - 0x30) * 10 + Int32(u[i + 1] - 0x30)
    }
    guard let h = two(1) else { return nil }
    var m: Int32 = 0
    if u.count == 5 { guard let mm = two(3) else { return nil }; m = mm }
    if u.count == 6 { guard u[3] == 0x3A, let mm = two(4) else { return nil }; m = mm }
    guard m < 60 else { return nil }
    let s = h * 3600 + m * 60
    return u[0] == 0x2D ? -s : s
}

/// A POSIX TZ string has a digit (its offset) or starts with a quoted `<name>`; zone names like
/// `Europe/Berlin` have neither, so a typo there is reported as an unknown zone. A `/` appears in
/// a POSIX string only after its first comma (rule times).
func _looksLikePOSIX(_ text: String) -> Bool {
    var digit = false, comma = false
    for b in text.utf8 {
        if b == 0x2C { comma = true }
        if b == 0x2F && !comma { return false }
        if b &- 0x30 < 10 { digit = true }
    }
    return digit || text.utf8.first == 0x3C
}

/// The IANA name of a zone file path inside `directory` (`/usr/share/zoneinfo/Europe/Berlin` →
/// `Europe/Berlin`), after removing `.` and `..` components; nil for a path elsewhere.
func _zoneName(ofPath path: String, directory: String) -> String? {
    let file = _normalizedPath(Array(path.utf8)), dir = _normalizedPath(Array(directory.utf8))
    let skip = dir.count == 1 ? 1 : dir.count + 1   // "/" itself, or "DIR/"
    guard file.count > skip, dir.count == 1 || file[dir.count] == 0x2F else { return nil }
    for k in 0..<dir.count where file[k] != dir[k] { return nil }
    return _string(file, skip, file.count)
}

/// `path` with empty, `.` and `..` components resolved lexically (`/etc/../usr/./x` → `/usr/x`).
func _normalizedPath(_ path: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    var k = 0
    while k < path.count {
        while k < path.count, path[k] == 0x2F { k += 1 }
        var end = k
        while end < path.count, path[end] != 0x2F { end += 1 }
        let n = end - k
        if n == 2, path[k] == 0x2E, path[k + 1] == 0x2E {
            while let last = out.popLast(), last != 0x2F {}
        } else if n > 0, !(n == 1 && path[k] == 0x2E) {
            out.append(0x2F)
            for i in k..<end { out.append(path[i]) }
        }
        k = end
    }
    return out.isEmpty ? [0x2F] : out
}

/// `/etc/localtime` → `/etc`; `localtime` → `.`.
func _parentDirectory(_ path: String) -> String {
    let u = Array(path.utf8)
    var slash = u.count - 1
    while slash >= 0, u[slash] != 0x2F { slash -= 1 }
    if slash < 0 { return "." }
    return slash == 0 ? "/" : _string(u, 0, slash)
}
