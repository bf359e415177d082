// Built URLs with one realistic builder fault each: the wrong answers a build vector forbids, which the fault
// table (`FaultTable`) feeds through the differential driver to learn how the vectors grade each fault.
//
// Every name and value is written with a spelling: encoded (every byte but RFC 3986's unreserved characters
// escaped, a correct spelling), raw, over-encoded (unreserved punctuation escaped too), encoded twice, or
// with lowercase hex digits. A request's faults: one field spelled wrongly, one left out, the scheme as given.
// A callback's faults: one appended name or value spelled wrongly, one appended parameter left out, the wrong
// separator (always `?`, always `&`, one too many after a query ending in `?` or `&`), the parameters after the
// fragment or the fragment dropped, and the callback's own query normalised as a query-item round trip does.

import XCallbackURL

/// How a builder writes one name or value.
enum FaultSpelling: CaseIterable {
    /// Every byte outside RFC 3986's unreserved set escaped, with uppercase hex (a correct spelling).
    case encoded
    /// As given.
    case raw
    /// Unreserved punctuation (`- . _ ~`) escaped too (RFC 3986 §2.3: producers should not).
    case overEncoded
    /// Encoded, then encoded again.
    case doubleEncoded
    /// Encoded with lowercase hex digits (RFC 3986 §2.1: producers should use uppercase).
    case lowercaseHex

    /// The spellings that are faults.
    static let faults: [FaultSpelling] = [.raw, .overEncoded, .doubleEncoded, .lowercaseHex]

    /// `text` in this spelling; `keep` names bytes written as they are (`/` in an action).
    func write(_ text: String, keep: Set<UInt8> = []) -> String {
        switch self {
        case .raw: return text
        case .encoded: return Self.escape(text, keep: keep, unreserved: true, lowercase: false)
        case .overEncoded: return Self.escape(text, keep: keep, unreserved: false, lowercase: false)
        case .doubleEncoded: return FaultSpelling.encoded.write(FaultSpelling.encoded.write(text, keep: keep), keep: keep)
        case .lowercaseHex: return Self.escape(text, keep: keep, unreserved: true, lowercase: true)
        }
    }

