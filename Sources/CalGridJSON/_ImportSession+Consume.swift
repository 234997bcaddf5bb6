// The sink side of a batch: each decoded chunk, in input order, goes to the sink and its bad records
// to the policy. Strict policy replays a chunk up to its first bad record, so an earlier refusal by
// the sink (a taken id) is still the one reported. The first batch also feeds the guess of how much
// room the sink should reserve for the rest of the input.
import CalGrid

extension _ImportSession {
    /// Records a bad record; throws in strict policy.
    mutating func reject(_ issue: ImportIssue) throws(ImportError) {
        if options.policy == .strict { throw .invalidInput(issue) }
        report.skipped += 1
        if report.issues.count < options.limits.maxReportedIssues { report.issues.append(issue) } else { report.unreportedIssues += 1 }
    }

    /// Hands chunk `c`'s todos to the sink and applies the policy to its bad records, in record order.
    mutating func consume(_ c: Int, _ p: UnsafePointer<UInt8>) throws(ImportError) {
        let r = pipeline.result(c)
        let spans = pipeline.spans
        var problems: [(record: Int, issue: ImportIssue)] = []
        for (k, pr) in r.pointee.problems {
            let record = nextRecordIndex + k
            problems.append((record, issues.issue(p, pr, span: spans[k], record: record)))
        }
        var rejections: [(Int, TodoError)] = []
        if options.policy == .strict, let first = problems.first {
            // The todos before the first bad record may still hold an earlier one (an id taken).
            let firstSpan = first.record - nextRecordIndex
            var m = 0
            while m < r.pointee.draftSpans.count, r.pointee.draftSpans[m] < firstSpan { m += 1 }
            if m > 0 {
                try sink.add(r.pointee.todos, 0..<m) { (k, e) throws(ImportError) in rejections.append((k, e)) }
                if let (k, e) = rejections.first {
                    let span = r.pointee.draftSpans[k]
                    try reject(issues.issue(p, refused: e, span: spans[span], record: nextRecordIndex + span))
                }
            }
            try reject(first.issue)
        }
        let candidates = r.pointee.todos.count
        if !reserved {
            // The bytes of the texts, about 4 of header per todo and 1 per tag.
            textBytesSoFar += r.pointee.todos.textByteCount + 4 * candidates + r.pointee.todos.tagCount
        }
        if candidates > 0 {
            try sink.add(r.pointee.todos, 0..<candidates) { (k, e) throws(ImportError) in rejections.append((k, e)) }
        }
        for (k, e) in rejections {
            let span = r.pointee.draftSpans[k]
            let record = nextRecordIndex + span
            problems.append((record, issues.issue(p, refused: e, span: spans[span], record: record)))
        }
        report.imported += candidates - rejections.count
        report.deletedSkipped += r.pointee.deleted
        report.recurringSkipped += r.pointee.recurring
        if !problems.isEmpty {
            if !rejections.isEmpty { problems.sort { $0.record < $1.record } }
            for pr in problems { try reject(pr.issue) }
        }
    }

    /// After the first batch, tells the sink how many drafts the rest of the input probably holds, at
    /// the rate of the bytes read so far (a tenth more, so one estimate usually suffices; room not used is never touched).
    mutating func reserveAhead(done: Int64, finished: Bool) {
        reserved = true
        guard !finished, bytesTotal > done, done > 0, report.imported > 0 else { return }
        let rest = Double(bytesTotal - done) / Double(done) * 1.1
        let drafts = Swift.min(Double(report.imported) * rest + 64, Double(options.limits.maxRecords))
        let text = Swift.min(Double(textBytesSoFar) * rest, Double(Int32.max))
        sink.reserve(drafts: Int(drafts), textBytes: Int(text))
    }
}
