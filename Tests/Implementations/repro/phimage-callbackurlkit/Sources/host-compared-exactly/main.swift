// phimage/CallbackURLKit at 5411bfc: Manager.handleOpen(url:) compares the host with "x-callback-url"
// byte for byte (Sources/Manager.swift:73), so a request whose host differs only in case is refused,
// although a URI's host is case-insensitive (RFC 3986 §3.2.2).
import CallbackURLKit
import Foundation

func reproduce() {
    let manager = Manager.shared
    manager.callbackURLScheme = "app"
    var called = false
    manager["open"] = { parameters, success, failure, cancel in called = true }

    let url = URL(string: "app://X-callback-url/open")!
    let handled = manager.handleOpen(url: url)
    print("handleOpen(\(url)) returned \(handled); the action was \(called ? "called" : "not called")")
    print(called ? "OK: host X-callback-url accepted" : "BUG: host X-callback-url refused")
}
reproduce()
