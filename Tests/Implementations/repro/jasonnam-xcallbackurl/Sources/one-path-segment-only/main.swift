// jasonnam/XCallbackURL at 5ff83f9: XCallbackURLHandler.xCallbackURL(fromURL:) accepts a path of exactly
// one segment (Sources/XCallbackURL/XCallbackURLHandler.swift:95-98), so the action `a/b` is refused as "not
// an x-callback-url", although the spec makes the action "the remaining portion of the URL path".
import Foundation
import XCallbackURL

let handler = XCallbackURLHandler(scheme: "app")
let url = URL(string: "app://x-callback-url/a/b")!
switch handler.xCallbackURL(fromURL: url) {
case .success(let request):
    print("xCallbackURL(fromURL: \(url)) gives the action \(request.action)")
    print(request.action == "a/b" ? "OK: the action a/b accepted" : "BUG: the action a/b read as \(request.action)")
case .failure(let error):
    print("xCallbackURL(fromURL: \(url)) fails: \(error)")
    print("BUG: the action a/b refused")
}
