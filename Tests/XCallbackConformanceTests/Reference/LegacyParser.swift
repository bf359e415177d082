// The strict parser of 51ab8aa (before the contiguous-buffer rewrite), with the percent-decoder, the byte
// scans and the UTF-8 check it called, frozen here as a test-only oracle: `ParserDifferentialTests` checks
// that the reference parser gives the same request or the same rejection for every input. Do not edit to
// follow the reference; delete when the oracle is retired.

import XCallbackURL

/// The previous parser: `XCallbackRequest(parsing:)` and `XCallbackRequest(parsingUTF8:)` at 51ab8aa.
enum LegacyParser {
    /// Parses an incoming x-callback-url.
    ///
    /// - Throws: an `XCallbackRejection` whose category says why and whose offset points at the offending byte.
    static func parse(_ url: String) throws(XCallbackRejection) -> XCallbackRequest {
        var url = url
        let result = url.withUTF8 { bytes in
            Result { () throws(XCallbackRejection) in try LegacyParserRun(bytes: bytes).parse() }
        }
        return try result.get()
    }

    /// Parses an incoming x-callback-url given as bytes, which must be well-formed UTF-8.
    ///
    /// - Throws: `invalid-utf8` for ill-formed input, otherwise as `init(parsing:)`.
    static func parse(utf8 bytes: some Collection<UInt8>) throws(XCallbackRejection) -> XCallbackRequest {
        let array = Array(bytes)
        guard let text = String(validating: array, as: UTF8.self) else {
            throw XCallbackRejection(
                .invalidUTF8, "the URL's bytes must be well-formed UTF-8",
                input: String(decoding: array, as: UTF8.self), offset: firstInvalidUTF8Index(in: array))
        }
        return try parse(text)
    }

    // MARK: - Decoding

