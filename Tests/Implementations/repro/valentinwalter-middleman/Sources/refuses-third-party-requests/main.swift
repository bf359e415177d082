// ValentinWalter/Middleman at 290398e: Middleman.receive(_:) first reads every URL as a response to a
// request Middleman sent (Sources/Middleman/Public/Middleman.swift:38), and ResponseURL(from:) throws
// unless the query holds Middleman's own __middleman_response_type_identifier and
// __middleman_response_id_identifier (Sources/Middleman/Public/ResponseURL.swift:30-32). So a request
// from any other app is refused before the Receiver, which Receiver.swift:15 says is "called when app
// opened by url not sent by Middleman", is asked.
import Foundation
import Middleman

struct Open: Action {
    struct Input: Codable {}
    typealias Output = Never
    func receive(input: Input) { print("Open.receive(input:) was called") }
}

struct MyApp: Receiver {
    var scheme: String { "a" }
    var receivingActions = [Open().erased()]
}

func reproduce() {
    Middleman.receiver = MyApp()
    let url = URL(string: "a://x-callback-url/open")!
    do {
        try Middleman.receive(url)
        print("Middleman.receive(\(url)) returned")
        print("OK: a request from another app reaches the receiver")
    } catch ReceiveError.urlCorrupted(_, let message) {
        print("Middleman.receive(\(url)) threw urlCorrupted: \(message)")
        print("BUG: a request from another app is refused before any action is called")
    } catch {
        print("Middleman.receive(\(url)) threw \(error)")
        print("OK: the URL got past ResponseURL (another error follows: see action-path-compared-with-slash)")
    }
}
reproduce()
