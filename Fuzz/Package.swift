// swift-tools-version: 6.0
// libFuzzer targets for the x-callback-url conformance suite. A nested package, so that the root package
// carries no sanitizer flags and plain `swift build` / `swift test` there never link libFuzzer.
//
// Fuzz build (see README.md; instruments the library too, links libFuzzer's main, ASan on):
//   swift build -c release --scratch-path ../.build-fuzz --sanitize=fuzzer \
//       -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING
// Plain `swift build` here builds replay runners: each executable runs the files given as arguments.

import PackageDescription

let package = Package(
    name: "xcallback-fuzz",
    products: [
        // For an adopter's own fuzz package: the signal reset, the replay runner and the mutator glue.
        .library(name: "FuzzSupport", targets: ["FuzzSupport"]),
    ],
    dependencies: [.package(path: "..")],
    targets: [
        // Declares libFuzzer's own mutator, `LLVMFuzzerMutate`, for the structure-aware mutator.
        .target(name: "CLibFuzzer"),
        // Shared entry code: signal reset, replay runner, libFuzzer byte-mutator glue.
        .target(name: "FuzzSupport", dependencies: ["CLibFuzzer", fuzzing]),
        // `LLVMFuzzerCustomMutator` / `LLVMFuzzerCustomCrossOver`: linked only into the `-mutator` targets.
        .target(name: "MutatorHooks", dependencies: ["FuzzSupport", fuzzing]),

        // Fuzz targets.
        .executableTarget(name: "fuzz-robustness", dependencies: ["FuzzSupport", fuzzing]),
        .executableTarget(name: "fuzz-robustness-mutator", dependencies: ["FuzzSupport", "MutatorHooks", fuzzing]),
        .executableTarget(name: "fuzz-round-trip", dependencies: ["FuzzSupport", fuzzing]),
        .executableTarget(name: "fuzz-differential-foundation", dependencies: ["FuzzSupport", fuzzing, core]),
        // Measurement fixtures: the planted three-level bug, with and without the mutator, an empty target and
        // a parse-only target (the ceiling of any driver of the parser).
        .executableTarget(name: "fuzz-planted-bug", dependencies: ["FuzzSupport", fuzzing]),
        .executableTarget(name: "fuzz-planted-bug-mutator", dependencies: ["FuzzSupport", "MutatorHooks", fuzzing]),
        .executableTarget(name: "fuzz-empty", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "fuzz-parse-only", dependencies: ["FuzzSupport", url]),
    ],
    swiftLanguageModes: [.v6]
)

var fuzzing: Target.Dependency { .product(name: "XCallbackFuzzing", package: rootIdentity) }
var url: Target.Dependency { .product(name: "XCallbackURL", package: rootIdentity) }
var core: Target.Dependency { .product(name: "XCallbackConformanceCore", package: rootIdentity) }

/// The root package's identity: SwiftPM names a path dependency after its directory (`main`, a clone's name...).
var rootIdentity: String {
    let parent = Context.packageDirectory.split(separator: "/").dropLast().last.map(String.init) ?? "main"
    return parent.lowercased()
}
