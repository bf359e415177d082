// ValentinWalter/Middleman at 290398e: CallbackURL.url writes the parameters with URLComponents.queryItems
// (Sources/Middleman/Public/CallbackURL.swift:58), which leaves `+` raw, so a receiver that reads `+` as a
// space (application/x-www-form-urlencoded, as URLSearchParams and most web stacks do) gets `v= `.
import Foundation
import Middleman

let value = CallbackURL(scheme: "enc", host: "x-callback-url", path: "/echo", queries: [URLQueryItem(name: "v", value: "+")])
let url = value.url?.absoluteString ?? "nil"
print("CallbackURL(scheme: \"enc\", host: \"x-callback-url\", path: \"/echo\", queries: [v=+]).url is \(url)")
print(url.contains("v=+") ? "BUG: '+' written raw (v=+), read as a space by form decoders" : "OK: '+' written %2B")
