// phimage/CallbackURLKit at 5411bfc: a callback is opened whenever Foundation reads it as a URL
// (openCallback, Sources/Manager.swift:139-146), so `x-success=done`, which has no scheme and names
// no app, is opened as it is.
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
    manager["open"] = { parameters, success, failure, cancel in success(nil) }

    let url = URL(string: "app://x-callback-url/open?x-success=done")!
    _ = manager.handleOpen(url: url)
    manager.callbackQueue.sync {}
    let opened = manager.opened.first
    print("the x-success callback \"done\" with success(nil) opens \(opened?.absoluteString ?? "nothing")")
    print(opened != nil && opened?.scheme == nil ? "BUG: a callback without a scheme is opened" : "OK: a callback without a scheme is not opened")
}
reproduce()
