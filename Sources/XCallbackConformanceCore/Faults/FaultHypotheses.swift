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
        (FaultHypothesis(transformation: .decodedAgain, note: "the query before splitting"), decodeQueryBeforeSplitting),
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
        (FaultHypothesis(transformation: .latin1, note: "escapes above 0x7F"), latin1Escapes),
    ]

    /// The query (after the first `?`, before the first `#`) percent-decoded once, its `%` kept as data.
    static func decodeQueryBeforeSplitting(_ url: String) -> String? {
        guard let question = url.firstIndex(of: "?") else { return nil }
        let rest = url[url.index(after: question)...]
        let hash = rest.firstIndex(of: "#") ?? rest.endIndex
        let query = String(rest[..<hash])
        guard query.contains("%"), let decoded = try? PercentEncoding.decode(query), decoded != query else { return nil }
        return String(url[...question]) + decoded.replacingOccurrences(of: "%", with: "%25") + rest[hash...]
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
        var out: [UInt8] = [], changed = false
        var bytes = Array(url.utf8)[...]
        while let byte = bytes.first {
            if byte == UInt8(ascii: "%"), bytes.count >= 3,
                let high = PercentEncoding.hexDigitValue(bytes[bytes.startIndex + 1]),
                let low = PercentEncoding.hexDigitValue(bytes[bytes.startIndex + 2]), high >= 8
            {
                out += PercentEncoding.encodeValue(String(Character(Unicode.Scalar(high << 4 | low)))).utf8
                bytes = bytes.dropFirst(3)
                changed = true
            } else {
                out.append(byte)
                bytes = bytes.dropFirst()
            }
        }
        return changed ? String(decoding: out, as: UTF8.self) : nil
    }

    /// Build-request hypotheses: how a builder encodes a field, other than once.
    static let encoders: [(FaultHypothesis, @Sendable (String) -> String)] = {
        var out: [(FaultHypothesis, @Sendable (String) -> String)] = [
            (FaultHypothesis(transformation: .notEncoded, note: "written raw"), { @Sendable text in text }),
            (FaultHypothesis(transformation: .encodedAgain, note: "encoded twice"), { @Sendable text in
                PercentEncoding.encodeValue(PercentEncoding.encodeValue(text))
            }),
            (FaultHypothesis(transformation: .spaceAsPlus, note: "form encoding"), { @Sendable text in
                PercentEncoding.encodeValue(text).replacingOccurrences(of: "%20", with: "+")
            }),
        ]
        // One character left out of the encode set: a builder's table that forgets `&`, or `+`.
        for raw in ["&", "=", "#", "+", "?", "%", " "] {
            let escape = PercentEncoding.encodeValue(raw)
            let encode: @Sendable (String) -> String = { PercentEncoding.encodeValue($0).replacingOccurrences(of: escape, with: raw) }
            out.append((FaultHypothesis(transformation: .notEncoded, note: "\(raw) left raw"), encode))
        }
        return out
    }()

    /// The groups of fields a builder encodes with one function.
    static let groups: [(fields: [FaultField], name: String)] = [
        ([.action], "the action"), ([.parameterName], "names"), ([.parameterValue], "values"),
        ([.source, .success, .error, .cancel], "reserved values"), ([.source], "x-source"),
        ([.success, .error, .cancel], "callbacks"),
    ]

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
        for (hypothesis, encode) in FaultHypothesis.encoders {
            for group in FaultHypothesis.groups {
                let candidate = FaultHypothesis.build(request, encoding: group.fields, with: encode)
                let readBack = try? XCallbackRequest(parsing: candidate)
                guard candidate == built || (readBack != nil && readBack == got) else { continue }
                let changed = group.fields.filter { field in
                    FaultHypothesis.build(request, encoding: [field], with: encode) != FaultHypothesis.build(request, encoding: [], with: encode)
                }
                guard !changed.isEmpty else { continue }
                return changed.map { FieldDifference($0, hypothesis.transformation, hypothesis.qualifier) }
            }
        }
        return nil
    }
}
