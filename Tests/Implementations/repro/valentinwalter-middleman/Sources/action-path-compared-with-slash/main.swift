// ValentinWalter/Middleman at 290398e: Receiver.receive(xurl:) looks for the action whose path equals the
// URL's path (Sources/Middleman/Public/App/Receiver+receive.swift:13). An action's path is its kebab-cased
// name, `act` (Sources/Middleman/Public/Action/Action.swift:30-33, as the README names actions), and the
// URL's path is `/act`, so no action is ever found, even for a URL that carries Middleman's own identifiers
// and so gets past ResponseURL.
import Foundation
import Middleman

struct Act: Action {
    struct Input: Codable {}
    typealias Output = Never
    func receive(input: Input) { print("Act.receive(input:) was called") }
}

struct MyApp: Receiver {
    var scheme: String { "tgt" }
    var receivingActions = [Act().erased()]
}

func reproduce() {
    Middleman.receiver = MyApp()
    print("Act().path is \"\(Act().path)\"")
    let url = URL(string: "tgt://x-callback-url/act?__middleman_response_type_identifier=success&__middleman_response_id_identifier=6F9619FF-8B86-D011-B42D-00C04FC964FF")!
    do {
        try Middleman.receive(url)
        print("Middleman.receive(\(url)) returned")
        print("OK: the action act is found")
    } catch ReceiveError.noActionFound {
        print("Middleman.receive(\(url)) threw noActionFound")
        print("BUG: no action found for /act, although the receiver lists the action act")
    } catch {
        print("Middleman.receive(\(url)) threw \(error)")
        print("OK: not refused for want of an action")
    }
}
reproduce()
