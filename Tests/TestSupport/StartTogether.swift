import Foundation
import Synchronization

/// Runs `body(t)` on `threads` new threads that start together (each waits until all are running,
/// so their first calls race), and returns when all have finished.
public func runTogether(threads: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let arrived = Atomic<Int>(0)
    let done = DispatchGroup()
    for t in 0..<threads {
        done.enter()
        let thread = Thread {
            arrived.add(1, ordering: .acquiringAndReleasing)
            while arrived.load(ordering: .acquiring) < threads { sched_yield() }
            body(t)
            done.leave()
        }
        thread.start()
    }
    done.wait()
}
