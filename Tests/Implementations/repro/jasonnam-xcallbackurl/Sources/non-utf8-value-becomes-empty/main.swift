// jasonnam/XCallbackURL at 5ff83f9: xCallbackURL(fromURL:) reads each value from Foundation's `queryItems`, which
// gives nil for a value whose escapes do not decode as UTF-8, and the handler takes nil as "" (`queryItem.value ?? ""`,
// Sources/XCallbackURL/XCallbackURLHandler.swift:107): the sender's `v=%C3%28` arrives as an empty value, which the
// app cannot tell from `v=`.
import Foundation
import XCallbackURL

let handler = XCallbackURLHandler(scheme: "tgt")
let url = URL(string: "tgt://x-callback-url/go?v=%C3%28")!
switch handler.xCallbackURL(fromURL: url) {
case .success(let request):
    let value = request.parameters["v"].map { "\"\($0)\"" } ?? "nil"
    print("xCallbackURL(fromURL: \(url)).parameters[\"v\"] is \(value)")
    print(request.parameters["v"] == "" ? "BUG: the value %C3%28 arrives empty" : "OK: the value %C3%28 is not emptied")
case .failure(let error):
    print("xCallbackURL(fromURL: \(url)) fails: \(error)")
    print("OK: refused, not emptied")
}
