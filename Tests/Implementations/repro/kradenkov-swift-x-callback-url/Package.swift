// swift-tools-version: 6.0
// Reproductions for kradenkov/swift-x-callback-url at a9a9396, one executable per finding
// (Sources/<cause>/main.swift). The library is taken by path from the checkout ../../swift-libraries/fetch.sh
// makes; in a project of your own, depend on https://github.com/kradenkov/swift-x-callback-url at that commit.
import PackageDescription

let causes = [
    "raw-plus-written",
    "leading-slash-folded",
    "callback-needs-host",
]

let package = Package(
    name: "SwiftXCallbackURLRepro",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "../../swift-libraries/checkouts/XCallbackURL-kradenkov")],
    targets: causes.map {
        .executableTarget(name: $0, dependencies: [.product(name: "XCallbackURL", package: "XCallbackURL-kradenkov")], path: "Sources/\($0)")
    }
)
