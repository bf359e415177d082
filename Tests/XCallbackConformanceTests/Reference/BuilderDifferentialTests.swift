// The one-buffer builders against the frozen previous builders (`LegacyBuilders`): over every vector's
// request and callback, every request the parse vectors yield, and every corpus file (seeds and
// regressions) read both as a URL and as generator bytes, the URL or the rejection must be identical.
//
// Why an oracle in code rather than a checked-in file of old outputs: it follows the vectors and the
// corpus as they grow, without a regeneration step that could bake a new bug into the expectations.

import Foundation
import Testing
import XCallbackConformance
import XCallbackFuzzing
import XCallbackURL

@Suite struct BuilderDifferentialTests {
    @Test func newBuildersMatchThePreviousOnesOverVectorsAndCorpus() throws {
        var inputs = BuildInputs()
        for vector in try VectorSuite.bundled().vectors {
            switch vector.input {
            case .buildRequest(let request): inputs.requests.append(request)
            case .buildCallback(let response): inputs.responses.append(response)
            case .parseText(let url): inputs.addParsed(Array(url.utf8))
            case .parseBytes(let bytes): inputs.addParsed(bytes)
            }
        }
        let corpus = try FuzzCorpus.files(in: "seeds")
            + FuzzCorpus.files(in: "regressions").flatMap { try FuzzCorpus.files(in: $0) }
        for path in corpus {
            let bytes = try FuzzCase(driver: "", path: path).bytes()
            inputs.addParsed(bytes)
            inputs.addGenerated(bytes)
        }

        var differences: [String] = []
        for request in inputs.requests {
            let new = Result { () throws(XCallbackRejection) in try request.url() }
            let old = Result { () throws(XCallbackRejection) in try LegacyBuilders.url(request) }
            if new != old { differences.append("request \(request): new \(new), old \(old)") }
        }
        for response in inputs.responses {
            let new = Result { () throws(XCallbackRejection) in try response.url() }
            let old = Result { () throws(XCallbackRejection) in try LegacyBuilders.url(response) }
            if new != old { differences.append("callback \(response): new \(new), old \(old)") }
        }
        #expect(inputs.requests.count > 1000 && inputs.responses.count > 1000,
                "too few inputs: \(inputs.requests.count) requests, \(inputs.responses.count) callbacks")
        #expect(differences.isEmpty, "\(differences.count) differences, first: \(differences.prefix(3))")
    }

    /// The one-pass callback layout (scheme, `?`, `#`, separator) and the one-pass-or-measure choice, swept over
    /// shapes the corpus may not reach: every position of `?`, `&`, `#` around the eight-byte steps, unsafe
    /// schemes in every case and their near misses, and values on both sides of the one-pass limit.
    @Test func newCallbackBuilderMatchesThePreviousOneOverShapesSchemesAndLengths() {
        var callbacks: [String] = []
        for length in 0..<40 {
            let body = String(repeating: "a", count: length)
            for (index, delimiter) in ["?", "#", "&", "?&", "??", "?#", "#?", "&#", ":"].enumerated() {
                for position in stride(from: 0, through: length, by: 1) where (position + index) % 3 == 0 || length < 12 {
                    let text = body.prefix(position) + delimiter + body.dropFirst(position)
                    callbacks.append("app:" + text)
                    callbacks.append("app:" + text + "?q=1#f")
                }
            }
        }
        for scheme in XCallbackResponse.unsafeSchemes.sorted() {
            let upper = scheme.uppercased()
            let mixed = String(zip(scheme, upper).enumerated().map { $0.offset % 2 == 0 ? $0.element.0 : $0.element.1 })
            for variant in [scheme, upper, mixed, String(scheme.dropLast()), scheme + "s", "x" + scheme,
                            String(scheme.dropLast()) + "x", scheme.replacingOccurrences(of: "a", with: "4")] {
                callbacks += [variant + ":x", variant + ":", variant + "://h/p?a=1#f", variant + "-1:x", variant]
            }
        }
        callbacks += ["", ":", "1a:x", "a b:x", "é:x", "a:\u{0}?#", "abcdefghijklmnopq:x", "ABCDEFGHIJKLMNOP:x", "a+-.9:x"]
        var values = ["", "v", "a&b=c#d", "é 100%"]
        for length in [100, 150, 169, 170, 171, 200, 330, 340, 341, 342, 400, 1100] {
            values.append(String(repeating: "é", count: length / 2) + String(repeating: "z", count: length % 2))
            values.append(String(repeating: "x", count: length))
        }
        var responses: [XCallbackResponse] = []
        for callback in callbacks {
            responses.append(XCallbackResponse(callbackURL: callback, outcome: .cancel))
            responses.append(XCallbackResponse(callbackURL: callback, outcome: .success, source: "Src"))
        }
        let shapes = ["app://h/p", "app://h/p?", "app://h/p?a=1&", "app://h/p?a=1#frag", "app:x#"]
        for callback in shapes {
            for value in values {
                responses.append(XCallbackResponse(callbackURL: callback, outcome: .error(code: value, message: value)))
                responses.append(XCallbackResponse(
                    callbackURL: callback, outcome: .success, source: value, parameters: [.init(value + "n", value), .init("f", nil)]))
                responses.append(XCallbackResponse(callbackURL: callback, outcome: .success, parameters: [.init("", value)]))
            }
        }
        var requests: [XCallbackRequest] = []
        for value in values {
            requests.append(XCallbackRequest(scheme: "App", action: value.isEmpty ? "a" : value, success: value))
            requests.append(XCallbackRequest(
                scheme: "a", action: "run", source: value, error: value, cancel: value, parameters: [.init("k", value), .init("f", nil)]))
        }

        var differences: [String] = []
        for response in responses {
            let new = Result { () throws(XCallbackRejection) in try response.url() }
            let old = Result { () throws(XCallbackRejection) in try LegacyBuilders.url(response) }
            if new != old { differences.append("callback \(response): new \(new), old \(old)") }
        }
        for request in requests {
            let new = Result { () throws(XCallbackRejection) in try request.url() }
            let old = Result { () throws(XCallbackRejection) in try LegacyBuilders.url(request) }
            if new != old { differences.append("request \(request): new \(new), old \(old)") }
        }
        #expect(responses.count > 3000, "too few callbacks: \(responses.count)")
        #expect(differences.isEmpty, "\(differences.count) differences, first: \(differences.prefix(3))")
    }

    @Test func percentEncodersMatchThePreviousOnesOnEveryByte() {
        var text = ""
        for scalar in (0..<0x300).compactMap(Unicode.Scalar.init) { text.unicodeScalars.append(scalar) }
        #expect(PercentEncoding.encodeValue(text) == LegacyBuilders.encode(text, keeping: LegacyBuilders.valueAllowed))
        #expect(PercentEncoding.encodeAction(text) == LegacyBuilders.encode(text, keeping: LegacyBuilders.actionAllowed))
        // Long values too (the callback builder switches from one pass to measuring past 1 KiB).
        for length in [300, 341, 342, 343, 2000] {
            let long = String(repeating: "a é", count: length / 3)
            #expect(PercentEncoding.encodeValue(long) == LegacyBuilders.encode(long, keeping: LegacyBuilders.valueAllowed))
        }
        for byte in 0...UInt8.max {
            #expect(PercentEncoding.isAllowedInValue(byte) == LegacyBuilders.valueAllowed[Int(byte)], "byte \(byte)")
        }
    }
}

