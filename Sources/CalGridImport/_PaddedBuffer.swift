/// A fixed number of elements, each starting on a 128-byte boundary of its own: for state that
/// different threads write at the same time (each decoding thread's decoder and its per-record
/// counters, each chunk's result).
///
/// Packed side by side, two threads' elements can share a cache line, and every write then moves
/// the line between the cores; whether a boundary falls inside a line depends on where malloc put
/// the array, so the cost came and went with unrelated allocations (see `_ChunkDecoder`'s tokener).
/// 128 bytes, not 64, because x86 cores fetch lines in adjacent pairs.
package struct _PaddedBuffer<Element> {
    package static var alignment: Int { 128 }

    package let base: UnsafeMutableRawPointer
    package let count: Int
    /// Bytes from one element to the next: the element's stride rounded up to `alignment`.
    package let stride: Int

    /// Room for `count` elements, uninitialized.
    package init(count: Int) {
        let a = Self.alignment
        stride = (MemoryLayout<Element>.stride + a - 1) / a * a
        self.count = count
        base = .allocate(byteCount: Swift.max(1, stride * count), alignment: Swift.max(a, MemoryLayout<Element>.alignment))
    }

    /// The element at `i` (0 ..< count).
    @inline(__always)
    package subscript(i: Int) -> UnsafeMutablePointer<Element> {
        (base + i &* stride).assumingMemoryBound(to: Element.self)
    }

    package func initialize(_ i: Int, to value: consuming Element) {
        (base + i &* stride).initializeMemory(as: Element.self, to: value)
    }

    /// Deinitializes every element (all must be initialized) and frees the memory.
    package func deallocate() {
        for i in 0..<count { self[i].deinitialize(count: 1) }
        base.deallocate()
    }
}
