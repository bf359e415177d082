import XCallbackURL

// The canonical JSON shapes of requests and callback inputs, shared by vector files, the subprocess
// protocol and reports: every key present, `null` for absent, parameters as `[name, value|null]` pairs.

extension XCallbackRequest {
    /// The request as canonical JSON.
    public var canonicalJSON: JSONValue {
        [
            "scheme": .string(scheme), "action": .string(action), "source": .optional(source),
            "success": .optional(success), "error": .optional(error), "cancel": .optional(cancel),
            "parameters": XCallbackParameter.canonicalJSON(parameters), "fragment": .optional(fragment),
        ]
    }

    /// Decodes a request from canonical JSON; `fragment` may be omitted.
    public init(canonical cursor: JSONCursor) throws(VectorLoadError) {
        let keys: Set = ["scheme", "action", "source", "success", "error", "cancel", "parameters", "fragment"]
        let present = Set(try cursor.keys(allowed: keys))
        for key in keys.subtracting(["fragment"]).sorted() where !present.contains(key) {
            throw VectorLoadError(
                file: cursor.file, path: cursor.path, expected: "the member '\(key)' (use null when absent)",
                found: "no such member")
        }
        self.init(
            scheme: try cursor.member("scheme").string(), action: try cursor.member("action").string(),
            source: try cursor.member("source").optionalString(), success: try cursor.member("success").optionalString(),
            error: try cursor.member("error").optionalString(), cancel: try cursor.member("cancel").optionalString(),
            parameters: try XCallbackParameter.list(from: cursor.member("parameters")),
            fragment: try cursor.optionalMember("fragment")?.optionalString())
    }
}

extension XCallbackParameter {
    /// Parameters as canonical JSON: an array of `[name, value]` pairs, `null` for no value.
    public static func canonicalJSON(_ parameters: [XCallbackParameter]) -> JSONValue {
        .array(parameters.map { [.string($0.name), .optional($0.value)] })
    }

    /// Decodes parameters from an array of `[name, value|null]` pairs.
    public static func list(from cursor: JSONCursor) throws(VectorLoadError) -> [XCallbackParameter] {
        var parameters: [XCallbackParameter] = []
        for pair in try cursor.elements() {
            let parts = try pair.elements()
            guard parts.count == 2 else { throw pair.error("a pair [name, value or null]") }
            parameters.append(XCallbackParameter(try parts[0].string(), try parts[1].optionalString()))
        }
        return parameters
    }
}

extension XCallbackResponse {
    /// The callback input as canonical JSON.
    public var canonicalJSON: JSONValue {
        var members: [(key: String, value: JSONValue)] = [(key: "callback", value: .string(callbackURL))]
        switch outcome {
        case .success: members.append((key: "outcome", value: "success"))
        case .cancel: members.append((key: "outcome", value: "cancel"))
        case .error(let code, let message):
            members.append((key: "outcome", value: "error"))
            members.append((key: "errorCode", value: .string(code)))
            members.append((key: "errorMessage", value: .string(message)))
        }
        members.append((key: "source", value: .optional(source)))
        members.append((key: "parameters", value: XCallbackParameter.canonicalJSON(parameters)))
        return .object(members)
    }

    /// Decodes a callback input from canonical JSON.
    public init(canonical cursor: JSONCursor) throws(VectorLoadError) {
        _ = try cursor.keys(allowed: ["callback", "outcome", "errorCode", "errorMessage", "source", "parameters"])
        let outcomeCursor = try cursor.member("outcome")
        let outcome: Outcome
        switch try outcomeCursor.string() {
        case "success": outcome = .success
        case "cancel": outcome = .cancel
        case "error":
            outcome = .error(
                code: try cursor.member("errorCode").string(), message: try cursor.member("errorMessage").string())
        default: throw outcomeCursor.error("one of \"success\", \"error\", \"cancel\"")
        }
        if case .error = outcome {} else {
            for key in ["errorCode", "errorMessage"] where cursor.value[key] != nil {
                throw VectorLoadError(
                    file: cursor.file, path: "\(cursor.path).\(key)", expected: "no '\(key)' unless outcome is \"error\"",
                    found: "the member")
            }
        }
        var parameters: [XCallbackParameter] = []
        if let list = try cursor.optionalMember("parameters") {
            parameters = try XCallbackParameter.list(from: list)
        }
        self.init(
            callbackURL: try cursor.member("callback").string(), outcome: outcome,
            source: try cursor.optionalMember("source")?.optionalString(), parameters: parameters)
    }
}
