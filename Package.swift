// swift-tools-version: 6.0
// The x-callback-url conformance suite: a strict reference implementation, canonical vectors,
// a conformance runner for any implementation, and fuzzing drivers. No package dependencies.

import PackageDescription

let package = Package(
    name: "xcallback-conformance",
    products: [
        .library(name: "XCallbackURL", targets: ["XCallbackURL"]),
        .library(name: "XCallbackConformanceCore", targets: ["XCallbackConformanceCore"]),
        .library(name: "XCallbackConformance", targets: ["XCallbackConformance"]),
        .library(name: "XCallbackConformanceTesting", targets: ["XCallbackConformanceTesting"]),
        .library(name: "XCallbackFuzzing", targets: ["XCallbackFuzzing"]),
        .executable(name: "xcallback-conformance", targets: ["xcallback-conformance"]),
        .executable(name: "xcallback-conformance-bench", targets: ["xcallback-conformance-bench"]),
    ],
    targets: [
        // The reference implementation: parse, build a request, build a callback.
        .target(name: "XCallbackURL"),

        // Protocol and evaluation: `ConformanceTarget`, the vector model, the evaluator, the encoding rules.
        // Small on purpose: the fuzz binaries link and instrument this, not the runner.
        .target(name: "XCallbackConformanceCore", dependencies: ["XCallbackURL"]),

        // Fuzz drivers in plain Swift; the libFuzzer binaries live in the nested Fuzz/ package.
        .target(name: "XCallbackFuzzing", dependencies: ["XCallbackURL", "XCallbackConformanceCore"]),

        // Runner and command line: vector loading, the subprocess protocol, reports, the `xcallback-conformance` logic.
        .target(
            name: "XCallbackConformance",
            dependencies: ["XCallbackURL", "XCallbackConformanceCore", "XCallbackFuzzing"],
            resources: [.copy("../../Vectors")]
        ),

        // Testing glue: certify a target from Swift Testing or XCTest.
        .target(name: "XCallbackConformanceTesting", dependencies: ["XCallbackConformance"]),

        // Executables.
        .executableTarget(name: "xcallback-conformance", dependencies: ["XCallbackConformance"]),
        .executableTarget(
            name: "xcallback-conformance-bench",
            dependencies: ["XCallbackURL", "XCallbackConformance", "XCallbackFuzzing"],
            // floors.json is read by path (#filePath or --floors); peer/ holds the ada-url driver, built by its script;
            // RESULTS.md is the full output of runs, which the README links to.
            exclude: ["floors.json", "peer", "RESULTS.md"]
        ),

        // Tests.
        .testTarget(name: "XCallbackURLTests", dependencies: ["XCallbackURL"]),
        .testTarget(
            name: "XCallbackConformanceTests",
            dependencies: ["XCallbackConformance", "XCallbackConformanceTesting", "XCallbackFuzzing"],
            exclude: ["Fixtures"]  // fixture programs and suites, read by path (#filePath), not resources
        ),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    target.swiftSettings = settings
}
