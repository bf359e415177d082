// Decodes fuzzer bytes into structured requests and callback responses for the build round-trip driver.
//
// The alphabet is weighted towards the characters that matter to x-callback-url encoding (`& = # ? % +`,
// space, `/`, `:`), non-ASCII and controls, so that small byte changes hit the delimiters at every level.

import XCallbackURL

/// A generated request and, for each callback slot that holds a nested request, that request's own tree.
public struct GeneratedRequest: Sendable {
    /// The request to build.
    public var request: XCallbackRequest
    /// Callback slots (`x-success`, `x-error`, `x-cancel`) whose value is the built URL of a nested request.
    public var nested: [(slot: String, child: GeneratedRequest)]

    /// How many levels of requests this tree holds (1 for a request without nested requests).
    public var depth: Int { 1 + (nested.map(\.child.depth).max() ?? 0) }
}

/// Turns a `FuzzInputReader` into requests, callback URLs and responses.
public struct RequestGenerator: Sendable {
    /// Characters used for names, values, actions and fragments.
    public static let textAlphabet: [Unicode.Scalar] = Array(
        "abcxyz019-._~&&==##??%%++  //::@!$'()*,;[]<>\"\\^`{|}é😀\u{0}\u{7F}\t\u{FFFD}X".unicodeScalars)
    /// Characters used for scheme tails (RFC 3986 §3.1), plus a few invalid ones.
    static let schemeAlphabet: [Unicode.Scalar] = Array("abcdefxyzABCXYZ0129+-.".unicodeScalars)

    /// The schemes a generated callback URL starts with (valid, upper case, unsafe, empty, invalid).
    static let callbackSchemes = ["app", "Src+1.x", "javascript", "DATA", "file", "vbscript", "", "1bad", "x y", "https"]
    /// What follows a generated callback URL's scheme and colon.
    static let callbackAuthorities = ["//x-callback-url/", "//host/", "", "///", "//h:1/"]
    /// The queries a generated callback URL may have (after its `?`).
    static let callbackQueries = ["", "a=1", "a=1&", "a=1&b", "k=%41", "q=?&"]
    /// What a generated callback URL's query may end with.
    static let callbackQueryEnds = ["&", "?", "&&"]

    /// The largest nesting depth generated.
    public var maximumDepth: Int
    /// Whether a first choice past the listed letters and schemes reads a literal request or response
    /// (`RequestGenerator+Literal.swift`); without it, such a choice wraps round to a listed one.
    public var literals: Bool

    /// Creates a generator producing requests nested at most `maximumDepth` levels, reading literal cases when
    /// `literals` is true (the differential driver's build cases; the round-trip driver builds only valid requests).
    public init(maximumDepth: Int = 5, literals: Bool = false) {
        self.maximumDepth = maximumDepth
        self.literals = literals
    }

    /// The number of values of a first choice among `count` listed ones: one more with literal cases.
    func firstChoices(_ count: Int) -> Int { literals ? count + 1 : count }

    /// The first letters of a generated scheme; one choice more than these makes the request a literal one.
    static let schemeFirstLetters = Array("aAbsxXz".unicodeScalars)

