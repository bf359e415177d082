// The differential driver's built-in seeds, one set per operation, so that a fuzzing run with no corpus
// exercises every operation a target declares from its first executions.
//
// Each set holds callbacks nested three or more levels deep and puts the characters that x-callback-url
// encoding is about (`& = ? # % +`, space, non-ASCII, a nested URL, text that looks like an escape) in
// every field: the action, x-source, x-success, x-error, x-cancel, parameter names and values, the
// fragment; for callbacks, the callback URL, the error code and message and the appended values.
// Parse seeds are URLs the reference builds (a mutation then damages them); build seeds are
// `RequestGenerator` plans written as bytes behind the operation's first byte (0x01 or 0x02).

import XCallbackURL

/// Inputs the fuzzing loop starts from when it has no corpus, by operation.
public enum DifferentialSeeds {
    /// Every seed: the parse seeds, then the build-request seeds, then the build-callback seeds.
    public static var all: [[UInt8]] { parse + buildRequest + buildCallback }

    /// Characters every field should try: the delimiters, a space, an escape-like text and non-ASCII.
    static let reserved = "&=?#%+ "
    /// Non-ASCII text: a Latin letter, a CJK character (outside the generator's alphabet) and an emoji.
    static let nonASCII = "é日😀"
    /// A URL holding an encoded callback that holds one more (`%2526` is `&` two levels down).
    static let nestedURL = "n://x-callback-url/a?x-success=m%3A%2F%2Fx-callback-url%2Fb%3Fk%3D%2526%253D&v=%41"

    // MARK: - Parse

    /// URLs to parse: a flat request, encoded nested callbacks, a fragment, flags and duplicates, and
    /// requests built by the reference with callbacks five levels deep and reserved characters everywhere.
    public static let parse: [[UInt8]] = {
        var urls = [
            "app://x-callback-url/run?text=a%26b&x-success=s%3A%2F%2Fx-callback-url%2Fok%3Fk%3Dv",
            "x://x-callback-url/open?x-error=y%3A%2F%2Fx-callback-url%2Fe%3Fx-cancel%3Dz%253A%252F%252Fx-callback-url%252Fc",
            "s://x-callback-url/a?k=v#f",
            "t://X-Callback-URL/add/?flag&x-source=Me&k=1&k=2",
        ]
        // The same chain under each callback name, with a fragment that holds the delimiters too.
        for (index, slot) in [\XCallbackRequest.success, \.error, \.cancel].enumerated() {
            urls.append(built(chain(depth: 3, slot: slot, level: 1)) + "#f" + encoded("\(index)" + reserved + nonASCII + "x://y"))
        }
        // A nested URL as the source and as a parameter value, raw delimiters in a callback's own query.
        let request = XCallbackRequest(
            scheme: "p", action: "a/b%2F" + nonASCII + "x://y", source: nestedURL, success: "q://x-callback-url/s?a=1&b=%&c",
            parameters: [
                XCallbackParameter("u", nestedURL), XCallbackParameter(reserved, nil), XCallbackParameter("k", "%zz%E9"),
                XCallbackParameter(nestedURL, "v"),
            ])
        urls.append(built(request))
        return urls.map { Array($0.utf8) }
    }()

    /// One level of a chain: reserved characters in every field of the first level and in a value of
    /// each deeper one, the next level's URL in `slot`, `nestedURL` (two levels more) in the last.
    static func chain(depth: Int, slot: WritableKeyPath<XCallbackRequest, String?>, level: Int) -> XCallbackRequest {
        let mark = reserved + nonASCII
        var request = XCallbackRequest(scheme: "s\(level)", action: "a\(level)&=%", parameters: [XCallbackParameter("k", "v" + reserved + "é")])
        if level == 1 {
            request = XCallbackRequest(
                scheme: "s1", action: "a1" + mark, source: "src" + mark, success: "ok" + mark, error: "e://x-callback-url/e?c=1&m=a+b#f é",
                cancel: "c" + mark, parameters: [XCallbackParameter("k" + mark, "v" + mark), XCallbackParameter("f", nil)])
        }
        request[keyPath: slot] = level < depth ? built(chain(depth: depth, slot: slot, level: level + 1)) : nestedURL
        return request
    }

    /// The URL the reference builds from `request` (the seeds are valid requests; an invalid one gives "").
    static func built(_ request: XCallbackRequest) -> String {
        (try? request.url()) ?? ""
    }

