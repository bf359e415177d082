// The strict reference parser (target-app role), shared by `XCallbackRequest` and `XCallbackRequestView`.
//
// Works on UTF-8 bytes in one forward pass, with no recursion, so its cost is linear in the input's length.
// Steps follow RFC 3986 §3: scheme, authority, path, query, fragment; each component is split off before
// it is percent-decoded (§2.4), and decoded exactly once, into one buffer (`ComponentReader`). The result is
// the components' places in that buffer, or in the input when nothing needs decoding; the order of the
// checks, and so which rejection an input gets, is this file's alone.

/// Where the components of a parsed request lie: UTF-8 offsets into the input, or into the buffer decoded into.
struct ScannedRequest {
    var scheme: Range<Int>
    var action: Range<Int>
    var source: Range<Int>?
    var success: Range<Int>?
    var error: Range<Int>?
    var cancel: Range<Int>?
    /// The action parameters in order.
    var parameters: [ParameterBounds] = []
    var fragment: Range<Int>?
}

/// Where one parameter's name and value lie.
struct ParameterBounds: Sendable {
    var name: Range<Int>
    var value: Range<Int>?
}

/// One parse of one URL; holds the input's bytes and reports offsets into them.
struct RequestScanner {
    /// The URL's UTF-8.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The URL as text, which rejections quote.
    let text: String

    func reject(_ category: RejectionCategory, _ message: String, at offset: Int) -> XCallbackRejection {
        XCallbackRejection(category, message, input: text, offset: offset)
    }

    /// Steps 0 and 1: the raw control characters and the scheme, which decide how the rest is read.
    ///
    /// - Returns: the index of the scheme's `:`, whether some component holds an escape, and whether the
    ///   scheme has an uppercase letter.
    func screen() throws(XCallbackRejection) -> (colon: Int, hasPercent: Bool, schemeHasUppercase: Bool) {
        // 0. Raw control characters are never part of a URI (RFC 3986 §2).
        let (control, hasPercent) = ByteScan.screen(bytes)
        if let control {
            throw reject(.invalidCharacter, "a raw control character is not allowed in a URL; percent-encode it", at: control)
        }

        // 1. Scheme (RFC 3986 §3.1): ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ).
        let colon = ByteScan.firstIndex(of: UInt8(ascii: ":"), in: bytes, from: 0, to: bytes.count)
        guard colon < bytes.count else { throw reject(.invalidScheme, "expected a scheme followed by ':'", at: 0) }
        guard colon > 0 else { throw reject(.invalidScheme, "the scheme must not be empty", at: 0) }
        var uppercase = false
        for index in 0..<colon {
            let byte = bytes[index]
            guard Self.isSchemeByte(byte, first: index == 0) else {
                throw reject(.invalidScheme, "a scheme is a letter followed by letters, digits, '+', '-' or '.'", at: index)
            }
            uppercase = uppercase || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
        }
        return (colon, hasPercent, uppercase)
    }

    /// Steps 2 to 5, after `screen()`: authority, path, query and fragment.
    func scan(after colon: Int, with reader: inout ComponentReader) throws(XCallbackRejection) -> ScannedRequest {
        let scheme = reader.scheme(0..<colon)

        // 2. Authority (RFC 3986 §3.2): '//' then the host, which must be x-callback-url.
        guard colon + 2 < bytes.count,
            bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/")
        else {
            throw reject(.notXCallbackURL, "expected '//x-callback-url' after the scheme", at: colon + 1)
        }
        let authorityStart = colon + 3
        var authorityEnd = authorityStart
        while authorityEnd < bytes.count, !isDelimiter(bytes[authorityEnd]) { authorityEnd += 1 }
        try checkHost(authorityStart..<authorityEnd)

        // 3. Path: the action (spec, URL Structure), decoded once and kept whole, up to the first '?' or '#'.
        let actionStart = authorityEnd < bytes.count && bytes[authorityEnd] == UInt8(ascii: "/") ? authorityEnd + 1 : authorityEnd
        var pathEnd = actionStart
        let action = try read(&pathEnd, end: bytes.count, stop: UInt8(ascii: "?"), or: UInt8(ascii: "#"), with: &reader)
        guard actionStart < pathEnd else {
            throw reject(.missingAction, "expected an action after 'x-callback-url/'", at: actionStart)
        }
        var request = ScannedRequest(scheme: scheme, action: action)

        // 4. Query (RFC 3986 §3.4) up to the first '#', and 5. fragment (§3.5).
        var queryEnd = pathEnd
        if pathEnd < bytes.count, bytes[pathEnd] == UInt8(ascii: "?") {
            queryEnd = ByteScan.firstIndex(of: UInt8(ascii: "#"), in: bytes, from: pathEnd + 1, to: bytes.count)
            try scanQuery(pathEnd + 1..<queryEnd, into: &request, with: &reader)
        }
        if queryEnd < bytes.count {
            var index = queryEnd + 1
            let percent = UInt8(ascii: "%")
            request.fragment = try read(&index, end: bytes.count, stop: percent, or: percent, with: &reader)
        }
        return request
    }

