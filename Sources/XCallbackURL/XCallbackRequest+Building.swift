// The request builder (source-app role).
//
// Emits `scheme://x-callback-url/action?x-source=…&x-success=…&x-error=…&x-cancel=…&name=value…`.
// Every name and value is percent-encoded (RFC 3986 §2.2) so that a callback URL nested any number of
// levels deep, with its own query and fragment, survives one parse unchanged.

extension XCallbackRequest {
    /// Builds the URL that asks the target app to run this request; the fragment is never emitted.
    ///
    /// - Throws: `invalid-scheme`, `missing-action`, `reserved-parameter-name` for an action parameter
    ///   named `x-…` (the spec reserves the prefix), or `empty-parameter-name`.
    public func url() throws(XCallbackRejection) -> String {
        let scheme = try Self.validatedScheme(scheme)
        guard !action.isEmpty else {
            throw XCallbackRejection(.missingAction, "a request needs a non-empty action")
        }
        var query: [XCallbackParameter] = []
        for (name, value) in zip(Self.reservedNames, [source, success, error, cancel]) {
            if let value { query.append(XCallbackParameter(name, value)) }
        }
        for parameter in parameters where parameter.hasReservedPrefix {
            throw XCallbackRejection(
                .reservedParameterName,
                "the action parameter '\(parameter.name)' uses the 'x-' prefix the spec reserves")
        }
        query.append(contentsOf: parameters)
        var url = scheme + "://x-callback-url/" + PercentEncoding.encodeAction(action)
        if !query.isEmpty {
            url += "?" + (try Self.encodedQuery(query))
        }
        return url
    }

    /// Returns `parameters` encoded and joined with `&`.
    static func encodedQuery(_ parameters: [XCallbackParameter]) throws(XCallbackRejection) -> String {
        var pieces: [String] = []
        pieces.reserveCapacity(parameters.count)
        for parameter in parameters {
            guard !parameter.name.isEmpty else {
                throw XCallbackRejection(.emptyParameterName, "a parameter needs a non-empty name")
            }
            var piece = PercentEncoding.encodeValue(parameter.name)
            if let value = parameter.value {
                piece += "=" + PercentEncoding.encodeValue(value)
            }
            pieces.append(piece)
        }
        return pieces.joined(separator: "&")
    }

    /// Returns the scheme lowercased, or throws when it is not RFC 3986 §3.1 syntax.
    static func validatedScheme(_ scheme: String) throws(XCallbackRejection) -> String {
        guard let lowered = Self.schemeLowercased(scheme.utf8) else {
            throw XCallbackRejection(
                .invalidScheme, "a scheme is a letter followed by letters, digits, '+', '-' or '.'", input: scheme)
        }
        return lowered
    }

    /// The scheme lowercased when `bytes` are RFC 3986 §3.1 scheme syntax, else `nil`.
    static func schemeLowercased(_ bytes: some Collection<UInt8>) -> String? {
        var index = 0
        for byte in bytes {
            guard isSchemeByte(byte, first: index == 0) else { return nil }
            index += 1
        }
        guard index > 0 else { return nil }
        return String(unsafeUninitializedCapacity: index) { out in
            for (offset, byte) in bytes.enumerated() {
                out[offset] = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
            }
            return index
        }
    }

    /// Whether `byte` may stand in a scheme: a letter, or after the first place also a digit, `+`, `-` or `.`.
    @inline(__always)
    static func isSchemeByte(_ byte: UInt8, first: Bool) -> Bool {
        let folded = byte | 0x20
        if folded >= UInt8(ascii: "a") && folded <= UInt8(ascii: "z") { return true }
        if first { return false }
        return (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
}
