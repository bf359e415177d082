import XCallbackConformance
import XCallbackURL

// Deliberately broken builders: request builders with one encoding bug, callback builders with one
// joining bug, each from /work/shared/research/divergences.md.

/// A request-builder mutant: encodes names and values with its own (wrong) function.
struct RequestBuilderMutant: ConformanceTarget {
    var name: String
    /// Encodes a reserved value (x-success, …) and an action parameter value respectively.
    var encodeReserved: @Sendable (String) -> String = PercentEncoding.encodeValue
    var encodeValue: @Sendable (String) -> String = PercentEncoding.encodeValue
    /// Encodes the action, in the path.
    var encodeAction: @Sendable (String) -> String = PercentEncoding.encodeAction
    /// Writes the x-source value as it is, whatever `encodeReserved` does with the others.
    var rawSource = false
    var keepsFlags = true
    var lastWins = false

    var identity: TargetIdentity { TargetIdentity(name: name, version: "mutant") }

    func buildRequest(_ request: XCallbackRequest) -> TargetAnswer<String> {
        // Refuses exactly what the reference refuses; only the encoding below is broken.
        do { _ = try request.url() } catch { return .rejected(category: error.category, message: error.message) }
        var pieces: [String] = []
        for (key, value) in zip(XCallbackRequest.reservedNames, [request.source, request.success, request.error, request.cancel]) {
            if let value { pieces.append(key + "=" + (rawSource && key == "x-source" ? value : encodeReserved(value))) }
        }
        var parameters = request.parameters.filter { keepsFlags || $0.value != nil }
        if lastWins {  // a [String: String] dictionary: one entry per name, holding the last value.
            var collapsed: [XCallbackParameter] = []
            for parameter in parameters {
                if let index = collapsed.firstIndex(where: { $0.name == parameter.name }) {
                    collapsed[index].value = parameter.value
                } else {
                    collapsed.append(parameter)
                }
            }
            parameters = collapsed
        }
        for parameter in parameters {
            pieces.append(encodeValue(parameter.name) + (parameter.value.map { "=" + encodeValue($0) } ?? ""))
        }
        let url = request.scheme.lowercased() + "://x-callback-url/" + encodeAction(request.action)
        return .accepted(pieces.isEmpty ? url : url + "?" + pieces.joined(separator: "&"))
    }
}

/// A callback-builder mutant: string concatenation with configurable mistakes.
struct CallbackBuilderMutant: ConformanceTarget {
    enum Join: Sendable { case correct, alwaysQuestion, ampersandIfQuery, afterFragment, dropFragment }
    var name: String
    var join: Join = .correct
    var errorNames = ("errorCode", "errorMessage")
    var sendsErrorCode = true
    var sendsErrorMessage = true
    var trailingAmpersand = false
    var checksScheme = true
    var keepsFlags = true
    var lastWins = false

    var identity: TargetIdentity { TargetIdentity(name: name, version: "mutant") }

    func buildCallback(_ response: XCallbackResponse) -> TargetAnswer<String> {
        if checksScheme {
            do { _ = try XCallbackResponse(callbackURL: response.callbackURL, outcome: .success).url() } catch {
                return .rejected(category: error.category, message: error.message)
            }
        }
        var parameters: [XCallbackParameter] = response.source.map { [XCallbackParameter("x-source", $0)] } ?? []
        if case .error(let code, let message) = response.outcome {
            if sendsErrorCode { parameters.append(XCallbackParameter(errorNames.0, code)) }
            if sendsErrorMessage { parameters.append(XCallbackParameter(errorNames.1, message)) }
        }
        var results = response.parameters.filter { keepsFlags || $0.value != nil }
        if lastWins {
            results = results.enumerated().filter { index, p in !results[(index + 1)...].contains { $0.name == p.name } }.map(\.element)
        }
        parameters += results
        guard !parameters.isEmpty else { return .accepted(response.callbackURL) }
        var query = parameters.map { PercentEncoding.encodeValue($0.name) + ($0.value.map { "=" + PercentEncoding.encodeValue($0) } ?? "") }
            .joined(separator: "&")
        if trailingAmpersand { query += "&" }
        let url = response.callbackURL
        // Cut at the byte, as the reference cuts: a `#` before a combining mark still begins the fragment.
        let hash = url.utf8.firstIndex(of: UInt8(ascii: "#")) ?? url.endIndex
        let (base, fragment) = (String(url[..<hash]), String(url[hash...]))
        switch join {
        case .correct:
            let separator = XCallbackResponse.separator(joining: Substring(base))
            return .accepted(base + separator + query + fragment)
        case .alwaysQuestion: return .accepted(base + "?" + query + fragment)
        case .ampersandIfQuery: return .accepted(base + (base.contains("?") ? "&" : "?") + query + fragment)
        case .afterFragment: return .accepted(url + XCallbackResponse.separator(joining: Substring(url)) + query)
        case .dropFragment:
            let separator = XCallbackResponse.separator(joining: Substring(base))
            return .accepted(base + separator + query)
        }
    }
}

