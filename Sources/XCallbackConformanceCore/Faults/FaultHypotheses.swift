import Foundation
import XCallbackURL

// Whole-answer hypotheses (Vectors/README.md, "Faults"): one transformation applied to the input, or to a group of
// fields as a builder writes them, that reproduces the answer exactly. When one does, the answer shows that one
// transformation, however many fields it touched: a query decoded before it was split is one fault, not a split
// value in one vector and a truncated one in the next. Each hypothesis is a class of bug from
// shared/research/divergences.md; none knows any library.

/// A transformation of the whole input, or of a builder's encoding of a group of fields, that explains an answer.
struct FaultHypothesis: Sendable {
    /// The transformation it names.
    var transformation: FaultTransformation
    /// What it acted on, for the reader of the code (the fault's key is the transformation alone, so the same bug
    /// seen by a hypothesis in one vector and by a field's difference in another is one fault).
    var note: String
    /// The fault's qualifier, for a hypothesis no field's difference names.
    var qualifier: String? = nil

    /// Parse hypotheses: the input rewritten before a correct parser reads it.
    static let parse: [(FaultHypothesis, @Sendable (String) -> String?)] = [
        (FaultHypothesis(transformation: .decodedAgain, note: "the query before splitting"), { url in
            decodeQueryBeforeSplitting(url, keepingPercent: true)
        }),
        (FaultHypothesis(transformation: .decodedAgain, note: "the query before splitting, then each piece"), { url in
            decodeQueryBeforeSplitting(url, keepingPercent: false)
        }),
        // Only a `%` changes under a second decode: every field decoded twice reads `%25` as a `%` that decodes again.
        (FaultHypothesis(transformation: .decodedAgain, note: "every field, once more"), { url in
            url.contains("%25") ? url.replacingOccurrences(of: "%25", with: "%") : nil
        }),
        (FaultHypothesis(transformation: .plusAsSpace, note: "everywhere"), { url in
            url.contains("+") ? url.replacingOccurrences(of: "+", with: "%20") : nil
        }),
        (FaultHypothesis(transformation: .notDecoded, note: "names"), escapingNames),
        (FaultHypothesis(transformation: .decodedAgain, note: "the whole URL before parsing"), { url in
            guard url.contains("%"), let decoded = try? PercentEncoding.decode(url), decoded != url else { return nil }
            return decoded
        }),
        (FaultHypothesis(transformation: .accepted, note: "the authority", qualifier: "authority not checked"), { url in
            guard let start = url.range(of: "://")?.upperBound else { return nil }
            let end = url[start...].firstIndex { "/?#".contains($0) } ?? url.endIndex
            let rewritten = String(url[..<start]) + "x-callback-url" + url[end...]
            return rewritten == url ? nil : rewritten
        }),
        // The host checked, but a userinfo and a port ignored: the same check left out, for part of the authority.
        (FaultHypothesis(transformation: .accepted, note: "the userinfo and port", qualifier: "authority not checked"), { url in
            guard let start = url.range(of: "://")?.upperBound else { return nil }
            let end = url[start...].firstIndex { "/?#".contains($0) } ?? url.endIndex
            var host = url[start..<end]
            if let at = host.lastIndex(of: "@") { host = host[host.index(after: at)...] }
            if let colon = host.lastIndex(of: ":"), !host.hasSuffix("]") { host = host[..<colon] }
            let rewritten = String(url[..<start]) + host + url[end...]
            return rewritten == url ? nil : rewritten
        }),
        (FaultHypothesis(transformation: .latin1, note: "escapes above 0x7F"), latin1Escapes),
        // A path cut at `?` alone: with no query, the fragment stays in the action, read as the action is (a byte
        // that only a fragment's check refuses is then never checked).
        (FaultHypothesis(transformation: .merged, note: "the fragment into the action", qualifier: "#"), { url in
            guard let hash = url.utf8.firstIndex(of: UInt8(ascii: "#")), !url.utf8.contains(UInt8(ascii: "?")) else { return nil }
            let fragment = EncodingRules.escapingOutsideURI(url[url.utf8.index(after: hash)...], brackets: true)
            return String(url[..<hash]) + "%23" + fragment.replacingOccurrences(of: "#", with: "%23")
        }),
    ]

