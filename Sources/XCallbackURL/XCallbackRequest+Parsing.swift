// Parsing into a request: the scanner of RequestScanner.swift, then each component copied into a `String`.
//
// The components are decoded into one temporary buffer (on the stack for short URLs) rather than into a
// string of their own each, as an `XCallbackRequestView` is; each `String` is then made from its range.

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
        let (colon, hasPercent, schemeHasUppercase) = try scanner.screen()
        guard hasPercent || schemeHasUppercase else {
            var reader = ComponentReader(source: bytes, target: nil)
            return Self(try scanner.scan(after: colon, with: &reader), in: bytes)
        }
        let result = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { buffer in
            Result { () throws(XCallbackRejection) in
                var reader = ComponentReader(source: bytes, target: buffer.baseAddress.unsafelyUnwrapped)
                let parts = try scanner.scan(after: colon, with: &reader)
                return Self(parts, in: UnsafeBufferPointer(rebasing: buffer[..<reader.written]))
            }
        }
        return try result.get()
    }
}
