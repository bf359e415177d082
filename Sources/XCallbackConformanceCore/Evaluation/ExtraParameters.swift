import XCallbackURL

// Extra parameters: names a builder adds to URLs on its own (CallbackURLKit's `x-source`, Middleman's
// `__middleman_response_id_identifier`, IAC's `IACRequestID`). The spec is silent on them
// (`silent-request-id`), so adding one is judged once, at `should`, by the vectors tagged
// `extra-parameters`; every other build vector is compared with those names set aside, so that the one
// behaviour does not fail a hundred vectors that test something else.
//
// A name is set aside only where the vector did not ask for it: a request built with `x-source` given
// must still carry exactly that source, and an action parameter the vector asked for is compared as usual.

/// How the comparator treats parameters a target's builders add unasked.
public enum ExtraParameters {
    /// The tag of the vectors that test exactly that a builder adds nothing unasked; nothing is set aside in them.
    public static let tag = "extra-parameters"

    /// The note a passing answer carries when names were set aside, or `nil` when none was.
    static func note(_ setAside: [String]) -> String? {
        setAside.isEmpty ? nil : "with the extra parameter" + (setAside.count == 1 ? " " : "s ") + setAside.joined(separator: ", ") + " set aside"
    }

    /// The reserved parameter names and the request fields they fill.
    static var reservedFields: [(name: String, field: WritableKeyPath<XCallbackRequest, String?>)] {
        [("x-source", \.source), ("x-success", \.success), ("x-error", \.error), ("x-cancel", \.cancel)]
    }

    /// The names of parameters in `built` that `asked` does not have: what a builder added unasked.
    ///
    /// A reserved name counts when `asked` leaves its field `nil`; another name when no parameter of `asked` has it.
    public static func unasked(in built: XCallbackRequest, asked: XCallbackRequest) -> [String] {
        var names: [String] = []
        for (name, field) in reservedFields where built[keyPath: field] != nil && asked[keyPath: field] == nil {
            names.append(name)
        }
        let askedNames = Set(asked.parameters.map(\.name))
        for parameter in built.parameters where !askedNames.contains(parameter.name) && !names.contains(parameter.name) {
            names.append(parameter.name)
        }
        return names
    }

    /// Removes from `built` the names of `extras` that `asked` did not ask for; returns the names removed.
    public static func setAside(_ extras: Set<String>, from built: inout XCallbackRequest, asked: XCallbackRequest) -> [String] {
        guard !extras.isEmpty else { return [] }
        let names = unasked(in: built, asked: asked).filter(extras.contains)
        for (name, field) in reservedFields where names.contains(name) { built[keyPath: field] = nil }
        built.parameters.removeAll { names.contains($0.name) }
        return names
    }

    /// The names of appended callback parameters that the expected ones do not have.
    public static func unasked(in appended: [XCallbackParameter], expected: [XCallbackParameter]) -> [String] {
        let expectedNames = Set(expected.map(\.name))
        var names: [String] = []
        for parameter in appended where !expectedNames.contains(parameter.name) && !names.contains(parameter.name) {
            names.append(parameter.name)
        }
        return names
    }
}

extension Context {
    /// The extra parameters that apply to this vector: none in a vector tagged `extra-parameters`.
    var applicableExtraParameters: Set<String> {
        vector.tags.contains(ExtraParameters.tag) ? [] : extraParameters
    }

    /// Removes from a parsed built request the extra parameters the vector did not ask for; returns their names.
    func setAsideExtraParameters(of built: inout XCallbackRequest, asked: XCallbackRequest) -> [String] {
        ExtraParameters.setAside(applicableExtraParameters, from: &built, asked: asked)
    }

    /// Removes from appended callback parameters the extra parameters the vector did not expect; returns their names.
    func setAsideExtraParameters(of appended: inout [XCallbackParameter], expected: [XCallbackParameter]) -> [String] {
        let extras = applicableExtraParameters
        guard !extras.isEmpty else { return [] }
        let names = ExtraParameters.unasked(in: appended, expected: expected).filter(extras.contains)
        appended.removeAll { names.contains($0.name) }
        return names
    }
}

extension ExtraParameters {
    /// What one build answer shows: the names the vector asked for, and the names the built URL added unasked.
    public struct Evidence: Hashable, Sendable {
        /// Names the vector asked for (reserved names given, parameter names, for a callback the expected appended names).
        public var asked: Set<String>
        /// Names the built URL carries that the vector did not ask for, in the URL's order.
        public var unasked: [String]
    }

    /// What a build answer shows about extra parameters, or `nil` when it cannot tell.
    ///
    /// Only accepted build answers to vectors that expect one exact result can tell: a built request that
    /// parses, or a built callback with the callback's structure.
    public static func evidence(in answer: TargetAnswer<ObservedResult>, to vector: Vector) -> Evidence? {
        guard case .accepted(.url(let built)) = answer, case .accept(let expected) = vector.expectation else { return nil }
        switch (vector.input, expected) {
        case (.buildRequest, .request(let asked)):
            guard let parsed = try? XCallbackRequest(parsing: built) else { return nil }
            var names = Set(asked.parameters.map(\.name))
            for (name, field) in reservedFields where asked[keyPath: field] != nil { names.insert(name) }
            return Evidence(asked: names, unasked: unasked(in: parsed, asked: asked))
        case (.buildCallback(let response), .url(let expectedURL)):
            let comparison = CallbackComparison(
                callback: response.callbackURL, expected: expectedURL, context: Context(vector: vector, choices: [:]))
            guard case .success(let want) = comparison.appended(in: expectedURL),
                case .success(let got) = comparison.appended(in: built)
            else { return nil }
            return Evidence(asked: Set(want.parameters.map(\.name)), unasked: unasked(in: got.parameters, expected: want.parameters))
        default:
            return nil
        }
    }
}
