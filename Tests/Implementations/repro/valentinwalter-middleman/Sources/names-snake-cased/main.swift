// ValentinWalter/Middleman at 290398e: a parameter's name is its Input property's name passed through
// StringCase's snakeCased() (Sources/Middleman/Public/Action/Action+toXCallbackURL.swift:57), which keeps
// letters only (StringCase c7e868a, Sources/StringCase/StringCase.swift:83, 142-147): the property `p1`
// is sent as `p`, so two properties p1 and p2 both arrive as p.
//
// Stand-in: App.run(action:with:) opens the URL with NSWorkspace or UIApplication
// (Sources/Middleman/Public/Action/Action+run.swift:41-45), which Linux has not. This program calls the
// step before it, toXCallbackURL(app:input:hasCallback:) (internal: `@testable import`, a debug build),
// and prints the URL that run would open.
import Foundation
@testable import Middleman

struct Target: App {}

struct Echo: Action {
    struct Input: Codable { var p1: String }
    typealias Output = Never
}

func reproduce() {
    let url = Echo().toXCallbackURL(app: Target(), input: .init(p1: "1"), hasCallback: false)?.url
    let items = url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false)?.queryItems } ?? []
    print("Target().run(action: Echo(), with: .init(p1: \"1\")) opens \(url?.absoluteString ?? "nothing")")
    print(items.contains { $0.name == "p1" } ? "OK: the property p1 is sent as p1" : "BUG: the property p1 is sent as \(items.first { $0.value == "1" }?.name ?? "nothing")")
}
reproduce()
