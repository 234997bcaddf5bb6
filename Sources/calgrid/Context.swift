import CalGrid
import CalGridSystem
import CalGridStore

/// What a command runs with once its options are parsed: the day taken as today, the styling
/// for standard output, and the todos.
struct Context {
    let options: CommonOptions
    let today: CivilDate
    let style: Style
    let todos: TodoData

    var lang: Language { options.lang }

    static func load(_ options: CommonOptions) throws(CLIError) -> Context {
        let today = options.resolvedToday()
        let todos: TodoData
        if let store = Store.locate(options.store), let vdir = store.vdir {
            todos = TodoData(try storeCall { () throws(StoreError) in try vdir.read(options.store) })
        } else if let store = Store.locate(options.store), store.isExplicit || store.exists {
            try storeCall { () throws(StoreError) in try store.requireExisting() }
            todos = try TodoFile.load(path: store.path, options: options.store)
        } else {
            // No store yet: the sample set keeps every view (and `make demo`) showing something.
            // Said on a terminal only, so scripts and pipes see the same output as before.
            if Stream.standardError.isTerminal {
                reportError("no todos of your own yet (\(Store.locate(options.store)?.path ?? "no store: $HOME is not set")); "
                            + "showing the built-in sample. Start with: calgrid add TITLE")
            }
            do { todos = TodoData(try TodoSet(SampleTodos.drafts(today: today))) } catch {
                // The sample set is ours: failing validation is a bug, said plainly rather than trapped.
                throw .data("the built-in sample set is invalid (\(error)); please report this")
            }
        }
        return Context(options: options, today: today,
                       style: options.json ? Style(enabled: false) : Style.resolve(options.color, for: .standardOutput),
                       todos: todos)
    }

    /// `en` or `ko` text.
    func t(_ en: @autoclosure () -> String, _ ko: @autoclosure () -> String) -> String { lang == .en ? en() : ko() }

    /// A tally as the views say it: "3 of 5 done (60%)".
    func doneText(_ tally: TodoTally) -> String {
        t("\(tally.completed) of \(tally.total) done (\(tally.percentDone)%)",
          "\(tally.total)개 중 \(tally.completed)개 완료 (\(tally.percentDone)%)")
    }
}
