// jasonnam/XCallbackURL at 5ff83f9: xCallbackURL(fromURL:) takes the x-success value, already decoded,
// and percent-encodes it again with .urlQueryAllowed before making it a URL
// (Sources/XCallbackURL/XCallbackURLHandler.swift:108; CHANGELOG 0.1.1, "Encode callback URLs with query
// allowed characters"): the source app's `s0://x-callback-url/done#f`, sent as `done%23f`, comes back as
// `done%23f`, its fragment turned into path text; an inner `%20` likewise becomes `%2520`.
import Foundation
import XCallbackURL

let handler = XCallbackURLHandler(scheme: "tgt")
let url = URL(string: "tgt://x-callback-url/go?x-success=s0://x-callback-url/done%23f")!
switch handler.xCallbackURL(fromURL: url) {
case .success(let request):
    let success = request.successCallbackURL?.absoluteString ?? "nil"
    print("xCallbackURL(fromURL: \(url)).successCallbackURL is \(success)")
    print(success == "s0://x-callback-url/done#f" ? "OK: x-success is s0://x-callback-url/done#f" : "BUG: x-success s0://x-callback-url/done#f encoded again as \(success)")
case .failure(let error):
    print("xCallbackURL(fromURL: \(url)) fails: \(error)")
    print("OK: not re-encoded (refused instead)")
}
