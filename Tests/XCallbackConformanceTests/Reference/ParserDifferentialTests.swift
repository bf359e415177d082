// The reference parser against the frozen previous parser (`LegacyParser`): over every parse vector's
// input, every corpus file (seeds and regressions), and mutated and truncated variants of all of them,
// the request or the rejection (category, message, input and offset) must be identical, as must
// `PercentEncoding.decode` on the same text. `XCallbackRequestBorrowedView` is held to the same oracle: every
// component it lends, copied byte for byte into a request and read as it lends it, and every rejection it throws.
//
// Why an oracle in code rather than a checked-in file of old outputs: it follows the vectors and the
// corpus as they grow, without a regeneration step that could bake a new bug into the expectations.

import Testing
import XCallbackConformance
import XCallbackFuzzing
import XCallbackURL

@Suite struct ParserDifferentialTests {
    @Test func newParserMatchesThePreviousOneOverVectorsCorpusAndMutants() throws {
        var seeds: [[UInt8]] = []
        for vector in try VectorSuite.bundled().vectors {
            switch vector.input {
            case .parseText(let url): seeds.append(Array(url.utf8))
            case .parseBytes(let bytes): seeds.append(bytes)
            default: break
            }
        }
        let corpus = try FuzzCorpus.files(in: "seeds")
            + FuzzCorpus.files(in: "regressions").flatMap { try FuzzCorpus.files(in: $0) }
        for path in corpus { seeds.append(try FuzzCase(driver: "", path: path).bytes()) }

        var inputs = seeds
        var generator = SplitMix64(seed: 0x5EED)
        // Inputs over 4 KB (a few long-value and deep-nesting vectors) are parsed whole only: mutating them costs
        // seconds in a debug build and reaches no code that the short inputs do not.
        for seed in seeds where seed.count <= 4096 {
            inputs.append(contentsOf: ParserMutants.truncations(of: seed))
            for _ in 0..<8 { inputs.append(ParserMutants.mutant(of: seed, using: &generator)) }
        }

        var differences: [String] = []
        for bytes in inputs {
            let new = Result { () throws(XCallbackRejection) in try XCallbackRequest(parsingUTF8: bytes) }
            let old = Result { () throws(XCallbackRejection) in try LegacyParser.parse(utf8: bytes) }
            if new != old { differences.append("bytes \(bytes): new \(new), old \(old)") }
            let borrowedBytes = Result { () throws(XCallbackRejection) in
                try XCallbackRequestBorrowedView.withView(parsingUTF8: bytes, XCallbackRequest.init)
            }
            if borrowedBytes != old { differences.append("borrowed view bytes \(bytes): new \(borrowedBytes), old \(old)") }
            guard let text = String(validating: bytes, as: UTF8.self) else { continue }
            let newText = Result { () throws(XCallbackRejection) in try XCallbackRequest(parsing: text) }
            let oldText = Result { () throws(XCallbackRejection) in try LegacyParser.parse(text) }
            if newText != oldText { differences.append("url \(text.debugDescription): new \(newText), old \(oldText)") }
            let borrowed = Result { () throws(XCallbackRejection) in
                try XCallbackRequestBorrowedView.withView(parsing: text, XCallbackRequest.init)
            }
            if borrowed != oldText { differences.append("borrowed view \(text.debugDescription): new \(borrowed), old \(oldText)") }
            if case .success(let request) = oldText {
                if let different = Self.borrowedViewDifference(text, from: request) {
                    differences.append("borrowed view \(text.debugDescription): \(different)")
                }
            }
            let newDecoded = Result { () throws(XCallbackRejection) in try PercentEncoding.decode(text) }
            let oldDecoded = Result { () throws(XCallbackRejection) in try LegacyParser.decode(text) }
            if newDecoded != oldDecoded {
                differences.append("decode \(text.debugDescription): new \(newDecoded), old \(oldDecoded)")
            }
        }
        #expect(inputs.count > 10_000, "too few inputs: \(inputs.count)")
        #expect(differences.isEmpty, "\(differences.count) differences, first: \(differences.prefix(3))")
    }

