/// The languages CalGrid has labels for.
public enum LabelLanguage: UInt8, CaseIterable, Sendable {
    case english = 0
    case korean = 1
}

/// How long a label is.
///
/// | width | weekday | month | period | sort order |
/// | --- | --- | --- | --- | --- |
/// | `.narrow` | Su / 일 | Jan / 1월 | Month / 월 | Deadline / 기한 |
/// | `.short` | Sun / 일 | Jan / 1월 | Month / 월 | Deadline / 기한 |
/// | `.long` | Sunday / 일요일 | January / 1월 | Monthly / 월간 | Deadline imminent / 기한임박 |
///
/// `.narrow` exists for weekday column headers (two letters, like `cal`; one Hangul syllable is
/// two terminal columns wide too); elsewhere it equals `.short`.
public enum LabelWidth: UInt8, CaseIterable, Sendable {
    case narrow = 0
    case short = 1
    case long = 2
}
