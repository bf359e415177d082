// Robustness of the reference parser on arbitrary bytes.
//
// Properties checked on every input:
// 1. Parsing never crashes; a rejection names a known category and points inside the input.
//    (`init(parsingUTF8:)` validates the bytes and hands the text to `init(parsing:)`, so the two
//    entry points agree by construction; the driver validates once and parses the text.)
// 2. Canonical round-trip: the accepted request, rebuilt with `url()` and parsed again, is identical
//    (the fragment aside: the builder never emits one), and building that URL again gives the same bytes.
// 3. Step 2 again at every nesting level: each x-success / x-error / x-cancel value that is itself an
//    x-callback-url is parsed and checked the same way, level by level.
// 4. A callback built onto each nested callback value never crashes and follows the callback rules
//    (`CallbackExpectation`: prefix kept, one right separator, parameters decodable, fragment last).
// 5. The view of the parse (`XCallbackRequestBorrowedView`) gives the same rejection or the same bytes in
//    every field, at the top level (RobustnessDriver+Views.swift).

import XCallbackURL

/// Arbitrary bytes into the reference parser: no crash, known rejections, canonical round-trip at every level.
public struct RobustnessDriver: FuzzDriver {
    /// How many levels of nested callbacks are followed (deeper levels are parsed but not re-checked).
    public var maximumDepth: Int

    /// Creates the driver; `maximumDepth` bounds the recursion into nested callbacks.
    public init(maximumDepth: Int = 16) {
        self.maximumDepth = maximumDepth
    }

    /// `robustness`.
    public var name: String { "robustness" }

    /// Checks one input; returns the first violated property, or nil.
    public func failure(for input: [UInt8]) -> FuzzFailure? {
        // The bytes are validated once: well-formed, the request and the view parse the text; ill-formed,
        // `init(parsingUTF8:)` rejects them before any parse, as every entry point does.
        let answer: Result<XCallbackRequest, XCallbackRejection>
        if let text = String(validating: input, as: UTF8.self) {
            answer = Result { () throws(XCallbackRejection) in try XCallbackRequest(parsing: text) }
            if let failure = Self.viewsFailure(text, expected: answer, input: input) { return failure }
        } else {
            answer = Result { () throws(XCallbackRejection) in try XCallbackRequest(parsingUTF8: input) }
        }
        switch answer {
        case .success(let parsed):
            return checkLevel(parsed, path: LevelPath(), input: input)
        case .failure(let error):
            guard let problem = RobustnessDriver.rejectionProblem(error, inputLength: input.count) else { return nil }
            return FuzzFailure(rule: "rejection-shape", input: input, details: [("rejection", problem)])
        }
    }

    /// Checks the canonical round-trip of `request`, then recurses into its callback values.
    func checkLevel(_ request: XCallbackRequest, path: LevelPath, input: [UInt8]) -> FuzzFailure? {
        if let failure = RobustnessDriver.roundTripFailure(of: request, path: path, input: input) {
            return failure
        }
        guard path.depth < maximumDepth else { return nil }
        // Three calls rather than a list of the slots: no array is made per level.
        return checkCallback(request.success, slot: 0, path: path, input: input)
            ?? checkCallback(request.error, slot: 1, path: path, input: input)
            ?? checkCallback(request.cancel, slot: 2, path: path, input: input)
    }

    /// Checks a callback built onto the value in callback slot `slot` of the level at `path`, then the value
    /// as a nested request.
    func checkCallback(_ value: String?, slot: UInt8, path: LevelPath, input: [UInt8]) -> FuzzFailure? {
        guard let value else { return nil }
        let child = path.appending(slot)
        if let failure = RobustnessDriver.callbackFailure(onto: value, path: child, input: input) {
            return failure
        }
        let nested: XCallbackRequest
        do {
            nested = try XCallbackRequest(parsing: value)
        } catch {
            if let problem = RobustnessDriver.rejectionProblem(error, inputLength: value.utf8.count) {
                return FuzzFailure(
                    rule: "rejection-shape", input: input,
                    details: [("level", child.description), ("value", FuzzFailure.escape(value)), ("rejection", problem)])
            }
            return nil
        }
        return checkLevel(nested, path: child, input: input)
    }