    /// How the borrowed view's own bytes (read as it lends them, not through `XCallbackRequest(_:)`) differ from
    /// `request`, if they do.
    static func borrowedViewDifference(_ url: String, from request: XCallbackRequest) -> String? {
        let lent = try? XCallbackRequestBorrowedView.withView(parsing: url) { view in
            (
                [view.scheme, view.action, view.source, view.success, view.error, view.cancel, view.fragment]
                    .map { $0.map(Array.init) },
                view.parameters.map { (Array($0.name), $0.value.map(Array.init)) }
            )
        }
        guard let (fields, parameters) = lent else { return "the view rejected what the old parser accepted" }
        return difference(fields, parameters, from: request)
    }

    /// How the components the view lent (the seven fields in the request's order, then the parameters), as bytes,
    /// differ from `request`, if they do.
    static func difference(
        _ fields: [[UInt8]?], _ parameters: [([UInt8], [UInt8]?)], from request: XCallbackRequest
    ) -> String? {
        let names = ["scheme", "action", "x-source", "x-success", "x-error", "x-cancel", "fragment"]
        let theirs = [request.scheme, request.action, request.source, request.success, request.error, request.cancel,
                      request.fragment].map { $0.map { Array($0.utf8) } }
        for (name, (mine, expected)) in zip(names, zip(fields, theirs)) where mine != expected {
            return "\(name): \(String(describing: mine)) vs \(String(describing: expected))"
        }
        let expected = request.parameters.map { (Array($0.name.utf8), $0.value.map { Array($0.utf8) }) }
        guard parameters.count == expected.count else { return "\(parameters.count) parameters vs \(expected.count)" }
        for (mine, theirs) in zip(parameters, expected) where mine.0 != theirs.0 || mine.1 != theirs.1 {
            return "parameter \(mine) vs \(theirs)"
        }
        return nil
    }

    /// Inputs over 64 KiB, whose components the parser decodes one string each and, past 64 KiB, piece by piece:
    /// every phase of each repeated pattern at the first cut, and errors before, at and after it; and the same
    /// texts through `PercentEncoding.decode`.
    @Test func longInputsMatchThePreviousParser() {
        let patterns = [
            "%C3%B6", "%E2%82%AC", "%F0%9F%98%80", "ö€😀", "%25", "a%20b", "%80", "x%C3%A9y%E2%82%AC%F0%9F%98%80z",
        ]
        func url(_ value: String, prefix: Int, name: String = "text", tail: String = "") -> String {
            "app://x-callback-url/act?x-source=S&" + String(repeating: "p", count: prefix) + "=1%20&" + name + "=" + value + tail
        }
        func repeated(_ pattern: String, toAtLeast count: Int) -> String {
            String(repeating: pattern, count: count / pattern.utf8.count + 1)
        }
        var inputs: [String] = []
        for pattern in patterns {
            let value = repeated(pattern, toAtLeast: 70_000)
            for prefix in 1...12 { inputs.append(url(value, prefix: prefix)) }
            inputs.append(url(repeated(pattern, toAtLeast: 200_000), prefix: 1, tail: "#" + value))
        }
        let long = repeated("abc%C3%B6", toAtLeast: 70_000)
        inputs += [
            url(long + "%zz", prefix: 1),  // a bad escape after the cut
            url("%C3%41" + long + "%zz", prefix: 1),  // ill-formed UTF-8 in the first piece, a bad escape in the last
            url("%C3%41" + long, prefix: 1),  // ill-formed UTF-8 only
            url(long + "%E2%82", prefix: 1),  // a sequence cut short at the end
            url(String(long.utf8.prefix(65_530))! + "%C3%41" + long, prefix: 3),  // ill-formed near the cut
            url(long, prefix: 1, name: "x%2Dsuccess", tail: "&x-success=again"),  // an escaped reserved name, twice
            url(long, prefix: 1, tail: "&x-success=a&x-success=b"),
            "APP://x-callback-url/" + long + "?a=" + long,  // an uppercase scheme and a long action
            "app://x%2Dcallback-url/act?a=" + long,  // an escaped host
            "app://x-callback-url/act?a=" + long + "&\u{1}",  // a control character after everything
        ]
        var differences: [String] = []
        for text in inputs {
            let old = Result { () throws(XCallbackRejection) in try LegacyParser.parse(text) }
            let new = Result { () throws(XCallbackRejection) in try XCallbackRequest(parsing: text) }
            let borrowed = Result { () throws(XCallbackRejection) in
                try XCallbackRequestBorrowedView.withView(parsing: text, XCallbackRequest.init)
            }
            let results = [("request", new), ("borrowed view", borrowed)]
            for (name, result) in results where result != old {
                differences.append(
                    "\(name) of \(text.prefix(80))... (\(text.utf8.count) bytes): \(Self.summary(result)), "
                        + "old \(Self.summary(old))")
            }
            // The whole text through `PercentEncoding.decode`, which decodes it in one piece.
            let newDecoded = Result { () throws(XCallbackRejection) in try PercentEncoding.decode(text) }
            let oldDecoded = Result { () throws(XCallbackRejection) in try LegacyParser.decode(text) }
            if newDecoded != oldDecoded { differences.append("decode of \(text.prefix(80))...: differs") }
        }
        #expect(differences.isEmpty, "\(differences.count) differences of \(inputs.count): \(differences.prefix(2))")
    }

