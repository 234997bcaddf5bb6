/// Reading `--todos FILE`.
enum TodoFile {
    static func load(path: String, options: CommonOptions) throws(CLIError) -> TodoData {
        // TODO(json): parse with CalGridJSON once its import API is on main.
        _ = try System.readAll(path: path)
        throw .data("\(path): reading todo files needs the JSON import layer, which is not on main yet")
    }
}
