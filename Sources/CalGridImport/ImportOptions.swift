import CalGrid

/// Which layout and vocabulary the input uses.
public enum ImportFormat: UInt8, CaseIterable, Hashable, Sendable {
    /// Decide from the first bytes and the first record: `[` → array, `{"format"…` / `{"version"…` /
    /// `{"todos"…` → wrapped native, any other `{` → JSON Lines; a first record with `uuid`,
    /// `description` and `entry` and no `title` → Taskwarrior.
    case automatic = 0
    /// CalGrid records: a top-level array or the `{"format": "calgrid", "version": 1, "todos": [...]}` wrapper.
    case native
    /// CalGrid records, one per line (blank lines allowed).
    case jsonLines
    /// `task export` of Taskwarrior 2.6 (an array, or one task per line).
    case taskwarrior
    /// iCalendar (RFC 5545): VCALENDARs of VTODOs and VEVENTs, read by CalGridICalendar (libical);
    /// the JSON import refuses it. Found automatically from `BEGIN:VCALENDAR` first (`detected(in:)`).
    case icalendar

    /// The format's one word: `auto`, `native`, `jsonl`, `taskwarrior`, `ics` (the CLI's `--format` value and
    /// the name `calgrid import` reports, in text and in `--json`).
    /// - Complexity: O(1)
    public var name: String {
        switch self {
        case .automatic: "auto"
        case .native: "native"
        case .jsonLines: "jsonl"
        case .taskwarrior: "taskwarrior"
        case .icalendar: "ics"
        }
    }

    /// The format whose `name` is exactly `name`; nil for any other word.
    /// - Complexity: O(length of `name`)
    public init?(name: String) {
        guard let named = _caseNamed(name, { (c: Self) in c.name }) else { return nil }
        self = named
    }
}

extension ImportFormat {
    /// The automatic decision's first step, on an input's first bytes: `.icalendar` when, after a
    /// UTF-8 byte order mark and blank lines, they begin with `BEGIN:VCALENDAR`, `BEGIN:VTODO` or `BEGIN:VEVENT` (any case), else
    /// `.automatic` (the JSON formats, decided at their first record). 15 bytes past the blanks
    /// are enough.
    /// - Complexity: O(length of the leading blanks)
    public static func detected(in prefix: UnsafeRawBufferPointer) -> ImportFormat {
        var i = prefix.count >= 3 && prefix[0] == 0xEF && prefix[1] == 0xBB && prefix[2] == 0xBF ? 3 : 0
        while i < prefix.count, prefix[i] == 0x20 || prefix[i] == 0x09 || prefix[i] == 0x0D || prefix[i] == 0x0A { i += 1 }
        // A bare VTODO or VEVENT (no VCALENDAR around it) is iCalendar too: the import reads it
        // as if wrapped, with a warning (docs/icalendar.md).
        func starts(_ word: StaticString) -> Bool {
            guard prefix.count - i >= word.utf8CodeUnitCount else { return false }
            for k in 0..<word.utf8CodeUnitCount {
                var b = prefix[i + k]
                if b >= 0x61 && b <= 0x7A { b -= 0x20 }
                if b != word.utf8Start[k] { return false }
            }
            return true
        }
        return starts("BEGIN:VCALENDAR") || starts("BEGIN:VTODO") || starts("BEGIN:VEVENT") ? .icalendar : .automatic
    }
}

extension ImportFormat {
    /// `detected(in:)` over an array of the first bytes.
    /// - Complexity: O(length of the leading blanks)
    public static func detected(in prefix: [UInt8]) -> ImportFormat {
        prefix.withUnsafeBytes { detected(in: $0) }
    }
}

/// The case whose `name` is `name`: the one lookup behind the formats' and the policy's `init?(name:)`.
package func _caseNamed<T: CaseIterable>(_ name: String, _ nameOf: (T) -> String) -> T? {
    T.allCases.first { nameOf($0) == name }
}

/// What happens to a bad record.
public enum ImportPolicy: UInt8, CaseIterable, Hashable, Sendable {
    /// The first bad record fails the whole import; the target set is left unchanged.
    case strict = 0
    /// Bad records are skipped and reported (up to `ImportLimits.maxReportedIssues`); the rest is imported.
    /// A syntax error that makes the rest of an array unreadable still fails the import.
    case skipInvalid

    /// The policy's one word: `strict`, `skip-invalid` (the CLI's `--policy` value).
    /// - Complexity: O(1)
    public var name: String { self == .strict ? "strict" : "skip-invalid" }

    /// The policy whose `name` is exactly `name`; nil for any other word.
    /// - Complexity: O(length of `name`)
    public init?(name: String) {
        guard let named = _caseNamed(name, { (c: Self) in c.name }) else { return nil }
        self = named
    }
}

