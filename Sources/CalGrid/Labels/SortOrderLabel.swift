/// The sort dropdown's entries, keyed by a stable raw value (the C enum `calgrid_sort_label`).
/// Each entry knows its order (`order`) and its machine name (`machineName`, the CLI's `--sort`
/// word), so no other layer maps entries to sorts by hand.
///
/// The origin app offered the first three; the rest name the other sorts CalGrid has.
public enum SortOrderLabel: UInt8, CaseIterable, Sendable {
    /// 기한임박: the nearest deadline first.
    case deadlineImminent = 0
    /// 등록순: in the order the todos were registered.
    case registrationOrder = 1
    /// 최신순: the most recently registered first.
    case newestFirst = 2
    /// 시작일순: by start day.
    case startDay = 3
    /// 제목순: by title.
    case title = 4
    /// 진행률순: by share of days done.
    case progress = 5
    /// 시간순: by day, all-day first, then start time, then title (a calendar's day list).
    case time = 6

    /// "Deadline imminent" / "기한임박" (long); "Deadline" / "기한" (short, narrow).
    /// A static UTF-8 literal; nothing is allocated.
    /// - Complexity: O(1)
    public func name(_ width: LabelWidth = .long, _ language: LabelLanguage = .english) -> StaticString {
        _entry.labels.name(width, language)
    }
}
