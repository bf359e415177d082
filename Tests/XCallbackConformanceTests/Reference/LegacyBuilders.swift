// The request and callback builders of 42fc6f1 (before the one-buffer rewrite), same steps written plainly, frozen
// here as a test-only oracle: `BuilderDifferentialTests` checks that the new builders give the same URL or the
// same rejection for every input. Do not edit to follow the reference; delete when the oracle is retired.

import XCallbackURL

/// The previous builders, string by string: encode each piece, join with `&`, concatenate.
enum LegacyBuilders {
    /// `XCallbackRequest.url()` at 42fc6f1.
    static func url(_ request: XCallbackRequest) throws(XCallbackRejection) -> String {
        guard let scheme = schemeLowercased(request.scheme.utf8) else {
            throw XCallbackRejection(
                .invalidScheme, "a scheme is a letter followed by letters, digits, '+', '-' or '.'",
                input: request.scheme)
        }
        guard !request.action.isEmpty else {
            throw XCallbackRejection(.missingAction, "a request needs a non-empty action")
        }
        var query: [XCallbackParameter] = []
        let reserved = [request.source, request.success, request.error, request.cancel]
        for (name, value) in zip(XCallbackRequest.reservedNames, reserved) {
            if let value { query.append(XCallbackParameter(name, value)) }
        }
        for parameter in request.parameters where parameter.hasReservedPrefix {
            throw XCallbackRejection(
                .reservedParameterName,
                "the action parameter '\(parameter.name)' uses the 'x-' prefix the spec reserves")
        }
        query.append(contentsOf: request.parameters)
        var url = scheme + "://x-callback-url/" + encode(request.action, keeping: actionAllowed)
        if !query.isEmpty {
            url += "?" + (try encodedQuery(query))
        }
        return url
    }

    /// `XCallbackResponse.url()` at 42fc6f1.
    static func url(_ response: XCallbackResponse) throws(XCallbackRejection) -> String {
        let callbackURL = response.callbackURL
        let bytes = callbackURL.utf8
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), let scheme = schemeLowercased(bytes[..<colon]) else {
            throw XCallbackRejection(
                .invalidCallbackURL, "a callback URL must start with a scheme and ':'", input: callbackURL, offset: 0)
        }
        guard !XCallbackResponse.unsafeSchemes.contains(scheme) else {
            throw XCallbackRejection(
                .unsafeCallbackScheme, "refusing to open a '\(scheme):' callback", input: callbackURL, offset: 0)
        }
        let appended = response.appendedParameters
        guard !appended.isEmpty else { return callbackURL }
        let query = try encodedQuery(appended)
        let hash = bytes.firstIndex(of: UInt8(ascii: "#")) ?? bytes.endIndex
        let base = callbackURL[..<hash]
        return base + XCallbackResponse.separator(joining: base) + query + callbackURL[hash...]
    }

    static func encodedQuery(_ parameters: [XCallbackParameter]) throws(XCallbackRejection) -> String {
        var pieces: [String] = []
        for parameter in parameters {
            guard !parameter.name.isEmpty else {
                throw XCallbackRejection(.emptyParameterName, "a parameter needs a non-empty name")
            }
            var piece = encode(parameter.name, keeping: valueAllowed)
            if let value = parameter.value {
                piece += "=" + encode(value, keeping: valueAllowed)
            }
            pieces.append(piece)
        }
        return pieces.joined(separator: "&")
    }

    static func schemeLowercased(_ bytes: some Collection<UInt8>) -> String? {
        var index = 0
        for byte in bytes {
            let folded = byte | 0x20
            let letter = folded >= UInt8(ascii: "a") && folded <= UInt8(ascii: "z")
            let other = (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            guard letter || (index > 0 && other) else { return nil }
            index += 1
        }
        guard index > 0 else { return nil }
        return String(decoding: bytes.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 },
                      as: UTF8.self)
    }

    static func encode(_ text: String, keeping allowed: [Bool]) -> String {
        var out: [UInt8] = []
        for byte in text.utf8 {
            if allowed[Int(byte)] {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)
    static let valueAllowed: [Bool] = table(extra: "!$'()*,;:@/?")
    static let actionAllowed: [Bool] = table(extra: "!$'()*,;:@/")

    static func table(extra: String) -> [Bool] {
        var table = [Bool](repeating: false, count: 256)
        for byte in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8 { table[Int(byte)] = true }
        for byte in extra.utf8 { table[Int(byte)] = true }
        return table
    }
}