    /// The query (after the first `?`, before the first `#`) percent-decoded once before it is split: its `%` kept as
    /// data, or (`keepingPercent` false) decoded leniently, as a library's unquote does, and left for each piece's
    /// own decode to read again.
    static func decodeQueryBeforeSplitting(_ url: String, keepingPercent: Bool) -> String? {
        guard let question = url.firstIndex(of: "?") else { return nil }
        let rest = url[url.index(after: question)...]
        let hash = rest.firstIndex(of: "#") ?? rest.endIndex
        let query = String(rest[..<hash])
        guard query.contains("%") else { return nil }
        let rewritten: String
        if keepingPercent {
            guard let decoded = try? PercentEncoding.decode(query) else { return nil }
            rewritten = decoded.replacingOccurrences(of: "%", with: "%25")
        } else {
            rewritten = decodeLeniently(query)
        }
        return rewritten == query ? nil : String(url[...question]) + rewritten + rest[hash...]
    }

    /// `text` with every well-formed escape decoded and any other `%` kept, invalid UTF-8 read as U+FFFD.
    static func decodeLeniently(_ text: String) -> String {
        String(decoding: mappingEscapes(text) { [$0] }, as: UTF8.self)
    }

    /// The query with every name's `%` escaped, so that a correct parser leaves the names as written.
    static func escapingNames(_ url: String) -> String? {
        guard let question = url.firstIndex(of: "?") else { return nil }
        let rest = url[url.index(after: question)...]
        let hash = rest.firstIndex(of: "#") ?? rest.endIndex
        let pieces = rest[..<hash].split(separator: "&", omittingEmptySubsequences: false).map { piece -> String in
            let equals = piece.firstIndex(of: "=") ?? piece.endIndex
            return piece[..<equals].replacingOccurrences(of: "%", with: "%25") + piece[equals...]
        }
        let rewritten = String(url[...question]) + pieces.joined(separator: "&") + rest[hash...]
        return rewritten == url ? nil : rewritten
    }

    /// Every escape of an octet above 0x7F rewritten as the UTF-8 of the Latin-1 character it would be.
    static func latin1Escapes(_ url: String) -> String? {
        let out = mappingEscapes(url) { octet in
            octet > 0x7F ? Array(PercentEncoding.encodeValue(String(Character(Unicode.Scalar(octet)))).utf8) : nil
        }
        return out == Array(url.utf8) ? nil : String(decoding: out, as: UTF8.self)
    }

