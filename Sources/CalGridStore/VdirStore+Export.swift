import CalGrid
import CalGridICalendar
import CalGridImport
import CalGridSystem

extension VdirStore {
    /// Runs `body` holding this vdir's lock (`lockPath`, the lock every writer of the vdir takes),
    /// the directory made first with every missing one above it, as mkdir -p would: the export's
    /// way in, where the vdir may not exist yet.
    /// - Throws: `.refused` when the path is a file, not a directory; what making it or the lock
    ///   throws; what `body` throws.
    /// - Complexity: O(1) besides `body`
    public func creatingLocked<R, Failure: StoreErrorWrapping>(_ body: () throws(Failure) -> R) throws(Failure) -> R {
        if FileSystem.exists(directory) && !FileSystem.isDirectory(directory) {
            throw Failure(.refused("\(directory): is not a directory (--format vdir writes one)"))
        }
        do throws(Errno) { try FileSystem.makeDirectories(directory, mode: 0o755) } catch { throw Failure(.system(error)) }
        return try Store.lockingFile(lockPath, body)
    }

    /// Writes `set` into the items already in the vdir (`TodoSet.updateVdir`): a todo whose file
    /// is there is patched in it, an unchanged one's file is not written again, a new one gets a
    /// file by the one naming rule. Call it under `creatingLocked`.
    /// - Throws: `.system` naming the file that could not be written, `.unreadable` for a kept text
    ///   that is no longer iCalendar.
    /// - Complexity: O(n + size of the vdir's items and of the texts written)
    public func write(_ set: TodoSet, zone: TimeZoneRules) throws(StoreError) {
        do throws(ExportError) { _ = try set.updateVdir(at: directory, zone: zone) } catch {
            switch error {
            case .system(let e): throw .system(e, path: e.path.isEmpty ? directory : e.path)
            case .unreadableItem: throw .unreadable("\(directory): \(error.message)")
            }
        }
    }
}
