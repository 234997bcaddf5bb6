// The JSON formats of the import layer (native files, JSON Lines, Taskwarrior exports) and the JSON
// export. The layer's own vocabulary (ImportOptions, ImportReport, ImportIssue, ImportError, ...) is
// CalGridImport's, re-exported so that `import CalGridJSON` is all a JSON user needs.
@_exported import CalGridImport
