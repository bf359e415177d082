import Foundation
import XCallbackURL

/// Parses and builds the way most apps do, with `URL`, `URLComponents` and `queryItems`, to show what the suite catches.
///
/// Its declared choices describe what Foundation does where that is one of the allowed values; where
/// Foundation does something no choice allows (a `nil` value for `%E9`, a decoded host), vectors fail.
public struct FoundationTarget: ConformanceTarget {
    /// Creates the Foundation target.
    public init() {}

    /// The target's identity.
    public var identity: TargetIdentity {
        TargetIdentity(name: "foundation-urlcomponents", version: "swift-foundation (toolchain)", language: "Swift")
    }

    /// What Foundation does on the implementation-defined points.
    public var declaredChoices: DeclaredChoices {
        [
            .plus: "literal", .invalidEscape: "literal", .flagParameter: "no-value", .duplicateParameter: "keep-all",
            .duplicateReserved: "last", .trailingSlash: "strip", .parameterOrder: "preserved",
        ]
    }

    /// Every role: an app that parses with `URLComponents` recognises and decodes with it, and builds with it too.
    public var roles: Set<TargetRole>? { Set(TargetRole.allCases) }

    /// Parses with `URL(string:)` for the path and `URLComponents` for the host, query items and fragment.
    public func parse(_ url: String) -> TargetAnswer<XCallbackRequest> {
        guard let parsed = URL(string: url), let components = URLComponents(url: parsed, resolvingAgainstBaseURL: false),
            let scheme = components.scheme
        else {
            return .rejected(category: nil, message: "URL(string:) returned nil")
        }
        guard components.host == "x-callback-url" else {
            return .rejected(category: .notXCallbackURL, message: "host is \(components.host ?? "nil")")
        }
        var request = XCallbackRequest(scheme: scheme, action: String(parsed.path.dropFirst()))
        for item in components.queryItems ?? [] {
            switch item.name {
            case "x-source": request.source = item.value ?? ""
            case "x-success": request.success = item.value ?? ""
            case "x-error": request.error = item.value ?? ""
            case "x-cancel": request.cancel = item.value ?? ""
            default: request.parameters.append(XCallbackParameter(item.name, item.value))
            }
        }
        request.fragment = components.fragment
        return .accepted(request)
    }

    /// Builds with `URLComponents` and `queryItems`.
    public func buildRequest(_ request: XCallbackRequest) -> TargetAnswer<String> {
        var components = URLComponents()
        // URLComponents traps (fatalError) when given a scheme outside RFC 3986 §3.1; an app would crash here.
        let schemeCharacters = request.scheme.unicodeScalars.allSatisfy {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "+-.".unicodeScalars.contains($0))
        }
        guard let first = request.scheme.unicodeScalars.first, first.isASCII, CharacterSet.letters.contains(first),
            schemeCharacters
        else {
            return .errored("URLComponents.scheme traps on the scheme \(request.scheme.debugDescription); an app would crash")
        }
        components.scheme = request.scheme
        components.host = "x-callback-url"
        components.path = "/" + request.action
        var items: [URLQueryItem] = []
        for (name, value) in zip(XCallbackRequest.reservedNames, [request.source, request.success, request.error, request.cancel]) {
            if let value { items.append(URLQueryItem(name: name, value: value)) }
        }
        items += request.parameters.map { URLQueryItem(name: $0.name, value: $0.value) }
        components.queryItems = items.isEmpty ? nil : items
        guard let string = components.string else { return .errored("URLComponents.string returned nil") }
        return .accepted(string)
    }

    /// Builds by appending to the callback's `queryItems`.
    public func buildCallback(_ response: XCallbackResponse) -> TargetAnswer<String> {
        guard var components = URLComponents(string: response.callbackURL) else {
            return .rejected(category: .invalidCallbackURL, message: "URLComponents(string:) returned nil")
        }
        let appended = response.appendedParameters.map { URLQueryItem(name: $0.name, value: $0.value) }
        if !appended.isEmpty {
            components.queryItems = (components.queryItems ?? []) + appended
        }
        guard let string = components.string else { return .errored("URLComponents.string returned nil") }
        return .accepted(string)
    }
}
