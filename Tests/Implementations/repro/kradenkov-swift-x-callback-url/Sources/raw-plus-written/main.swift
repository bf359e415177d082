// kradenkov/swift-x-callback-url at a9a9396: URL.xCallbackURL(scheme:action:parameters:) writes the
// action's parameters with URLComponents.queryItems (Sources/XCallbackURL/URL+XCallback.swift:36, and :85
// for the x- parameters), which leaves `+` raw, so a receiver that reads `+` as a space
// (application/x-www-form-urlencoded, as URLSearchParams and most web stacks do) gets `v= `.
import Foundation
import XCallbackURL

do {
    let action = try Action(name: "echo", parameters: [URLQueryItem(name: "v", value: "+")])
    let url = try URL.xCallbackURL(scheme: "enc", action: action, parameters: XCallbackParameters())
    print("URL.xCallbackURL(scheme: \"enc\", action: echo with v=+) is \(url.absoluteString)")
    print(url.absoluteString.contains("v=+") ? "BUG: '+' written raw (v=+), read as a space by form decoders" : "OK: '+' written %2B")
} catch {
    print("refused: \(error)")
    print("OK: not written raw (refused instead)")
}
