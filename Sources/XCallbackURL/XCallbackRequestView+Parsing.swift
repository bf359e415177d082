// Parsing into a view: the scanner's components become ranges of one string.
//
// 1. Screen the input once (control characters, whether any `%` or non-ASCII byte occurs) and check the scheme.
// 2. Nothing to decode (no `%`, a lowercase scheme): every component is a range of the input as given.
// 3. Otherwise every component is decoded in turn into a buffer as long as the input (decoding only shortens),
//    scheme lowercased, and the buffer is copied once into the view's string; components are ranges of it.

extension XCallbackRequestView {
    /// Parses an incoming x-callback-url as strictly as `XCallbackRequest(parsing:)`.
    ///
    /// - Throws: an `XCallbackRejection` whose category says why and whose offset points at the offending byte.
    public init(parsing url: String) throws(XCallbackRejection) {
        // `withUTF8` may make a native copy of `url`; rejections quote the text as given, which has the same bytes.
        var native = url
        var parts = ScannedRequest(scheme: 0..<0, action: 0..<0)
        var parameters: [ParameterBounds] = []
        var decoded: String?
        var failure: XCallbackRejection?
        native.withUTF8 { bytes in
            do throws(XCallbackRejection) {
                decoded = try Self.scan(bytes, text: url, into: &parts, parameters: &parameters)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        self.storage = decoded ?? native
        self.parts = parts
        parameterBounds = parameters
    }

    /// Parses an incoming x-callback-url given as bytes, which must be well-formed UTF-8.
    ///
    /// - Throws: `invalid-utf8` for ill-formed input, otherwise as `init(parsing:)`.
    public init(parsingUTF8 bytes: some Collection<UInt8>) throws(XCallbackRejection) {
        try self.init(parsing: XCallbackRequest.validatedText(bytes))
    }

    /// Scans `bytes` into `parts`; returns the decoded copy the ranges point into, or `nil` when they point into `bytes`.
    private static func scan(
        _ bytes: UnsafeBufferPointer<UInt8>, text: String, into parts: inout ScannedRequest,
        parameters: inout [ParameterBounds]
    ) throws(XCallbackRejection) -> String? {
        let scanner = RequestScanner(bytes: bytes, text: text)
        // 1.
        let (colon, screening, schemeHasUppercase) = try scanner.screen()
        // 2.
        guard screening.hasPercent || schemeHasUppercase else {
            var reader = InputReader(source: bytes)
            parts = try scanner.scan(after: colon, with: &reader, parameters: &parameters)
            return nil
        }
        // 3. Decoded into a temporary buffer (on the stack for short URLs) and copied once into a string, which
        // costs less than the standard library's UTF-8 check of a string decoded in place.
        let result = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { buffer in
            Result { () throws(XCallbackRejection) -> String in
                var reader = BufferReader(source: bytes, target: buffer.baseAddress.unsafelyUnwrapped)
                parts = try scanner.scan(after: colon, with: &reader, parameters: &parameters)
                return String(
                    checkedUTF8: UnsafeBufferPointer(rebasing: buffer[..<reader.written]),
                    isASCII: screening.isASCII && !reader.decodedNonASCII)
            }
        }
        return try result.get()
    }
}

extension XCallbackRequest {
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

