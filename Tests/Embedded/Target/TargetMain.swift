// The check program for the 32-bit targets (Cortex-M4 under QEMU, wasm32 under Node). It reads
// its inputs from the blob target_oracle.py generated, runs the core on them and prints one
// line per check; the make rule compares the lines with the oracle's. It decides nothing
// itself: a wrong answer shows as a different line, a trap as missing lines and a failed run.
import CalGrid

@_extern(c, "target_write") func _targetWrite(_ bytes: UnsafePointer<UInt8>, _ count: Int)
@_extern(c, "target_blob_bytes") func _targetBlob(_ count: UnsafeMutablePointer<Int>) -> UnsafePointer<UInt8>

/// Runs every check; 0 when the program got to the end (the output still has to match).
@c(target_main)
public func targetMain() -> Int32 {
    var count = 0
    let base = _targetBlob(&count)
    var input = Input(UnsafeRawBufferPointer(start: base, count: count))
    var out = Output()
    checkCivilDays(&out)
    checkGrids(&input, &out)
    checkZones(&input, &out)
    checkTodos(&input, &out)
    checkRecurrence(&input, &out)
    out.text("checks "); out.int(out.lines); out.line()
    return input.isAtEnd ? 0 : 1
}

/// 64-bit FNV-1a over 64-bit values, as target_oracle.py folds them.
struct Digest {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    mutating func fold(_ v: Int64) { h = (h ^ UInt64(bitPattern: v)) &* 0x0000_0100_0000_01B3 }
    mutating func fold(_ v: Int) { fold(Int64(v)) }
}

/// One line at a time to `target_write`, without String (numbers are formatted here).
struct Output {
    var buffer: [UInt8] = []
    var lines = 0

    mutating func text(_ s: StaticString) {
        s.withUTF8Buffer { buffer.append(contentsOf: $0) }
    }

    mutating func bytes(_ b: UnsafeRawBufferPointer) { buffer.append(contentsOf: b) }

    mutating func int(_ v: Int) { int(Int64(v)) }

    mutating func int(_ v: Int64) {
        if v < 0 { buffer.append(45) }
        var m = v.magnitude, digits: [UInt8] = []
        repeat { digits.append(48 + UInt8(truncatingIfNeeded: m % 10)); m /= 10 } while m != 0
        buffer.append(contentsOf: digits.reversed())
    }

    mutating func hex(_ d: Digest) {
        for k in stride(from: 60, through: 0, by: -4) {
            let n = UInt8(truncatingIfNeeded: (d.h >> UInt64(k)) & 0xF)
            buffer.append(n < 10 ? 48 + n : 87 + n)
        }
    }

    mutating func line() {
        buffer.append(10)
        buffer.withUnsafeBufferPointer { _targetWrite($0.baseAddress!, $0.count) }
        buffer.removeAll(keepingCapacity: true)
        lines += 1
    }
}

/// Little-endian reads from the blob.
struct Input {
    let bytes: UnsafeRawBufferPointer
    var at = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var isAtEnd: Bool { at == bytes.count }

    mutating func u8() -> Int { at += 1; return Int(bytes[at - 1]) }

    mutating func u16() -> Int { let lo = u8(); return lo | u8() << 8 }

    mutating func u32() -> Int { let lo = u16(); return lo | u16() << 16 }

    mutating func i32() -> Int32 { Int32(truncatingIfNeeded: UInt32(truncatingIfNeeded: u16()) | UInt32(truncatingIfNeeded: u16()) << 16) }

    mutating func i64() -> Int64 {
        let lo = UInt64(UInt32(bitPattern: i32())), hi = UInt64(UInt32(bitPattern: i32()))
        return Int64(bitPattern: lo | hi << 32)
    }

    /// The next `n` bytes, in place.
    mutating func take(_ n: Int) -> UnsafeRawBufferPointer {
        at += n
        return UnsafeRawBufferPointer(rebasing: bytes[(at - n)..<at])
    }
}
