/// An item's times of day: when it starts and ends on the wall clock, in minutes after midnight
/// (0...1439), in the zone its days were read in. An all-day or date-only item has none
/// (`TodoFields.times` is nil); a time never moves an item to another day (its days are its span's).
///
/// `start` is the wall time of its first day (iCalendar's DTSTART), `end` that of its last
/// (DTEND or DUE; the start again when the item has no end instant). `end` may be before `start`:
/// an item from 23:00 to 01:00 ends on the next day. These are its first occurrence's; a recurring
/// item whose times keep a zone of their own (`TodoTimeZone`) has each occurrence's own
/// (`TodoSet.times(at:on:)`; docs/icalendar.md, Times of day).
public struct TodoTimes: Hashable, Sendable {
    /// Minutes after midnight the item starts, 0...1439.
    public let start: Int16
    /// Minutes after midnight the item ends, 0...1439.
    public let end: Int16

    /// The minutes a time of day takes: 00:00...23:59.
    public static let minutesRange: ClosedRange<Int16> = 0...1439

    /// Times from `start` to `end`, minutes after midnight; nil when either is outside 0...1439.
    /// - Complexity: O(1)
    @inlinable
    public init?(start: Int, end: Int) {
        guard start >= 0, start <= 1439, end >= 0, end <= 1439 else { return nil }
        self.start = Int16(truncatingIfNeeded: start); self.end = Int16(truncatingIfNeeded: end)
    }

    /// The two times in one word, as the set stores them: `start | end << 16`.
    @inlinable var _packed: UInt32 { UInt32(UInt16(bitPattern: start)) | UInt32(UInt16(bitPattern: end)) &<< 16 }

    @inlinable init(_packed w: UInt32) {
        start = Int16(truncatingIfNeeded: w & 0xFFFF); end = Int16(truncatingIfNeeded: w &>> 16)
    }

    /// `"HH:MM"` of `minutes` after midnight (0...1439): the one spelling of a time of day in
    /// every format and view (JSON `startTime`/`endTime`, the CLI's `10:00–11:00`).
    /// - Complexity: O(1)
    public static func text(_ minutes: Int16) -> String {
        let m = Int(minutes)
        let d: [UInt8] = [UInt8(48 + m / 600), UInt8(48 + m / 60 % 10), 58, UInt8(48 + m % 60 / 10), UInt8(48 + m % 10)]
        return String(decoding: d, as: UTF8.self)
    }

    /// The minutes after midnight of `"HH:MM"` (two digits each, 00:00...23:59); nil for anything else.
    /// - Complexity: O(1)
    public static func minutes(parsing bytes: UnsafeRawBufferPointer) -> Int16? {
        guard bytes.count == 5, bytes[2] == 58 else { return nil }
        var v = [0, 0, 0, 0]
        for (k, at) in [0, 1, 3, 4].enumerated() {
            let b = bytes[at]
            guard b >= 48, b <= 57 else { return nil }
            v[k] = Int(b) - 48
        }
        let h = v[0] * 10 + v[1], m = v[2] * 10 + v[3]
        guard h < 24, m < 60 else { return nil }
        return Int16(truncatingIfNeeded: h * 60 + m)
    }

    /// `minutes(parsing:)` of a string.
    /// - Complexity: O(length of `text`)
    public static func minutes(parsing text: String) -> Int16? {
        var t = text
        return t.withUTF8 { minutes(parsing: UnsafeRawBufferPointer($0)) }
    }
}
