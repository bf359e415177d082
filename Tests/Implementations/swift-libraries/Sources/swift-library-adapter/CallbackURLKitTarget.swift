// phimage/CallbackURLKit, driven as its README and sample app drive it.
//
// Receiving (parse, build-callback): the app sets its own registered scheme on a Manager
// (`manager.callbackURLScheme`, README "Setup framework with URL scheme"), registers a handler per
// action (`manager["myActionName"] = { parameters, success, failure, cancel in … }`, README "Add new
// action") and hands every URL the system opens it with to `Manager.handleOpen(url:)` (README "Handle
// incoming URLs"; SampleApp/CallbackURLKitDemo/AppDelegate.swift). The handler answers by calling one
// closure: `success(nil)` when it returns nothing (README; the sample's "success" action), `success([…])`
// with its result, `failure(error)` or `cancel()`; `failure` takes an error (a code and a message) and
// `cancel` nothing, so an error or a cancel with x-source or parameters is skipped. The app's scheme is `registeredScheme(of:)`, and the
// URL is the value the app is opened with (`incomingURL`): a text `URL(string:)` refuses or rewrites is
// skipped, never judged.
//
// x-source: the handler's `[String: String]` is the app's whole view of the request. The library removes
// every other x- name from it and puts x-source back on purpose (Manager.swift:234-242), so an app reads
// the sending app's name as `parameters["x-source"]`; the adapter reports that entry as the source and
// the others as action parameters. The jasonnam adapter reads its delegate's dictionary, the same shape
// with x-source in it, the same way.
//
// Sending (build-request): a `Client` for the target app's scheme performs the action on a Manager
// (`client.perform(action:parameters:)`, README "Create a client class"; Clients/GoogleChrome.swift).
// `perform(…onSuccess:onFailure:onCancel:)`, the README's "Use callback closure", is exercised end to end
// by `swift-library-adapter callbackurlkit-round-trip` (CallbackURLKitRoundTrip.swift), which run.sh runs.
//
// What stands in for the platform: `Manager.open(url:)` records the URL instead of asking UIKit or AppKit
// to open it, and `Client.appInstalled` answers as `UIApplication.canOpenURL` does on a device where the
// target app is installed (see `AppClient`).
//
// Roles: recognise, decode, build-request and build-callback: the Manager checks the scheme and the host
// (Manager.swift:73), decodes, sends requests and answers them (Tests/Implementations/roles.tsv).

import CallbackURLKit
import Foundation
import XCallbackConformance
import XCallbackURL

struct CallbackURLKitTarget: ConformanceTarget {
    var identity: TargetIdentity {
        TargetIdentity(name: "phimage/CallbackURLKit", version: Pinned.callbackURLKit, language: "Swift", homepage: "https://github.com/phimage/CallbackURLKit")
    }

    /// Parameters is a [String: String] and no fragment is exposed: the adapter declares both.
    var declaredChoices: DeclaredChoices { [.parameterOrder: "unordered", .fragment: "not-reported"] }

    /// Every request the library builds carries `x-source` with the app's display name (Manager.swift:200-201).
    var extraParameters: [String] { ["x-source"] }

    /// Every role: the Manager recognises and decodes incoming URLs, its Client sends requests, its handlers answer them.
    var roles: Set<TargetRole>? { [.recognise, .decode, .buildRequest, .buildCallback] }

    /// The scheme of the app that sends requests and registers for their callbacks.
    static let sourceScheme = "sourceapp"

    /// A Manager that records the URLs it would open, calling callbacks on a private queue.
    final class CapturingManager: Manager, @unchecked Sendable {
        let opened = Captured<URL>()
        let queue = DispatchQueue(label: "callbackurlkit-adapter")
        init(scheme: String) {
            super.init(callbackURLScheme: scheme)
            callbackQueue = queue
        }
        override func open(url: URL) { opened.append(url) }
        /// Waits for callbacks dispatched to `callbackQueue`.
        func drain() { queue.sync {} }
        /// The first URL opened by `call`, after the callback queue has drained.
        func urlOpened(by call: () -> Void) -> URL? {
            let before = opened.values.count
            call()
            drain()
            return opened.values.dropFirst(before).first
        }
    }

