// What each dropdown entry sorts by, and its one machine name. The CLI's `--sort` words, its
// help, the shell completions and the C API's `calgrid_sort_label_order` all read these, so an
// entry added or changed here reaches every layer.
extension SortOrderLabel {
    /// The order the entry stands for (`TodoSet.sortedIndices(by:)`).
    /// - Complexity: O(1)
    @inlinable
    public var order: TodoOrder {
        switch self {
        case .deadlineImminent: return .deadlineImminent
        case .registrationOrder: return .registrationOrder
        case .newestFirst: return .newestFirst
        case .startDay: return .startDay
        case .title: return .title
        case .progress: return .progress
        case .time: return .time
        }
    }

    /// The entry's stable machine name: `deadline`, `registered`, `newest`, `start`, `title`,
    /// `progress`, `time` (the CLI's `--sort` word). ASCII, lowercase; a static literal.
    /// - Complexity: O(1)
    @inlinable
    public var machineName: StaticString {
        switch self {
        case .deadlineImminent: return "deadline"
        case .registrationOrder: return "registered"
        case .newestFirst: return "newest"
        case .startDay: return "start"
        case .title: return "title"
        case .progress: return "progress"
        case .time: return "time"
        }
    }

    /// `machineName` as a `String`.
    /// - Complexity: O(length of the name)
    public var machineNameText: String {
        let n = machineName
        return String(decoding: UnsafeBufferPointer(start: n.utf8Start, count: n.utf8CodeUnitCount), as: UTF8.self)
    }

    /// The entry whose `machineName` is exactly `name` (case matters), nil for any other text.
    /// - Complexity: O(length of `name`)
    public init?(machineName name: String) {
        var text = name
        // Bytes, not `String ==`: no Unicode tables, so the core stays small in Embedded builds.
        let found: SortOrderLabel? = text.withUTF8 { bytes in
            for entry in SortOrderLabel.allCases {
                let n = entry.machineName
                let known = UnsafeBufferPointer(start: n.utf8Start, count: n.utf8CodeUnitCount)
                if known.elementsEqual(bytes) { return entry }
            }
            return nil
        }
        guard let found else { return nil }
        self = found
    }
}
