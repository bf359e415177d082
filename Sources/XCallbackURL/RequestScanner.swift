// The strict reference parser (target-app role), shared by `XCallbackRequest` and
// `XCallbackRequestBorrowedView`.
//
// Works on UTF-8 bytes in one forward pass, with no recursion, so its cost is linear in the input's length.
// Steps follow RFC 3986 §3: scheme, authority, path, query, fragment; each component is split off before
// it is percent-decoded (§2.4), and decoded exactly once by a reader (ComponentReader.swift). The result is
// the components' places in the reader's buffer, or in the input when nothing needs decoding; the order of
// the checks, and so which rejection an input gets, is this file's alone.

/// Where the components of a parsed request lie: UTF-8 offsets into the input, or into the buffer decoded into.
@usableFromInline
struct ScannedRequest: Sendable {
    @usableFromInline var scheme: Range<Int>
    @usableFromInline var action: Range<Int>
    @usableFromInline var source: Range<Int>?
    @usableFromInline var success: Range<Int>?
    @usableFromInline var error: Range<Int>?
    @usableFromInline var cancel: Range<Int>?
    @usableFromInline var fragment: Range<Int>?
}

/// Receives the action parameters in order, as the scanner finds them.
protocol ParameterSink {
    /// One parameter whose decoded name and value `reader` has at these ranges, valid until the parse ends.
    mutating func append(name: Range<Int>, value: Range<Int>?, from reader: some ComponentReading)
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
    /// - Returns: the index of the scheme's `:`, whether the input holds a `%` and whether it is all ASCII
    ///   (from `ByteScan.screen`), and whether the scheme has an uppercase letter.
    func screen(
        countingAmpersands: Bool = false
    ) throws(XCallbackRejection) -> (colon: Int, screening: ByteScan.Screening, schemeHasUppercase: Bool) {
        // 0. Raw control characters are never part of a URI (RFC 3986 §2).
        let screening =
            countingAmpersands
            ? ByteScan.screen(bytes, countingAmpersands: true) : ByteScan.screen(bytes, countingAmpersands: false)
        if let control = screening.control {
            throw reject(.invalidCharacter, "a raw control character is not allowed in a URL; percent-encode it", at: control)
        }

        // 1. Scheme (RFC 3986 §3.1): ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), up to the first ':'.
        var uppercase = false
        var index = 0
        while index < bytes.count, bytes[index] != UInt8(ascii: ":") {
            let byte = bytes[index]
            guard XCallbackRequest.isSchemeByte(byte, first: index == 0) else {
                // Without any ':' there is no scheme at all, which is the error to report.
                guard ByteScan.firstIndex(of: UInt8(ascii: ":"), in: bytes, from: index, to: bytes.count) < bytes.count else { break }
                throw reject(.invalidScheme, "a scheme is a letter followed by letters, digits, '+', '-' or '.'", at: index)
            }
            uppercase = uppercase || byte &- UInt8(ascii: "A") < 26
            index += 1
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
            throw reject(.invalidScheme, "expected a scheme followed by ':'", at: 0)
        }
        guard index > 0 else { throw reject(.invalidScheme, "the scheme must not be empty", at: 0) }
        return (index, screening, uppercase)
    }

    /// Steps 2 to 5, after `screen()`: authority, path, query and fragment.
    @inline(__always)
    func scan<Reader: ComponentReading, Sink: ParameterSink>(
        after colon: Int, with reader: inout Reader, parameters: inout Sink
    ) throws(XCallbackRejection) -> ScannedRequest {
        var request = ScannedRequest(scheme: 0..<0, action: 0..<0)
        try scan(after: colon, with: &reader, parameters: &parameters, into: &request)
        return request
    }