    /// A result short enough to print: the rejection, or the lengths of the request's fields.
    static func summary(_ result: Result<XCallbackRequest, XCallbackRejection>) -> String {
        switch result {
        case .failure(let rejection): "\(rejection.category) at \(rejection.offset.map(String.init) ?? "-")"
        case .success(let request):
            "accepted: action \(request.action.utf8.count) bytes, x-success \(request.success?.utf8.count ?? -1), "
                + "parameter values \(request.parameters.map { $0.value?.utf8.count ?? -1 }), "
                + "fragment \(request.fragment?.utf8.count ?? -1)"
        }
    }

    @Test func hexDigitValuesMatchThePreviousOnesOnEveryByte() {
        for byte in 0...UInt8.max {
            #expect(PercentEncoding.hexDigitValue(byte) == LegacyParser.hexDigitValue(byte), "byte \(byte)")
        }
    }
}

/// Variants of an input that reach the parser's edges: cut short, and with delimiters, escapes and UTF-8 spliced in.
private enum ParserMutants {
    /// Bytes the mutants splice in: delimiters, escape starts, hex digits, a control, UTF-8 leads and continuations.
    static let interesting: [UInt8] = Array("%+&=#?/:@xX-0fFgG".utf8) + [0x00, 0x7F, 0x80, 0xBF, 0xC3, 0xE2, 0xED, 0xF0, 0xF4, 0xFF]

    /// Escapes the mutants splice in whole: ASCII, a two-byte lead alone, an overlong, a surrogate half.
    static let escapes = ["%25", "%2", "%C3", "%C3%A9", "%C0%80", "%ED%A0%80", "%F0%9F%98%80", "%zz", "%x-"]

    /// Every prefix of `bytes` shorter than 64 bytes, then 16 longer ones evenly spaced, then every cut in the last 16 bytes.
    static func truncations(of bytes: [UInt8]) -> [[UInt8]] {
        var cuts = Set(0..<min(64, bytes.count))
        if bytes.count > 64 {
            for step in 1...16 { cuts.insert(64 + (bytes.count - 64) * step / 17) }
            cuts.formUnion(max(64, bytes.count - 16)..<bytes.count)
        }
        return cuts.sorted().map { Array(bytes[..<$0]) }
    }

    /// One to three random edits of `bytes`: replace, insert or delete a byte, or insert an escape.
    static func mutant(of bytes: [UInt8], using generator: inout SplitMix64) -> [UInt8] {
        var out = bytes
        for _ in 0...Int.random(in: 0...2, using: &generator) {
            let place = Int.random(in: 0...out.count, using: &generator)
            switch Int.random(in: 0..<4, using: &generator) {
            case 0 where place < out.count: out[place] = interesting.randomElement(using: &generator)!
            case 1: out.insert(interesting.randomElement(using: &generator)!, at: place)
            case 2 where place < out.count: out.remove(at: place)
            default: out.insert(contentsOf: escapes.randomElement(using: &generator)!.utf8, at: place)
            }
        }
        return out
    }
}