    /// The bytes of `text` with each well-formed escape replaced by what `replace` gives for its octet, or kept as
    /// written where it gives nil.
    static func mappingEscapes(_ text: String, _ replace: (UInt8) -> [UInt8]?) -> [UInt8] {
        // Runs of bytes that stay are copied at once, by index: a debug build pays a call for every byte otherwise.
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        var copied = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = PercentEncoding.hexDigitValue(bytes[index + 1]), let low = PercentEncoding.hexDigitValue(bytes[index + 2])
            else {
                index += 1
                continue
            }
            if let replacement = replace(high << 4 | low) {
                out.append(contentsOf: bytes[copied..<index])
                out.append(contentsOf: replacement)
                copied = index + 3
            }
            index += 3
        }
        out.append(contentsOf: bytes[copied...])
        return out
    }

    /// Build hypotheses: how a builder encodes a field, other than once: raw, twice, form-encoded, trimmed first, with
    /// non-ASCII or a nested URL raw, or with some of the characters that delimit (`&`, `=`, `#`, `+`, `?`, `%`, a
    /// space) left out of its encode set. Only the characters `text` holds and `built` shows raw are tried, fewest
    /// first: a table that forgets `&` and `=` is one fault.
    static func encoders(for text: String, writtenIn built: String) -> [(FaultHypothesis, @Sendable (String) -> String)] {
        var out: [(FaultHypothesis, @Sendable (String) -> String)] = [
            (FaultHypothesis(transformation: .notEncoded, note: "written raw"), { @Sendable text in text }),
            (FaultHypothesis(transformation: .encodedAgain, note: "encoded twice"), { @Sendable text in
                PercentEncoding.encodeValue(PercentEncoding.encodeValue(text))
            }),
            (FaultHypothesis(transformation: .spaceAsPlus, note: "form encoding"), { @Sendable text in
                PercentEncoding.encodeValue(text).replacingOccurrences(of: "%20", with: "+")
            }),
        ]
        // An IRI-style encoder: characters above U+007F written as they are, the rest as the reference encodes them.
        if text.unicodeScalars.contains(where: { !$0.isASCII }) {
            out.append((FaultHypothesis(transformation: .notEncoded, note: "non-ASCII left raw"), { @Sendable text in
                Self.encode(text) { !$0.isASCII }
            }))
        }
        // A field trimmed of surrounding whitespace and controls before it is encoded, as for display.
        if text.unicodeScalars.contains(where: { FieldDifference.trimmable.contains($0) }) {
            out.append((FaultHypothesis(transformation: .trimmed, note: "trimmed first"), { @Sendable text in
                PercentEncoding.encodeValue(text.trimmingCharacters(in: FieldDifference.trimmable))
            }))
        }
        // A nested callback written as it is: each value that starts with a scheme and `:` left raw, the rest encoded.
        out.append((FaultHypothesis(transformation: .notEncoded, note: "URL values left raw"), { @Sendable text in
            Self.startsWithScheme(text) ? text : PercentEncoding.encodeValue(text)
        }))
        let present = ["&", "=", "#", "+", "?", "%", " "].filter { text.contains($0) && built.contains($0) }
        let subsets = (1..<(1 << present.count)).map { mask in present.indices.filter { mask & (1 << $0) != 0 }.map { present[$0] } }
        for raw in subsets.sorted(by: { $0.count < $1.count }) {
            let kept = Set(raw.map { Character($0) })
            let encode: @Sendable (String) -> String = { text in Self.encode(text) { kept.contains($0) } }
            out.append((FaultHypothesis(transformation: .notEncoded, note: raw.joined() + " left raw"), encode))
        }
        return out
    }

    /// Whether two built URLs differ at most in how they spell characters that delimit nothing in a query (an
    /// unreserved character, `:`, `/`, `?`, `@` and the sub-delimiters but `&`, `=` and `+`, raw or escaped) and in
    /// the case of hex digits: a hypothesis matches a builder that escapes those otherwise, even where the reference
    /// cannot read the URL back (a duplicate x-success written by a raw `&`).
    static func spelledAlike(_ first: String, _ second: String) -> Bool {
        first == second || alikeSpelling(first) == alikeSpelling(second)
    }

    /// What `spelledAlike` compares: `url`'s `canonicalSpelling` with its scheme lowercased, as the reference writes
    /// it (RFC 3986 §3.1). Worked out once for a URL compared with many candidates.
    static func alikeSpelling(_ url: String) -> [UInt8] {
        guard let colon = url.firstIndex(of: ":") else { return canonicalSpelling(url) }
        return canonicalSpelling(url[..<colon].lowercased() + url[colon...])
    }

    /// `url` with every escape of a character that delimits nothing in a query decoded (and of a byte above 0x7F,
    /// when `decodingNonASCII`), and other escapes uppercased.
    static func canonicalSpelling(_ url: String, decodingNonASCII: Bool = false) -> [UInt8] {
        mappingEscapes(url) { octet in
            harmless.contains(octet) || (decodingNonASCII && octet > 0x7F)
                ? [octet] : [UInt8(ascii: "%"), upperHex[Int(octet >> 4)], upperHex[Int(octet & 0x0F)]]
        }
    }

    /// The uppercase hexadecimal digits, by value.
    static let upperHex = Array("0123456789ABCDEF".utf8)

    /// The characters that delimit nothing in a query: unreserved, `:`, `/`, `?`, `@` and the sub-delimiters but `&`,
    /// `=` and `+`.
    static let harmless = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?@!$'()*,;".utf8)

    /// Whether `text` starts as a URI does: a scheme (a letter, then letters, digits, `+`, `-` or `.`) and a `:`.
    static func startsWithScheme(_ text: String) -> Bool {
        guard let colon = text.utf8.firstIndex(of: UInt8(ascii: ":")), colon > text.utf8.startIndex else { return false }
        return text.utf8[..<colon].enumerated().allSatisfy { XCallbackRequest.isSchemeByte($1, first: $0 == 0) }
    }

    /// `text` encoded as the reference encodes a value, but for the characters `kept` holds, written raw.
    static func encode(_ text: String, keeping kept: (Character) -> Bool) -> String {
        var out = "", run = ""
        for character in text {
            if kept(character) {
                out += PercentEncoding.encodeValue(run) + String(character)
                run = ""
            } else {
                run.append(character)
            }
        }
        return out + PercentEncoding.encodeValue(run)
    }

    /// The fields a request builder writes with an encoder: any group of them may share one function.
    static let fieldKinds: [FaultField] = [.action, .parameterName, .parameterValue, .source, .success, .error, .cancel]

    /// Every non-empty subset of `fields`, fewest first.
    static func subsets(of fields: [FaultField]) -> [[FaultField]] {
        (1..<(1 << fields.count)).map { mask in fields.indices.filter { mask & (1 << $0) != 0 }.map { fields[$0] } }
            .sorted { $0.count < $1.count }
    }

    /// `request` built as the reference builds it, but with `encode` for the fields of `group`.
    static func build(_ request: XCallbackRequest, encoding group: [FaultField], with encode: (String) -> String) -> String {
        func value(_ field: FaultField, _ text: String) -> String {
            group.contains(field) ? encode(text) : PercentEncoding.encodeValue(text)
        }
        var url = request.scheme.lowercased() + "://x-callback-url/"  // the reference writes the scheme lowercased
            + (group.contains(.action) ? encode(request.action) : PercentEncoding.encodeAction(request.action))
        var pieces: [String] = []
        for (name, field, text) in [
            ("x-source", FaultField.source, request.source), ("x-success", .success, request.success),
            ("x-error", .error, request.error), ("x-cancel", .cancel, request.cancel),
        ] {
            if let text { pieces.append(name + "=" + value(field, text)) }
        }
        for parameter in request.parameters {
            pieces.append(value(.parameterName, parameter.name) + (parameter.value.map { "=" + value(.parameterValue, $0) } ?? ""))
        }
        if !pieces.isEmpty { url += "?" + pieces.joined(separator: "&") }
        return url
    }
}