    /// A client whose `appInstalled` answers as iOS and macOS do when the target app is installed.
    ///
    /// On its own platforms the library asks `UIApplication.canOpenURL` / `NSWorkspace` whether an app
    /// handles the scheme (Client.swift:40-50) and refuses the request when none does (Manager.swift:196-198).
    /// The device here has every vector's target app installed, and an app can only register a scheme
    /// (RFC 3986 §3.1), so the answer is whether the requested scheme is one: `1app`, `my app`, `app:` and
    /// `""` name no installed app.
    final class AppClient: Client {
        override var appInstalled: Bool { isScheme(urlScheme) }
    }

    /// The closures the library hands an action handler; called one at a time after `handleOpen` returns.
    struct Callbacks: @unchecked Sendable {
        let success: SuccessCallback
        let failure: FailureCallback
        let cancel: CancelCallback
    }

    struct Failure: FailureCallbackError {
        var code: Int
        var message: String
    }

    func parse(_ url: String) -> TargetAnswer<XCallbackRequest> {
        let parsed: URL
        do { parsed = try incomingURL(url).get() } catch { return error.skipped() }
        let manager = CapturingManager(scheme: registeredScheme(of: url))
        // The app implements the action asked for: its handler is registered under the name the library
        // looks up (the path without its leading "/", Manager.swift:76-78). A URL that names no action
        // asks for none, and no app has a handler without a name.
        let action = String(parsed.path.dropFirst())
        let seen = Captured<[String: String]>()
        let handed = Captured<Callbacks>()
        if !action.isEmpty {
            manager[action] = { parameters, success, failure, cancel in
                seen.append(parameters)
                handed.append(Callbacks(success: success, failure: failure, cancel: cancel))
            }
        }
        let handled = manager.handleOpen(url: parsed)
        manager.drain()
        guard let parameters = seen.values.first, let callbacks = handed.values.first else {
            // An action without a handler is answered by opening x-error, if any, with "not supported".
            let answer = manager.opened.values.first.map { "opened \($0.absoluteString)" } ?? "opened nothing"
            return .rejected(category: nil, message: "Manager(callbackURLScheme: \"\(manager.callbackURLScheme ?? "")\").handleOpen(url:) returned \(handled) and called no handler; it \(answer)")
        }
        // The handler's parameters hold x-source on purpose (Manager.swift:239-241), the library's way of
        // handing the source to the app, so it is read as the source; the other x- names never reach it.
        // The jasonnam adapter reads the same shape of dictionary the same way (see the header).
        var result = request(scheme: parsed.scheme ?? "", action: action, pairs: parameters.map { ($0.key, $0.value) })
        // The library only exposes the callbacks by opening them: each closure is called on its own, so the
        // URL it opens (if any) is known to be its own. The error URL comes with errorCode and errorMessage
        // appended, which the adapter takes off again.
        result.success = manager.urlOpened { callbacks.success(nil) }?.absoluteString
        result.cancel = manager.urlOpened { callbacks.cancel() }?.absoluteString
        let failure = Failure(code: 0, message: "m")
        if let text = manager.urlOpened(by: { callbacks.failure(failure) })?.absoluteString {
            // The library appends to the URL's query (Manager.swift:127, Extensions.swift:120-126), which ends
            // where the fragment starts: `#top` is opened as `?errorMessage=m&errorCode=0#top`.
            let hash = text.firstIndex(of: "#") ?? text.endIndex
            let head = text[..<hash]
            let appended = head.hasSuffix(failure.XCUErrorQuery) && head.dropLast(failure.XCUErrorQuery.count).last.map { $0 == "?" || $0 == "&" } == true
            result.error = appended ? String(head.dropLast(failure.XCUErrorQuery.count + 1)) + text[hash...] : text
        }
        return .accepted(result)
    }

