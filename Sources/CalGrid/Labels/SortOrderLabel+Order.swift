// What each dropdown entry sorts by, and its one machine name. The CLI's `--sort` words, its
// help, the shell completions and the C API's `calgrid_sort_label_order` all read these, so an
// entry added or changed here reaches every layer.
extension SortOrderLabel {
    /// The order the entry stands for (`TodoSet.sortedIndices(by:)`).
    /// - Complexity: O(1)
    @inlinable
    public var order: TodoOrder { _entry.order }

    /// The entry's stable machine name: `deadline`, `registered`, `newest`, `start`, `title`,
    /// `progress`, `time` (the CLI's `--sort` word). ASCII, lowercase; a static literal.
    /// - Complexity: O(1)
    @inlinable
    public var machineName: StaticString { _entry.machineName }

    /// Everything an entry is, in one row: its order, its machine name and its labels (`name(_:_:)`).
    @inlinable
    var _entry: (order: TodoOrder, machineName: StaticString, labels: _LabelNames) {
        switch self {
        case .deadlineImminent: return (.deadlineImminent, "deadline", _LabelNames("Deadline imminent", "Deadline", "기한임박", "기한"))
        case .registrationOrder: return (.registrationOrder, "registered", _LabelNames("Registration order", "Registered", "등록순", "등록"))
        case .newestFirst: return (.newestFirst, "newest", _LabelNames("Newest first", "Newest", "최신순", "최신"))
        case .startDay: return (.startDay, "start", _LabelNames("Start day", "Start", "시작일순", "시작일"))
        case .title: return (.title, "title", _LabelNames("Title", "Title", "제목순", "제목"))
        case .progress: return (.progress, "progress", _LabelNames("Progress", "Progress", "진행률순", "진행률"))
        case .time: return (.time, "time", _LabelNames("Time", "Time", "시간순", "시간"))
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
