// ValentinWalter/Middleman: CallbackURL(from: URLComponents) is how an incoming URL becomes the
// library's value (Receiver.receive builds on it); CallbackURL(scheme:host:path:queries:).url is
// how Action.run builds the outgoing URL. Callbacks are built inside Receiver for typed Actions and
// need an app delegate, so build-callback is not adapted.

import Foundation
import Middleman
import XCallbackConformance
import XCallbackURL

struct MiddlemanTarget: ConformanceTarget {
    var identity: TargetIdentity {
        TargetIdentity(name: "ValentinWalter/Middleman", version: Pinned.middleman, language: "Swift", homepage: "https://github.com/ValentinWalter/Middleman")
    }

    /// CallbackURL.queryItems is a Set<URLQueryItem> and no fragment is exposed: the adapter declares both.
    var declaredChoices: DeclaredChoices { [.parameterOrder: "unordered", .fragment: "not-reported"] }

    func parse(_ url: String) -> TargetAnswer<XCallbackRequest> {
        guard let components = URLComponents(string: url), let parsed = CallbackURL(from: components) else {
            return .rejected(category: nil, message: "CallbackURL(from:) is nil")
        }
        let pairs = parsed.queryItems.map { ($0.name, $0.value) }
        return .accepted(request(scheme: parsed.scheme, action: String(parsed.path.dropFirst()), pairs: pairs))
    }

    func buildRequest(_ request: XCallbackRequest) -> TargetAnswer<String> {
        var items: [URLQueryItem] = []
        for (name, value) in [("x-source", request.source), ("x-success", request.success), ("x-error", request.error), ("x-cancel", request.cancel)] {
            if let value { items.append(URLQueryItem(name: name, value: value)) }
        }
        items += request.parameters.map { URLQueryItem(name: $0.name, value: $0.value) }
        let built = CallbackURL(scheme: request.scheme, host: "x-callback-url", path: "/" + request.action, queries: Set(items))
        guard let url = built.url else { return .rejected(category: nil, message: "CallbackURL.url is nil") }
        return .accepted(url.absoluteString)
    }
}
