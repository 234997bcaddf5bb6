// Work split over threads for a program that has several independent parts to do at once (the
// calgrid command reading a vdir's files): the public face of `_Thread`.

/// Runs the parts of some work at the same time: part 0 on the calling thread, every other part on
/// a thread of its own, all of them finished when `run` returns. Each part must touch only what is
/// its own or what no part changes.
public enum ParallelParts {
    /// The processors online (sysconf), at least 1.
    /// - Complexity: O(1) system calls.
    public static var processorCount: Int { _Thread.onlineProcessors }

    /// Calls `work(0)` ... `work(parts - 1)`, each on its own thread but part 0, which runs on the
    /// caller's; a part whose thread the system refuses runs on the caller's thread after part 0.
    /// One part (or fewer) is a plain call.
    /// - Complexity: `parts - 1` thread starts and joins, beside the parts' own work.
    public static func run(_ parts: Int, _ work: (Int) -> Void) {
        guard parts > 1 else { work(0); return }
        withoutActuallyEscaping(work) { w in
            var threads: [_Thread] = []
            var jobs: [_Job] = []
            var refused: [Int] = []
            for k in 1..<parts {
                let job = _Job(w, k)
                jobs.append(job)
                var t = _Thread()
                let started = t.start({ context in
                    let job = Unmanaged<_Job>.fromOpaque(context!).takeUnretainedValue()
                    job.work(job.part)
                    return nil
                }, Unmanaged.passUnretained(job).toOpaque())
                if started { threads.append(t) } else { refused.append(k) }
            }
            w(0)
            for k in refused { w(k) }
            for k in threads.indices { threads[k].join() }
            withExtendedLifetime(jobs) {}
        }
    }
}

/// One part of a `ParallelParts.run`, kept alive by it until its thread is joined.
final class _Job {
    let work: (Int) -> Void
    let part: Int
    init(_ work: @escaping (Int) -> Void, _ part: Int) { self.work = work; self.part = part }
}
