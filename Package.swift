// swift-tools-version: 6.0
// The x-callback-url conformance suite: a strict reference implementation, canonical vectors,
// a conformance runner for any implementation, and fuzzing drivers. No package dependencies.

import PackageDescription

let package = Package(
    name: "xcallback-conformance",
    products: [
        .library(name: "XCallbackURL", targets: ["XCallbackURL"]),
        .library(name: "XCallbackConformance", targets: ["XCallbackConformance"]),
        .library(name: "XCallbackConformanceTesting", targets: ["XCallbackConformanceTesting"]),
        .library(name: "XCallbackFuzzing", targets: ["XCallbackFuzzing"]),
        .executable(name: "xcallback-conformance", targets: ["xcallback-conformance"]),
        .executable(name: "xcallback-conformance-bench", targets: ["xcallback-conformance-bench"]),
    ],
    targets: [
        // The reference implementation: parse, build a request, build a callback.
        .target(name: "XCallbackURL"),

        // The published protocol, vectors, evaluator, runner, reports and command-line logic.
        .target(
            name: "XCallbackConformance",
            dependencies: ["XCallbackURL"],
            resources: [.copy("../../Vectors")]
        ),
        .target(name: "XCallbackConformanceTesting", dependencies: ["XCallbackConformance"]),

        // Fuzz drivers in plain Swift; the libFuzzer binaries live in the nested Fuzz/ package.
        .target(name: "XCallbackFuzzing", dependencies: ["XCallbackURL", "XCallbackConformance"]),

        // Executables.
        .executableTarget(name: "xcallback-conformance", dependencies: ["XCallbackConformance", "XCallbackFuzzing"]),
        .executableTarget(
            name: "xcallback-conformance-bench",
            dependencies: ["XCallbackURL", "XCallbackConformance", "XCallbackFuzzing"],
            exclude: ["floors.json"]  // read by path (#filePath or --floors), not a resource
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
