// Helpers shared by the library adapters.

import Foundation
import XCallbackURL

/// The pinned commit of each library, as libraries.tsv and fetch.sh have it.
enum Pinned {
    static let callbackURLKit = "5411bfc17cd0787ac80c46f312c7235783ff9421"
    static let middleman = "290398e1a834478935159ff7357b20b79a852304"
    static let jasonnam = "5ff83f94a39b6f8ccea753a6ebcc30fb5521b76f"
    static let kradenkov = "a9a93964c56d504362fbdad20da874e29693d478"
}

/// Percent-encodes everything but RFC 3986 unreserved characters, so that a callback URL rides
/// inside another URL's query unharmed whatever splitter reads it.
func encodeFully(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")) ?? text
}

/// Splits the reserved x-callback parameters out of an app's view of the query.
func request(scheme: String, action: String, pairs: [(String, String?)], fragment: String? = nil) -> XCallbackRequest {
    var result = XCallbackRequest(scheme: scheme, action: action, fragment: fragment)
    for (name, value) in pairs {
        switch name {
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
