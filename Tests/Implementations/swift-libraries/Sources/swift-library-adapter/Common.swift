// Helpers shared by the library adapters.

import Foundation
import XCallbackConformance
import XCallbackURL

/// The pinned commit of each library, as libraries.tsv and fetch.sh have it.
enum Pinned {
    static let callbackURLKit = "5411bfc17cd0787ac80c46f312c7235783ff9421"
    static let middleman = "290398e1a834478935159ff7357b20b79a852304"
    static let jasonnam = "5ff83f94a39b6f8ccea753a6ebcc30fb5521b76f"
    static let kradenkov = "a9a93964c56d504362fbdad20da874e29693d478"
}

// MARK: - The app under test

/// The scheme the app under test registered, for an incoming URL written as `url`.
///
/// An app registers one scheme, and a URL is sent to it by that scheme, in whatever case the sender
/// wrote it. Every vector addresses the app under test, so the app's scheme is the URL's own scheme
/// lowercased, as apps register them (`TargetApp://` reaches the app that registered `targetapp`,
/// whose library may then compare the two). A URL whose scheme is not a scheme by RFC 3986 §3.1
/// (`1app`, `my_app`, none at all) names no app that could be registered: it is handed to an app
/// with a scheme of its own, which is what a library that checks the scheme should refuse.
func registeredScheme(of url: String) -> String {
    let written = url.prefix { $0 != ":" }
    guard written.count < url.count, isScheme(written) else { return "conformance-app" }
    return written.lowercased()
}

/// Whether `text` is a URL scheme by RFC 3986 §3.1: `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
func isScheme(_ text: some StringProtocol) -> Bool {
    guard let first = text.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
    return text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) }
}

// MARK: - Values as the libraries take them

/// The `Int` an error code is, when an `Int` is written as the code itself (CallbackURLKit's and jasonnam's
/// error codes are `Int`s): `"01"`, `"+1"` and `"1 "` read as 1 but are written back as `1`, another code.
func integerCode(_ code: String) -> Int? {
    Int(code).flatMap { String($0) == code ? $0 : nil }
}

/// The parameters as a `[String: String]`, the type CallbackURLKit and jasonnam take, or why they do not fit.
///
/// A dictionary holds one value per name and has no way to say "a name without a value": such
/// parameters are inputs those APIs cannot express, so the vector is skipped instead of being
/// changed into another request (`flag` into `flag=`, two `tag`s into one).
func dictionary(_ parameters: [XCallbackParameter]) -> Result<[String: String], Unrepresentable> {
    var result: [String: String] = [:]
    for parameter in parameters {
        guard let value = parameter.value else {
            return .failure(Unrepresentable(reason: "the parameters are a [String: String]; '\(parameter.name)' has no value"))
        }
        guard result.updateValue(value, forKey: parameter.name) == nil else {
            return .failure(Unrepresentable(reason: "the parameters are a [String: String]; '\(parameter.name)' appears twice"))
        }
    }
    return .success(result)
}

/// The URL value an app is opened with for `text`, or why no app is opened with this text.
///
/// The system opens an app with a URL value, never with a string: the app that sent it made the value
/// with `URL(string:)` or the like, which refuses some texts and rewrites others. swift-foundation, like
/// Apple's Foundation for apps built with the iOS 17 / macOS 14 SDKs, percent-encodes a raw space,
/// control or non-ASCII character and a lone `%` (`a%b` becomes `a%25b`, a raw LF `%0A`); Apple's
/// earlier Foundation refused such texts (nil). Either way no app is opened with the text as written, so
/// a library that takes a `URL` never sees it: the vector is skipped instead of Foundation's rewriting
/// (or refusal) being judged as the library's.
func incomingURL(_ text: String) -> Result<URL, Unrepresentable> {
    urlValue(text, as: "the app is opened with a URL value")
}

/// A callback for APIs that take it as a `URL` value, or why the text is no such value (see `incomingURL`).
func callbackURL(_ text: String) -> Result<URL, Unrepresentable> {
    urlValue(text, as: "callbacks are passed as URL values")
}

/// `URL(string:)` of `text` when it keeps the text as written, or the reason it does not, after `context`.
private func urlValue(_ text: String, as context: String) -> Result<URL, Unrepresentable> {
    guard let url = URL(string: text) else {
        return .failure(Unrepresentable(reason: "\(context); URL(string:) is nil for \(text.debugDescription)"))
    }
    guard url.absoluteString == text else {
        return .failure(Unrepresentable(reason: "\(context); URL(string:) reads \(text.debugDescription) as \(url.absoluteString.debugDescription)"))
    }
    return .success(url)
}

/// Why a callback with this outcome cannot carry `response`'s x-source or parameters, or nil when it can.
///
/// In CallbackURLKit and jasonnam the error closure takes an error (a code and a message) and the cancel
/// closure nothing: an app has no way to hand them x-source or result parameters, so such a vector is
/// skipped rather than answered with a callback that silently lacks them.
func closureCannotCarry(_ response: XCallbackResponse, error: String, cancel: String) -> Unrepresentable? {
    guard response.source != nil || !response.parameters.isEmpty else { return nil }
    switch response.outcome {
    case .success: return nil
    case .error: return Unrepresentable(reason: "\(error) takes an error (a code and a message) alone: x-source and parameters cannot be passed")
    case .cancel: return Unrepresentable(reason: "\(cancel) takes no arguments: x-source and parameters cannot be passed")
    }
}

/// An input the library's API cannot take, with the reason.
struct Unrepresentable: Error {
    var reason: String
    /// The answer to a vector with such an input: skipped, with the reason.
    func skipped<Value>() -> TargetAnswer<Value> { .unsupported(reason: reason, issueURL: nil) }
}

/// Percent-encodes everything but RFC 3986 unreserved characters, so that a callback URL rides
/// inside another URL's query unharmed whatever splitter reads it.
func encodeFully(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")) ?? text
}

// MARK: - Answers

/// Splits the reserved x-callback parameters out of an app's view of the query.
///
/// `reserved` names the parameters the library itself treats as x-callback parameters; any other
/// name, `x-source` included when the library does not single it out, stays an action parameter.
func request(
    scheme: String, action: String, pairs: [(String, String?)], reserved: Set<String> = Set(XCallbackRequest.reservedNames)
) -> XCallbackRequest {
    var result = XCallbackRequest(scheme: scheme, action: action, fragment: nil)
    for (name, value) in pairs {
        switch reserved.contains(name) ? name : "" {
        case "x-source": result.source = value ?? ""
        case "x-success": result.success = value ?? ""
        case "x-error": result.error = value ?? ""
        case "x-cancel": result.cancel = value ?? ""
        default: result.parameters.append(XCallbackParameter(name, value))
        }
    }
    return result
}

/// A box for a value set from a callback, read after the library's queue has drained.
final class Captured<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Value] = []
    func append(_ value: Value) { lock.withLock { stored.append(value) } }
    var values: [Value] { lock.withLock { stored } }
}
