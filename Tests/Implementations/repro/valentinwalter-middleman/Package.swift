// swift-tools-version: 6.0
// Reproductions for ValentinWalter/Middleman at 290398e, one executable per finding (Sources/<cause>/main.swift;
// `callbackurl-raw-plus-written` calls the CallbackURL value Action.run builds with). The library is taken
// by path from the checkout ../../swift-libraries/fetch.sh makes (with its build fix, and StringCase beside it);
// in a project of your own, depend on https://github.com/ValentinWalter/Middleman at that commit instead.
import PackageDescription

let causes = [
    "refuses-third-party-requests",
    "action-path-compared-with-slash",
    "names-snake-cased",
    "invalid-scheme-traps",
    "callbackurl-raw-plus-written",
]

let package = Package(
    name: "MiddlemanRepro",
    dependencies: [.package(path: "../../swift-libraries/checkouts/Middleman")],
    targets: causes.map { .executableTarget(name: $0, dependencies: ["Middleman"], path: "Sources/\($0)") },
    // Swift 5 mode, as the library's own: Middleman.receiver, the static the README has an app set, is a
    // mutable global that Swift 6 mode refuses to touch.
    swiftLanguageModes: [.v5]
)
