// jasonnam/XCallbackURL, driven through its one public entry for each role. Its README documents only
// installation, so the calls are those its public API leaves an app (Sources/XCallbackURL):
//
// - parse: the app makes an `XCallbackURLHandler` for its own registered scheme, gives it a delegate,
//   and for each URL it is opened with calls `xCallbackURL(fromURL:)`, then `handle(_:)` with the value,
//   which calls the delegate's `handleXCallbackURL(action:parameters:…)` (XCallbackURLHandler.swift:41-80,
//   82-143). The answer is the action and parameters the delegate receives: the library singles out
//   x-success, x-error and x-cancel (as the value's callback URLs, reported from `successCallbackURL`,
//   `errorCallbackURL`, `cancelCallbackURL`). The app's scheme is `registeredScheme(of:)`. The URL is the
//   value the app is opened with (`incomingURL`): a text `URL(string:)` refuses or rewrites is skipped.
// - x-source, read as the CallbackURLKit adapter reads it: the delegate's `[String: String]` is the app's
//   whole view of the request, and the library has no other place for the source (no member of
//   `XCallbackURL`, nothing in its README), so an app finds the sending app's name where the library
//   leaves it, as `parameters["x-source"]` (XCallbackURLHandler.swift:128-129). CallbackURLKit hands its
//   handler the same shape of dictionary with x-source in it (Manager.swift:239-241). Both adapters report
//   that entry as the source and the other entries as the action parameters: one reading of one shape.
// - build-request: `XCallbackURL(scheme:action:parameters:successCallbackURL:…).url`
//   (XCallbackURL+URL.swift); x-source, which the library has no member for, is a parameter.
// - build-callback: the delegate calls the closure `handle(_:)` gave it: `successCallback(nil)` when it
//   returns nothing, `successCallback([…])`, `errorCallback(error)` or `cancelCallback()`; the handler
//   opens the URL through the delegate's `openCallbackURL(_:)`, which records it. `handle(_:)` is given
//   a value made with the callback as the source app sent it (`XCallbackURL(scheme:action:successCallbackURL:)`),
//   not one parsed from a request, so that the re-encoding at parse (XCallbackURLHandler.swift:108) is
//   judged once, by the parse vectors. The callback is a `URL` value (`callbackURL`), as in build-request.
//   `errorCallback` takes an error (a code and a message) and `cancelCallback` nothing, so an error or a
//   cancel with x-source or parameters cannot be asked for (skipped, `closureCannotCarry`).
//
// Roles: recognise, decode (the handler checks scheme and host, then decodes), build-request and
// build-callback (Tests/Implementations/roles.tsv).

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

    /// Every role: the handler checks scheme and host before it decodes; `XCallbackURL.url` builds; the delegate answers.
    var roles: Set<TargetRole>? { [.recognise, .decode, .buildRequest, .buildCallback] }

    /// The name the app reads from the delegate's parameters as the source; the library takes out the
    /// three callbacks itself (XCallbackURLHandler.swift:109-127).
    static let reserved: Set<String> = ["x-source"]

    func parse(_ url: String) -> TargetAnswer<XCallbackRequest> {
        let parsed: URL
        do { parsed = try incomingURL(url).get() } catch { return error.skipped() }
        let handler = XCallbackURLHandler(scheme: registeredScheme(of: url))
        let delegate = Delegate(answer: .none)
        handler.delegate = delegate
        switch handler.xCallbackURL(fromURL: parsed) {
        case .failure(let error): return .rejected(category: nil, message: "\(error)")
        case .success(let x):
            handler.handle(x)
            guard let (action, parameters) = delegate.handled.values.first else { return .rejected(category: nil, message: "the delegate was not called") }
            var result = request(scheme: x.scheme, action: action, pairs: parameters.map { ($0.key, $0.value) }, reserved: Self.reserved)
            result.success = x.successCallbackURL?.absoluteString
            result.error = x.errorCallbackURL?.absoluteString
            result.cancel = x.cancelCallbackURL?.absoluteString
            return .accepted(result)
        }
    }

    func buildRequest(_ request: XCallbackRequest) -> TargetAnswer<String> {
        var all = request.parameters
        if let source = request.source { all.insert(XCallbackParameter("x-source", source), at: 0) }
        let parameters: [String: String]
        switch dictionary(all) {
        case .success(let value): parameters = value
        case .failure(let error): return .unsupported(reason: error.reason, issueURL: nil)
        }
        var urls: [URL?] = []
        for text in [request.success, request.error, request.cancel] {
            guard let text else { urls.append(nil); continue }
            switch callbackURL(text) {
            case .success(let url): urls.append(url)
            case .failure(let error): return .unsupported(reason: error.reason, issueURL: nil)
            }
        }
        let built = JasonnamXCallbackURL.XCallbackURL(
            scheme: request.scheme, action: request.action, parameters: parameters,
            successCallbackURL: urls[0], errorCallbackURL: urls[1], cancelCallbackURL: urls[2])
        guard let url = built.url else { return .rejected(category: nil, message: "XCallbackURL.url is nil") }
        return .accepted(url.absoluteString)
    }

    func buildCallback(_ response: XCallbackResponse) -> TargetAnswer<String> {
        if let cannot = closureCannotCarry(response, error: "errorCallback (ErrorCallback, ErrorCallback.swift:26)", cancel: "cancelCallback (CancelCallback, CancelCallback.swift:26)") {
            return cannot.skipped()
        }
        let callback: URL
        do { callback = try callbackURL(response.callbackURL).get() } catch { return error.skipped() }
        var answer = Answer.none
        switch response.outcome {
        case .success:
            // What the delegate returns: its result parameters, and x-source when it names itself.
            var returned = response.parameters
            if let source = response.source { returned.insert(XCallbackParameter("x-source", source), at: 0) }
            switch dictionary(returned) {
            case .success(let values): answer = .success(values.isEmpty ? nil : values)
            case .failure(let error): return .unsupported(reason: error.reason, issueURL: nil)
            }
        case .error(let code, let message):
            guard let number = integerCode(code) else { return .unsupported(reason: "XCallbackURLError.code is an Int, written back as its decimal digits; '\(code)' is not one", issueURL: nil) }
            answer = .error(Failure(code: number, message: message))
        case .cancel: answer = .cancel
        }
        let delegate = Delegate(answer: answer)
        let handler = XCallbackURLHandler(scheme: "targetapp")
        handler.delegate = delegate
        switch response.outcome {
        case .success: handler.handle(.init(scheme: "targetapp", action: "act", successCallbackURL: callback))
        case .error: handler.handle(.init(scheme: "targetapp", action: "act", errorCallbackURL: callback))
        case .cancel: handler.handle(.init(scheme: "targetapp", action: "act", cancelCallbackURL: callback))
        }
        guard let opened = delegate.opened.values.first else { return .rejected(category: nil, message: "no callback opened") }
        return .accepted(opened.absoluteString)
    }

    struct Failure: XCallbackURLError {
        var code: Int
        var message: String
    }

    /// How the app's action ends.
    enum Answer {
        case none, success(Parameters?), error(Failure), cancel
    }

    /// The app's delegate: records what it is handed, answers at once and records the URL the handler opens.
    final class Delegate: XCallbackURLHandlerDelegate {
        let answer: Answer
        let handled = Captured<(String, [String: String])>()
        let opened = Captured<URL>()
        init(answer: Answer) { self.answer = answer }

        func handleXCallbackURL(
            action: String, parameters: Parameters, successCallback: SuccessCallback?, errorCallback: ErrorCallback?,
            cancelCallback: CancelCallback?
        ) {
            handled.append((action, parameters))
            switch answer {
            case .none: break
            case .success(let values): successCallback?(values)
            case .error(let failure): errorCallback?(failure)
            case .cancel: cancelCallback?()
            }
        }

        func openCallbackURL(_ url: URL) { opened.append(url) }
    }
}