    /// A valid scheme (letter first), sometimes with uppercase letters, after its first letter was chosen.
    func scheme(_ reader: inout FuzzInputReader, first: Unicode.Scalar) -> String {
        let rest = reader.string(maxLength: 6, alphabet: Self.schemeAlphabet)
        return String(first) + rest.filter { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    /// A non-empty string over the text alphabet.
    package func text(_ reader: inout FuzzInputReader, maxLength: Int = 8) -> String {
        let value = reader.string(maxLength: maxLength, alphabet: Self.textAlphabet)
        return value.isEmpty ? "v" : value
    }

    /// A name the builder accepts: non-empty and without the `x-` prefix.
    func parameterName(_ reader: inout FuzzInputReader) -> String {
        var name = text(&reader, maxLength: 5)
        if name.hasPrefix("x-") { name = "_" + name }
        return name
    }

    /// Generates a request tree; callback slots may hold text, a callback URL or a nested request.
    public func request(_ reader: inout FuzzInputReader, depth: Int = 1) -> GeneratedRequest {
        let first = reader.choose(below: firstChoices(Self.schemeFirstLetters.count))
        guard first < Self.schemeFirstLetters.count else { return GeneratedRequest(request: literalRequest(&reader), nested: []) }
        var request = XCallbackRequest(scheme: scheme(&reader, first: Self.schemeFirstLetters[first]), action: text(&reader))
        if reader.flag() { request.source = reader.string(maxLength: 6, alphabet: Self.textAlphabet) }
        var nested: [(slot: String, child: GeneratedRequest)] = []
        for slot in ["x-success", "x-error", "x-cancel"] {
            var value: String?
            switch reader.choose(below: 4) {
            case 0: value = nil
            case 1: value = reader.string(maxLength: 8, alphabet: Self.textAlphabet)
            case 2: value = callbackURL(&reader)
            default:
                if depth < maximumDepth {
                    let child = self.request(&reader, depth: depth + 1)
                    if let url = try? child.request.url() {
                        value = url
                        nested.append((slot, child))
                    }
                }
            }
            switch slot {
            case "x-success": request.success = value
            case "x-error": request.error = value
            default: request.cancel = value
            }
        }
        for _ in 0..<reader.choose(below: 4) {
            let value: String? = reader.choose(below: 5) == 0 ? nil : reader.string(maxLength: 8, alphabet: Self.textAlphabet)
            request.parameters.append(XCallbackParameter(parameterName(&reader), value))
        }
        return GeneratedRequest(request: request, nested: nested)
    }

    /// A callback URL: a scheme (sometimes invalid or unsafe), an authority and path, maybe a query
    /// (sometimes ending in `?` or `&`) and maybe a fragment.
    public func callbackURL(_ reader: inout FuzzInputReader) -> String {
        callbackURLChoice(&reader).url
    }

    /// A callback URL as `callbackURL(_:)` makes it, and whether it was read as a literal (`literal(_:)`):
    /// one choice of scheme more than `callbackSchemes` reads the whole URL as text.
    func callbackURLChoice(_ reader: inout FuzzInputReader) -> (url: String, literal: Bool) {
        let scheme = reader.choose(below: firstChoices(Self.callbackSchemes.count))
        guard scheme < Self.callbackSchemes.count else { return (literal(&reader), true) }
        var url = Self.callbackSchemes[scheme]
        if reader.choose(below: 8) != 0 { url += ":" }
        url += reader.pick(Self.callbackAuthorities)
        url += reader.string(maxLength: 6, alphabet: Self.textAlphabet).filter { $0 != "#" && $0 != "?" }
        if reader.flag() {
            url += "?" + reader.pick(Self.callbackQueries)
            if reader.flag() { url += reader.pick(Self.callbackQueryEnds) }
        }
        if reader.flag() {
            url += "#" + reader.string(maxLength: 6, alphabet: Self.textAlphabet)
        }
        return (url, false)
    }

    /// A response to build onto a generated callback URL; parameter names may be anything.
    public func response(_ reader: inout FuzzInputReader, callbackURL: String) -> XCallbackResponse {
        let outcome: XCallbackResponse.Outcome
        switch reader.choose(below: 3) {
        case 0: outcome = .success
        case 1: outcome = .error(code: text(&reader, maxLength: 4), message: reader.string(maxLength: 8, alphabet: Self.textAlphabet))
        default: outcome = .cancel
        }
        var response = XCallbackResponse(callbackURL: callbackURL, outcome: outcome)
        if reader.flag() { response.source = reader.string(maxLength: 6, alphabet: Self.textAlphabet) }
        for _ in 0..<reader.choose(below: 4) {
            let value: String? = reader.choose(below: 5) == 0 ? nil : reader.string(maxLength: 8, alphabet: Self.textAlphabet)
            response.parameters.append(XCallbackParameter(text(&reader, maxLength: 5), value))
        }
        return response
    }
}
