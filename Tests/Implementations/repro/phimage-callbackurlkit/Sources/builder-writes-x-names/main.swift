// phimage/CallbackURLKit at 5411bfc: Client.perform(action:parameters:) writes every parameter as given
// (Sources/Request.swift:44, Sources/Extensions.swift:66-75), so a request gets an action parameter named x-foo,
// a name the spec reserves for its own parameters ("The x- prefix should not be used on action parameters").
//
// Stand-in: Client.appInstalled asks UIApplication.canOpenURL, which Linux has not; this Client answers as a device
// with the target app installed does. Manager.open(url:) hands the URL to UIApplication or NSWorkspace; this Manager
// records it instead (the method is `open` for that purpose).
import CallbackURLKit
import Foundation

final class RecordingManager: Manager, @unchecked Sendable {
    var opened: [URL] = []
    override func open(url: URL) { opened.append(url) }
}

final class InstalledClient: Client {
    override var appInstalled: Bool { true }  // stand-in: canOpenURL with the target app installed
}

let manager = RecordingManager(callbackURLScheme: "src")
let client = InstalledClient(urlScheme: "rsv")
client.manager = manager
do {
    try client.perform(action: "act", parameters: ["x-foo": "1"])
} catch {
    print("perform(action: \"act\", parameters: [\"x-foo\": \"1\"]) throws \(error)")
}
let opened = manager.opened.first?.absoluteString ?? "nothing"
print("perform(action: \"act\", parameters: [\"x-foo\": \"1\"]) opens \(opened)")
print(opened.contains("x-foo=1") ? "BUG: an action parameter named x-foo written as given" : "OK: no x-foo parameter written")
