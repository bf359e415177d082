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
        // One allocation: room for every parameter up front.
        var all: [XCallbackParameter] = []
        all.reserveCapacity(3 + parameters.count)
        if let source { all.append(XCallbackParameter("x-source", source)) }
        if case .error(let code, let message) = outcome {
            all.append(XCallbackParameter("errorCode", code))
            all.append(XCallbackParameter("errorMessage", message))
        }
        all.append(contentsOf: parameters)
        return all
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
        // One look at the callback's bytes decides, and builds when there is something to build.
        let appends = source != nil || !parameters.isEmpty || isError
        let namesValid = !parameters.contains { $0.name.isEmpty }
        let result: BuildResult = withUTF8Bytes(callbackURL) { whole in
            let layout = CallbackLayout(whole)
            switch layout.scheme {
            case .invalid: return .invalidScheme
            case .unsafe: return .unsafeScheme
            case .safe:
                guard appends else { return .unchanged }
                guard namesValid else { return .emptyName }
                return .built(Self.build(onto: whole, layout, source: source, outcome: outcome, parameters: parameters))
            }
        }
        switch result {
        case .built(let url):
            return url
        case .unchanged:
            return callbackURL
        case .invalidScheme:
            throw XCallbackRejection(
                .invalidCallbackURL, "a callback URL must start with a scheme and ':'", input: callbackURL, offset: 0)
        case .unsafeScheme:
            let colon = callbackURL.utf8.firstIndex(of: UInt8(ascii: ":")) ?? callbackURL.utf8.endIndex
            let scheme = XCallbackRequest.schemeLowercased(callbackURL.utf8[..<colon]) ?? ""
            throw XCallbackRejection(
                .unsafeCallbackScheme, "refusing to open a '\(scheme):' callback", input: callbackURL, offset: 0)
        case .emptyName:
            try XCallbackRequest.checkNames(parameters)
            preconditionFailure("XCallbackResponse.url: checkNames accepted an empty name")
        }
    }

    /// What `url()` found or built, before it throws or returns.
    private enum BuildResult {
        case built(String), unchanged, invalidScheme, unsafeScheme, emptyName
    }

    /// Writes `whole` before its `#`, the separator, the parameters of `appendedParameters` in order, and
    /// the fragment, into one `String`.
    ///
    /// Static, with the fields as arguments, so that the writing closure borrows them instead of copying `self`.
    private static func build(
        onto whole: UnsafeBufferPointer<UInt8>, _ layout: CallbackLayout,
        source: String?, outcome: Outcome, parameters: [XCallbackParameter]
    ) -> String {
        let base = UnsafeBufferPointer(rebasing: whole[..<layout.hash])
        let fragment = UnsafeBufferPointer(rebasing: whole[layout.hash...])
        // The worst case: every byte of every name and value encoded as three.
        var bound = whole.count &+ 1
        if let source { bound &+= URLWriter.itemBound("x-source", source) }
        if case .error(let code, let message) = outcome {
            bound &+= URLWriter.itemBound("errorCode", code) &+ URLWriter.itemBound("errorMessage", message)
        }
        for parameter in parameters { bound &+= URLWriter.itemBound(parameter.name, parameter.value) }
        return URLWriter.build(upperBound: bound) { writer in
            writer.append(raw: base)
            var separator = layout.joiner
            if let source { writer.appendQueryItem(literal: "x-source", source, after: &separator) }
            if case .error(let code, let message) = outcome {
                writer.appendQueryItem(literal: "errorCode", code, after: &separator)
                writer.appendQueryItem(literal: "errorMessage", message, after: &separator)
            }
            for parameter in parameters {
                writer.appendQueryItem(parameter.name, parameter.value, after: &separator)
            }
            writer.append(raw: fragment)
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
}
