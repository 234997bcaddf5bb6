// The names of one entry of a label table (the period picker's, the sort dropdown's): English and
// Korean, long and short, with the one rule for which of them a width and a language take. Static
// UTF-8 literals; nothing is allocated.
@usableFromInline
struct _LabelNames {
    @usableFromInline let english: StaticString
    @usableFromInline let englishShort: StaticString
    @usableFromInline let korean: StaticString
    @usableFromInline let koreanShort: StaticString

    @inlinable
    init(_ english: StaticString, _ englishShort: StaticString, _ korean: StaticString, _ koreanShort: StaticString) {
        self.english = english; self.englishShort = englishShort; self.korean = korean; self.koreanShort = koreanShort
    }

    /// The name of `width` (`.narrow` is `.short`) in `language`.
    /// - Complexity: O(1)
    @inlinable
    func name(_ width: LabelWidth, _ language: LabelLanguage) -> StaticString {
        let long = width == .long
        switch language {
        case .english: return long ? english : englishShort
        case .korean: return long ? korean : koreanShort
        }
    }
}
