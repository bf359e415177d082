// The answers a vector is graded on when the fault table learns from it: every answer its expectation names
// (under any choice value), and the realistic ways of answering it wrongly.
//
// Parse: a rejection without a category and one with each category, each named result
// with one field changed (the scheme's case, another scheme, the action, each reserved value, the parameters,
// the fragment) where the URL's text of that field is not plain, an acceptance where only rejections are named.
// Build: a refusal without a category and with each, the faulty
// spellings and joins of `FaultyBuilds`, a built URL where only refusals are named. Every operation: an
// internal error and a crash. The runner's comparator (`Evaluator`) says which of them pass and at which level
// the others fail; `FaultTable` records what the differential driver makes of each.

import XCallbackConformanceCore
import XCallbackURL

public enum FaultAnswers {
    /// Every rejection category, each tried as a rejection.
    static let categories: [RejectionCategory] = [
        .notXCallbackURL, .invalidScheme, .invalidAuthority, .missingAction, .invalidPercentEncoding, .invalidUTF8, .invalidCharacter,
        .duplicateReservedParameter, .reservedParameterName, .emptyParameterName, .invalidCallbackURL, .unsafeCallbackScheme,
    ]

    /// Every answer `vector` is graded on: the answers it allows and the realistic ways of answering it wrongly.
    public static func answers(for vector: Vector) -> [TargetAnswer<ObservedResult>] {
        var named: [ExpectedResult] = []
        var rejections: [RejectionCategory] = []
        collect(vector.expectation, &named, &rejections)
        // A vector of a point that changes only the comparison (order, fragment) is about that, not about the
        // values or the acceptance: it is graded on its outcomes alone.
        var comparisonPoint = false
        if case .choice(let point, _) = vector.expectation { comparisonPoint = fieldsOfPoint[point] != nil }
        var out: [TargetAnswer<ObservedResult>] = []
        switch vector.input {
        case .parseText, .parseBytes:
            out += named.map { .accepted(.request($0.request)) }
            let about = fieldsAbout(vector.input)
            let written = URLPieces(String(decoding: input(vector), as: UTF8.self)).scheme.map(String.init)
            for result in named where !comparisonPoint {
                out += wrongResults(result.request, about: about, writtenScheme: written).map { .accepted(.request($0)) }
            }
            if named.isEmpty { out.append(.accepted(.request(XCallbackRequest(scheme: "zz", action: "wrong")))) }
        case .buildRequest(let request):
            let correct: String
            if case .accepted(let url) = ReferenceTarget().buildRequest(request) { correct = url } else { correct = FaultyBuilds.requestURL(request) }
            if !named.isEmpty { out += ([correct] + (comparisonPoint ? [] : FaultyBuilds.requestFaults(request))).map { .accepted(.url($0)) } }
            if named.isEmpty { out.append(.accepted(.url(correct))) }
        case .buildCallback(let response):
            out += named.compactMap { result in if case .url(let url) = result { .accepted(.url(url)) } else { nil } }
            let built = FaultyBuilds.callbackURL(response)
            out += ((named.isEmpty ? [built] : []) + (comparisonPoint ? [] : FaultyBuilds.callbackFaults(response))).map { .accepted(.url($0)) }
        }
        if !comparisonPoint {
            out.append(.rejected(category: nil, message: nil))
            out += categories.map { .rejected(category: $0, message: nil) }
        }
        // A breakage answers no choice point: a choice vector is not graded on one (the runner would count it at
        // implementation-defined; the fuzzer grades it as the other vectors with the same traits do).
        if vector.level != .implementationDefined {
            out.append(.errored("an internal error"))
            out.append(.broken(TargetBreakage(.crashed, "the target exited")))
        }
        return out
    }

