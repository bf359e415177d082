// The callback builder (target-app role).
//
// The spec says the target app opens x-success "possibly with additional parameters tacked on" and
// x-error "with at least the parameters errorCode=code&errorMessage=message" (x-callback Parameters).
// It does not say how to join them; the reference keeps the callback's own query byte for byte, joins
// with exactly one '?' or '&', and puts the parameters before any fragment (RFC 3986 §3.4, §3.5).

/// A result to return to the source app: which callback to open and the parameters to tack on.
public struct XCallbackResponse: Hashable, Sendable {
    /// How the action ended, which decides the callback and the parameters the spec asks for.
    public enum Outcome: Hashable, Sendable {
        /// The action succeeded: open `x-success`.
        case success
        /// The action failed: open `x-error` with `errorCode` and `errorMessage`.
        case error(code: String, message: String)
        /// The user cancelled: open `x-cancel`.
        case cancel
    }

    /// The callback URL taken from `x-success`, `x-error` or `x-cancel`, already decoded.
    public var callbackURL: String
    /// How the action ended.
    public var outcome: Outcome
    /// The friendly name of the answering app, sent as `x-source` when present.
    public var source: String?
    /// The result parameters, in order.
    public var parameters: [XCallbackParameter]

    /// Creates a response.
    public init(
        callbackURL: String, outcome: Outcome, source: String? = nil, parameters: [XCallbackParameter] = []
    ) {
        self.callbackURL = callbackURL
        self.outcome = outcome
        self.source = source
        self.parameters = parameters
    }

    /// The parameters in the order they are appended: `x-source`, then `errorCode` and `errorMessage`, then the rest.
    public var appendedParameters: [XCallbackParameter] {
        var all: [XCallbackParameter] = []
        if let source { all.append(XCallbackParameter("x-source", source)) }
        if case .error(let code, let message) = outcome {
            all.append(XCallbackParameter("errorCode", code))
            all.append(XCallbackParameter("errorMessage", message))
        }
        return all + parameters
    }

    /// Whether the outcome is an error, which appends `errorCode` and `errorMessage`.
    var isError: Bool {
        if case .error = outcome { return true }
        return false
    }

    /// Schemes a callback must never use, because opening them runs code or reads local files.
    public static let unsafeSchemes: Set<String> = ["javascript", "data", "file", "vbscript"]

    /// Builds the callback URL to open.
    ///
    /// - Throws: `invalid-callback-url` when the callback has no valid scheme, `unsafe-callback-scheme`
    ///   for `javascript:`, `data:`, `file:` or `vbscript:`, `empty-parameter-name`.
    public func url() throws(XCallbackRejection) -> String {
        let scheme = withUTF8Bytes(callbackURL) { bytes in
            let colon = ByteScan.firstIndex(of: UInt8(ascii: ":"), in: bytes, from: 0, to: bytes.count)
            return colon < bytes.count ? XCallbackRequest.schemeLowercased(UnsafeBufferPointer(rebasing: bytes[..<colon])) : nil
        }
        guard let scheme else {
            throw XCallbackRejection(
                .invalidCallbackURL, "a callback URL must start with a scheme and ':'", input: callbackURL, offset: 0)
        }
        guard !Self.unsafeSchemes.contains(scheme) else {
            throw XCallbackRejection(
                .unsafeCallbackScheme, "refusing to open a '\(scheme):' callback", input: callbackURL, offset: 0)
        }
        guard source != nil || !parameters.isEmpty || isError else { return callbackURL }
        try XCallbackRequest.checkNames(parameters)
        // The same parameters, in the same order, as `appendedParameters`, written without building it.
        return withUTF8Bytes(callbackURL) { whole in
            let hash = ByteScan.firstIndex(of: UInt8(ascii: "#"), in: whole, from: 0, to: whole.count)
            let base = UnsafeBufferPointer(rebasing: whole[..<hash])
            let joiner = Self.separator(joiningBytes: base)
            return URLWriter.build { writer in
                writer.append(raw: base)
                var separator = joiner
                if let source { writer.appendQueryItem("x-source", source, after: &separator) }
                if case .error(let code, let message) = outcome {
                    writer.appendQueryItem("errorCode", code, after: &separator)
                    writer.appendQueryItem("errorMessage", message, after: &separator)
                }
                for parameter in parameters {
                    writer.appendQueryItem(parameter.name, parameter.value, after: &separator)
                }
                writer.append(raw: UnsafeBufferPointer(rebasing: whole[hash...]))
            }
        }
    }

    /// The separator between a callback URL (before its `#`) and appended parameters.
    ///
    /// `?` when there is no query; nothing when the query is empty (`done?`) or already ends with `&`;
    /// otherwise `&`. A later `?` is query data (RFC 3986 §3.4), so `done?a=1?` still takes `&`.
    public static func separator(joining base: Substring) -> String {
        guard let question = base.utf8.firstIndex(of: UInt8(ascii: "?")) else { return "?" }
        let query = base.utf8[base.utf8.index(after: question)...]
        return query.isEmpty || query.last == UInt8(ascii: "&") ? "" : "&"
    }

    /// `separator(joining:)` on bytes: `?`, `&`, or 0 for nothing; `appendQueryItem` writes a 0 as nothing.
    static func separator(joiningBytes base: UnsafeBufferPointer<UInt8>) -> UInt8 {
        let question = ByteScan.firstIndex(of: UInt8(ascii: "?"), in: base, from: 0, to: base.count)
        guard question < base.count else { return UInt8(ascii: "?") }
        return question + 1 == base.count || base[base.count - 1] == UInt8(ascii: "&") ? 0 : UInt8(ascii: "&")
    }
}
