import CalGrid
import CalGridSystem

/// What a store needs from the command line or a C caller: the path given for it (`--todos`), and
/// the zone its date-times are read and written in.
public struct StoreOptions {
    /// The store's path as given (`--todos`); nil: `$CALGRID_TODOS`, else the default (`Store.locate`).
    public var todosPath: String?
    /// The zone date-times become days in.
    public var zone: TimeZoneRules
    /// Told what the store did or skipped besides the change asked for (a file it created, an
    /// unreadable item left out): the command prints it on standard error.
    public var notice: (String) -> Void

    /// - Complexity: O(1)
    public init(todosPath: String? = nil, zone: TimeZoneRules = TimeZoneRules.local(), notice: @escaping (String) -> Void = { _ in }) {
        self.todosPath = todosPath
        self.zone = zone
        self.notice = notice
    }
}