enum BuildMutants {
    /// The issue's example: every value, reserved or not, and the action encoded twice.
    static let encodesTwice = RequestBuilderMutant(
        name: "encodes-twice", encodeReserved: { PercentEncoding.encodeValue(PercentEncoding.encodeValue($0)) },
        encodeValue: { PercentEncoding.encodeValue(PercentEncoding.encodeValue($0)) },
        encodeAction: { PercentEncoding.encodeAction(PercentEncoding.encodeAction($0)) })

    /// The issue's example: a callback builder that omits `errorMessage`.
    static let omitsErrorMessage = CallbackBuilderMutant(name: "omits-error-message", sendsErrorMessage: false)

    /// D9/D15: nested callback URLs put into the query without encoding (the "legible" form of the docs).
    static let nestedNotEncoded = RequestBuilderMutant(name: "nested-callback-not-encoded", encodeReserved: { $0 })

    /// D2 (URLComponents.queryItems, openradar 24076063): '+' left raw in values.
    static let rawPlus = RequestBuilderMutant(name: "raw-plus", encodeValue: {
        PercentEncoding.encodeValue($0).replacingOccurrences(of: "%2B", with: "+")
    })

    /// D3 (URLSearchParams, Chromium, Actions URI before #11): space sent as '+'.
    static let spaceAsPlus = RequestBuilderMutant(name: "space-as-plus", encodeValue: {
        PercentEncoding.encodeValue($0).replacingOccurrences(of: "%20", with: "+")
    })

    /// D7 (CallbackURLKit, IAC, SBRX, VFX, XCallbackKit): parameters without a value are dropped.
    static let dropsFlags = RequestBuilderMutant(name: "drops-keys-without-value", keepsFlags: false)

    /// D6 (dictionary-backed builders): one value per name, the last one wins.
    static let lastWins = RequestBuilderMutant(name: "last-wins-dictionary", lastWins: true)

    /// D16 (VFX, TiX): a second '?' when the callback already has a query.
    static let secondQuestionMark = CallbackBuilderMutant(name: "second-question-mark", join: .alwaysQuestion)

    /// D16 (IAC-ObjC, TiX): a trailing '&' after the parameters.
    static let trailingAmpersand = CallbackBuilderMutant(name: "trailing-ampersand", trailingAmpersand: true)

    /// D16 (CallbackURLKit): '&' whenever a '?' exists, so a bare '?' gives '?&k=v' and a trailing '&' gives '&&'.
    static let questionAmpersand = CallbackBuilderMutant(name: "question-ampersand", join: .ampersandIfQuery)

    /// D17 (IAC-ObjC, SBRX, VFX, TiX string concatenation): parameters land after the fragment.
    static let afterFragment = CallbackBuilderMutant(name: "parameters-after-fragment", join: .afterFragment)

    /// D17 (XCallbackKit): the callback's fragment is dropped.
    static let dropsFragment = CallbackBuilderMutant(name: "drops-callback-fragment", join: .dropFragment)

    /// D18 (IAC, CallbackURLKit ≤ 2.3.2): `error-Code` instead of `errorCode`.
    static let errorDashCode = CallbackBuilderMutant(name: "error-dash-code", errorNames: ("error-Code", "errorMessage"))

    /// D18 (Shortcuts, Pyto, Advanced URI): only errorMessage is sent.
    static let errorMessageOnly = CallbackBuilderMutant(name: "error-message-only", sendsErrorCode: false)

    /// Security: javascript:, data:, file: callbacks opened like any other.
    static let opensUnsafeSchemes = CallbackBuilderMutant(name: "opens-unsafe-schemes", checksScheme: false)

    /// D7 on the callback side: result parameters without a value are dropped.
    static let callbackDropsFlags = CallbackBuilderMutant(name: "callback-drops-flags", keepsFlags: false)

    /// The action written into the path as it is (Python's and Node's adapters as apps write them).
    static let actionNotEncoded = RequestBuilderMutant(name: "action-not-encoded", encodeAction: { $0 })

    /// The x-source value written as it is, the builder bug issue 22's fuzzing found with no vector to catch it.
    static let sourceNotEncoded = RequestBuilderMutant(name: "source-not-encoded", rawSource: true)

    /// RFC 3986 §2.1: escapes written with lowercase hex digits (`%c3%a9`), which producers should not do.
    static let lowercaseHex = RequestBuilderMutant(name: "lowercase-hex", encodeValue: { lowercasingEscapes(PercentEncoding.encodeValue($0)) })

    /// Writes '~' as %7E in every field, as an encoder whose allowed set leaves out '~' does (issue 30).
    static let escapesTilde = RequestBuilderMutant(
        name: "escapes-tilde", encodeReserved: { PercentEncoding.encodeValue($0).replacing("~", with: "%7E") },
        encodeValue: { PercentEncoding.encodeValue($0).replacing("~", with: "%7E") },
        encodeAction: { PercentEncoding.encodeAction($0).replacing("~", with: "%7E") })

    /// `text` with the hex digits of every escape lowercased.
    static func lowercasingEscapes(_ text: String) -> String {
        var out = ""
        var left = 0
        for character in text {
            if character == "%" { left = 2 } else if left > 0 { left -= 1; out += character.lowercased(); continue }
            out.append(character)
        }
        return out
    }

    /// D6 on the callback side: repeated result names collapse to the last value.
    static let callbackLastWins = CallbackBuilderMutant(name: "callback-last-wins", lastWins: true)
}
