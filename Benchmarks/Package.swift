// swift-tools-version:6.0
import PackageDescription

// The benchmark suite: its own package so that Foundation (used only by the baselines) never
// reaches the engine. The root package is a path dependency; SwiftPM would identify it by its
// folder's name, so it is named explicitly and the products below refer to that name, wherever
// and under whatever folder name this clone lives.
let package = Package(
    name: "CalGridBenchmarks",
    dependencies: [.package(name: "CalGrid", path: "..")],
    targets: [
        // What a C programmer would write: timegm/gmtime_r month grids, qsort.
        .target(name: "CBaselines", cSettings: [.unsafeFlags(["-O2"])]),
        // json-c for the whole-file baseline (its own module so the engine's CJSONC stays private).
        .systemLibrary(name: "CJSONCBench", pkgConfig: "json-c", providers: [.apt(["libjson-c-dev"])]),
        // libical for the recurrence baseline (icalrecur_iterator) and the iCalendar import baseline
        // (icalparser_parse_string and a walk), Debian libical-dev.
        .target(name: "CICalBench", cSettings: [.unsafeFlags(["-O2"])], linkerSettings: [.linkedLibrary("ical")]),
        .executableTarget(
            name: "CalGridBenchmarks",
            dependencies: [
                .product(name: "CalGrid", package: "CalGrid"),
                .product(name: "CalGridJSON", package: "CalGrid"),
                .product(name: "CalGridSystem", package: "CalGrid"),
                .product(name: "CalGridICalendar", package: "CalGrid"),
                "CBaselines", "CJSONCBench", "CICalBench",
            ],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
    ]
)
