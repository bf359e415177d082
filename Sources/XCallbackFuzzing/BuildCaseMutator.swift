// The structure-aware mutation of a build case: decode it into its request or callback response, change one
// field, write it again as a literal case (`RequestGenerator+Literal.swift`), so that any character reaches any
// field of either build operation.
//
// 1. Pick a field: for a request the scheme, the action, x-source, x-success, x-error, x-cancel, a parameter's
//    name or value; for a response the callback URL (its path, its own query, its fragment), the error code and
//    message, x-source, a parameter's name or value.
// 2. Change it: splice a token of `FuzzSplices` in at its start, middle, end or anywhere (the grid's places),
//    replace it by a token, percent-encode it once (a nested level), byte-mutate it, or cut it; or add, drop, repeat
//    or swap a parameter, make the list none, one or 64 long, or change the outcome.
// 3. Write the case again; a result longer than `maxSize` falls back to the byte mutator.
// All choices come from `SplitMix64(seed)`.

import XCallbackConformanceCore
import XCallbackURL

/// Structure-aware mutation of build cases, independent of libFuzzer.
public enum BuildCaseMutator {
    static let generator = RequestGenerator(maximumDepth: 3, literals: true)

    /// Returns a mutation of the build case `input` (first byte 0x01 or 0x02) of at most `maxSize` bytes.
    public static func mutate(_ input: [UInt8], maxSize: Int, seed: UInt32, byteMutator: NestedMutator.ByteMutator) -> [UInt8] {
        var rng = SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 ^ 0xB5)
        let out: [UInt8]
        switch DifferentialDriver<ReferenceTarget>.targetInput(for: input) {
        case .buildRequest(var request):
            mutate(&request, rng: &rng, byteMutator: byteMutator)
            out = generator.literalBytes(request: request)
        case .buildCallback(var response):
            mutate(&response, rng: &rng, byteMutator: byteMutator)
            out = generator.literalBytes(response: response)
        default:
            return input
        }
        guard out.count <= maxSize else { return NestedMutator.byteMutated(input, maxSize: maxSize, byteMutator) }
        return out
    }

    /// Changes one field of `request`, or its parameter list.
    static func mutate(_ request: inout XCallbackRequest, rng: inout SplitMix64, byteMutator: NestedMutator.ByteMutator) {
        let count = request.parameters.count
        switch rng.below(9) {
        case 0: changed(&request.scheme, rng: &rng, byteMutator)
        case 1: changed(&request.action, rng: &rng, byteMutator)
        case 2: changed(optional: &request.source, rng: &rng, byteMutator)
        case 3: changed(optional: &request.success, rng: &rng, byteMutator)
        case 4: changed(optional: &request.error, rng: &rng, byteMutator)
        case 5: changed(optional: &request.cancel, rng: &rng, byteMutator)
        default: changed(&request.parameters, count: count, rng: &rng, byteMutator)
        }
    }

    /// Changes one field of `response`, its parameter list or its outcome.
    static func mutate(_ response: inout XCallbackResponse, rng: inout SplitMix64, byteMutator: NestedMutator.ByteMutator) {
        switch rng.below(8) {
        case 0, 1: changedCallback(&response.callbackURL, rng: &rng, byteMutator)
        case 2:
            switch response.outcome {
            case .error(var code, var message):
                if rng.oneIn(2) { changed(&code, rng: &rng, byteMutator) } else { changed(&message, rng: &rng, byteMutator) }
                response.outcome = .error(code: code, message: message)
            default: response.outcome = .error(code: FuzzSplices.tokens[rng.below(FuzzSplices.tokens.count)], message: "m")
            }
        case 3: response.outcome = [.success, .cancel, .error(code: "1", message: "m")][rng.below(3)]
        case 4: changed(optional: &response.source, rng: &rng, byteMutator)
        default: changed(&response.parameters, count: response.parameters.count, rng: &rng, byteMutator)
        }
    }

    /// Changes a callback URL: its text anywhere, or its query or fragment in particular.
    static func changedCallback(_ url: inout String, rng: inout SplitMix64, _ byteMutator: NestedMutator.ByteMutator) {
        let hash = url.firstIndex(of: "#")
        let question = url.firstIndex(of: "?")
        switch rng.below(5) {
        case 0: url = String(url[..<(hash ?? url.endIndex)]) + (question == nil ? "?" : "&") + token(&rng) + "=" + token(&rng) + (hash.map { String(url[$0...]) } ?? "")
        case 1: url = String(url[..<(hash ?? url.endIndex)]) + ["?", "&", "?&", ""][rng.below(4)] + (hash.map { String(url[$0...]) } ?? "")
        case 2: url += (hash == nil ? "#" : "") + token(&rng)
        default: changed(&url, rng: &rng, byteMutator)
        }
    }

    /// Changes one parameter's name or value, or adds, drops or repeats one; or, along the grid's other axes, swaps
    /// two (order) or makes the list none, one or 64 long (count).
    static func changed(_ parameters: inout [XCallbackParameter], count: Int, rng: inout SplitMix64, _ byteMutator: NestedMutator.ByteMutator) {
        switch rng.below(8) {
        case 5 where count > 1: parameters.swapAt(rng.below(count), rng.below(count))
        case 6 where count > 0:
            let size = [0, 1, 64][rng.below(3)]
            parameters = (0..<size).map { parameters[$0 % count] }
        case 0 where count > 0:
            let index = rng.below(count)
            changed(&parameters[index].name, rng: &rng, byteMutator)
        case 1 where count > 0, 2 where count > 0:
            let index = rng.below(count)
            changed(optional: &parameters[index].value, rng: &rng, byteMutator)
        case 3 where count > 0: parameters.remove(at: rng.below(count))
        case 4 where count > 0: parameters.insert(parameters[rng.below(count)], at: rng.below(count + 1))
        default:
            parameters.insert(XCallbackParameter(token(&rng), rng.oneIn(5) ? nil : token(&rng)), at: rng.below(count + 1))
        }
    }

    /// Changes an optional text: sets it when absent (sometimes empty), changes it or removes it otherwise.
    static func changed(optional text: inout String?, rng: inout SplitMix64, _ byteMutator: NestedMutator.ByteMutator) {
        guard var value = text else {
            text = rng.oneIn(4) ? "" : token(&rng)
            return
        }
        if rng.oneIn(8) {
            text = nil
            return
        }
        changed(&value, rng: &rng, byteMutator)
        text = value
    }

    /// Changes a text: a token spliced in or in its place, encoded once, byte-mutated or cut.
    static func changed(_ text: inout String, rng: inout SplitMix64, _ byteMutator: NestedMutator.ByteMutator) {
        var scalars = Array(text.unicodeScalars)
        switch rng.below(6) {
        case 0, 1:
            let at = FuzzSplices.place(in: scalars.count, rng: &rng)
            scalars.insert(contentsOf: token(&rng).unicodeScalars, at: at)
            text = String(String.UnicodeScalarView(scalars))
        case 2: text = token(&rng)
        case 3: text = FaultSpelling.encoded.write(text)
        case 4: text = NestedMutator.mutatedText(text, byteMutator)
        default:
            scalars.removeLast(rng.below(scalars.count + 1))
            text = String(String.UnicodeScalarView(scalars))
        }
    }

    static func token(_ rng: inout SplitMix64) -> String { FuzzSplices.tokens[rng.below(FuzzSplices.tokens.count)] }
}
