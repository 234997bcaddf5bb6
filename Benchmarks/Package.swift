// swift-tools-version:6.0
import PackageDescription

// The benchmark suite: its own package so that Foundation (used only by the baselines) never
// reaches the engine. It depends on the root package by path; SwiftPM names a path dependency
// after its folder, so the identity is read off wherever this clone lives.
let rootIdentity = String(Context.packageDirectory.split(separator: "/").dropLast().last ?? "calgrid").lowercased()

let package = Package(
    name: "CalGridBenchmarks",
    dependencies: [.package(path: "..")],
    targets: [
        // What a C programmer would write: timegm/gmtime_r month grids, qsort.
        .target(name: "CBaselines", cSettings: [.unsafeFlags(["-O2"])]),
        // json-c for the whole-file baseline (its own module so the engine's CJSONC stays private).
        .systemLibrary(name: "CJSONCBench", pkgConfig: "json-c", providers: [.apt(["libjson-c-dev"])]),
        .executableTarget(
            name: "CalGridBenchmarks",
            dependencies: [
                .product(name: "CalGrid", package: rootIdentity),
                .product(name: "CalGridJSON", package: rootIdentity),
                "CBaselines", "CJSONCBench",
            ],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
    ]
)