extension FaultModel {
    /// The first parse hypothesis that reproduces `answer` for `url`, as a difference in the fields it changed.
    static func parseHypothesis(
        _ url: String, answer: TargetAnswer<ObservedResult>, expected: XCallbackRequest?, refusalExpected: Bool = false
    ) -> [FieldDifference]? {
        parseHypotheses(url, answer: answer, expected: expected, refusalExpected: refusalExpected).first
    }

    /// Every parse hypothesis that reproduces `answer` for `url` (the run prefers the one it shows most).
    static func parseHypotheses(
        _ url: String, answer: TargetAnswer<ObservedResult>, expected: XCallbackRequest?, refusalExpected: Bool = false
    ) -> [[FieldDifference]] {
        var out: [[FieldDifference]] = []
        for (hypothesis, rewrite) in FaultHypothesis.parse {
            guard let rewritten = rewrite(url) else { continue }
            let predicted = Result { () throws(XCallbackRejection) in try XCallbackRequest(parsing: rewritten) }
            switch (predicted, answer) {
            case (.success(let request), .accepted(.request(let got))) where request == got:
                guard let expected else {
                    out.append([FieldDifference(.outcome, hypothesis.transformation, hypothesis.qualifier)])
                    continue
                }
                let fields = Set(RequestDifferences.between(expected, got, side: .decoder).map(\.field))
                out.append((fields.isEmpty ? [.parameterValue] : fields.sorted()).map {
                    FieldDifference($0, hypothesis.transformation, hypothesis.qualifier)
                })
            // A refusal without a category could be any refusal: only a named category confirms the hypothesis; and
            // where the vector expects a refusal too, a refusal is a question of category, never of this hypothesis.
            case (.failure(let error), .rejected(let category?, _)) where category == error.category && (expected != nil || refusalExpected):
                out.append([FieldDifference(.outcome, hypothesis.transformation, hypothesis.qualifier)])
            default: continue
            }
        }
        return out
    }

