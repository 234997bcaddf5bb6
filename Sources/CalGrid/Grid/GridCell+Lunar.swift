extension GridCell {
    /// The cell's Korean lunar date, or nil outside `LunarDate.civilRange` (1000-02-13...2050-12-31).
    /// Computed on demand from `date`, so cells stay as small as they were and a grid that shows no
    /// lunar dates pays nothing.
    /// - Complexity: O(1), no allocation.
    public var lunarDate: LunarDate? { try? LunarDate(date) }
}
