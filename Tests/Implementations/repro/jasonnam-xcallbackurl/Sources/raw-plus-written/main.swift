// jasonnam/XCallbackURL at 5ff83f9: XCallbackURL.url writes the parameters with URLComponents.queryItems
// (Sources/XCallbackURL/XCallbackURL+URL.swift:45), which leaves `+` raw, so a receiver that reads `+` as
// a space (application/x-www-form-urlencoded, as URLSearchParams and most web stacks do) gets `v= `.
import Foundation
import XCallbackURL

let url = XCallbackURL(scheme: "enc", action: "echo", parameters: ["v": "+"]).url?.absoluteString ?? "nil"
print("XCallbackURL(scheme: \"enc\", action: \"echo\", parameters: [\"v\": \"+\"]).url is \(url)")
print(url.contains("v=+") ? "BUG: '+' written raw (v=+), read as a space by form decoders" : "OK: '+' written %2B")
