// phimage/CallbackURLKit: an app registers action handlers on a Manager and calls
// Manager.handleOpen(url:); the handler gets the action parameters and success/failure/cancel
// closures that open the x-success/x-error/x-cancel URLs. Requests go out through
// Manager.perform(action:urlScheme:parameters:). Opening a URL is Manager.open(url:), which the
// adapter's Manager subclass overrides to capture the URL instead.

import CallbackURLKit
import Foundation
import XCallbackConformance
import XCallbackURL

struct CallbackURLKitTarget: ConformanceTarget {
    var identity: TargetIdentity {
        TargetIdentity(name: "phimage/CallbackURLKit", version: Pinned.callbackURLKit, language: "Swift", homepage: "https://github.com/phimage/CallbackURLKit")
    }

    /// A Manager that records the URLs it would open, calling callbacks on a private queue.
    final class CapturingManager: Manager, @unchecked Sendable {
        let opened = Captured<URL>()
        let queue = DispatchQueue(label: "callbackurlkit-adapter")
        init(scheme: String?) {
            super.init(callbackURLScheme: scheme)
            callbackQueue = queue
        }
        override func open(url: URL) { opened.append(url) }
        /// Waits for callbacks dispatched to `callbackQueue`.
        func drain() { queue.sync {} }
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

    /// Parameters is a [String: String] and no fragment is exposed: the adapter declares both.
    var declaredChoices: DeclaredChoices { [.parameterOrder: "unordered", .fragment: "not-reported"] }

    func parse(_ url: String) -> TargetAnswer<XCallbackRequest> {
        guard let parsed = URL(string: url) else { return .rejected(category: nil, message: "URL(string:) is nil") }
        // The app's manager has the app's scheme and a handler for the action it implements.
        let manager = CapturingManager(scheme: parsed.scheme)
        let action = String(parsed.path.dropFirst())
        let seen = Captured<[String: String]>()
        let handed = Captured<Callbacks>()
        manager[action] = { parameters, success, failure, cancel in
            seen.append(parameters)
            handed.append(Callbacks(success: success, failure: failure, cancel: cancel))
        }
        guard manager.handleOpen(url: parsed), let parameters = seen.values.first, let callbacks = handed.values.first else {
            return .rejected(category: nil, message: "Manager.handleOpen(url:) returned false")
        }
        manager.drain()
        var result = request(scheme: parsed.scheme ?? "", action: action, pairs: parameters.map { ($0.key, $0.value) })
        // The library only exposes the callbacks by opening them: each closure is called on its own, so
        // the URL it opens (if any) is known to be its own; the error URL comes with errorCode and
        // errorMessage appended, which the adapter takes off again.
        func urlOpened(by call: () -> Void) -> String? {
            let before = manager.opened.values.count
            call()
            manager.drain()
            return manager.opened.values.dropFirst(before).first?.absoluteString
        }
        result.success = urlOpened { callbacks.success(nil) }
        result.cancel = urlOpened { callbacks.cancel() }
        let errorQuery = Failure(code: 0, message: "m").XCUErrorQuery
        if let text = urlOpened(by: { callbacks.failure(Failure(code: 0, message: "m")) }) {
            let appended = text.hasSuffix(errorQuery) && text.dropLast(errorQuery.count).last.map { $0 == "?" || $0 == "&" } == true
            result.error = appended ? String(text.dropLast(errorQuery.count + 1)) : text
        }
        return .accepted(result)
    }

    func buildRequest(_ request: XCallbackRequest) -> TargetAnswer<String> {
        guard request.success == nil, request.error == nil, request.cancel == nil, request.source == nil else {
            return .unsupported(reason: "Manager.perform makes its own x-source and x-success/x-error/x-cancel URLs", issueURL: nil)
        }
        let manager = CapturingManager(scheme: nil)
        var parameters: [String: String] = [:]
        for parameter in request.parameters { parameters[parameter.name] = parameter.value ?? "" }
        do {
            try manager.perform(action: request.action, urlScheme: request.scheme, parameters: parameters)
        } catch {
            return .rejected(category: nil, message: "\(error)")
        }
        guard let url = manager.opened.values.first else { return .rejected(category: nil, message: "nothing opened") }
        return .accepted(url.absoluteString)
    }

    func buildCallback(_ response: XCallbackResponse) -> TargetAnswer<String> {
        let key: String
        switch response.outcome {
        case .success: key = "x-success"
        case .error(let code, _):
            guard Int(code) != nil else { return .unsupported(reason: "FailureCallbackError.code is an Int; '\(code)' is not", issueURL: nil) }
            key = "x-error"
        case .cancel: key = "x-cancel"
        }
        // The request that the source app sent, with the callback URL encoded inside it.
        guard let incoming = URL(string: "adapter://x-callback-url/act?\(key)=\(encodeFully(response.callbackURL))") else {
            return .rejected(category: nil, message: "no request URL")
        }
        let manager = CapturingManager(scheme: "adapter")
        manager["act"] = { _, success, failure, cancel in
            var values: [String: String] = [:]
            if let source = response.source { values["x-source"] = source }
            for parameter in response.parameters { values[parameter.name] = parameter.value ?? "" }
            switch response.outcome {
            case .success: success(values)
            case .error(let code, let message): failure(Failure(code: Int(code) ?? 0, message: message))
            case .cancel: cancel()
            }
        }
        _ = manager.handleOpen(url: incoming)
        manager.drain()
        guard let url = manager.opened.values.first else { return .rejected(category: nil, message: "no callback opened") }
        return .accepted(url.absoluteString)
    }
}
