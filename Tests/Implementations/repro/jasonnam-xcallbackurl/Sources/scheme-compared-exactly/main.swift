// jasonnam/XCallbackURL at 5ff83f9: XCallbackURLHandler.xCallbackURL(fromURL:) compares the scheme with
// the handler's byte for byte (Sources/XCallbackURL/XCallbackURLHandler.swift:86), so `App://` does not
// reach the app that registered `app`, although a URI's scheme is case-insensitive (RFC 3986 §3.1).
import Foundation
import XCallbackURL

let handler = XCallbackURLHandler(scheme: "app")
let url = URL(string: "App://x-callback-url/open")!
switch handler.xCallbackURL(fromURL: url) {
case .success(let request):
    print("xCallbackURL(fromURL: \(url)) gives the action \(request.action)")
    print("OK: scheme App accepted by the handler for app")
case .failure(let error):
    print("xCallbackURL(fromURL: \(url)) fails: \(error)")
    print("BUG: scheme App refused by the handler for app")
}
