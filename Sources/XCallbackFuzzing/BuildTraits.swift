// The traits of a build case: what in a request or a callback response makes the vectors grade a fault on it at
// one level rather than another (their rules: `+`, `=` and space in a value are at most should, CR LF and NUL
// should where other controls are must, non-ASCII should where U+202E, U+0085 and U+2028 are must, ...).
// They are found only for a build on which the target disagrees, so an agreeing execution never pays for them.

import XCallbackConformanceCore
import XCallbackURL

extension InputTrait {
    /// `+`, `=` or a space in a name or value, which receivers read differently (at most should).
    public static let formCharacter = Self(rawValue: "form-character")
    /// A raw CR, LF or NUL in a name or value (the shape of header injection).
    public static let crlfOrNUL = Self(rawValue: "crlf-or-nul")
    /// Non-ASCII text in a name or value.
    public static let nonASCII = Self(rawValue: "non-ascii")
    /// U+202E, U+0085 or U+2028 in a name or value, which change how text is shown.
    public static let bidiOrLineSeparator = Self(rawValue: "bidi-or-line-separator")
    /// A value that is itself a URL (`scheme:` then more).
    public static let nestedURL = Self(rawValue: "nested-url")
    /// A parameter without a value (a flag).
    public static let flagValue = Self(rawValue: "flag-value")
    /// A parameter name given twice.
    public static let duplicateName = Self(rawValue: "duplicate-name")
    /// An action parameter named exactly like a reserved one (`x-success`).
    public static let reservedName = Self(rawValue: "reserved-name")
    /// An action parameter with the reserved `x-` prefix that is not a reserved name (`x-foo`).
    public static let reservedPrefixName = Self(rawValue: "reserved-prefix-name")
    /// A value longer than 1,000 characters.
    public static let longValue = Self(rawValue: "long-value")
    /// An x-source given empty.
    public static let emptyReserved = Self(rawValue: "empty-reserved")
    /// A callback value (x-success, x-error, x-cancel, or the callback to build onto) without a valid `scheme:`.
    public static let callbackNotAURL = Self(rawValue: "callback-not-a-url")
    /// A callback with a scheme whose text no RFC 3986 URI holds as it is: a control, a space, non-ASCII, one of
    /// `" < > \ ^ ` { | }`, `[` or `]` but around an IP literal host, a second `#`, or a `%` that starts no escape (a builder
    /// may refuse it or percent-encode it).
    public static let callbackNotAURI = Self(rawValue: "callback-not-a-uri")
    /// A space in an action.
    public static let actionSpace = Self(rawValue: "action-space")
    /// The callback's own query is empty or ends with `?` or `&`.
    public static let queryEndsWithSeparator = Self(rawValue: "query-ends-with-separator")
    /// The callback has a fragment.
    public static let callbackFragment = Self(rawValue: "callback-fragment")
    /// An error code that is not all digits.
    public static let textErrorCode = Self(rawValue: "text-error-code")
    /// An error or a cancel with result parameters of its own.
    public static let resultWithParameters = Self(rawValue: "result-with-parameters")
    /// The callback already holds a parameter the builder appends (`errorCode`, `x-source`, a result name).
    public static let appendedNameInCallback = Self(rawValue: "appended-name-in-callback")
    /// A web callback: `http:` or `https:`.
    public static let webScheme = Self(rawValue: "web-scheme")
    /// A callback scheme the spec names neither safe nor unsafe: `blob:`, `about:`, `intent:`.
    public static let otherScheme = Self(rawValue: "other-scheme")
}

