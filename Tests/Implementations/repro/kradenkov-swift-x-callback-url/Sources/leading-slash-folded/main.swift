// kradenkov/swift-x-callback-url at a9a9396: an action name that starts with "/" is used as the whole path
// (Sources/XCallbackURL/URL+XCallback.swift:60), so the action `/open` is written
// `app://x-callback-url/open`, which every receiver reads as the action `open`.
import Foundation
import XCallbackURL

do {
    let action = try Action(name: "/open")
    let url = try URL.xCallbackURL(scheme: "app", action: action, parameters: XCallbackParameters())
    print("URL.xCallbackURL(scheme: \"app\", action: /open) is \(url.absoluteString)")
    print(url.path == "//open" || url.path == "/%2Fopen" ? "OK: the action /open kept" : "BUG: the action /open written as the action open")
} catch {
    print("refused: \(error)")
    print("OK: the action /open refused, not changed")
}