    /// Steps 2 to 5, written into `request` where it lies (which spares a copy of its 145 bytes).
    func scan<Reader: ComponentReading, Sink: ParameterSink>(
        after colon: Int, with reader: inout Reader, parameters: inout Sink, into request: inout ScannedRequest
    ) throws(XCallbackRejection) {
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
        try checkHost(authorityStart..<authorityEnd, decoding: reader.decodes)

        // 3. Path: the action (spec, URL Structure), decoded once and kept whole, up to the first '?' or '#'.
        let actionStart = authorityEnd < bytes.count && bytes[authorityEnd] == UInt8(ascii: "/") ? authorityEnd + 1 : authorityEnd
        var pathEnd = actionStart
        let action = try read(&pathEnd, end: bytes.count, stops: .action, with: &reader)
        guard actionStart < pathEnd else {
            throw reject(.missingAction, "expected an action after 'x-callback-url/'", at: actionStart)
        }
        request = ScannedRequest(scheme: scheme, action: action)

        // 4. Query (RFC 3986 §3.4) up to the first '#', and 5. fragment (§3.5).
        var queryEnd = pathEnd
        if pathEnd < bytes.count, bytes[pathEnd] == UInt8(ascii: "?") {
            queryEnd = try scanQuery(from: pathEnd + 1, into: &request, parameters: &parameters, with: &reader)
        }
        if queryEnd < bytes.count {
            var index = queryEnd + 1
            request.fragment = try read(&index, end: bytes.count, stops: .none, with: &reader)
        }
    }

    // MARK: - Components

    /// Checks the host; `decoding` says whether the input holds a `%`, which only then may spell it.
    func checkHost(_ range: Range<Int>, decoding: Bool) throws(XCallbackRejection) {
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
        let isHost =
            decoding
            ? Self.isXCallbackURLHost(try PercentEncoding.decode(bytes, in: range, quoting: text).utf8)
            : Self.isXCallbackURLHost(UnsafeBufferPointer(rebasing: bytes[range]))
        guard isHost else {
            throw reject(.notXCallbackURL, "expected the host 'x-callback-url'", at: range.lowerBound)
        }
    }

    /// Splits the query that starts at `start` at every '&', then each piece at its first '=', and decodes names
    /// and values once, up to the first '#' or the end of the input; returns where the query ends.
    func scanQuery<Reader: ComponentReading, Sink: ParameterSink>(
        from start: Int, into request: inout ScannedRequest, parameters: inout Sink, with reader: inout Reader
    ) throws(XCallbackRejection) -> Int {
        let equals = UInt8(ascii: "=")
        var pieceStart = start
        while pieceStart < bytes.count {
            var index = pieceStart
            let name = try read(&index, end: bytes.count, stops: .name, with: &reader)
            var value: Range<Int>?
            if index < bytes.count, bytes[index] == equals {
                index += 1
                value = try read(&index, end: bytes.count, stops: .value, with: &reader)
            } else if index == pieceStart {
                // An empty piece ('&&', a trailing '&', '?#') holds no parameter.
                if index < bytes.count, bytes[index] == UInt8(ascii: "#") { return index }
                pieceStart = index + 1
                continue
            }
            if let field = reader.reservedField(name) {
                try store(value ?? name.upperBound..<name.upperBound, in: field, at: pieceStart, into: &request)
            } else {
                parameters.append(name: name, value: value, from: reader)
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "#") { return index }
            pieceStart = index + 1
        }
        return bytes.count
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
        _ index: inout Int, end: Int, stops: ByteScan.Stops, with reader: inout some ComponentReading
    ) throws(XCallbackRejection) -> Range<Int> {
        do {
            return try reader.read(&index, end: end, stops: stops)
        } catch {
            throw error.rejection(quoting: text)
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
        // Reserved names are 7 to 9 bytes starting with 'x': most names leave after two byte tests. The rest are
        // compared as two overlapping words: the first and the last four or eight bytes, little-endian.
        guard (7...9).contains(name.count), name[0] == UInt8(ascii: "x"), let base = name.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        if name.count == 7 {
            let head = UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self))
            let tail = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 3, as: UInt32.self))
            guard head == 0x7265_2D78, tail == 0x726F_7272 else { return nil }  // "x-er", "rror"
            self = .error
            return
        }
        let head = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
        let tail = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: name.count - 8, as: UInt64.self))
        switch (name.count, head, tail) {
        case (8, 0x6563_7275_6F73_2D78, _): self = .source  // "x-source"
        case (8, 0x6C65_636E_6163_2D78, _): self = .cancel  // "x-cancel"
        case (9, 0x7365_6363_7573_2D78, 0x7373_6563_6375_732D): self = .success  // "x-succes", "-success"
        default: return nil
        }
    }
}
