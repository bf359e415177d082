// jasonnam/XCallbackURL: XCallbackURLHandler.xCallbackURL(fromURL:) parses, XCallbackURL.url
// builds a request, and XCallbackURLHandler.handle(_:) builds callbacks through its delegate.

import Foundation
import JasonnamXCallbackURL
import XCallbackConformance
import XCallbackURL

struct JasonnamTarget: ConformanceTarget {
    var identity: TargetIdentity {
        TargetIdentity(name: "jasonnam/XCallbackURL", version: Pinned.jasonnam, language: "Swift", homepage: "https://github.com/jasonnam/XCallbackURL")
    }

    /// Parameters is a [String: String] and no fragment is exposed: the adapter declares both.
    var declaredChoices: DeclaredChoices { [.parameterOrder: "unordered", .fragment: "not-reported"] }

    func parse(_ url: String) -> TargetAnswer<XCallbackRequest> {
        // The app's handler is made for its own scheme; the app opens what the system hands it as a URL.
        guard let parsed = URL(string: url), let scheme = parsed.scheme else { return .rejected(category: nil, message: "URL(string:) is nil") }
        switch XCallbackURLHandler(scheme: scheme).xCallbackURL(fromURL: parsed) {
        case .failure(let error): return .rejected(category: nil, message: "\(error)")
        case .success(let x):
            var result = request(scheme: x.scheme, action: x.action, pairs: x.parameters.map { ($0.key, $0.value) })
            result.success = x.successCallbackURL?.absoluteString
            result.error = x.errorCallbackURL?.absoluteString
            result.cancel = x.cancelCallbackURL?.absoluteString
            return .accepted(result)
        }
    }

    func buildRequest(_ request: XCallbackRequest) -> TargetAnswer<String> {
        var parameters: [String: String] = [:]
        if let source = request.source { parameters["x-source"] = source }
        for parameter in request.parameters { parameters[parameter.name] = parameter.value ?? "" }
        let callbacks = [request.success, request.error, request.cancel]
        let urls = callbacks.map { $0.flatMap(URL.init(string:)) }
        if let text = zip(callbacks, urls).first(where: { $0.0 != nil && $0.1 == nil })?.0 ?? nil {
            return .unsupported(reason: "callbacks are passed as URL values; URL(string:) is nil for '\(text)'", issueURL: nil)
        }
        let built = JasonnamXCallbackURL.XCallbackURL(
            scheme: request.scheme, action: request.action, parameters: parameters,
            successCallbackURL: urls[0], errorCallbackURL: urls[1], cancelCallbackURL: urls[2])
        guard let url = built.url else { return .rejected(category: nil, message: "XCallbackURL.url is nil") }
        return .accepted(url.absoluteString)
    }

    func buildCallback(_ response: XCallbackResponse) -> TargetAnswer<String> {
        guard let callback = URL(string: response.callbackURL) else { return .rejected(category: nil, message: "URL(string:) is nil") }
        let delegate = Delegate(response: response)
        let handler = XCallbackURLHandler(scheme: "adapter")
        handler.delegate = delegate
        switch response.outcome {
        case .success: handler.handle(.init(scheme: "adapter", action: "act", successCallbackURL: callback))
        case .error(let code, _):
            guard Int(code) != nil else { return .unsupported(reason: "the library's error codes are Int; '\(code)' is not", issueURL: nil) }
            handler.handle(.init(scheme: "adapter", action: "act", errorCallbackURL: callback))
        case .cancel: handler.handle(.init(scheme: "adapter", action: "act", cancelCallbackURL: callback))
        }
        guard let opened = delegate.opened.values.first else { return .rejected(category: nil, message: "no callback opened") }
        return .accepted(opened.absoluteString)
    }

    struct Failure: XCallbackURLError {
        var code: Int
        var message: String
    }

    /// The app's delegate: answers at once with the vector's outcome and captures the URL it opens.
    final class Delegate: XCallbackURLHandlerDelegate {
        let response: XCallbackResponse
        let opened = Captured<URL>()
        init(response: XCallbackResponse) { self.response = response }

        func handleXCallbackURL(
            action: String, parameters: Parameters, successCallback: SuccessCallback?, errorCallback: ErrorCallback?,
            cancelCallback: CancelCallback?
        ) {
            var values: [String: String] = [:]
            if let source = response.source { values["x-source"] = source }
            for parameter in response.parameters { values[parameter.name] = parameter.value ?? "" }
            switch response.outcome {
            case .success: successCallback?(values)
            case .error(let code, let message): errorCallback?(Failure(code: Int(code) ?? 0, message: message))
            case .cancel: cancelCallback?()
            }
        }

        func openCallbackURL(_ url: URL) { opened.append(url) }
    }
}
