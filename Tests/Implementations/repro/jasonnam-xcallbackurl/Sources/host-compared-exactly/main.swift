// jasonnam/XCallbackURL at 5ff83f9: XCallbackURLHandler.xCallbackURL(fromURL:) compares the host with
// "x-callback-url" byte for byte (Sources/XCallbackURL/XCallbackURLHandler.swift:91), so a request whose
// host differs only in case is refused, although a URI's host is case-insensitive (RFC 3986 §3.2.2).
import Foundation
import XCallbackURL

let handler = XCallbackURLHandler(scheme: "app")
let url = URL(string: "app://X-callback-url/open")!
switch handler.xCallbackURL(fromURL: url) {
case .success(let request):
    print("xCallbackURL(fromURL: \(url)) gives the action \(request.action)")
    print("OK: host X-callback-url accepted")
case .failure(let error):
    print("xCallbackURL(fromURL: \(url)) fails: \(error)")
    print("BUG: host X-callback-url refused")
}
