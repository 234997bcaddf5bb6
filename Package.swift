// swift-tools-version:6.0
import PackageDescription

// The core (`CalGrid`), the system layer (`CalGridSystem`) and the import layer (`CalGridJSON`) must
// also compile in Embedded Swift mode (`make embedded`), so none may import Foundation or Glibc.
//
// This is the one module table: the Makefile's swiftc flavours (Embedded, libcalgrid.so/.a, TSan,
// fuzzing) derive their modules, sources, dependencies, C module maps and pkg-config libraries from
// it (mk/modules.py reads `swift package dump-package`). A new module is a target here, nothing more.
// TodoSet's invariant checks compile into every debug build (`swift test` alone as `make test`);
// release builds (the benchmarks, the installed library and command) are without them.
let invariantChecks: [SwiftSetting] = [.define("CALGRID_INVARIANTS", .when(configuration: .debug))]

let package = Package(
    name: "CalGrid",
    products: [
        .library(name: "CalGrid", targets: ["CalGrid"]),
        .library(name: "CalGridSystem", targets: ["CalGridSystem"]),
        .library(name: "CalGridImport", targets: ["CalGridImport"]),
        .library(name: "CalGridJSON", targets: ["CalGridJSON"]),
        .library(name: "CalGridICalendar", targets: ["CalGridICalendar"]),
        .library(name: "CalGridStore", targets: ["CalGridStore"]),
        .executable(name: "calgrid", targets: ["calgrid"]),
    ],
    targets: [
        .target(name: "CalGrid", swiftSettings: invariantChecks),
        // libc through one header of `cg_` wrappers, and the Swift layer over it (files, locks,
        // signals, threads, zone files, the local zone). No json-c.
        .systemLibrary(name: "CSystem"),
        .target(name: "CalGridSystem", dependencies: ["CalGrid", "CSystem"]),
        .systemLibrary(
            name: "CJSONC",
            pkgConfig: "json-c",
            providers: [.apt(["libjson-c-dev"])]
        ),
        // The format-neutral import layer: report and issues, policy, limits, progress, the sink and
        // the parallel chunk pipeline. No json-c: a format is a module with its decoder (CalGridJSON).
        .target(name: "CalGridImport", dependencies: ["CalGrid", "CalGridSystem"]),
        .target(name: "CalGridJSON", dependencies: ["CalGrid", "CalGridSystem", "CalGridImport", "CJSONC"]),
        // iCalendar (RFC 5545) through libical: CalGridICalendar is the only module that calls it, through
        // Sources/CLibical's one header. Not Embedded (libical needs the C library's files and ICU).
        // No pkgConfig: its `-lical` would come after the module map's ICU libraries, which the static
        // calgrid's link needs after libical.a (the module map links both, in that order).
        .systemLibrary(name: "CLibical", providers: [.apt(["libical-dev"])]),
        .target(name: "CalGridICalendar", dependencies: ["CalGrid", "CalGridSystem", "CalGridImport", "CLibical"]),
        // Include/calgrid.h as a module, so the C API is written against the header's own types.
        .systemLibrary(name: "CCalGrid", path: "Include"),
        // The C API (libcalgrid.so, libcalgrid.a). Its iCalendar calls (calgrid_ical_*) use
        // CalGridICalendar, so that module must compile as Embedded Swift too (libcalgrid.a is Embedded);
        // in libcalgrid.a they are a member of their own (mk/capi.mk), in libcalgrid.so libical is linked.
        .target(name: "CalGridC", dependencies: ["CalGrid", "CalGridSystem", "CalGridJSON", "CalGridICalendar", "CalGridStore", "CCalGrid"]),
        // Where todos live (issue 38): a file in any format or a vdir, its listing, naming, lock rule,
        // cache and format detection, snapshot, change and commit. The command's one store.
        .target(name: "CalGridStore", dependencies: ["CalGrid", "CalGridSystem", "CalGridImport", "CalGridJSON", "CalGridICalendar"]),
        .executableTarget(name: "calgrid", dependencies: ["CalGrid", "CalGridSystem", "CalGridImport", "CalGridJSON", "CalGridICalendar", "CalGridStore"]),
        // What the suites share: the seeded generator, the runner of oracle and fixture programs.
        .target(name: "CalGridTestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "CalGridTests", dependencies: ["CalGrid", "CalGridTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "CalGridSystemTests", dependencies: ["CalGrid", "CalGridSystem", "CalGridTestSupport"]),
        .testTarget(name: "CalGridJSONTests", dependencies: ["CalGrid", "CalGridSystem", "CalGridJSON", "CalGridTestSupport"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "CalGridICalendarTests",
                    dependencies: ["CalGrid", "CalGridSystem", "CalGridImport", "CalGridICalendar", "CalGridJSON", "CalGridTestSupport"],
                    exclude: ["Corpus", "Clients"]),
        // The C layer's agreement with the header where Swift can check it (the cell layout).
        .testTarget(name: "CalGridCTests", dependencies: ["CalGrid", "CalGridC", "CCalGrid"]),
        // Every Swift snippet of README.md and docs/*.md, extracted at build time and run with its checks.
        .executableTarget(name: "DocSnippetExtractor", path: "Tests/DocSnippets/Extractor"),
        .plugin(name: "DocSnippetPlugin", capability: .buildTool(), dependencies: ["DocSnippetExtractor"],
                path: "Tests/DocSnippets/Plugin"),
        .testTarget(name: "DocSnippetTests", dependencies: ["CalGrid", "CalGridSystem", "CalGridJSON", "CalGridICalendar"],
                    plugins: ["DocSnippetPlugin"]),
    ]
)
