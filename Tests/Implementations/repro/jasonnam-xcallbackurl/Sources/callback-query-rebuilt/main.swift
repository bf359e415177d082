// jasonnam/XCallbackURL at 5ff83f9: the success closure rebuilds the callback's query from Foundation's
// queryItems and sets it back even when there is nothing to add
// (Sources/XCallbackURL/XCallbackURLHandler.swift:48-51), so `c://x-callback-url/done` is opened as
// `c://x-callback-url/done?` (and a callback's own `%2B` as a raw `+`).
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
let url = URL(string: "app://x-callback-url/open?x-success=c://x-callback-url/done")!
if case .success(let request) = handler.xCallbackURL(fromURL: url) {
    handler.handle(request)
}
let opened = app.opened.first?.absoluteString ?? "nothing"
print("successCallback(nil) for x-success c://x-callback-url/done opens \(opened)")
print(opened == "c://x-callback-url/done" ? "OK: the callback opened as given" : "BUG: the callback opened as \(opened), not as given")
