// Parsing into a UTF-8 view: one allocation holding a copy of the input, in which the components that hold a `%`
// are decoded where they stand, followed by the parameters' places.
//
// 1. Screen the input once (control characters, `%`, non-ASCII, and how many `&`: at most one parameter more)
//    and check the scheme.
// 2. Allocate the buffer: the input's bytes, then room for the parameters' places, and copy the input in.
// 3. Scan: with no `%` and a lowercase scheme the components are ranges of the copy as it is; otherwise each
//    component that holds a `%` is decoded over its own bytes (`InPlaceReader`), the scheme lowercased.

extension XCallbackRequestUTF8View {
    /// Parses an incoming x-callback-url as strictly as `XCallbackRequest(parsing:)`.
    ///
    /// - Throws: an `XCallbackRejection` whose category says why and whose offset points at the offending byte.
    public init(parsing url: String) throws(XCallbackRejection) {
        // `withUTF8` may make a native copy of `url`; rejections quote the text as given, which has the same bytes.
        var native = url
        let result = native.withUTF8 { bytes in
            Result { () throws(XCallbackRejection) in try Self.parse(bytes, text: url) }
        }
        storage = RequestStorage.Reference(object: try result.get())
    }

    /// Parses an incoming x-callback-url given as bytes, which must be well-formed UTF-8.
    ///
    /// - Throws: `invalid-utf8` for ill-formed input, otherwise as `init(parsing:)`.
    public init(parsingUTF8 bytes: some Collection<UInt8>) throws(XCallbackRejection) {
        try self.init(parsing: XCallbackRequest.validatedText(bytes))
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, text: String) throws(XCallbackRejection) -> RequestStorage {
        let scanner = RequestScanner(bytes: bytes, text: text)
        // 1.
        let (colon, screening, schemeHasUppercase) = try scanner.screen(countingAmpersands: true)
        // 2.
        let parameterCapacity = screening.ampersands + 1
        let storage = RequestStorage.make(copying: bytes, parameterCapacity: parameterCapacity)
        // 3.
        try storage.withUnsafeMutablePointers { fields, elements throws(XCallbackRejection) in
            var parameters = StorageParameters(
                base: UnsafeMutableRawPointer(elements + fields.pointee.boundsOffset), capacity: parameterCapacity)
            if screening.hasPercent || schemeHasUppercase {
                var reader = InPlaceReader(source: bytes, target: elements)
                try scanner.scan(after: colon, with: &reader, parameters: &parameters, into: &fields.pointee.parts)
            } else {
                var reader = InputReader(source: bytes)
                try scanner.scan(after: colon, with: &reader, parameters: &parameters, into: &fields.pointee.parts)
            }
            fields.pointee.parameterCount = parameters.count
        }
        return storage
    }
}