    /// A parse hypothesis that explains the answer but for one more transformation: two bugs met in one answer (`+`
    /// read as a space, and the action's `/` kept). Returns the hypothesis's differences and the rest.
    static func peeledHypothesis(_ url: String, answer: TargetAnswer<ObservedResult>, expected: XCallbackRequest)
        -> [FieldDifference]?
    {
        guard case .accepted(.request(let got)) = answer else { return nil }
        for (hypothesis, rewrite) in FaultHypothesis.parse where hypothesis.qualifier == nil {
            guard let rewritten = rewrite(url), let predicted = try? XCallbackRequest(parsing: rewritten) else { continue }
            let own = RequestDifferences.between(expected, predicted, side: .decoder)
            let rest = RequestDifferences.between(predicted, got, side: .decoder)
            guard !own.isEmpty, !rest.isEmpty, Set(rest.map(\.transformation)).count == 1,
                rest[0].transformation != .unexplained, rest[0].transformation != hypothesis.transformation
            else { continue }
            return Array(Set(own.map(\.field))).sorted().map { FieldDifference($0, hypothesis.transformation) } + rest
        }
        return nil
    }

    /// The build-request hypothesis that reproduces `built` from `request`: the smallest group of fields whose
    /// encoding, changed one way, reads back as the built URL does.
    static func buildHypothesis(_ request: XCallbackRequest, built: String) -> [FieldDifference]? {
        let got = try? XCallbackRequest(parsing: built)
        let text = [request.action, request.source, request.success, request.error, request.cancel].compactMap { $0 }
            + request.parameters.flatMap { [$0.name, $0.value ?? ""] }
        let plain = FaultHypothesis.build(request, encoding: [], with: { $0 })
        let builtSpelling = FaultHypothesis.alikeSpelling(built)
        for (hypothesis, encode) in FaultHypothesis.encoders(for: text.joined(), writtenIn: built) {
            // The fields this encoder writes otherwise than the reference; a builder may use it for any group of them.
            let changed = FaultHypothesis.fieldKinds.filter { FaultHypothesis.build(request, encoding: [$0], with: encode) != plain }
            for group in FaultHypothesis.subsets(of: changed) {
                let candidate = FaultHypothesis.build(request, encoding: group, with: encode)
                guard candidate == built || FaultHypothesis.alikeSpelling(candidate) == builtSpelling
                    || (got != nil && (try? XCallbackRequest(parsing: candidate)) == got)
                else { continue }
                return group.map { FieldDifference($0, hypothesis.transformation, hypothesis.qualifier) }
            }
        }
        return nil
    }
}
