// Build round-trip: structured values decoded from fuzzer bytes, built, then parsed back.
//
// Requests: build → parse gives back every part (scheme lowercased, no fragment), and every nested
// callback slot, parsed level by level, gives back the nested request it was built from.
// Callbacks: building a response onto a callback URL (with or without query, trailing `?`/`&`, fragment)
// keeps the URL before `#` byte for byte, joins with the right separator, appends exactly the expected
// parameters encoded by the value rules, and puts the fragment back unchanged.

import XCallbackURL

/// Fuzzer bytes → structured request or response → build → parse must give back the same parts.
public struct BuildRoundTripDriver: FuzzDriver {
    /// The generator that decodes bytes into requests and responses.
    public var generator: RequestGenerator

    /// Creates the driver with a generator nesting requests up to `maximumDepth` levels.
    public init(maximumDepth: Int = 5) {
        generator = RequestGenerator(maximumDepth: maximumDepth)
    }

    /// `round-trip`.
    public var name: String { "round-trip" }

    /// Checks one input; returns the first violated property, or nil.
    public func failure(for input: [UInt8]) -> FuzzFailure? {
        var reader = FuzzInputReader(input)
        switch reader.choose(below: 3) {
        case 0:
            var tree = generator.request(&reader)
            if reader.choose(below: 8) == 0 {
                return refusalFailure(tree.request, reader: &reader, input: input)
            }
            tree.request.fragment = nil
            return requestFailure(tree, path: "top", input: input)
        case 1:
            let callback = generator.callbackURL(&reader)
            return callbackFailure(generator.response(&reader, callbackURL: callback), nested: nil, input: input)
        default:
            let child = generator.request(&reader, depth: generator.maximumDepth)
            guard let url = try? child.request.url() else { return nil }
            return callbackFailure(generator.response(&reader, callbackURL: url), nested: child.request, input: input)
        }
    }

    // MARK: - Requests

    /// Builds and re-parses `tree.request`, then each nested request from the parsed callback slot.
    func requestFailure(_ tree: GeneratedRequest, path: String, input: [UInt8]) -> FuzzFailure? {
        var expected = tree.request
        expected.scheme = expected.scheme.lowercased()
        let url: String
        let parsed: XCallbackRequest
        do {
            url = try tree.request.url()
        } catch {
            return FuzzFailure(rule: "build/refused", input: input, details: [("level", path), ("request", "\(expected)"), ("error", "\(error)")])
        }
        do {
            parsed = try XCallbackRequest(parsing: url)
        } catch {
            return FuzzFailure(rule: "build/unparseable", input: input, details: [("level", path), ("built", url), ("error", "\(error)")])
        }
        guard parsed == expected else {
            return FuzzFailure(
                rule: "build/round-trip", input: input,
                details: [("level", path), ("request", "\(expected)"), ("built", url), ("parsed", "\(parsed)")])
        }
        for (slot, child) in tree.nested {
            let value: String?
            switch slot {
            case "x-success": value = parsed.success
            case "x-error": value = parsed.error
            default: value = parsed.cancel
            }
            guard let value, let level = try? XCallbackRequest(parsing: value) else {
                return FuzzFailure(rule: "build/nested-unparseable", input: input, details: [("level", path + "." + slot), ("value", value ?? "nil")])
            }
            var childExpected = child.request
            childExpected.scheme = childExpected.scheme.lowercased()
            guard level == childExpected else {
                return FuzzFailure(
                    rule: "build/nested-round-trip", input: input,
                    details: [("level", path + "." + slot), ("expected", "\(childExpected)"), ("parsed", "\(level)")])
            }
            if let failure = requestFailure(child, path: path + "." + slot, input: input) { return failure }
        }
        return nil
    }

    /// Adds an action parameter the builder must refuse (`x-…` or empty name) and checks the category.
    func refusalFailure(_ base: XCallbackRequest, reader: inout FuzzInputReader, input: [UInt8]) -> FuzzFailure? {
        var request = base
        let reserved = reader.flag()
        let bad = XCallbackParameter(reserved ? "x-" + generator.text(&reader, maxLength: 3) : "", "v")
        request.parameters.insert(bad, at: reader.choose(below: request.parameters.count + 1))
        do {
            let url = try request.url()
            return FuzzFailure(rule: "build/must-refuse", input: input, details: [("request", "\(request)"), ("built", url)])
        } catch {
            let expected: RejectionCategory = reserved ? .reservedParameterName : .emptyParameterName
            guard error.category == expected else {
                return FuzzFailure(
                    rule: "build/refusal-category", input: input,
                    details: [("request", "\(request)"), ("expected", "\(expected)"), ("error", "\(error)")])
            }
            return nil
        }
    }

    // MARK: - Callbacks

    /// Builds `response` and checks the result against the callback rules; `nested` is the request the
    /// callback URL was built from, if any, which must then parse back with the parameters appended.
    func callbackFailure(_ response: XCallbackResponse, nested: XCallbackRequest?, input: [UInt8]) -> FuzzFailure? {
        let expectedRefusal = CallbackExpectation.refusal(for: response.callbackURL)
        let built: String
        do {
            built = try response.url()
        } catch {
            let emptyName = response.appendedParameters.contains { $0.name.isEmpty }
            if error.category == expectedRefusal || (expectedRefusal == nil && emptyName && error.category == .emptyParameterName) {
                return nil
            }
            return FuzzFailure(
                rule: "callback/refusal", input: input,
                details: [("response", "\(response)"), ("expected", "\(expectedRefusal?.rawValue ?? "accepted")"), ("error", "\(error)")])
        }
        if let expectedRefusal {
            return FuzzFailure(
                rule: "callback/must-refuse", input: input,
                details: [("response", "\(response)"), ("expected", "\(expectedRefusal)"), ("built", built)])
        }
        if let problem = CallbackExpectation.problem(built: built, response: response) {
            return FuzzFailure(
                rule: "callback/shape", input: input,
                details: [("response", "\(response)"), ("built", FuzzFailure.escape(built)), ("problem", problem)])
        }
        guard let nested else { return nil }
        return nestedCallbackFailure(built: built, response: response, nested: nested, input: input)
    }

    /// The callback URL was a built request: parsing the result gives that request plus the appended parameters.
    func nestedCallbackFailure(
        built: String, response: XCallbackResponse, nested: XCallbackRequest, input: [UInt8]
    ) -> FuzzFailure? {
        let appended = response.appendedParameters
        let reservedClash = appended.contains { XCallbackRequest.reservedNames.contains($0.name) && $0.name != "x-source" }
        guard !reservedClash, !appended.contains(where: { $0.name.isEmpty }) else { return nil }
        var expected = nested
        expected.scheme = expected.scheme.lowercased()
        var duplicateSource = false
        for parameter in appended {
            if parameter.name == "x-source" {
                duplicateSource = expected.source != nil
                expected.source = parameter.value
            } else {
                expected.parameters.append(parameter)
            }
        }
        let parsed = Result { () throws(XCallbackRejection) in try XCallbackRequest(parsing: built) }
        switch parsed {
        case .success(let request) where !duplicateSource && request == expected: return nil
        case .failure(let error) where duplicateSource && error.category == .duplicateReservedParameter: return nil
        default:
            return FuzzFailure(
                rule: "callback/nested-round-trip", input: input,
                details: [("built", built), ("expected", duplicateSource ? "reject duplicate x-source" : "\(expected)"), ("parsed", "\(parsed)")])
        }
    }
}
