// A todo set driven by the blob's script: a staged batch, single appends, updates, removes,
// ticks and completion flags, a batch it must refuse, with the set's answers printed after each phase: per-day counts
// and completion over a window, overlap queries, every sort order, every todo's progress.
import CalGrid

func checkTodos(_ input: inout Input, _ out: inout Output) {
    let window = (input.i32(), input.i32())
    var ranges: [(Int32, Int32)] = []
    for _ in 0..<input.u16() { ranges.append((input.i32(), input.i32())) }
    var set = TodoSet(), phase = 1
    while true {
        let op = input.u8()
        do throws(TodoError) {
            switch op {
            case 0:
                return
            case 1:
                var batch = TodoBatch()
                for _ in 0..<input.u16() { stage(&input, into: &batch) }
                try set.insert(contentsOf: batch)
            case 2:
                try set.append(draft(&input))
            case 3:
                let i = input.u16()
                try set.update(at: i, to: draft(&input))
            case 4:
                set.remove(at: input.u16())
            case 5:
                let i = input.u16()
                _ = try set.toggleDone(on: day(input.i32()), at: i)
            case 7:
                let i = input.u16()
                try set.setIsCompleted(input.u8() != 0, at: i)
            case 8:
                refused(&input, &set, &out)
            default:
                report(set, phase: phase, window: window, ranges: ranges, &out)
                phase += 1
            }
        } catch {
            out.text("todo error in phase "); out.int(phase); out.line()
        }
    }
}

/// A staged batch the set must refuse (two ids that repair to the same text): prints the error's
/// position and id, whose String the 32-bit targets build from bytes without String's repair.
private func refused(_ input: inout Input, _ set: inout TodoSet, _ out: inout Output) {
    var batch = TodoBatch()
    for _ in 0..<input.u16() { stage(&input, into: &batch) }
    do throws(TodoError) {
        try set.insert(contentsOf: batch)
        out.text("refusal accepted"); out.line()
    } catch {
        guard case .duplicateID(let position, let id) = error else { out.text("refusal: another error"); out.line(); return }
        out.text("refused duplicate position="); out.int(position); out.text(" id=")
        for b in id.utf8 { out.buffer.append(b) }
        out.line()
    }
}

private func day(_ n: Int32) -> CivilDate {
    do throws(DateError) { return try CivilDate(dayNumber: Int64(n)) } catch { return .min }
}

/// The fields of one encoded todo; the texts stay bytes in the blob.
private struct Encoded {
    var id: UnsafeRawBufferPointer, title: UnsafeRawBufferPointer
    var start: CivilDate?, end: CivilDate?, createdAt: Int64?
    var isChallenge: Bool, isCompleted: Bool, repetition: WeekdaySet
    var flags: (count: Int, bits: UnsafeRawBufferPointer)?

    init(_ input: inout Input) {
        id = input.take(input.u8())
        title = input.take(input.u8())
        let f = input.u8()
        let s = input.i32(), e = input.i32()
        repetition = WeekdaySet(rawValue: UInt8(truncatingIfNeeded: input.u8()))
        let c = input.i64()
        start = f & 1 != 0 ? day(s) : nil
        end = f & 2 != 0 ? day(e) : nil
        isChallenge = f & 4 != 0
        isCompleted = f & 8 != 0
        createdAt = f & 16 != 0 ? c : nil
        if f & 32 != 0 {
            let n = input.u16()
            flags = (n, input.take((n + 7) / 8))
        }
    }

    func flag(_ k: Int) -> Bool { flags!.bits[k / 8] >> UInt8(k % 8) & 1 != 0 }
}

/// Stages one todo from its bytes (the byte-text path: no String).
private func stage(_ input: inout Input, into batch: inout TodoBatch) {
    let t = Encoded(&input)
    batch.append(idBytes: t.id, titleBytes: t.title, memoBytes: nil, start: t.start, end: t.end, createdAt: t.createdAt,
                 isChallenge: t.isChallenge, isCompleted: t.isCompleted, repetition: t.repetition, reminderMinutes: nil)
    if let f = t.flags {
        batch.setCompletedDays(count: f.count)
        for k in 0..<f.count where t.flag(k) { batch.setCompletedDay(k) }
    }
}

/// One todo as a draft (the String path).
private func draft(_ input: inout Input) -> TodoDraft {
    let t = Encoded(&input)
    var d = TodoDraft(id: String(decoding: t.id, as: UTF8.self), title: String(decoding: t.title, as: UTF8.self),
                      start: t.start, end: t.end, createdAt: t.createdAt, isChallenge: t.isChallenge,
                      isCompleted: t.isCompleted, repetition: t.repetition)
    if let f = t.flags { d.completedDays = (0..<f.count).map { t.flag($0) } }
    return d
}

private func report(_ set: TodoSet, phase: Int, window: (Int32, Int32), ranges: [(Int32, Int32)], _ out: inout Output) {
    out.text("todos phase="); out.int(phase); out.text(" count="); out.int(set.count); out.line()
    for kind in [TodoKind.all, .challenges] {
        let counts = set.dayCounts(from: day(window.0), through: day(window.1), kind: kind)
        var d = Digest()
        for t in 0..<counts.dayCount { d.fold(Int(counts.total[t])); d.fold(Int(counts.completed[t])) }
        let sum = counts.sum
        out.text(kind == .all ? "counts all " : "counts challenges "); out.hex(d)
        out.text(" total="); out.int(sum.total); out.text(" done="); out.int(sum.completed)
        out.text(" pct="); out.int(sum.percentDone); out.line()
    }
    var d = Digest(), hits = 0
    for (a, b) in ranges {
        for i in set.indices(from: day(a), through: day(b)) { d.fold(i); hits += 1 }
        d.fold(-1)
    }
    out.text("overlap "); out.hex(d); out.text(" hits="); out.int(hits); out.line()
    let keys: [(TodoSortKey, StaticString)] = [(.deadline, "sort deadline "), (.registration, "sort registration "),
                                               (.start, "sort start "), (.title, "sort title "), (.completionShare, "sort share ")]
    for (key, label) in keys {
        for descending in [false, true] {
            var d = Digest()
            for i in set.sortedIndices(by: TodoOrder(key, descending: descending)) { d.fold(i) }
            out.text(label); out.text(descending ? "desc " : "asc "); out.hex(d); out.line()
        }
    }
    d = Digest()
    for i in 0..<set.count { let p = set.progress(at: i); d.fold(p.done); d.fold(p.total) }
    out.text("progress "); out.hex(d); out.line()
}
