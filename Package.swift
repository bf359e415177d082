// swift-tools-version: 6.0
// The x-callback-url conformance suite: a strict reference implementation, canonical vectors, a conformance
// runner for any implementation, and fuzzing. No package dependencies.
//
// The modules, each building only on modules listed before it (README.md, "How it fits together"):
//   XCallbackURL                  the reference: parse, build a request, build a callback
//   XCallbackConformanceCore      vectors and their loader, evaluation, the fault model, JSON
//   XCallbackTransport            a target in another process: spawning, the protocol, its schemas
//   XCallbackConformance          the runner and its reports; XCallbackConformanceTesting certifies from tests
//   XCallbackFuzzInputs           fuzz inputs: their byte format, generators, nested-callback mutator, seeds
//   XCallbackFuzzing              fuzz drivers and oracle, all that the libFuzzer binaries in Fuzz/ link (with the inputs)
//   XCallbackFuzzEngine           the fuzz loop that drives a target
//   XCallbackMatrix               the results matrix
//   XCallbackCommandLine          `xcallback-conformance`

import PackageDescription

let package = Package(
    name: "xcallback-conformance",
    products: [
        .library(name: "XCallbackURL", targets: ["XCallbackURL"]),
        .library(name: "XCallbackConformanceCore", targets: ["XCallbackConformanceCore"]),
        .library(name: "XCallbackTransport", targets: ["XCallbackTransport"]),
        .library(name: "XCallbackConformance", targets: ["XCallbackConformance"]),
        .library(name: "XCallbackConformanceTesting", targets: ["XCallbackConformanceTesting"]),
        .library(name: "XCallbackFuzzInputs", targets: ["XCallbackFuzzInputs"]),
        .library(name: "XCallbackFuzzing", targets: ["XCallbackFuzzing"]),
        .library(name: "XCallbackFuzzEngine", targets: ["XCallbackFuzzEngine"]),
        .library(name: "XCallbackMatrix", targets: ["XCallbackMatrix"]),
        .library(name: "XCallbackCommandLine", targets: ["XCallbackCommandLine"]),
        .executable(name: "xcallback-conformance", targets: ["xcallback-conformance"]),
        .executable(name: "xcallback-conformance-bench", targets: ["xcallback-conformance-bench"]),
    ],
    targets: [
        // Reference: parse, build a request, build a callback.
        .target(name: "XCallbackURL", exclude: ["README.md"]),

        // Vectors and evaluation: `ConformanceTarget`, the vector model and loader (with the bundled vectors), the
        // evaluator, the encoding rules, JSON. Small on purpose: the fuzz binaries link and instrument this.
        .target(
            name: "XCallbackConformanceCore", dependencies: ["XCallbackURL"], exclude: ["README.md"],
            resources: [.copy("../../Vectors")]),

        // Transport: a target in another process (spawning, the JSON Lines protocol, the protocol server, schemas).
        .target(name: "XCallbackTransport", dependencies: ["XCallbackConformanceCore"], exclude: ["README.md"]),

        // Runner and reports, what adopters import; and the glue that certifies a target from Swift Testing or XCTest.
        .target(
            name: "XCallbackConformance", dependencies: ["XCallbackConformanceCore", "XCallbackTransport"],
            exclude: ["README.md"]
        ),
        .target(name: "XCallbackConformanceTesting", dependencies: ["XCallbackConformance"], exclude: ["README.md"]),

        // Fuzzing: the drivers in plain Swift, which the libFuzzer binaries of the nested Fuzz/ package link (no
        // runner, no transport); and the engine that drives any target with them, in process or over the protocol.
        .target(name: "XCallbackFuzzInputs", dependencies: ["XCallbackURL", "XCallbackConformanceCore"], exclude: ["README.md"]),
        .target(
            name: "XCallbackFuzzing", dependencies: ["XCallbackURL", "XCallbackConformanceCore", "XCallbackFuzzInputs"],
            exclude: ["README.md"]),
        .target(name: "XCallbackFuzzEngine", dependencies: ["XCallbackFuzzing", "XCallbackTransport"], exclude: ["README.md"]),

        // The results matrix, and the command line with the executable that runs it.
        .target(name: "XCallbackMatrix", dependencies: ["XCallbackConformanceCore"], exclude: ["README.md"]),
        .target(
            name: "XCallbackCommandLine",
            dependencies: ["XCallbackConformance", "XCallbackFuzzEngine", "XCallbackMatrix"],
            exclude: ["README.md"]
        ),
        .executableTarget(name: "xcallback-conformance", dependencies: ["XCallbackCommandLine"]),

        // Benchmarks.
        .executableTarget(
            name: "xcallback-conformance-bench",
            dependencies: ["XCallbackURL", "XCallbackConformance", "XCallbackFuzzing"],
            // floors.json is read by path (#filePath or --floors); peer/ holds the ada-url driver, built by its script;
            // README.md and RESULTS.md are the figures and the full output of runs.
            exclude: ["floors.json", "peer", "README.md", "RESULTS.md"]
        ),

        // Tests.
        .testTarget(name: "XCallbackURLTests", dependencies: ["XCallbackURL"]),
        .testTarget(
            name: "XCallbackConformanceTests",
            dependencies: [
                "XCallbackConformance", "XCallbackConformanceTesting", "XCallbackFuzzing", "XCallbackFuzzEngine",
                "XCallbackMatrix", "XCallbackCommandLine",
            ],
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
