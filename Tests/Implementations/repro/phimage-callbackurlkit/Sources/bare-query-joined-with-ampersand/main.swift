// phimage/CallbackURLKit at 5411bfc: success(_:) joins the returned parameters to the callback's query
// with "&" whenever the callback has a query (addToQuery, Sources/Extensions.swift:120-126), even an
// empty one: the callback `src://x-callback-url/done?` is opened as `…/done?&word=Hola`.
//
// Stand-in: Manager.open(url:) hands the URL to UIApplication or NSWorkspace; this Manager prints it
// instead (the method is `open` for that purpose), and runs the callbacks on a queue of its own.
import CallbackURLKit
import Foundation

final class PrintingManager: Manager, @unchecked Sendable {
    var opened: [URL] = []
    override func open(url: URL) { opened.append(url) }
}

func reproduce() {
    let manager = PrintingManager(callbackURLScheme: "app")
    manager.callbackQueue = DispatchQueue(label: "callbacks")
    manager["open"] = { parameters, success, failure, cancel in success(["word": "Hola"]) }

    let url = URL(string: "app://x-callback-url/open?x-success=src%3A%2F%2Fx-callback-url%2Fdone%3F")!
    _ = manager.handleOpen(url: url)
    manager.callbackQueue.sync {}
    let opened = manager.opened.first?.absoluteString ?? "nothing"
    print("the x-success callback src://x-callback-url/done? with success([\"word\": \"Hola\"]) opens \(opened)")
    print(opened.contains("?&") ? "BUG: an empty query joined with '&' (?&word=Hola)" : "OK: no empty parameter before word=Hola")
}
reproduce()
