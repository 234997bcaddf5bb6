// CalGridBenchmarks: `swift run -c release CalGridBenchmarks [--help] [--quick] [--huge] [--only a,b] [--out DIR]`.
// Sub-commands used internally: `import-child IMPL FILE`, `import-zone-child ZONE FILE`, `ics-child IMPL PATH` (one import in a fresh process).
import Foundation

let benchmarksDir: String = {
    // …/Benchmarks/Sources/CalGridBenchmarks/main.swift → …/Benchmarks
    var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    return parts.joined(separator: "/")
}()

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "import-child" {
    exit(importChildMain(Array(arguments.dropFirst())))
}
if arguments.first == "ics-child" {
    exit(icalChildMain(Array(arguments.dropFirst())))
}
if arguments.first == "import-zone-child" {
    exit(importZoneChildMain(Array(arguments.dropFirst())))
}

/// The scenario groups `--only` selects, in the order they run.
let groups = ["grids", "aggregates", "overlap", "sorts", "memory", "capi", "changes", "tz", "rrule", "rule-counts", "cli", "import", "import-zone", "vdir", "vdir-export", "ical-import", "agenda"]
let usage = """
usage: swift run -c release CalGridBenchmarks [--quick] [--huge] [--only GROUP,...] [--out DIR]

  --quick        small sizes only (under 2 minutes); writes to .build/bench-quick/, not results/
  --huge         also 10,000,000 todos (lean data, several GB)
  --only GROUPS  run only these groups: \(groups.joined(separator: ", "))
                 (writes its README beside the JSON in --out, leaving Benchmarks/README.md alone)
  --out DIR      where the JSON, the plots and a partial run's README go (default: results/)
"""

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("CalGridBenchmarks: \(message)\n\(usage)\n".utf8))
    exit(2)
}

func option(_ name: String) -> String? {
    guard let i = arguments.firstIndex(of: name) else { return nil }
    guard i + 1 < arguments.count else { fail("\(name) needs a value") }
    return arguments[i + 1]
}

if arguments.contains("--help") || arguments.contains("-h") { print(usage); exit(0) }
// An unknown word is a mistake, not a request for the full (half-hour) run.
do {
    var i = 0
    while i < arguments.count {
        switch arguments[i] {
        case "--quick", "--huge": i += 1
        case "--only", "--out": i += 2
        default: fail("unknown argument '\(arguments[i])'")
        }
    }
}

let settings = Settings(quick: arguments.contains("--quick"), huge: arguments.contains("--huge"))
let only = option("--only").map { Set($0.split(separator: ",").map(String.init)) }
if let only, let unknown = only.subtracting(groups).sorted().first { fail("unknown group '\(unknown)'") }
func wanted(_ group: String) -> Bool { only.map { $0.contains(group) } ?? true }

let startDate = Date()
let dateFormatter = DateFormatter()
dateFormatter.locale = Locale(identifier: "en_US_POSIX")
dateFormatter.timeZone = TimeZone(identifier: "UTC")
dateFormatter.dateFormat = "yyyy-MM-dd"
let day = dateFormatter.string(from: startDate)
dateFormatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
let stamp = dateFormatter.string(from: startDate)

print("CalGrid benchmarks (\(settings.quick ? "quick" : "full") mode), \(stamp)")
let machine = machineInfo()
for (k, v) in machine { print("  \(k): \(v)") }

var all: [Measurement] = []
if wanted("grids") { all += runMonthGrids(settings) }
if wanted("aggregates") { all += runAggregates(settings) }
if wanted("overlap") { all += runOverlap(settings) }
if wanted("sorts") { all += runSorts(settings) }
if wanted("memory") { all += runMemory(settings) }
if wanted("capi") { all += runCAPI(settings) }
if wanted("changes") { all += runChanges(settings) }
if wanted("tz") { all += runTimeZones(settings) }
if wanted("rrule") { all += runRecurrence(settings) }
if wanted("rule-counts") { all += runRuleCounts(settings) }
if wanted("cli") { all += runCLIStartup(settings) }
if wanted("import") { all += runImport(settings) }
if wanted("import-zone") { all += runImportZone(settings) }
if wanted("vdir") { all += runVdir(settings) }
if wanted("vdir-export") { all += runVdirExport(settings) }
if wanted("ical-import") { all += runICalImport(settings) }
if wanted("agenda") { all += runAgenda(settings) }

let results = evaluate(all)
printTable(all, results)

let outDir = option("--out") ?? (settings.quick ? benchmarksDir + "/.build/bench-quick" : benchmarksDir + "/results")
let plotDir = outDir + "/plots"
try? FileManager.default.createDirectory(atPath: plotDir, withIntermediateDirectories: true)
let jsonName = settings.quick ? "\(day)-quick.json" : "\(day).json"
try? resultsJSON(all, results, machine: machine, mode: settings.quick ? "quick" : "full", date: stamp)
    .write(toFile: outDir + "/" + jsonName, atomically: true, encoding: .utf8)
let plots = writePlots(all, dir: plotDir)
let readmePath = settings.quick || only != nil ? outDir + "/README.md" : benchmarksDir + "/README.md"
let relPlotDir = settings.quick || only != nil ? "plots" : "results/plots"
try? readme(all, results, machine: machine, date: stamp, jsonFile: jsonName, plots: plots, plotDir: relPlotDir)
    .write(toFile: readmePath, atomically: true, encoding: .utf8)
print("\nwrote \(outDir)/\(jsonName), \(plots.count) plots in \(plotDir), \(readmePath)")

if !checksumFailures.isEmpty {
    print("checksum failures (\(checksumFailures.count)): implementations computed different results:")
    for f in checksumFailures { print("  \(f)") }
    exit(1)
}
print("checksums: all implementations agree")