    // MARK: - Components

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
        let host = try PercentEncoding.decode(bytes, in: range, quoting: text)
        guard Self.isXCallbackURLHost(host.utf8) else {
            throw reject(.notXCallbackURL, "expected the host 'x-callback-url'", at: range.lowerBound)
        }
    }

    /// Splits the query at every '&', then each piece at its first '=', and decodes names and values once.
    func scanQuery(
        _ range: Range<Int>, into request: inout ScannedRequest, with reader: inout ComponentReader
    ) throws(XCallbackRejection) {
        let ampersand = UInt8(ascii: "&"), equals = UInt8(ascii: "=")
        var pieceStart = range.lowerBound
        while pieceStart < range.upperBound {
            var index = pieceStart
            let name = try read(&index, end: range.upperBound, stop: ampersand, or: equals, with: &reader)
            if index == pieceStart, index == range.upperBound || bytes[index] == ampersand {
                pieceStart = index + 1  // An empty piece ('&&', a trailing '&') holds no parameter.
                continue
            }
            var value: Range<Int>?
            if index < range.upperBound, bytes[index] == equals {
                index += 1
                value = try read(&index, end: range.upperBound, stop: ampersand, or: ampersand, with: &reader)
            }
            if let field = reader.reservedField(name) {
                try store(value ?? name.upperBound..<name.upperBound, in: field, at: pieceStart, into: &request)
            } else {
                if request.parameters.isEmpty { request.parameters.reserveCapacity(4) }
                request.parameters.append(ParameterBounds(name: name, value: value))
            }
            pieceStart = index + 1
        }
    }

    /// Stores the value of a reserved parameter, which may appear at most once.
    func store(
        _ value: Range<Int>, in field: ReservedField, at offset: Int, into request: inout ScannedRequest
    ) throws(XCallbackRejection) {
        let isNew: Bool
        switch field {
        case .source: (isNew, request.source) = (request.source == nil, value)
        case .success: (isNew, request.success) = (request.success == nil, value)
        case .error: (isNew, request.error) = (request.error == nil, value)
        case .cancel: (isNew, request.cancel) = (request.cancel == nil, value)
        }
        guard isNew else {
            throw reject(.duplicateReservedParameter, "'\(field.rawValue)' must appear at most once", at: offset)
        }
    }

    @inline(__always)
    func read(
        _ index: inout Int, end: Int, stop: UInt8, or other: UInt8, with reader: inout ComponentReader
    ) throws(XCallbackRejection) -> Range<Int> {
        do {
            return try reader.read(&index, end: end, stop: stop, or: other)
        } catch {
            throw error.rejection(quoting: text)
        }
    }

    // MARK: - Helpers

    /// Whether `byte` may stand in a scheme: a letter, or after the first place also a digit, `+`, `-` or `.`.
    @inline(__always)
    static func isSchemeByte(_ byte: UInt8, first: Bool) -> Bool {
        let folded = byte | 0x20
        if folded >= UInt8(ascii: "a") && folded <= UInt8(ascii: "z") { return true }
        if first { return false }
        return (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

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

    /// Whether `byte` ends the authority: '/', '?' or '#'.
    @inline(__always)
    func isDelimiter(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "/")
    }
}

/// The four parameters the spec reserves, which a request keeps in fields of their own.
enum ReservedField: String {
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

    private static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        let expected = literal.utf8Start
        for index in 0..<bytes.count where bytes[index] != expected[index] { return false }
        return true
    }
}
