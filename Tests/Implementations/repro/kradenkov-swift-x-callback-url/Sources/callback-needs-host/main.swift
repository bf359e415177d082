// kradenkov/swift-x-callback-url at a9a9396: Callback(url:) requires a host
// (Sources/XCallbackURL/Callback.swift:23-25), so `com.myapp.callback://`, the x-success of Google Chrome's
// documented x-callback-url example, cannot be a callback.
import Foundation
import XCallbackURL

let url = URL(string: "com.myapp.callback://")!
do {
    _ = try Callback(url: url)
    print("Callback(url: \(url)) accepted")
    print("OK: a callback without a host accepted")
} catch {
    print("Callback(url: \(url)) throws \(error)")
    print("BUG: the callback com.myapp.callback:// refused for want of a host")
}
