// The strict reference parser (target-app role).
//
// Works on UTF-8 bytes in one forward pass per component, with no recursion, so its cost is linear in
// the input's length. Steps follow RFC 3986 §3: scheme, authority, path, query, fragment; each component
// is split off before it is percent-decoded (§2.4), and decoded exactly once.

extension XCallbackRequest {
    /// Parses an incoming x-callback-url.
    ///
    /// - Throws: an `XCallbackRejection` whose category says why and whose offset points at the offending byte.
    public init(parsing url: String) throws(XCallbackRejection) {
        // `withUTF8` may make a native copy of `url`; rejections quote the text as given, which has the same bytes.
        var native = url
        let result = native.withUTF8 { bytes in
            Result { () throws(XCallbackRejection) in try Parser(bytes: bytes, text: url).parse() }
        }
        switch consume result {
        case .success(let request): self = request
        case .failure(let rejection): throw rejection
        }
    }

    /// Parses an incoming x-callback-url given as bytes, which must be well-formed UTF-8.
    ///
    /// - Throws: `invalid-utf8` for ill-formed input, otherwise as `init(parsing:)`.
    public init(parsingUTF8 bytes: some Collection<UInt8>) throws(XCallbackRejection) {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let array = Array(bytes)
            throw XCallbackRejection(
                .invalidUTF8, "the URL's bytes must be well-formed UTF-8",
                input: String(decoding: array, as: UTF8.self), offset: UTF8Validation.firstInvalidIndex(in: array))
        }
        try self.init(parsing: text)
    }
}

/// One parse of one URL; holds the input's bytes and reports offsets into them.
private struct Parser {
    /// The URL's UTF-8.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The URL as text, which rejections quote.
    let text: String

    func reject(_ category: RejectionCategory, _ message: String, at offset: Int) -> XCallbackRejection {
        XCallbackRejection(category, message, input: text, offset: offset)
    }

    func parse() throws(XCallbackRejection) -> XCallbackRequest {
        // 0. Raw control characters are never part of a URI (RFC 3986 §2).
        if let index = ByteScan.firstControlCharacter(in: bytes) {
            throw reject(.invalidCharacter, "a raw control character is not allowed in a URL; percent-encode it", at: index)
        }

        // 1. Scheme (RFC 3986 §3.1).
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else {
            throw reject(.invalidScheme, "expected a scheme followed by ':'", at: 0)
        }
        let scheme = try parseScheme(upTo: colon)

        // 2. Authority (RFC 3986 §3.2): '//' then the host, which must be x-callback-url.
        guard colon + 2 < bytes.count,
            bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/")
        else {
            throw reject(.notXCallbackURL, "expected '//x-callback-url' after the scheme", at: colon + 1)
        }
        let authorityStart = colon + 3
        var authorityEnd = authorityStart
        while authorityEnd < bytes.count, !isDelimiter(bytes[authorityEnd], including: UInt8(ascii: "/")) {
            authorityEnd += 1
        }
        try checkHost(authorityStart..<authorityEnd)

        // 3. Path: the action (spec, URL Structure), decoded once and kept whole.
        var pathEnd = authorityEnd
        while pathEnd < bytes.count, !isDelimiter(bytes[pathEnd], including: nil) { pathEnd += 1 }
        let actionStart = authorityEnd < pathEnd ? authorityEnd + 1 : authorityEnd
        guard actionStart < pathEnd else {
            throw reject(.missingAction, "expected an action after 'x-callback-url/'", at: actionStart)
        }
        let action = try decode(actionStart..<pathEnd)

        // 4. Query (RFC 3986 §3.4) up to the first '#', and 5. fragment (§3.5).
        var queryEnd = pathEnd
        if pathEnd < bytes.count, bytes[pathEnd] == UInt8(ascii: "?") {
            queryEnd = ByteScan.firstIndex(of: UInt8(ascii: "#"), in: bytes, from: pathEnd + 1, to: bytes.count)
        }
        var query = QueryFields()
        if pathEnd < queryEnd {
            try parseQuery(pathEnd + 1..<queryEnd, into: &query)
        }
        let fragment = queryEnd < bytes.count ? try decode(queryEnd + 1..<bytes.count) : nil
        // Made once, at the end, so that no half-built request is copied or destroyed on the way.
        return XCallbackRequest(
            scheme: scheme, action: action, source: query.source, success: query.success, error: query.error,
            cancel: query.cancel, parameters: query.parameters, fragment: fragment)
    }

    // MARK: - Components

    func parseScheme(upTo colon: Int) throws(XCallbackRejection) -> String {
        guard colon > 0 else { throw reject(.invalidScheme, "the scheme must not be empty", at: 0) }
        let scheme = UnsafeBufferPointer(rebasing: bytes[..<colon])
        guard let lowered = XCallbackRequest.schemeLowercased(scheme) else {
            let bad = scheme.indices.first { !XCallbackRequest.isSchemeByte(scheme[$0], first: $0 == 0) } ?? 0
            throw reject(.invalidScheme, "a scheme is a letter followed by letters, digits, '+', '-' or '.'", at: bad)
        }
        return lowered
    }

    func checkHost(_ range: Range<Int>) throws(XCallbackRejection) {
        // The host as it should be written, in any ASCII case, holds neither '@' nor ':'.
        if range.count == 14, Self.isRawXCallbackURLHost(at: range.lowerBound, in: bytes) { return }
        for index in range {
            if bytes[index] == UInt8(ascii: "@") {
                throw reject(.invalidAuthority, "userinfo ('@') is not allowed before x-callback-url", at: index)
            }
            if bytes[index] == UInt8(ascii: ":") {
                throw reject(.invalidAuthority, "a port (':') is not allowed after x-callback-url", at: index)
            }
        }
        // Only an escape can still spell the host (RFC 3986 §6.2.2.2).
        let host = try decode(range)
        guard Self.isXCallbackURLHost(host.utf8) else {
            throw reject(.notXCallbackURL, "expected the host 'x-callback-url'", at: range.lowerBound)
        }
    }

