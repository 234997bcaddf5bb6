extension TodoBatch {
    /// Makes room for `count` todos and `textBytes` bytes of their ids, titles, memos and tags
    /// in all, so that staging up to there allocates nothing. A producer that stages in chunks of
    /// a known size (a firmware reading todos from flash, ten at a time) sizes the batch once:
    /// grown by doubling instead, its rows and text leave freed blocks behind that a small heap
    /// cannot always reuse (issue 22's 100-todo firmware on the Cortex-M4).
    /// - Complexity: O(todos and text already staged) when it reallocates, else O(1).
    public mutating func reserveCapacity(_ count: Int, textBytes: Int) {
        if count > _rows.capacity { _rows.reserveCapacity(count) }
        if textBytes > _text.capacity { _text.reserveCapacity(textBytes) }
    }
}