/// Requests and callbacks to build, gathered from vectors and corpus files.
private struct BuildInputs {
    var requests: [XCallbackRequest] = []
    var responses: [XCallbackResponse] = []
    let generator = RequestGenerator()

    /// Parses `bytes` as a URL; an accepted request is built, and its callbacks answered every way.
    mutating func addParsed(_ bytes: [UInt8]) {
        guard let request = try? XCallbackRequest(parsingUTF8: bytes) else { return }
        requests.append(request)
        let outcomes: [XCallbackResponse.Outcome] = [.success, .cancel, .error(code: "4 04", message: "Not found: a&b=c#d")]
        for callback in [request.success, request.error, request.cancel].compactMap({ $0 }) {
            for outcome in outcomes {
                responses.append(XCallbackResponse(callbackURL: callback, outcome: outcome))
                responses.append(XCallbackResponse(
                    callbackURL: callback, outcome: outcome, source: "Target App",
                    parameters: request.parameters))
            }
        }
    }

    /// Reads `bytes` the way the round-trip fuzz driver does: a request, a callback, a nested callback.
    mutating func addGenerated(_ bytes: [UInt8]) {
        var reader = FuzzInputReader(bytes)
        let tree = generator.request(&reader)
        requests.append(tree.request)
        let callback = generator.callbackURL(&reader)
        responses.append(generator.response(&reader, callbackURL: callback))
        if let nested = try? tree.request.url() {
            responses.append(generator.response(&reader, callbackURL: nested))
        }
    }
}