    /// The results and rejection categories `expectation` names anywhere (every outcome of a choice).
    static func collect(_ expectation: Expectation, _ results: inout [ExpectedResult], _ rejections: inout [RejectionCategory]) {
        switch expectation {
        case .accept(let result): if !results.contains(result) { results.append(result) }
        case .reject(let category): if !rejections.contains(category) { rejections.append(category) }
        case .anyOf(let all): for item in all { collect(item, &results, &rejections) }
        case .choice(_, let outcomes): for outcome in outcomes { collect(outcome.expectation, &results, &rejections) }
        }
    }

    /// The fields of a parse result a vector is about.
    enum Field: CaseIterable {
        case scheme, action, reserved, parameters, fragment
    }

    /// The fields whose text in the URL is not plain (anything but letters, digits, `- . _ ~`, or a `/` in the
    /// path); every field when none is (the vector is about the structure itself).
    static func fieldsAbout(_ input: VectorInput) -> Set<Field> {
        let text: String
        switch input {
        case .parseText(let url): text = url
        case .parseBytes(let bytes): text = String(decoding: bytes, as: UTF8.self)
        default: return Set(Field.allCases)
        }
        func plain(_ part: Substring?, slash: Bool = false) -> Bool {
            (part ?? "").unicodeScalars.allSatisfy { scalar in
                scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-._~".unicodeScalars.contains(scalar)
                    || (slash && scalar == "/"))
            }
        }
        let pieces = URLPieces(text)
        var about: Set<Field> = []
        if !plain(pieces.scheme) || pieces.scheme?.contains(where: \.isUppercase) == true { about.insert(.scheme) }
        if !plain(pieces.path, slash: true) { about.insert(.action) }
        if let fragment = pieces.fragment, !plain(fragment) || fragment.isEmpty { about.insert(.fragment) }
        for piece in pieces.pieces where !plain(piece.name) || !plain(piece.value) || piece.value == nil {
            let reserved = XCallbackRequest.reservedNames.contains(URLPieces.lenientDecode(piece.name))
            about.insert(reserved ? .reserved : .parameters)
        }
        return about.isEmpty ? Set(Field.allCases) : about
    }

    /// The fields a choice point that changes only the comparison is about.
    static let fieldsOfPoint: [ChoicePoint: Set<Field>] = [.parameterOrder: [.parameters], .fragment: [.fragment]]

    /// The bytes of a parse vector's URL.
    static func input(_ vector: Vector) -> [UInt8] {
        switch vector.input {
        case .parseText(let text): Array(text.utf8)
        case .parseBytes(let bytes): bytes
        default: []
        }
    }

    /// `request` with one field changed, for each field in `about`; the scheme as written when it is not the
    /// scheme reported.
    static func wrongResults(_ request: XCallbackRequest, about: Set<Field>, writtenScheme: String?) -> [XCallbackRequest] {
        var out: [XCallbackRequest] = []
        func changed(_ field: Field, _ change: (inout XCallbackRequest) -> Void) {
            guard about.contains(field) else { return }
            var copy = request
            change(&copy)
            out.append(copy)
        }
        if let writtenScheme, writtenScheme != request.scheme { changed(.scheme) { $0.scheme = writtenScheme } }
        changed(.scheme) { $0.scheme = "zz" + $0.scheme }
        changed(.action) { $0.action += "!" }
        for field in [\XCallbackRequest.source, \.success, \.error, \.cancel] {
            changed(.reserved) { $0[keyPath: field] = $0[keyPath: field] == nil ? "x" : nil }
        }
        if let first = request.parameters.first {
            changed(.parameters) { $0.parameters[0] = XCallbackParameter(first.name, (first.value ?? "") + "!") }
            changed(.parameters) { $0.parameters.removeLast() }
        } else {
            changed(.parameters) { $0.parameters = [XCallbackParameter("k", "v")] }
        }
        changed(.fragment) { $0.fragment = $0.fragment == nil ? "f" : nil }
        return out
    }
}

extension ExpectedResult {
    /// The request of a parse or build-request result (an empty one for a URL).
    var request: XCallbackRequest {
        if case .request(let request) = self { return request }
        return XCallbackRequest(scheme: "", action: "")
    }
}