    /// `text` with every byte outside the unreserved set percent-encoded.
    static func encoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            let scalar = Unicode.Scalar(byte)
            if byte < 0x80, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-._~".unicodeScalars.contains(scalar) {
                out.unicodeScalars.append(scalar)
            } else {
                out += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return out
    }

    // MARK: - Build

    /// The generator the differential driver decodes build inputs with.
    static let generator = RequestGenerator(maximumDepth: 3, literals: true)

    /// Requests to build: `requestPlans` written behind the build-request byte.
    public static let buildRequest: [[UInt8]] = requestPlans.map { plan in
        var writer = FuzzInputWriter()
        writer.byte(DifferentialInput.buildRequestByte)
        generator.write(plan, to: &writer)
        return writer.bytes
    }

    /// Callbacks to build: `callbackPlans` written behind the build-callback byte.
    public static let buildCallback: [[UInt8]] = callbackPlans.map { plan in
        var writer = FuzzInputWriter()
        writer.byte(DifferentialInput.buildCallbackByte)
        generator.write(plan, to: &writer)
        return writer.bytes
    }

    /// The requests of the build-request seeds, as plans of the differential driver's generator
    /// (`RequestGenerator(maximumDepth: 3, literals: true)`): three levels of requests, then URLs as text two levels more.
    public static let requestPlans: [RequestGenerator.RequestPlan] = {
        let innermost = RequestGenerator.RequestPlan(
            scheme: "x", action: "d3" + reserved, source: "s3&=", success: .text(nestedURL),
            error: .callback(.init(path: "e&=", query: "a=1&b", fragment: "f&=")), cancel: .text("c" + reserved + nonASCII),
            parameters: [XCallbackParameter("k3&=", "v=&?#"), XCallbackParameter("k?# ", nil)])
        let middle = RequestGenerator.RequestPlan(
            scheme: "s", action: "d2?#&", source: "s2=&" + nonASCII, success: .nested(innermost), error: .text("e" + reserved + nonASCII),
            cancel: .callback(.init(path: "c", query: "q=?&", queryEnd: "&&")), parameters: [XCallbackParameter("k2", nil)])
        let plans: [RequestGenerator.RequestPlan] = [
            .init(
                scheme: "Ab+c", action: "a/b%2F" + reserved + nonASCII + "x://y", source: "src" + reserved + nonASCII, success: .nested(middle),
                error: .text("y://x-callback-url/err?code=1&msg=a%20b#frag"),
                cancel: .callback(.init(path: "p&=", query: "k=%41", queryEnd: "?", fragment: "f#?")),
                parameters: [
                    XCallbackParameter("a&b=c", "v" + reserved + nonASCII), XCallbackParameter("flag", nil),
                    XCallbackParameter("u%41", nestedURL),
                ]),
            .init(
                scheme: "x", action: "open", source: nestedURL, success: .callback(.init(path: "ok", query: "a=1&")),
                error: .nested(.init(scheme: "b", action: "e" + reserved, error: .nested(innermost), cancel: .text("%zz%E9"))),
                cancel: .nested(middle), parameters: [XCallbackParameter(nonASCII + "+", "%25&%")]),
            .init(
                scheme: "z", action: "%41" + nonASCII, success: .text("ok" + reserved + nonASCII), error: .text(""),
                cancel: .nested(.init(scheme: "a", action: "c" + reserved, cancel: .nested(innermost))),
                parameters: [XCallbackParameter("k", ""), XCallbackParameter("k", reserved), XCallbackParameter(nestedURL, nestedURL)]),
        ]
        return plans
    }()

    /// The callbacks of the build-callback seeds: callback URLs with and without a query, with a trailing
    /// `?` or `&`, with a fragment, an unsafe one; every outcome; reserved characters and nested URLs in
    /// every appended name and value, the error code and message and x-source included.
    public static let callbackPlans: [RequestGenerator.ResponsePlan] = {
        let plans: [RequestGenerator.ResponsePlan] = [
            .init(
                callback: .init(path: "d one" + nonASCII, query: "a=1&b", fragment: "f&=?"),
                outcome: .error(code: "E" + reserved + nonASCII, message: "m" + reserved + nonASCII),
                source: "src" + reserved, parameters: [XCallbackParameter("r" + reserved, "v" + reserved), XCallbackParameter("url", nestedURL)]),
            .init(
                callback: .init(scheme: "Src+1.x", path: "ok"), outcome: .success, source: nestedURL,
                parameters: [XCallbackParameter("a b", "c+d"), XCallbackParameter(nonASCII, "😀"), XCallbackParameter("flag", nil)]),
            .init(
                callback: .init(scheme: "https", authority: "//host/", path: "p", query: "q=?&", queryEnd: "?"), outcome: .cancel,
                parameters: [XCallbackParameter("x-success", nestedURL), XCallbackParameter("k", "%zz")]),
            .init(
                callback: .init(path: "r", query: "k=%41", queryEnd: "&"), outcome: .error(code: nestedURL, message: nestedURL),
                source: nonASCII, parameters: [XCallbackParameter("errorCode", reserved), XCallbackParameter(nestedURL, "1")]),
            .init(
                callback: .init(path: "a", query: "", fragment: "#"), outcome: .success,
                parameters: [XCallbackParameter("%41", "%2526"), XCallbackParameter("=", "v")]),
            .init(callback: .init(scheme: "javascript", authority: "", path: "x"), outcome: .success, parameters: [XCallbackParameter("k", "v")]),
        ]
        return plans
    }()
}