/// The traits of build cases.
enum BuildTraits {
    /// The traits of a request to build, in a fixed order.
    static func of(_ request: XCallbackRequest) -> [InputTrait] {
        var traits: [InputTrait] = []
        if request.scheme.contains(where: { $0.isUppercase }) { traits.append(.schemeCase) }
        if !CallbackExpectation.isScheme(request.scheme.utf8) { traits.append(.invalidSchemeSyntax) }
        let action = request.action
        if action.isEmpty { traits.append(.emptyAction) }
        if !action.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-._~/".unicodeScalars.contains($0)) }) {
            traits.append(.actionToEncode)
        }
        if action.contains(" ") { traits.append(.actionSpace) }
        if action.hasPrefix("/") || action.contains("//") { traits.append(.emptyPathSegment) }
        if action.count > 1, action.hasSuffix("/") { traits.append(.trailingSlash) }
        if action.split(separator: "/").first.map({ $0.contains(".") && $0.allSatisfy { $0 == "." || $0.isNumber } }) == true {
            traits.append(.dotOrVersionSegment)
        }
        let reserved = [request.source, request.success, request.error, request.cancel]
        // An empty callback is no URL (`callback-not-a-url`, below): empty-reserved is the empty x-source.
        if request.source == "" { traits.append(.emptyReserved) }
        if [request.success, request.error, request.cancel].contains(where: { $0.map { CallbackExpectation.refusal(for: $0) == .invalidCallbackURL } ?? false }) {
            traits.append(.callbackNotAURL)
        }
        let names = request.parameters.map(\.name)
        if names.contains(where: XCallbackRequest.reservedNames.contains) { traits.append(.reservedName) }
        if names.contains(where: { $0.hasPrefix("x-") && !XCallbackRequest.reservedNames.contains($0) }) { traits.append(.reservedPrefixName) }
        if names.contains(where: { !$0.hasPrefix("x-") && ChoiceModel.isReservedLookAlike($0) }) { traits.append(.reservedLookAlikeName) }
        if names.contains("") { traits.append(.emptyName) }
        traits += textTraits([action] + reserved.compactMap { $0 } + names + request.parameters.compactMap(\.value), parameters: request.parameters)
        if reserved.contains(where: { ($0 ?? "").contains("://") }), !traits.contains(.nestedURL) { traits.append(.nestedURL) }
        return traits
    }

    /// The traits of a callback response to build, in a fixed order.
    static func of(_ response: XCallbackResponse) -> [InputTrait] {
        let callback = response.callbackURL
        var traits = ChoiceModel.traits(of: Array(callback.utf8))
        switch CallbackExpectation.refusal(for: callback) {
        case .invalidCallbackURL?: traits.append(.callbackNotAURL)
        case .unsafeCallbackScheme?: traits.append(.unsafeCallbackValue)
        default:
            let scheme = callback.prefix { $0 != ":" }.lowercased()
            if ["http", "https"].contains(scheme) { traits.append(.webScheme) }
            if ["blob", "about", "intent"].contains(scheme) { traits.append(.otherScheme) }
        }
        if !traits.contains(.callbackNotAURL), !EncodingRules.isURIText(callback) { traits.append(.callbackNotAURI) }
        let base = callback.prefix { $0 != "#" }
        if callback.contains("#") { traits.append(.callbackFragment) }
        if let question = base.firstIndex(of: "?") {
            let query = base[base.index(after: question)...]
            if query.isEmpty || query.hasSuffix("&") || query.hasSuffix("?") { traits.append(.queryEndsWithSeparator) }
            let appendedNames = Set(response.appendedParameters.map(\.name))
            if query.split(separator: "&").contains(where: { appendedNames.contains(URLPieces.lenientDecode($0.prefix { $0 != "=" })) }) {
                traits.append(.appendedNameInCallback)
            }
        }
        switch response.outcome {
        case .error(let code, _):
            if code.isEmpty || !code.allSatisfy(\.isNumber) { traits.append(.textErrorCode) }
            if !response.parameters.isEmpty { traits.append(.resultWithParameters) }
        case .cancel:
            if !response.parameters.isEmpty || response.source != nil { traits.append(.resultWithParameters) }
        case .success:
            break
        }
        let appended = response.appendedParameters
        if appended.contains(where: { $0.name.isEmpty }) { traits.append(.emptyName) }
        traits += textTraits(appended.map(\.name) + appended.compactMap(\.value), parameters: response.parameters)
        return traits
    }

    /// The traits of the texts written into a URL, and of a parameter list.
    static func textTraits(_ texts: [String], parameters: [XCallbackParameter]) -> [InputTrait] {
        var traits: [InputTrait] = []
        if texts.contains(where: { $0.contains(where: { $0 == "+" || $0 == "=" || $0 == " " }) }) { traits.append(.formCharacter) }
        if texts.contains(where: { $0.unicodeScalars.contains { $0 == "\r" || $0 == "\n" || $0 == "\0" } }) { traits.append(.crlfOrNUL) }
        if texts.contains(where: { $0.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } }) { traits.append(.controlCharacter) }
        if texts.contains(where: { $0.unicodeScalars.contains { !$0.isASCII } }) { traits.append(.nonASCII) }
        if texts.contains(where: { $0.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x85 || $0.value == 0x2028 } }) {
            traits.append(.bidiOrLineSeparator)
        }
        if texts.contains(where: { $0.count > 1000 }) { traits.append(.longValue) }
        if parameters.contains(where: { ($0.value ?? "").contains("://") }) { traits.append(.nestedURL) }
        if parameters.contains(where: { $0.value == nil }) { traits.append(.flagValue) }
        if Set(parameters.map(\.name)).count < parameters.count { traits.append(.duplicateName) }
        return traits
    }

    // MARK: - The part a disagreement is about

    /// The traits of the part of `expected` a field disagreement with the request parsed back is about: the
    /// scheme, the action, the reserved values that differ, or the parameters that differ (their values where
    /// the name is there, their names where it is not); nil for another rule (the whole request's traits).
    static func scoped(_ expected: XCallbackRequest, _ parsed: XCallbackRequest, rule: DifferentialRule) -> [InputTrait]? {
        var part = XCallbackRequest(scheme: "s", action: "a")
        switch rule {
        case .sameScheme, .schemeLowercase: part.scheme = expected.scheme
        case .sameAction: part.action = expected.action
        case .sameReserved:
            // The value asked for, or the one the builder added unasked.
            if expected.source != parsed.source { part.source = expected.source ?? parsed.source }
            if expected.success != parsed.success { part.success = expected.success ?? parsed.success }
            if expected.error != parsed.error { part.error = expected.error ?? parsed.error }
            if expected.cancel != parsed.cancel { part.cancel = expected.cancel ?? parsed.cancel }
        case .sameParameters:
            // Parameters the built URL adds, with none missing, come from another field written raw when another
            // field differs too (the whole request's traits then); alone, they are the fault (added unasked).
            let missing = expected.parameters.contains { !parsed.parameters.contains($0) }
            let changed = { (want: String?, got: String?) in want != nil && want != got }
            let othersDiffer = expected.action != parsed.action || changed(expected.source, parsed.source)
                || changed(expected.success, parsed.success) || changed(expected.error, parsed.error) || changed(expected.cancel, parsed.cancel)
            guard missing || !othersDiffer else { return nil }
            part.parameters = differing(expected.parameters, parsed.parameters)
        default: return nil
        }
        return of(part)
    }

    /// The traits of the callback and of the appended parameters `got` differs on (their values where the name
    /// is there, their names where it is not).
    static func scoped(_ response: XCallbackResponse, got: [XCallbackParameter]) -> [InputTrait] {
        var part = XCallbackResponse(callbackURL: response.callbackURL, outcome: .success)
        part.parameters = differing(response.appendedParameters, got)
        var traits = of(part)
        if let code = part.parameters.first(where: { $0.name == "errorCode" })?.value, code.isEmpty || !code.allSatisfy(\.isNumber) {
            traits.append(.textErrorCode)
        }
        return traits
    }

    /// The parameters of `expected` that `got` lacks (as a multiset): with their value alone where `got` has the
    /// name, with their name alone where `got` renamed it, whole where it left it out; the ones `got` adds, by
    /// name, when `expected` lacks none.
    static func differing(_ expected: [XCallbackParameter], _ got: [XCallbackParameter]) -> [XCallbackParameter] {
        var unmatched = got
        var missing: [XCallbackParameter] = []
        for parameter in expected {
            if let index = unmatched.firstIndex(of: parameter) { unmatched.remove(at: index) } else { missing.append(parameter) }
        }
        guard !missing.isEmpty else { return unmatched.map { XCallbackParameter($0.name, $0.value == nil ? nil : "v") } }
        let names = Set(got.map(\.name))
        // A name `got` writes otherwise (renamed) is about the name; a parameter left out is about all of it.
        let renamed = unmatched.contains { !expected.map(\.name).contains($0.name) }
        return missing.map { parameter in
            if names.contains(parameter.name) { return XCallbackParameter("k", parameter.value) }
            return renamed ? XCallbackParameter(parameter.name, parameter.value == nil ? nil : "v") : parameter
        }
    }
}
