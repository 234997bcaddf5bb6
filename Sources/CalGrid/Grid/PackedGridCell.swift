/// A grid cell in eight bytes: the day number, then one byte each for the owner, the weekday, the
/// flags and the day of the month.
///
/// This is the layout of C's `calgrid_cell` (Include/calgrid.h), so grids can write their cells
/// straight into storage a renderer or a C caller owns (`MonthGrid.writeCells(into:)`); the C
/// layer's tests check that the two layouts and the flag bits agree. `init(_:)` and `cell` are the
/// one mapping between a `GridCell` and its packed form.
@frozen
public struct PackedGridCell: Hashable, Sendable {
    /// The state bits of a packed cell, as `CALGRID_CELL_*`.
    @frozen
    public struct Flags: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        /// - Complexity: O(1)
        @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// `GridCell.isToday`.
        /// - Complexity: O(1)
        @inlinable public static var today: Flags { Flags(rawValue: 0x01) }
        /// `GridCell.isVisible`.
        /// - Complexity: O(1)
        @inlinable public static var visible: Flags { Flags(rawValue: 0x02) }
        /// `GridCell.isWeekend`.
        /// - Complexity: O(1)
        @inlinable public static var weekend: Flags { Flags(rawValue: 0x04) }
    }

    /// `GridCell.date.dayNumber`.
    public internal(set) var dayNumber: Int32
    /// `GridCell.owner.rawValue`.
    public internal(set) var ownerRawValue: UInt8
    /// `GridCell.weekday.rawValue`.
    public internal(set) var weekdayRawValue: UInt8
    public internal(set) var flags: Flags
    /// `GridCell.dayOfMonth`, 1...31.
    public internal(set) var dayOfMonth: UInt8

    @inline(__always)
    init(dayNumber: Int32, owner: CellOwner, weekday: Weekday, flags: Flags, dayOfMonth: UInt8) {
        self.dayNumber = dayNumber; self.ownerRawValue = owner.rawValue; self.weekdayRawValue = weekday.rawValue
        self.flags = flags; self.dayOfMonth = dayOfMonth
    }

    /// The packed form of `cell`.
    /// - Complexity: O(1)
    public init(_ cell: GridCell) {
        var flags: Flags = []
        if cell.isToday { flags.insert(.today) }
        if cell.isVisible { flags.insert(.visible) }
        if cell.isWeekend { flags.insert(.weekend) }
        self.init(dayNumber: cell.date.dayNumber, owner: cell.owner, weekday: cell.weekday, flags: flags,
                  dayOfMonth: UInt8(truncatingIfNeeded: cell.dayOfMonth))
    }

    /// The cell unpacked. (The weekend flag is not read: a `GridCell` derives it from the weekday.)
    /// - Complexity: O(1)
    @inlinable
    public var cell: GridCell {
        GridCell(date: CivilDate(_unchecked: dayNumber), dayOfMonth: dayOfMonth, owner: CellOwner(rawValue: ownerRawValue)!,
                 weekday: Weekday(rawValue: weekdayRawValue)!, isToday: flags.contains(.today),
                 isVisible: flags.contains(.visible))
    }
}
