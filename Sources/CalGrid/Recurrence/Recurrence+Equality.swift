extension Recurrence: Hashable {
    /// Two recurrences are equal when they have the same start, rule, RDATE and EXDATE days and
    /// the same last rule day (a UTC `UNTIL` bound in two zones may end on different days).
    /// - Complexity: O(r) in the day lists.
    public static func == (a: Recurrence, b: Recurrence) -> Bool {
        a.start == b.start && a.rule == b.rule && a._ruleLast == b._ruleLast
            && a.rdates == b.rdates && a.exdates == b.exdates
    }

    /// Hashes what `==` compares.
    /// - Complexity: O(r) in the day lists.
    public func hash(into h: inout Hasher) {
        h.combine(start); h.combine(rule); h.combine(_ruleLast); h.combine(rdates); h.combine(exdates)
    }
}
