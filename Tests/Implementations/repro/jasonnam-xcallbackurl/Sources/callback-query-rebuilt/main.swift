// jasonnam/XCallbackURL at 5ff83f9: the success closure rebuilds the callback's query from Foundation's
// queryItems and sets it back, even when there is nothing to add
// (Sources/XCallbackURL/XCallbackURLHandler.swift:48-51): the callback's own `q=a%2Bb` is opened as `q=a+b`,
// which a source app that reads `+` as a space (form decoding) reads as `a b`, and a `?` is added to a
// callback that has no query.
import Foundation
import XCallbackURL

final class App: XCallbackURLHandlerDelegate {
    var opened: [URL] = []
    func handleXCallbackURL(action: String, parameters: Parameters, successCallback: SuccessCallback?,
                            errorCallback: ErrorCallback?, cancelCallback: CancelCallback?) {
        successCallback?(nil)
    }
    // Where the app opens the callback (UIApplication.shared.open); here it is kept to be printed.
    func openCallbackURL(_ url: URL) { opened.append(url) }
}

let app = App()
let handler = XCallbackURLHandler(scheme: "app")
handler.delegate = app
// The value `xCallbackURL(fromURL:)` gives for a request whose x-success is this callback.
let callback = URL(string: "c://x-callback-url/done?q=a%2Bb")!
handler.handle(XCallbackURL(scheme: "app", action: "open", successCallbackURL: callback))
let opened = app.opened.first?.absoluteString ?? "nothing"
print("successCallback(nil) for x-success \(callback) opens \(opened)")
print(opened == callback.absoluteString ? "OK: the callback opened as given" : "BUG: the callback's own q=a%2Bb opened as \(opened)")
