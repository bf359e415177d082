// Parsing into a request: the scanner of RequestScanner.swift, then each component copied into a `String`.
//
// The components are read in place when nothing needs decoding; otherwise the input is copied into a temporary
// buffer (on the stack for short URLs) in which each component that holds a `%` is decoded where it stands, or,
// for inputs over 64 KiB, each component is decoded into a `String` of its own
// (ComponentReader+SeparateStrings.swift says why). Each `String` is made as soon as the scanner has its range.

extension XCallbackRequest {
    /// Parses an incoming x-callback-url.
    ///
    /// - Throws: an `XCallbackRejection` whose category says why and whose offset points at the offending byte.
    public init(parsing url: String) throws(XCallbackRejection) {
        // `withUTF8` may make a native copy of `url`; rejections quote the text as given, which has the same bytes.
        var native = url
        let result = native.withUTF8 { bytes in
            Result { () throws(XCallbackRejection) in try Self.parse(bytes, text: url) }
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
        try self.init(parsing: Self.validatedText(bytes))
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, text: String) throws(XCallbackRejection) -> Self {
        let scanner = RequestScanner(bytes: bytes, text: text)
        let (colon, screening, schemeHasUppercase) = try scanner.screen()
        guard screening.hasPercent || schemeHasUppercase else {
            var reader = InputReader(source: bytes)
            var parameters = RequestParameters(isASCII: screening.isASCII)
            let parts = try scanner.scan(after: colon, with: &reader, parameters: &parameters)
            return Self(parts, from: reader, isASCII: screening.isASCII, parameters: parameters.parameters)
        }
        if SeparateStringsReader.readsSeparately(bytes.count) {
            var strings: [String] = []
            return try withUnsafeMutablePointer(to: &strings) { pointer throws(XCallbackRejection) in
                var reader = SeparateStringsReader(source: bytes, strings: pointer)
                var parameters = RequestParameters(isASCII: false)
                let parts = try scanner.scan(after: colon, with: &reader, parameters: &parameters)
                return Self(parts, from: reader, isASCII: false, parameters: parameters.parameters)
            }
        }
        // A copy of the input on the stack (for short URLs), in which the components that hold a `%` are decoded.
        let result = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { buffer in
            Result { () throws(XCallbackRejection) in
                let copy = buffer.baseAddress.unsafelyUnwrapped
                copy.initialize(from: bytes.baseAddress.unsafelyUnwrapped, count: bytes.count)
                var reader = InPlaceReader(source: bytes, target: copy)
                // Whether the input is ASCII holds for escapes too only once they are all decoded: the parameters look.
                var parameters = RequestParameters(isASCII: screening.isASCII && !screening.hasPercent)
                let parts = try scanner.scan(after: colon, with: &reader, parameters: &parameters)
                return Self(
                    parts, from: reader, isASCII: screening.isASCII && !reader.decodedNonASCII,
                    parameters: parameters.parameters)
            }
        }
        return try result.get()
    }
}

extension XCallbackRequest {
    /// Creates the request whose components `reader` has at `parts`, each copied into a `String` of its own.
    ///
    /// The reader's output must be well-formed UTF-8 split on scalar boundaries at `parts`; `isASCII` says that
    /// all of it is ASCII, and when false each component is looked at.
    init(_ parts: ScannedRequest, from reader: some ComponentReading, isASCII: Bool, parameters: [XCallbackParameter]) {
        @inline(__always)
        func string(_ bounds: Range<Int>) -> String { reader.string(bounds, isASCII: isASCII) }
        self.init(
            scheme: string(parts.scheme), action: string(parts.action), source: parts.source.map(string),
            success: parts.success.map(string), error: parts.error.map(string), cancel: parts.cancel.map(string),
            parameters: parameters, fragment: parts.fragment.map(string))
    }

    /// The text of `bytes` when they are well-formed UTF-8.
    ///
    /// - Throws: `invalid-utf8` pointing at the first ill-formed sequence.
    static func validatedText(_ bytes: some Collection<UInt8>) throws(XCallbackRejection) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let array = Array(bytes)
            throw XCallbackRejection(
                .invalidUTF8, "the URL's bytes must be well-formed UTF-8",
                input: String(decoding: array, as: UTF8.self), offset: UTF8Validation.firstInvalidIndex(in: array))
        }
        return text
    }
}
