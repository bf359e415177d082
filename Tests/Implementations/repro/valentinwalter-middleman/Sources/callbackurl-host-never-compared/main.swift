// ValentinWalter/Middleman at 290398e: CallbackURL(from:) needs some scheme and some host and compares
// neither (Sources/Middleman/Public/CallbackURL.swift:36-45), so `app://open`, whose host is `open`, is
// taken for an x-callback-url.
import Foundation
import Middleman

let components = URLComponents(string: "app://open")!
if let value = CallbackURL(from: components) {
    print("CallbackURL(from: app://open) gives scheme \(value.scheme), host \(value.host), path \"\(value.path)\"")
    print(value.host == "x-callback-url" ? "OK: host x-callback-url" : "BUG: a URL whose host is \(value.host) accepted as an x-callback-url")
} else {
    print("CallbackURL(from: app://open) is nil")
    print("OK: a URL whose host is not x-callback-url is refused")
}
