// swift-tools-version: 6.0
// Reproductions for phimage/CallbackURLKit at 5411bfc, one executable per finding (Sources/<cause>/main.swift).
// The library is taken by path from the checkout ../../swift-libraries/fetch.sh makes (with its Linux build fix);
// in a project of your own, depend on https://github.com/phimage/CallbackURLKit at that commit instead.
import PackageDescription

let causes = [
    "host-compared-exactly",
    "scheme-compared-exactly",
    "bare-query-joined-with-ampersand",
    "schemeless-callback-opened",
    "builder-writes-x-names",
]

let package = Package(
    name: "CallbackURLKitRepro",
    dependencies: [.package(path: "../../swift-libraries/checkouts/CallbackURLKit")],
    targets: causes.map { .executableTarget(name: $0, dependencies: ["CallbackURLKit"], path: "Sources/\($0)") }
)