    func buildRequest(_ request: XCallbackRequest) -> TargetAnswer<String> {
        // x-source is the sending app's CFBundleDisplayName (Manager.swift:269-274), not an argument: the library
        // writes its own over a parameter of that name too (Manager.swift:200-201, Request.swift:44), so a request
        // naming x-source either way is an input the API cannot take.
        guard request.source == nil, !request.parameters.contains(where: { $0.name == "x-source" }) else {
            return .unsupported(reason: "x-source is always the app's display name from its Info.plist (Manager.appName), not a parameter the caller chooses", issueURL: nil)
        }
        // Callback URLs of the caller's own are parameters like any other; the library writes its own
        // x-success/x-error/x-cancel only for the closures of `perform(…onSuccess:…)`, given none here.
        var all = request.parameters
        for (name, value) in [("x-success", request.success), ("x-error", request.error), ("x-cancel", request.cancel)] {
            if let value { all.append(XCallbackParameter(name, value)) }
        }
        let parameters: [String: String]
        switch dictionary(all) {
        case .success(let value): parameters = value
        case .failure(let error): return .unsupported(reason: error.reason, issueURL: nil)
        }
        let manager = CapturingManager(scheme: Self.sourceScheme)
        let client = AppClient(urlScheme: request.scheme)
        client.manager = manager
        do {
            try client.perform(action: request.action, parameters: parameters)
        } catch {
            return .rejected(category: nil, message: "\(error)")
        }
        guard let url = manager.opened.values.first else { return .rejected(category: nil, message: "nothing opened") }
        return .accepted(url.absoluteString)
    }

    func buildCallback(_ response: XCallbackResponse) -> TargetAnswer<String> {
        if let cannot = closureCannotCarry(response, error: "the failure closure (FailureCallback, CallbackURLKit.swift:35)", cancel: "the cancel closure (CancelCallback, CallbackURLKit.swift:36)") {
            return cannot.skipped()
        }
        let key: String
        switch response.outcome {
        case .success: key = "x-success"
        case .error(let code, _):
            guard integerCode(code) != nil else { return .unsupported(reason: "FailureCallbackError.code is an Int, written back as its decimal digits; '\(code)' is not one", issueURL: nil) }
            key = "x-error"
        case .cancel: key = "x-cancel"
        }
        // What a success handler returns: its result parameters, and x-source when it names itself (the
        // library adds none of its own to a callback). The failure and cancel closures take none (skipped above).
        var values: [String: String] = [:]
        if case .success = response.outcome {
            var returned = response.parameters
            if let source = response.source { returned.insert(XCallbackParameter("x-source", source), at: 0) }
            switch dictionary(returned) {
            case .success(let value): values = value
            case .failure(let error): return .unsupported(reason: error.reason, issueURL: nil)
            }
        }
        // The request that the source app sent, with the callback URL encoded inside it.
        let scheme = "targetapp"
        guard let incoming = URL(string: "\(scheme)://x-callback-url/act?\(key)=\(encodeFully(response.callbackURL))") else {
            return .rejected(category: nil, message: "no request URL")
        }
        let manager = CapturingManager(scheme: scheme)
        manager["act"] = { _, success, failure, cancel in
            switch response.outcome {
            case .success: success(values.isEmpty ? nil : values)
            case .error(let code, let message): failure(Failure(code: integerCode(code) ?? 0, message: message))
            case .cancel: cancel()
            }
        }
        _ = manager.handleOpen(url: incoming)
        manager.drain()
        guard let url = manager.opened.values.first else { return .rejected(category: nil, message: "no callback opened") }
        return .accepted(url.absoluteString)
    }
}