/// Bounds on the input; every one is checked and reported as an `ImportIssue`, never a crash.
public struct ImportLimits: Hashable, Sendable {
    /// Largest input accepted, in bytes (default 8 GiB; memory use does not grow with it).
    public var maxInputBytes: Int64 = 8 << 30
    /// Deepest nesting inside one record (default and maximum 32; json-c's own limit is the same).
    public var maxDepth: Int = ImportLimits.deepestSupportedNesting
    /// Longest string, in input bytes between the quotes (default 1 MiB).
    public var maxStringBytes: Int = 1 << 20
    /// Largest record, in input bytes (default 64 MiB); the reader's buffer never exceeds twice this.
    public var maxRecordBytes: Int = 64 << 20
    /// Longest span [startDate, endDate], in days (default 36,600, about a century).
    public var maxSpanDays: Int = 36_600
    /// Most records read (default 100,000,000).
    public var maxRecords: Int = 100_000_000
    /// Most issues listed in the report in `.skipInvalid` policy; later ones are only counted (default 100).
    public var maxReportedIssues: Int = 100

    public init() {}

    /// The largest `maxDepth` the scanner supports, 32 (json-c's own limit); a larger `maxDepth`
    /// acts as 32, and the C API rejects one (`calgrid_import_options.max_depth`, EINVAL).
    /// - Complexity: O(1)
    public static var deepestSupportedNesting: Int { 32 }
}

/// How to read the input.
public struct ImportOptions {
    public var format: ImportFormat = .automatic
    public var policy: ImportPolicy = .strict
    /// The time zone in which RFC 3339 and Taskwarrior date-times become civil days, by its rules at
    /// each instant (`TimeZoneRules.named("Europe/Berlin")`, `.local()`, or a fixed offset:
    /// `TimeZoneRules(utcOffsetSeconds: 32400)` for Korea). Default UTC.
    public var zone: TimeZoneRules = .utc
    public var limits = ImportLimits()
    /// Taskwarrior: import deleted tasks too (default false: skipped and counted).
    public var includeDeletedTasks = false
    /// Taskwarrior: import recurring parent templates too (default false: skipped and counted).
    public var includeRecurringParents = false
    /// Threads parsing records: 0 = one per online core, capped at 2 (the default).
    public var threads: Int = 0
    /// Called on the importing thread after each batch of input with the bytes done and the total
    /// (0 when unknown, e.g. a pipe); returning false cancels the import (`ImportError.cancelled`,
    /// nothing changed). Default none.
    public var progress: ((_ bytesDone: Int64, _ bytesTotal: Int64) -> Bool)? = nil

    public init(format: ImportFormat = .automatic, policy: ImportPolicy = .strict, zone: TimeZoneRules = .utc) {
        self.format = format; self.policy = policy; self.zone = zone
    }
}

/// What an import did.
public struct ImportReport: Hashable, Sendable {
    /// The layout and vocabulary found (never `.automatic`).
    public var format: ImportFormat = .automatic
    /// The name of the time zone date-times became days in (`ImportOptions.zone.name`).
    public var zoneName = "UTC"
    /// Records read, good or bad (Taskwarrior tasks skipped by status included).
    public var records = 0
    /// Records added to the set.
    public var imported = 0
    /// Bad records skipped (`.skipInvalid` only).
    public var skipped = 0
    /// Fields no record format knows, over all records (and the wrapper object); ignored.
    public var unknownFields = 0
    /// Taskwarrior tasks with status `deleted` that were left out.
    public var deletedSkipped = 0
    /// Taskwarrior recurring parent templates that were left out.
    public var recurringSkipped = 0
    /// iCalendar components that are not items and were left out: VJOURNAL, VFREEBUSY, and
    /// RECURRENCE-ID overrides while the set has no recurrence rule to apply them to.
    public var componentsSkipped = 0
    /// Bytes of input read.
    public var bytes: Int64 = 0
    /// The first `maxReportedIssues` problems, in input order.
    public var issues: [ImportIssue] = []
    /// Problems beyond the cap, counted only.
    public var unreportedIssues = 0
    /// Flaws read liberally, in the same located form as `issues`: the item was imported as the
    /// detail says (an iCalendar item without a UID, a repair of a property CalGrid does not read).
    /// Never an error under any policy; the first `maxReportedIssues`, in input order.
    public var warnings: [ImportIssue] = []
    /// Warnings beyond the cap, counted only.
    public var unreportedWarnings = 0

    /// Adds `warning` to `warnings`, or counts it beyond `cap`.
    /// - Complexity: O(1) amortized
    package mutating func warn(_ warning: ImportIssue, cap: Int) {
        if warnings.count < cap { warnings.append(warning) } else { unreportedWarnings += 1 }
    }

    public init() {}
}