    /// Escapes every byte of `text` but letters, digits, `keep` and (when `unreserved`) `- . _ ~`.
    static func escape(_ text: String, keep: Set<UInt8>, unreserved: Bool, lowercase: Bool) -> String {
        let digits = Array((lowercase ? "0123456789abcdef" : "0123456789ABCDEF").utf8)
        var out: [UInt8] = []
        for byte in text.utf8 {
            let alphanumeric = (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
            if alphanumeric || keep.contains(byte) || (unreserved && "-._~".utf8.contains(byte)) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// The fields of a request or of a callback's appended parameters a fault can touch.
enum BuildField: Hashable {
    case action, source, success, error, cancel
    /// The name of the parameter at this index (of the request's parameters, or of the appended ones).
    case name(Int)
    /// The value of the parameter at this index.
    case value(Int)
}

enum FaultyBuilds {
    /// A request URL with `field` spelled `spelling` (every other field encoded), `dropped` left out, and the
    /// scheme as given when `schemeAsGiven` (lowercased otherwise).
    static func requestURL(
        _ request: XCallbackRequest, field: BuildField? = nil, spelling: FaultSpelling = .encoded, dropped: BuildField? = nil,
        schemeAsGiven: Bool = false
    ) -> String {
        func write(_ text: String, _ which: BuildField, keep: Set<UInt8> = []) -> String {
            (which == field ? spelling : .encoded).write(text, keep: keep)
        }
        var url = (schemeAsGiven ? request.scheme : request.scheme.lowercased()) + "://x-callback-url/"
        url += write(request.action, .action, keep: [UInt8(ascii: "/")])
        var pieces: [String] = []
        let reserved: [(String, String?, BuildField)] = [
            ("x-source", request.source, .source), ("x-success", request.success, .success),
            ("x-error", request.error, .error), ("x-cancel", request.cancel, .cancel),
        ]
        for (name, value, which) in reserved where which != dropped {
            if let value { pieces.append(name + "=" + write(value, which)) }
        }
        for (index, parameter) in request.parameters.enumerated() where dropped != .name(index) {
            pieces.append(write(parameter.name, .name(index)) + (parameter.value.map { "=" + write($0, .value(index)) } ?? ""))
        }
        return pieces.isEmpty ? url : url + "?" + pieces.joined(separator: "&")
    }

    /// Whether `text` is plain: letters, digits and `- . _ ~` only (and `/` where `slash`).
    static func plain(_ text: String?, slash: Bool = false) -> Bool {
        guard let text else { return false }
        return !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-._~".unicodeScalars.contains(scalar)
                || (slash && scalar == "/"))
        }
    }

    /// The fields a build vector is about: those whose text is not plain, and a parameter's name with its
    /// value; every field when all are plain (the vector is about the structure), and then `allPlain`.
    static func fieldsAbout(_ request: XCallbackRequest) -> (fields: [BuildField], allPlain: Bool) {
        var all: [BuildField] = [.action]
        var about: [BuildField] = plain(request.action, slash: true) && !request.action.hasSuffix("/") && !request.action.hasPrefix("/") ? [] : [.action]
        let reserved: [(String?, BuildField)] = [(request.source, .source), (request.success, .success), (request.error, .error), (request.cancel, .cancel)]
        for (value, field) in reserved where value != nil {
            all.append(field)
            if !plain(value) { about.append(field) }
        }
        for (index, parameter) in request.parameters.enumerated() {
            all += [.name(index)] + (parameter.value == nil ? [] : [.value(index)])
            if !plain(parameter.name) || !plain(parameter.value) { about += [.name(index)] + (parameter.value == nil ? [] : [.value(index)]) }
        }
        return about.isEmpty ? (all, true) : (about, false)
    }

    /// Every faulty URL for `request` in the fields it is about, each different from the correct spelling: a
    /// field spelled wrongly or left out, or (when every field is plain) spelled wrongly, since leaving out
    /// plain text is no fault of the vector's own.
    static func requestFaults(_ request: XCallbackRequest) -> [String] {
        let correct = requestURL(request)
        let (fields, allPlain) = fieldsAbout(request)
        var out: [String] = []
        for field in fields {
            for spelling in FaultSpelling.faults { out.append(requestURL(request, field: field, spelling: spelling)) }
            if field != .action, !isValue(field), !allPlain { out.append(requestURL(request, dropped: field)) }
        }
        out.append(requestURL(request, schemeAsGiven: true))
        return unique(out, besides: correct)
    }

    static func isValue(_ field: BuildField) -> Bool {
        if case .value = field { return true }
        return false
    }

    /// `urls` without duplicates and without `correct`, in order.
    static func unique(_ urls: [String], besides correct: String) -> [String] {
        var seen: Set<String> = [correct]
        return urls.filter { seen.insert($0).inserted }
    }

    // MARK: - Callbacks

    /// How a faulty callback builder joins and places the appended parameters.
    enum Join: CaseIterable {
        /// `?` when the callback has no query, nothing after a query ending in `?` or `&`, `&` otherwise.
        case correct
        /// Always `?`.
        case alwaysQuestion
        /// `&` whenever the callback has a `?`, even after a trailing `?` or `&` (`?&`, `&&`).
        case alwaysAmpersand
        /// The parameters after the fragment.
        case afterFragment
        /// The fragment dropped.
        case fragmentDropped
        /// The callback's own query decoded and encoded again as a query-item round trip does (`%2F` → `/`).
        case queryNormalised
    }

    /// A callback URL for `response` with the appended parameter field `field` spelled `spelling`, `dropped` left
    /// out, and the parameters joined as `join` says.
    static func callbackURL(
        _ response: XCallbackResponse, field: BuildField? = nil, spelling: FaultSpelling = .encoded, dropped: Int? = nil,
        join: Join = .correct
    ) -> String {
        var base = response.callbackURL
        var fragment = ""
        if let hash = base.firstIndex(of: "#") {
            fragment = String(base[hash...])
            base = String(base[..<hash])
        }
        if join == .queryNormalised, let question = base.firstIndex(of: "?") {
            base = String(base[...question]) + normalisedQuery(String(base[base.index(after: question)...]))
        }
        var pieces: [String] = []
        for (index, parameter) in response.appendedParameters.enumerated() where index != dropped {
            let name = (field == .name(index) ? spelling : .encoded).write(parameter.name)
            pieces.append(name + (parameter.value.map { "=" + (field == .value(index) ? spelling : .encoded).write($0) } ?? ""))
        }
        guard !pieces.isEmpty else { return base + (join == .fragmentDropped ? "" : fragment) }
        let query = base.firstIndex(of: "?").map { base[base.index(after: $0)...] }
        let separator: String
        switch join {
        case .alwaysQuestion: separator = "?"
        case .alwaysAmpersand: separator = query == nil ? "?" : "&"
        default: separator = query == nil ? "?" : (query!.isEmpty || query!.hasSuffix("&") ? "" : "&")
        }
        let appended = separator + pieces.joined(separator: "&")
        switch join {
        case .afterFragment: return base + fragment + appended
        case .fragmentDropped: return base + appended
        default: return base + appended + fragment
        }
    }

    /// Every faulty callback URL for `response` in the appended parameters it is about (those that are not
    /// plain, or all when all are), and every faulty join, each different from the correct one.
    static func callbackFaults(_ response: XCallbackResponse) -> [String] {
        let correct = callbackURL(response)
        var out: [String] = []
        let appended = response.appendedParameters
        let about = Set(appended.indices.filter { !plain(appended[$0].name) || !plain(appended[$0].value) })
        for (index, parameter) in appended.enumerated() where about.isEmpty || about.contains(index) {
            for spelling in FaultSpelling.faults {
                out.append(callbackURL(response, field: .name(index), spelling: spelling))
                if parameter.value != nil { out.append(callbackURL(response, field: .value(index), spelling: spelling)) }
            }
            if !about.isEmpty { out.append(callbackURL(response, dropped: index)) }
        }
        for join in Join.allCases { out.append(callbackURL(response, join: join)) }
        return unique(out, besides: correct)
    }

    /// A query's escapes of characters a query may hold raw decoded, as `URLComponents.percentEncodedQuery`
    /// writes the query of `queryItems` (RFC 3986 §3.4 allows them raw; §2.2 says the two are not equivalent).
    static func normalisedQuery(_ query: String) -> String {
        let allowed = Set("!$'()*,;:@/?-._~".utf8)
        var out: [UInt8] = []
        let bytes = Array(query.utf8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count, let high = PercentEncoding.hexDigitValue(bytes[index + 1]),
                let low = PercentEncoding.hexDigitValue(bytes[index + 2])
            {
                let byte = high << 4 | low
                let alphanumeric = (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
                if alphanumeric || allowed.contains(byte) {
                    out.append(byte)
                    index += 3
                    continue
                }
            }
            out.append(bytes[index])
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
