// jasonnam/XCallbackURL at 5ff83f9: xCallbackURL(fromURL:) singles out x-success, x-error and x-cancel
// only (Sources/XCallbackURL/XCallbackURLHandler.swift:109-130); XCallbackURL has no source, and x-source
// reaches the app among the action's own parameters.
import Foundation
import XCallbackURL

let handler = XCallbackURLHandler(scheme: "rsv")
let url = URL(string: "rsv://x-callback-url/act?x-source=")!
switch handler.xCallbackURL(fromURL: url) {
case .success(let request):
    print("xCallbackURL(fromURL: \(url)).parameters is \(request.parameters)")
    print(request.parameters["x-source"] != nil ? "BUG: x-source handed to the app as an action parameter" : "OK: x-source is not an action parameter")
case .failure(let error):
    print("xCallbackURL(fromURL: \(url)) fails: \(error)")
    print("OK: not handed over as a parameter")
}
