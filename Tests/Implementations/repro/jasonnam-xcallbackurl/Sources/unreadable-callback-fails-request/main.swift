// jasonnam/XCallbackURL at 5ff83f9: xCallbackURL(fromURL:) makes a URL of each x-success, x-error and x-cancel value
// and fails the whole request when one is no URL (Sources/XCallbackURL/XCallbackURLHandler.swift:107-127), the empty
// value of a bare `x-success` included: `rsv://x-callback-url/act?x-success` is refused, and the app never sees
// the action.
import Foundation
import XCallbackURL

let handler = XCallbackURLHandler(scheme: "rsv")
let url = URL(string: "rsv://x-callback-url/act?x-success")!
switch handler.xCallbackURL(fromURL: url) {
case .success(let request):
    print("xCallbackURL(fromURL: \(url)) reads the action \(request.action)")
    print("OK: the request is read")
case .failure(let error):
    print("xCallbackURL(fromURL: \(url)) fails: \(error)")
    print("BUG: a callback value that is no URL fails the whole request")
}
