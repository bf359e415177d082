// swift-tools-version: 6.0
// Reproductions for jasonnam/XCallbackURL at 5ff83f9, one executable per finding (Sources/<cause>/main.swift).
// The library is taken by path from the checkout ../../swift-libraries/fetch.sh makes; in a project of your
// own, depend on https://github.com/jasonnam/XCallbackURL at that commit instead.
import PackageDescription

let causes = [
    "host-compared-exactly",
    "one-path-segment-only",
    "callback-reencoded-at-parse",
    "invalid-scheme-traps",
    "callback-query-rebuilt",
    "raw-plus-written",
    "scheme-compared-exactly",
    "unreadable-callback-fails-request",
    "non-utf8-value-becomes-empty",
]

let package = Package(
    name: "XCallbackURLRepro",
    dependencies: [.package(path: "../../swift-libraries/checkouts/XCallbackURL-jasonnam")],
    targets: causes.map {
        .executableTarget(name: $0, dependencies: [.product(name: "XCallbackURL", package: "XCallbackURL-jasonnam")], path: "Sources/\($0)")
    }
)
