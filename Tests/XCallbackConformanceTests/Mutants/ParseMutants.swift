import XCallbackConformance
import XCallbackURL

// Deliberately broken parsers. Each is the reference with ONE realistic bug from
// /work/shared/research/divergences.md, applied before or after the reference parse.

/// A parser mutant: rewrites the URL before the reference parses it, or the request after.
struct ParseMutant: ConformanceTarget {
    var name: String
    var before: @Sendable (String) -> String = { $0 }
    var after: @Sendable (XCallbackRequest) -> XCallbackRequest = { $0 }

    var identity: TargetIdentity { TargetIdentity(name: name, version: "mutant") }

    func parse(_ url: String) -> TargetAnswer<XCallbackRequest> {
        TargetAnswer { () throws(XCallbackRejection) in after(try XCallbackRequest(parsing: before(url))) }
    }
}

extension XCallbackRequest {
    /// Applies `transform` to every decoded name and value, reserved values included.
    func mapStrings(_ transform: (String) -> String) -> XCallbackRequest {
        var copy = self
        copy.source = source.map(transform)
        copy.success = success.map(transform)
        copy.error = error.map(transform)
        copy.cancel = cancel.map(transform)
        copy.parameters = parameters.map { XCallbackParameter(transform($0.name), $0.value.map(transform)) }
        return copy
    }
}

/// Splits a URL at its first `?` and the first `#` after it: (before the query, the query, "#fragment" or "").
func splitQuery(_ url: String) -> (head: String, query: String?, tail: String) {
    guard let question = url.firstIndex(of: "?") else { return (url, nil, "") }
    let rest = url[url.index(after: question)...]
    let hash = rest.firstIndex(of: "#") ?? rest.endIndex
    return (String(url[..<question]), String(rest[..<hash]), String(rest[hash...]))
}

enum ParseMutants {
    /// The issue's example: the action keeps the path's leading '/' (`/echo` for `echo`).
    static let keepsActionSlash = ParseMutant(name: "keeps-action-slash", after: { request in
        var copy = request
        copy.action = "/" + request.action
        return copy
    })

    /// D: decoding twice (jasonnam; Obsidian Advanced URI #51/#84): every value is percent-decoded again.
    static let decodesTwice = ParseMutant(name: "decodes-twice", after: { request in
        request.mapStrings { text in
            do { return try PercentEncoding.decode(text) } catch { return text }
        }
    })

    /// D9: decoding the whole query before splitting it on '&' and '=' (RFC 3986 §2.4 violated).
    static let splitsAfterDecoding = ParseMutant(name: "splits-after-decoding", before: { url in
        let (head, query, tail) = splitQuery(url)
        guard let query, let decoded = try? PercentEncoding.decode(query) else { return url }
        return head + "?" + decoded.replacingOccurrences(of: "%", with: "%25") + tail
    })

    /// D1: '+' read as a space everywhere in the URL (replace before parsing), with no declared choice.
    static let plusAsSpace = ParseMutant(name: "plus-as-space-everywhere", before: {
        $0.replacingOccurrences(of: "+", with: "%20")
    })

    /// D17/D9: values cut at a decoded '#', as if the URL were decoded before the fragment was split off.
    static let truncatesAtHash = ParseMutant(name: "truncates-at-hash", after: { request in
        request.mapStrings { String($0.prefix { $0 != "#" }) }
    })

    /// D13 (Nobody does this right): X-Success, X-SOURCE… matched case-insensitively as reserved names.
    static let caseInsensitiveReserved = ParseMutant(name: "case-insensitive-reserved", after: { request in
        var copy = request
        copy.parameters = []
        for parameter in request.parameters {
            switch parameter.name.lowercased() {
            case "x-source" where copy.source == nil: copy.source = parameter.value ?? ""
            case "x-success" where copy.success == nil: copy.success = parameter.value ?? ""
            case "x-error" where copy.error == nil: copy.error = parameter.value ?? ""
            case "x-cancel" where copy.cancel == nil: copy.cancel = parameter.value ?? ""
            default: copy.parameters.append(parameter)
            }
        }
        return copy
    })

    /// D10 (Middleman, VFX, XCallbackKit, xcall): the host is never checked.
    static let hostNotChecked = ParseMutant(name: "host-not-checked", before: { url in
        guard let range = url.range(of: "://") else { return url }
        let rest = url[range.upperBound...]
        let end = rest.firstIndex { "/?#".contains($0) } ?? rest.endIndex
        return String(url[..<range.upperBound]) + "x-callback-url" + rest[end...]
    })

    /// D10/D11 (Chromium, Rust): the raw host must be exactly "x-callback-url", so case and escapes are refused.
    static let hostComparedRaw = ParseMutant(name: "host-compared-raw", before: { url in
        guard let range = url.range(of: "://") else { return url }
        let rest = url[range.upperBound...]
        let end = rest.firstIndex { "/?#".contains($0) } ?? rest.endIndex
        return rest[..<end] == "x-callback-url" ? url : String(url[..<range.upperBound]) + "other-host" + rest[end...]
    })

    /// D14 (IAC-ObjC, SBRX, Chromium): names are not unescaped, so x%2Dsource is not x-source.
    static let namesNotDecoded = ParseMutant(name: "names-not-decoded", before: { url in
        let (head, query, tail) = splitQuery(url)
        guard let query else { return url }
        let pieces = query.split(separator: "&", omittingEmptySubsequences: false).map { piece -> String in
            let equals = piece.firstIndex(of: "=") ?? piece.endIndex
            return piece[..<equals].replacingOccurrences(of: "%", with: "%25") + piece[equals...]
        }
        return head + "?" + pieces.joined(separator: "&") + tail
    })

    /// D13: unknown x- parameters kept with the prefix cut off (x-foo read as foo). Dropping them, as CallbackURLKit,
    /// IAC and the Rust crate do, is allowed since 5.0.0: the spec asks senders not to use the prefix.
    static let stripsXPrefix = ParseMutant(name: "strips-x-prefix", after: { request in
        var copy = request
        copy.parameters = request.parameters.map { $0.name.hasPrefix("x-") ? XCallbackParameter(String($0.name.dropFirst(2)), $0.value) : $0 }
        return copy
    })

    /// D5 (TiXCallbackURL `unescape`): escapes decoded as Latin-1, one character per byte.
    static let latin1 = ParseMutant(name: "latin-1-decoding", before: { url in
        var out = ""
        var index = url.startIndex
        while index < url.endIndex {
            let next = url.index(after: index)
            if url[index] == "%", let end = url.index(next, offsetBy: 2, limitedBy: url.endIndex),
                let byte = UInt8(url[next..<end], radix: 16), byte >= 0x80
            {
                out += PercentEncoding.encodeValue(String(Character(Unicode.Scalar(byte))))
                index = end
            } else {
                out.append(url[index])
                index = next
            }
        }
        return out
    })
}
