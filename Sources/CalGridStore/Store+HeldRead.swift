import CalGrid
import CalGridICalendar
import CalGridSystem

extension Store {
    /// What the store's files are at one moment, told apart as the vdir view cache tells them
    /// (`VdirCache`): a vdir's listing as the directory gave it and each item file's status; a
    /// file's status. Every write of the store replaces a file by a rename (a new inode), and any
    /// other write changes its size or its modification time (nanoseconds).
    public struct Stamp: Equatable {
        var names: [UInt8]
        var statuses: [FileStatus?]

        /// The stamp of `store` now; nil when it cannot be taken (a missing file, a listing that fails).
        /// - Complexity: O(files): a listing and a status of each
        public init?(of store: Store) {
            if let v = store.vdir {
                guard let listing = try? ICalendarItem.itemNameList(in: v.directory),
                      let statuses = try? FileSystem.statuses(of: listing, in: v.directory) else { return nil }
                names = listing.bytes
                self.statuses = statuses
            } else {
                guard store.path != "-", let status = (try? FileSystem.status(store.path)) ?? nil else { return nil }
                names = []
                statuses = [status]
            }
        }
    }

    /// A read of the store, kept with its stamp (taken before it) and what it told `notice`.
    public struct HeldRead {
        var set: TodoSet
        var stamp: Stamp
        var notices: [String]
    }

    /// The store's todos as `read(_:)` gives them; when `held` is a read of the store as its files
    /// still are, its set again, read and copied no more: the value shares its storage with
    /// `held`'s (copy-on-write, so a change of either copies first), and what that read told
    /// `notice` (an unreadable item left out) is told again. Otherwise the store is read and `held`
    /// becomes this read.
    /// - Complexity: O(files) for the stamp when unchanged; else that and `read(_:)`.
    public func read(_ options: StoreOptions, reusing held: inout HeldRead?) throws(StoreError) -> TodoSet {
        // Before the read: a change made while it reads shows as a new stamp next time.
        let stamp = Stamp(of: self)
        if let h = held, let stamp, h.stamp == stamp {
            for m in h.notices { options.notice(m) }
            return h.set
        }
        held = nil
        var told: [String] = []
        var o = options
        o.notice = { m in told.append(m); options.notice(m) }
        let set = try read(o)
        if let stamp { held = HeldRead(set: set, stamp: stamp, notices: told) }
        return set
    }
}
