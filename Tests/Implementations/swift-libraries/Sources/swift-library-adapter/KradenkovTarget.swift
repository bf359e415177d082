// kradenkov/swift-x-callback-url: a builder only. The app makes an `Action(name:parameters:)` and an
// `XCallbackParameters(source:onSuccess:onError:onCancel:)` whose callbacks are `Callback(url:)` values,
// and calls `URL.xCallbackURL(scheme:action:parameters:)` (README "Creating x-callback-url URLs";
// Sources/XCallbackURL/URL+XCallback.swift:29-46). The library has no receiving side. A callback is a
// `URL` value (`callbackURL`: a text `URL(string:)` refuses or rewrites is skipped). Role: build-request
// only: the library has no API that builds a callback (`Callback` is a URL a request carries,
// Callback.swift), and nothing that reads an incoming URL (Tests/Implementations/roles.tsv).

import Foundation
import KradenkovXCallbackURL
import XCallbackConformance
import XCallbackURL

struct KradenkovTarget: ConformanceTarget {
    var identity: TargetIdentity {
        TargetIdentity(name: "kradenkov/swift-x-callback-url", version: Pinned.kradenkov, language: "Swift", homepage: "https://github.com/kradenkov/swift-x-callback-url")
    }

    /// A builder only: `URL.xCallbackURL(scheme:action:parameters:)` builds requests; nothing receives or answers.
    var roles: Set<TargetRole>? { [.buildRequest] }

    func buildRequest(_ request: XCallbackRequest) -> TargetAnswer<String> {
        do {
            func callback(_ text: String?) throws -> KradenkovXCallbackURL.Callback? {
                guard let text else { return nil }
                return try KradenkovXCallbackURL.Callback(url: callbackURL(text).get())
            }
            let action = try KradenkovXCallbackURL.Action(
                name: request.action, parameters: request.parameters.isEmpty ? nil : request.parameters.map { URLQueryItem(name: $0.name, value: $0.value) })
            let parameters = XCallbackParameters(
                source: request.source, onSuccess: try callback(request.success), onError: try callback(request.error),
                onCancel: try callback(request.cancel))
            return .accepted(try URL.xCallbackURL(scheme: request.scheme, action: action, parameters: parameters).absoluteString)
        } catch let error as Unrepresentable {
            return .unsupported(reason: error.reason, issueURL: nil)
        } catch {
            return .rejected(category: nil, message: "\(error)")
        }
    }
}
