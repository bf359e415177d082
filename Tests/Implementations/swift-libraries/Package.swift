// swift-tools-version: 6.0
// In-process conformance adapters for four third-party Swift x-callback-url libraries, each a
// `ConformanceTarget` written the way the README tells an adopter to. The libraries are not ours:
// `./fetch.sh` clones them at pinned commits into checkouts/ (ignored by git) and applies our
// build-fix patches; `./run.sh` builds this package and writes one JSON report per library.

import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, which differs between clones of the suite.
let suiteFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../..").standardizedFileURL.lastPathComponent

let package = Package(
    name: "SwiftLibraryAdapters",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: "../../.."),
        .package(path: "checkouts/CallbackURLKit"),
        .package(path: "checkouts/Middleman"),
        .package(path: "checkouts/XCallbackURL-jasonnam"),
        .package(path: "checkouts/XCallbackURL-kradenkov"),
    ],
    targets: [
        .executableTarget(
            name: "swift-library-adapter",
            dependencies: [
                .product(name: "XCallbackConformance", package: suiteFolder),
                .product(name: "CallbackURLKit", package: "CallbackURLKit"),
                .product(name: "Middleman", package: "Middleman"),
                // Both libraries call their module XCallbackURL, as the suite's own reference does.
                .product(name: "XCallbackURL", package: "XCallbackURL-jasonnam", moduleAliases: ["XCallbackURL": "JasonnamXCallbackURL"]),
                .product(name: "XCallbackURL", package: "XCallbackURL-kradenkov", moduleAliases: ["XCallbackURL": "KradenkovXCallbackURL"]),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
