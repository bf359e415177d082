// phimage/CallbackURLKit at 5411bfc: Manager.handleOpen(url:) compares the scheme with the app's
// registered one byte for byte (Sources/Manager.swift:73), so `App://` does not reach the app that
// registered `app`, although a URI's scheme is case-insensitive (RFC 3986 §3.1).
import CallbackURLKit
import Foundation

func reproduce() {
    let manager = Manager.shared
    manager.callbackURLScheme = "app"
    var called = false
    manager["open"] = { parameters, success, failure, cancel in called = true }

    let url = URL(string: "App://x-callback-url/open")!
    let handled = manager.handleOpen(url: url)
    print("handleOpen(\(url)) returned \(handled); the action was \(called ? "called" : "not called")")
    print(called ? "OK: scheme App accepted by the app registered as app" : "BUG: scheme App refused by the app registered as app")
}
reproduce()
