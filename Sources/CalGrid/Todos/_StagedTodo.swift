// What a `TodoBatch` keeps per staged todo and per staged rule: positions into its arenas.

/// One staged todo: its fields and where its text, tags and flags are in the batch.
@usableFromInline
struct _StagedTodo: Sendable {
    @usableFromInline var textStart: Int
    @usableFromInline var idCount: Int
    @usableFromInline var titleCount: Int
    /// -1 when there is no memo.
    @usableFromInline var memoCount: Int
    /// Where the todo's tag lengths start in `_tagLengths`, and how many.
    @usableFromInline var tagStart: Int
    @usableFromInline var tagCount = 0
    @usableFromInline var fields: TodoFields
    /// Where the flags start in the bit arena, and how many (-1 = no `completedDays`).
    @usableFromInline var bitOffset = 0
    @usableFromInline var completedCount = -1
    /// Its rule staged as text in the batch's `_rules`, -1 when none.
    @usableFromInline var rule: Int32 = -1
    /// Its location in the batch's `_locationText` (count -1: none).
    @usableFromInline var locationStart = 0
    @usableFromInline var locationCount = -1

    @inlinable
    init(textStart: Int, idCount: Int, titleCount: Int, memoCount: Int, tagStart: Int, fields: TodoFields) {
        self.textStart = textStart; self.idCount = idCount; self.titleCount = titleCount; self.memoCount = memoCount
        self.tagStart = tagStart; self.fields = fields
    }

    @inlinable var titleStart: Int { textStart + idCount }
    @inlinable var memoStart: Int { titleStart + titleCount }
    @inlinable var tagBytesStart: Int { memoStart + Swift.max(memoCount, 0) }
    /// The flags it came with, nil when none.
    @inlinable var completedFlags: Int? { completedCount < 0 ? nil : completedCount }
}

/// A rule staged as text: where its bytes are in the batch's rule text (-1 count: no rule, only
/// the days), and its added and removed days.
@usableFromInline
struct _StagedRule: Sendable {
    @usableFromInline var textStart: Int
    @usableFromInline var textCount: Int
    @usableFromInline var rdates: [CivilDate]
    @usableFromInline var exdates: [CivilDate]
    /// The day a UTC `UNTIL` ends on in the staging zone, when not its UTC day; else `Int32.min`.
    @usableFromInline var untilDay: Int32
    /// `TodoBatch._parseRule`, reached only through this reference (see there).
    @usableFromInline var bind: @Sendable (UnsafeBufferPointer<UInt8>?, CivilDate, Int32, [CivilDate], [CivilDate])
        -> Result<_TodoRule, RecurrenceError>
}