    /// `PercentEncoding.decode(_:)` at 51ab8aa.
    static func decode(_ text: String) throws(XCallbackRejection) -> String {
        let bytes = Array(text.utf8)
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(XCallbackRejection) in try decode(buffer, in: 0..<buffer.count, input: buffer) }
        }
        return try result.get()
    }

    /// Decodes the escapes of `input[range]` once; offsets in errors are relative to `input`.
    static func decode(
        _ input: UnsafeBufferPointer<UInt8>, in range: Range<Int>, input whole: UnsafeBufferPointer<UInt8>
    ) throws(XCallbackRejection) -> String {
        let firstPercent = firstIndex(of: UInt8(ascii: "%"), in: input, from: range.lowerBound, to: range.upperBound)
        if firstPercent == range.upperBound {
            // The input was validated as UTF-8 and ranges are cut at ASCII delimiters.
            return String(decoding: UnsafeBufferPointer(rebasing: input[range]), as: UTF8.self)
        }
        // Decode into the string's own storage; ill-formed UTF-8 is found before the string is made.
        var failure: XCallbackRejection?
        let decoded = String(unsafeUninitializedCapacity: range.count) { out in
            var written = firstPercent - range.lowerBound
            if written > 0 {
                _ = out.initialize(from: UnsafeBufferPointer(rebasing: input[range.lowerBound..<firstPercent]))
            }
            var index = firstPercent
            var sawHighByte = false
            while index < range.upperBound {
                let byte = input[index]
                if byte == UInt8(ascii: "%") {
                    guard index + 2 < range.upperBound,
                        let high = hexDigitValue(input[index + 1]), let low = hexDigitValue(input[index + 2])
                    else {
                        failure = XCallbackRejection(
                            .invalidPercentEncoding, "'%' must be followed by two hexadecimal digits",
                            input: String(decoding: whole, as: UTF8.self), offset: index)
                        return 0
                    }
                    let value = high << 4 | low
                    sawHighByte = sawHighByte || value >= 0x80
                    out[written] = value
                    index += 3
                } else {
                    out[written] = byte
                    index += 1
                }
                written += 1
            }
            if sawHighByte, let bad = firstInvalidUTF8Index(in: UnsafeBufferPointer(rebasing: out[..<written])) {
                failure = XCallbackRejection(
                    .invalidUTF8, "percent-encoded octets must form well-formed UTF-8",
                    input: String(decoding: whole, as: UTF8.self),
                    offset: sourceOffset(ofDecoded: bad, in: input, from: range.lowerBound))
                return 0
            }
            return written
        }
        if let failure { throw failure }
        return decoded
    }

    /// Maps the index of a decoded octet back to the input offset it came from.
    private static func sourceOffset(ofDecoded target: Int, in input: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var decoded = 0
        var index = start
        while decoded < target {
            index += input[index] == UInt8(ascii: "%") ? 3 : 1
            decoded += 1
        }
        return index
    }

    /// `PercentEncoding.hexDigitValue(_:)` at 51ab8aa.
    @inline(__always)
    static func hexDigitValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte &- UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte &- UInt8(ascii: "A") &+ 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte &- UInt8(ascii: "a") &+ 10
        default: nil
        }
    }

    // MARK: - Scans

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The index of the first `target` in `bytes[start..<end]`, or `end` when there is none.
    @inline(__always)
    static func firstIndex(of target: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var index = start
        if let base = bytes.baseAddress, end - start >= 8 {
            let raw = UnsafeRawPointer(base)
            let pattern = ones &* UInt64(target)
            while index + 8 <= end {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) ^ pattern
                let zeros = (word &- ones) & ~word & highs
                if zeros != 0 { return index + zeros.trailingZeroBitCount >> 3 }
                index += 8
            }
        }
        while index < end, bytes[index] != target { index += 1 }
        return index
    }

    /// The index of the first control character (U+0000–U+001F or U+007F) in `bytes`, or `nil`.
    static func firstControlCharacter(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        if let base = bytes.baseAddress, bytes.count >= 8 {
            let raw = UnsafeRawPointer(base)
            let delete = ones &* 0x7F
            while index + 8 <= bytes.count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let below = (word &- ones &* 0x20) & ~word & highs
                let deletes = ((word ^ delete) &- ones) & ~(word ^ delete) & highs
                if below | deletes != 0 { break }
                index += 8
            }
        }
        while index < bytes.count {
            if bytes[index] < 0x20 || bytes[index] == 0x7F { return index }
            index += 1
        }
        return nil
    }

    // MARK: - UTF-8

    /// Returns the index of the first ill-formed sequence in `bytes`, or `nil` when all of it is well-formed.
    static func firstInvalidUTF8Index<Bytes: RandomAccessCollection>(in bytes: Bytes) -> Int?
    where Bytes.Element == UInt8, Bytes.Index == Int {
        var index = bytes.startIndex
        let end = bytes.endIndex
        while index < end {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var lower: UInt8 = 0x80
            var upper: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; upper = 0x9F
            case 0xF0: length = 4; lower = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; upper = 0x8F
            default: return index
            }
            guard index + length <= end else { return index }
            let second = bytes[index + 1]
            guard second >= lower, second <= upper else { return index }
            for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 {
                return index
            }
            index += length
        }
        return nil
    }

    // MARK: - Scheme

    /// The scheme lowercased when `bytes` are RFC 3986 §3.1 scheme syntax, else `nil`.
    static func schemeLowercased(_ bytes: some Collection<UInt8>) -> String? {
        var index = 0
        for byte in bytes {
            guard isSchemeByte(byte, first: index == 0) else { return nil }
            index += 1
        }
        guard index > 0 else { return nil }
        return String(unsafeUninitializedCapacity: index) { out in
            for (offset, byte) in bytes.enumerated() {
                out[offset] = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
            }
            return index
        }
    }

    /// Whether `byte` may stand in a scheme: a letter, or after the first place also a digit, `+`, `-` or `.`.
    @inline(__always)
    static func isSchemeByte(_ byte: UInt8, first: Bool) -> Bool {
        let folded = byte | 0x20
        if folded >= UInt8(ascii: "a") && folded <= UInt8(ascii: "z") { return true }
        if first { return false }
        return (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
}

/// One parse of one URL; holds the input's bytes and reports offsets into them.
private struct LegacyParserRun {
    let bytes: UnsafeBufferPointer<UInt8>

    func reject(_ category: RejectionCategory, _ message: String, at offset: Int) -> XCallbackRejection {
        XCallbackRejection(category, message, input: String(decoding: bytes, as: UTF8.self), offset: offset)
    }

    func parse() throws(XCallbackRejection) -> XCallbackRequest {
        // 0. Raw control characters are never part of a URI (RFC 3986 §2).
        if let index = LegacyParser.firstControlCharacter(in: bytes) {
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
            queryEnd = LegacyParser.firstIndex(of: UInt8(ascii: "#"), in: bytes, from: pathEnd + 1, to: bytes.count)
        }
        var request = XCallbackRequest(scheme: scheme, action: action)
        if pathEnd < queryEnd {
            request.parameters.reserveCapacity(4)
            try parseQuery(pathEnd + 1..<queryEnd, into: &request)
        }
        if queryEnd < bytes.count {
            request.fragment = try decode(queryEnd + 1..<bytes.count)
        }
        return request
    }

    // MARK: - Components

    func parseScheme(upTo colon: Int) throws(XCallbackRejection) -> String {
        guard colon > 0 else { throw reject(.invalidScheme, "the scheme must not be empty", at: 0) }
        let scheme = UnsafeBufferPointer(rebasing: bytes[..<colon])
        guard let lowered = LegacyParser.schemeLowercased(scheme) else {
            let bad = scheme.indices.first { !LegacyParser.isSchemeByte(scheme[$0], first: $0 == 0) } ?? 0
            throw reject(.invalidScheme, "a scheme is a letter followed by letters, digits, '+', '-' or '.'", at: bad)
        }
        return lowered
    }

    func checkHost(_ range: Range<Int>) throws(XCallbackRejection) {
        for index in range {
            if bytes[index] == UInt8(ascii: "@") {
                throw reject(.invalidAuthority, "userinfo ('@') is not allowed before x-callback-url", at: index)
            }
            if bytes[index] == UInt8(ascii: ":") {
                throw reject(.invalidAuthority, "a port (':') is not allowed after x-callback-url", at: index)
            }
        }
        if range.count == 14, Self.isXCallbackURLHost(UnsafeBufferPointer(rebasing: bytes[range])) { return }
        let host = try decode(range)
        guard host.utf8.count == 14, Self.isXCallbackURLHost(host.utf8) else {
            throw reject(.notXCallbackURL, "expected the host 'x-callback-url'", at: range.lowerBound)
        }
    }

    func parseQuery(_ range: Range<Int>, into request: inout XCallbackRequest) throws(XCallbackRejection) {
        var pieceStart = range.lowerBound
        while pieceStart <= range.upperBound {
            let pieceEnd = LegacyParser.firstIndex(of: UInt8(ascii: "&"), in: bytes, from: pieceStart, to: range.upperBound)
            if pieceStart < pieceEnd {
                let equals = LegacyParser.firstIndex(of: UInt8(ascii: "="), in: bytes, from: pieceStart, to: pieceEnd)
                let name = try decode(pieceStart..<equals)
                let value = equals == pieceEnd ? nil : try decode(equals + 1..<pieceEnd)
                try store(XCallbackParameter(name, value), at: pieceStart, into: &request)
            }
            pieceStart = pieceEnd + 1
        }
    }

    func store(
        _ parameter: XCallbackParameter, at offset: Int, into request: inout XCallbackRequest
    ) throws(XCallbackRejection) {
        // Reserved names are 7 to 9 bytes starting with 'x': most names leave after two byte tests.
        let name = parameter.name.utf8
        guard (7...9).contains(name.count), name.first == UInt8(ascii: "x") else {
            request.parameters.append(parameter)
            return
        }
        let value = parameter.value ?? ""
        let previous: String?
        switch parameter.name {
        case "x-source": (previous, request.source) = (request.source, value)
        case "x-success": (previous, request.success) = (request.success, value)
        case "x-error": (previous, request.error) = (request.error, value)
        case "x-cancel": (previous, request.cancel) = (request.cancel, value)
        default:
            request.parameters.append(parameter)
            return
        }
        guard previous == nil else {
            throw reject(.duplicateReservedParameter, "'\(parameter.name)' must appear at most once", at: offset)
        }
    }

    // MARK: - Helpers

    /// Whether `host` is `x-callback-url` in any mix of ASCII case (RFC 3986 §3.2.2).
    static func isXCallbackURLHost(_ host: some Sequence<UInt8>) -> Bool {
        var expected = "x-callback-url".utf8.makeIterator()
        for byte in host {
            let folded = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
            guard folded == expected.next() else { return false }
        }
        return expected.next() == nil
    }

    func decode(_ range: Range<Int>) throws(XCallbackRejection) -> String {
        try LegacyParser.decode(bytes, in: range, input: bytes)
    }

    @inline(__always)
    func isDelimiter(_ byte: UInt8, including slash: UInt8?) -> Bool {
        byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") || byte == slash
    }
}
