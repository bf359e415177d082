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
        for parameter in parameters where parameter.hasReservedPrefix {
            throw XCallbackRejection(
                .reservedParameterName,
                "the action parameter '\(parameter.name)' uses the 'x-' prefix the spec reserves")
        }
        try Self.checkNames(parameters)
        // Long requests are the common case (nested callbacks), so measure-then-write: no worst-case buffer.
        return URLWriter.build { writer in
            writer.append(scheme)
            writer.append(literal: "://x-callback-url/")
            writer.append(encoding: action, keeping: .action)
            // The reserved parameters in `reservedNames` order, then the action parameters.
            var separator = UInt8(ascii: "?")
            if let source { writer.appendQueryItem(literal: "x-source", source, after: &separator) }
            if let success { writer.appendQueryItem(literal: "x-success", success, after: &separator) }
            if let error { writer.appendQueryItem(literal: "x-error", error, after: &separator) }
            if let cancel { writer.appendQueryItem(literal: "x-cancel", cancel, after: &separator) }
            for parameter in parameters {
                writer.appendQueryItem(parameter.name, parameter.value, after: &separator)
            }
        }
    }

    /// Throws `empty-parameter-name` when a parameter has an empty name.
    static func checkNames(_ parameters: [XCallbackParameter]) throws(XCallbackRejection) {
        for parameter in parameters where parameter.name.isEmpty {
            throw XCallbackRejection(.emptyParameterName, "a parameter needs a non-empty name")
        }
    }

    /// Returns the scheme lowercased, or throws when it is not RFC 3986 §3.1 syntax.
    static func validatedScheme(_ scheme: String) throws(XCallbackRejection) -> String {
        guard let lowered = withUTF8Bytes(scheme, { Self.schemeLowercased($0) }) else {
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
    package static func isSchemeByte(_ byte: UInt8, first: Bool) -> Bool {
        let folded = byte | 0x20
        if folded >= UInt8(ascii: "a") && folded <= UInt8(ascii: "z") { return true }
        if first { return false }
        return (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
}