    func parseQuery(_ range: Range<Int>, into query: inout QueryFields) throws(XCallbackRejection) {
        var pieceStart = range.lowerBound
        while pieceStart <= range.upperBound {
            let pieceEnd = ByteScan.firstIndex(of: UInt8(ascii: "&"), in: bytes, from: pieceStart, to: range.upperBound)
            if pieceStart < pieceEnd {
                let equals = ByteScan.firstIndex(of: UInt8(ascii: "="), in: bytes, from: pieceStart, to: pieceEnd)
                if let field = ReservedField(UnsafeBufferPointer(rebasing: bytes[pieceStart..<equals])) {
                    // A reserved name written without escapes: only its value is decoded.
                    let value = equals == pieceEnd ? "" : try decode(equals + 1..<pieceEnd)
                    try store(value, in: field, at: pieceStart, into: &query)
                } else {
                    let name = try decode(pieceStart..<equals)
                    let value = equals == pieceEnd ? nil : try decode(equals + 1..<pieceEnd)
                    if let field = ReservedField(decoded: name) {
                        try store(value ?? "", in: field, at: pieceStart, into: &query)
                    } else {
                        if query.parameters.isEmpty { query.parameters.reserveCapacity(4) }
                        query.parameters.append(XCallbackParameter(name, value))
                    }
                }
            }
            pieceStart = pieceEnd + 1
        }
    }

    /// Stores the value of a reserved parameter, which may appear at most once.
    func store(
        _ value: String, in field: ReservedField, at offset: Int, into query: inout QueryFields
    ) throws(XCallbackRejection) {
        let previous: String?
        switch field {
        case .source: (previous, query.source) = (query.source, value)
        case .success: (previous, query.success) = (query.success, value)
        case .error: (previous, query.error) = (query.error, value)
        case .cancel: (previous, query.cancel) = (query.cancel, value)
        }
        guard previous == nil else {
            throw reject(.duplicateReservedParameter, "'\(field.rawValue)' must appear at most once", at: offset)
        }
    }

    // MARK: - Helpers

    /// Whether the 14 raw bytes at `start` are `x-callback-url` in any mix of ASCII case, two words at a time.
    ///
    /// `| 0x20` folds each letter of the host to lowercase and keeps `-`; the only other byte it maps onto
    /// one of the host's bytes is U+000D onto `-`, and raw control characters were rejected in step 0.
    static func isRawXCallbackURLHost(at start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress, start + 14 <= bytes.count else { return false }
        let raw = UnsafeRawPointer(base + start)
        let fold: UInt64 = 0x2020_2020_2020_2020
        // "x-callba" at byte 0 and "back-url" at byte 6, little-endian.
        let head = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)) | fold
        let tail = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 6, as: UInt64.self)) | fold
        return head == 0x6162_6C6C_6163_2D78 && tail == 0x6C72_752D_6B63_6162
    }

    /// Whether the decoded `host` is `x-callback-url` in any mix of ASCII case (RFC 3986 §3.2.2).
    ///
    /// Unlike the raw test it folds letters only: a decoded host may hold a control character.
    static func isXCallbackURLHost(_ host: some Collection<UInt8>) -> Bool {
        let expected: StaticString = "x-callback-url"
        guard host.count == expected.utf8CodeUnitCount else { return false }
        var next = expected.utf8Start
        for byte in host {
            let folded = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
            guard folded == next.pointee else { return false }
            next += 1
        }
        return true
    }

    func decode(_ range: Range<Int>) throws(XCallbackRejection) -> String {
        try PercentEncoding.decode(bytes, in: range, quoting: text)
    }

    @inline(__always)
    func isDelimiter(_ byte: UInt8, including slash: UInt8?) -> Bool {
        byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") || byte == slash
    }
}

/// The four parameters the spec reserves, which the request keeps in fields of their own.
private enum ReservedField: String {
    case source = "x-source"
    case success = "x-success"
    case error = "x-error"
    case cancel = "x-cancel"

    /// The field whose name is exactly `name` (byte for byte), or `nil`.
    @inline(__always)
    init?(_ name: UnsafeBufferPointer<UInt8>) {
        // Reserved names are 7 to 9 bytes starting with 'x': most names leave after two byte tests.
        guard (7...9).contains(name.count), name[0] == UInt8(ascii: "x") else { return nil }
        switch name.count {
        case 7 where Self.equal(name, "x-error"): self = .error
        case 8 where Self.equal(name, "x-source"): self = .source
        case 8 where Self.equal(name, "x-cancel"): self = .cancel
        case 9 where Self.equal(name, "x-success"): self = .success
        default: return nil
        }
    }

    /// The field whose name is exactly the decoded `name`, or `nil`.
    init?(decoded name: String) {
        guard (7...9).contains(name.utf8.count) else { return nil }
        var name = name
        guard let field = name.withUTF8({ Self($0) }) else { return nil }
        self = field
    }

    private static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        let expected = literal.utf8Start
        for index in 0..<bytes.count where bytes[index] != expected[index] { return false }
        return true
    }
}

/// The reserved values and the action parameters read from a query.
private struct QueryFields {
    var source: String?
    var success: String?
    var error: String?
    var cancel: String?
    /// The action parameters in order.
    var parameters: [XCallbackParameter] = []
}