    /// The request without the parts the builder refuses by design: empty names and `x-` action parameters.
    ///
    /// The parser keeps both (an `=v` piece, an unknown `x-foo`), the builder rejects both
    /// (`empty-parameter-name`, `reserved-parameter-name`), so they cannot round-trip.
    public static func buildable(_ request: XCallbackRequest) -> XCallbackRequest {
        // Most requests have nothing to drop: return them as they are rather than copy the parameters.
        guard request.fragment != nil || request.parameters.contains(where: { $0.name.isEmpty || $0.hasReservedPrefix })
        else { return request }
        var copy = request
        copy.parameters.removeAll { $0.name.isEmpty || $0.hasReservedPrefix }
        copy.fragment = nil
        return copy
    }

    /// Rebuilds `request`, parses the URL again and builds once more; nil when all three agree.
    ///
    /// What each step can catch: the build, a refusal of a request the parser produced; the parse, a built
    /// URL the parser refuses; the comparison, a part the builder or parser changes (byte for byte, as `==`
    /// compares); the second build, a builder whose output is not a function of the request (a read of
    /// bytes it never wrote).
    static func roundTripFailure(of request: XCallbackRequest, path: LevelPath, input: [UInt8]) -> FuzzFailure? {
        let expected = buildable(request)
        let url: String
        do {
            url = try expected.url()
        } catch {
            return FuzzFailure(
                rule: "round-trip/build", input: input,
                details: [("level", path.description), ("request", "\(expected)"), ("build error", "\(error)")])
        }
        let reparsed: XCallbackRequest
        do {
            reparsed = try XCallbackRequest(parsing: url)
        } catch {
            return FuzzFailure(
                rule: "round-trip/reparse", input: input,
                details: [("level", path.description), ("request", "\(expected)"), ("built", url), ("parse error", "\(error)")])
        }
        guard ExactBytes.same(reparsed, expected) else {
            return FuzzFailure(
                rule: "round-trip/equal", input: input,
                details: [("level", path.description), ("request", "\(expected)"), ("built", url), ("reparsed", "\(reparsed)")])
        }
        let again = try? reparsed.url()
        guard let again, ExactBytes.same(again, url) else {
            return FuzzFailure(
                rule: "round-trip/idempotent", input: input,
                details: [("level", path.description), ("built", url), ("built again", again ?? "<error>")])
        }
        return nil
    }

    /// Builds a callback onto `callback`; it must not crash, must refuse only with callback categories,
    /// and must follow the callback rules of `CallbackExpectation`.
    static func callbackFailure(onto callback: String, path: LevelPath, input: [UInt8]) -> FuzzFailure? {
        let response = XCallbackResponse(
            callbackURL: callback, outcome: .error(code: "1", message: "a&b=c#d"), source: "fuzz")
        do {
            let built = try response.url()
            if let problem = CallbackExpectation.problem(built: built, response: response) {
                return FuzzFailure(
                    rule: "callback/shape", input: input,
                    details: [
                        ("level", path.description), ("callback", FuzzFailure.escape(callback)), ("built", built),
                        ("problem", problem),
                    ])
            }
        } catch {
            if error.category != .invalidCallbackURL && error.category != .unsafeCallbackScheme {
                return FuzzFailure(
                    rule: "callback/category", input: input,
                    details: [("level", path.description), ("callback", FuzzFailure.escape(callback)), ("error", "\(error)")])
            }
        }
        return nil
    }

    /// The categories a parse may reject with.
    public static let parseCategories: Set<RejectionCategory> = [
        .notXCallbackURL, .invalidScheme, .invalidAuthority, .missingAction, .invalidPercentEncoding,
        .invalidUTF8, .invalidCharacter, .duplicateReservedParameter,
    ]

    /// Describes what is wrong with a parse rejection (unknown category, offset outside the input), or nil.
    static func rejectionProblem(_ rejection: XCallbackRejection, inputLength: Int) -> String? {
        guard parseCategories.contains(rejection.category) else {
            return "unexpected category \(rejection.category): \(rejection)"
        }
        if let offset = rejection.offset, offset < 0 || offset > inputLength {
            return "offset \(offset) outside 0...\(inputLength): \(rejection)"
        }
        guard !rejection.message.isEmpty else { return "empty message" }
        _ = rejection.description  // renders the caret excerpt: must not crash either
        return nil
    }
}
