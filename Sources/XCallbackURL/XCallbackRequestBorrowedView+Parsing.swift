// Parsing into a borrowed view: nothing is allocated but one scratch buffer, on the stack when it is small.
//
// 1. Screen the input once (control characters, `%`, non-ASCII, and how many `&`: at most one parameter more)
//    and check the scheme.
// 2. Make the scratch buffer: room for the components' places and the parameters', then for the decoded
//    components when the input holds a `%` or the scheme an uppercase letter.
// 3. Scan: components are ranges of the input, and those that hold a `%` are decoded into the scratch buffer
//    (`ScratchReader`); with no `%` and a lowercase scheme nothing is written but the places (`InputReader`).
// 4. Lend the view to the caller's closure.

extension XCallbackRequestBorrowedView {
    /// Parses an incoming x-callback-url as strictly as `XCallbackRequest(parsing:)` and calls `body` with its view,
    /// which, with every byte it lends, is valid only during the call.
    ///
    /// - Returns: what `body` returns.
    /// - Throws: an `XCallbackRejection` whose category says why and whose offset points at the offending byte;
    ///   `body` is then not called.
    @inlinable
    public static func withView<Result>(
        parsing url: String, _ body: (XCallbackRequestBorrowedView) -> Result
    ) throws(XCallbackRejection) -> Result {
        // The parse is not generic, so that no type's metadata is looked up per call: it lends the view to a
        // closure that keeps what `body` returns.
        var result: Result?
        try withView(parsing: url, lendingTo: { result = body($0) })
        return result.unsafelyUnwrapped
    }

    /// Parses an incoming x-callback-url given as bytes, which must be well-formed UTF-8, and calls `body` with
    /// its view, which is valid only during the call.
    ///
    /// - Throws: `invalid-utf8` for ill-formed input, otherwise as `withView(parsing:_:)`.
    public static func withView<Result>(
        parsingUTF8 bytes: some Collection<UInt8>, _ body: (XCallbackRequestBorrowedView) -> Result
    ) throws(XCallbackRejection) -> Result {
        try withView(parsing: XCallbackRequest.validatedText(bytes), body)
    }

    /// Parses `url` and lends its view to `body`.
    @usableFromInline
    static func withView(
        parsing url: String, lendingTo body: (XCallbackRequestBorrowedView) -> Void
    ) throws(XCallbackRejection) {
        // `withUTF8` may make a native copy of `url`; rejections quote the text as given, which has the same bytes.
        var native = url
        let failure = native.withUTF8 { bytes -> XCallbackRejection? in
            do throws(XCallbackRejection) {
                try parse(bytes, text: url, body)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    private static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, text: String, _ body: (XCallbackRequestBorrowedView) -> Void
    ) throws(XCallbackRejection) {
        let scanner = RequestScanner(bytes: bytes, text: text)
        // 1. (A URL that passes holds at least a scheme and its `:`, so `bytes` has a base address.)
        let (colon, screening, schemeHasUppercase) = try scanner.screen(countingAmpersands: true)
        let input = bytes.baseAddress.unsafelyUnwrapped
        // 2. The components' places first (`ScannedRequest` is too large to copy cheaply: the scan writes it there
        //    and the view points at it), then the parameters' places, then the decoded bytes.
        let decodes = screening.hasPercent || schemeHasUppercase
        let placesOffset = (MemoryLayout<ScannedRequest>.stride + 7) & ~7
        let decodedOffset = placesOffset + (screening.ampersands + 1) * 32
        let byteCount = decodedOffset + (decodes ? bytes.count + 16 : 0)
        return try withUnsafeTemporaryAllocation(byteCount: byteCount, alignment: 8) {
            scratch throws(XCallbackRejection) in
            let base = scratch.baseAddress.unsafelyUnwrapped
            let parts = base.bindMemory(to: ScannedRequest.self, capacity: 1)
            var places = ParameterPlaces(base: base + placesOffset, capacity: screening.ampersands + 1)
            let decoded = (base + decodedOffset).bindMemory(to: UInt8.self, capacity: byteCount - decodedOffset)
            // 3.
            parts.initialize(to: ScannedRequest(scheme: 0..<0, action: 0..<0))
            defer { parts.deinitialize(count: 1) }
            if decodes {
                var reader = ScratchReader(source: bytes, target: decoded)
                try scanner.scan(after: colon, with: &reader, parameters: &places, into: &parts.pointee)
            } else {
                var reader = InputReader(source: bytes)
                try scanner.scan(after: colon, with: &reader, parameters: &places, into: &parts.pointee)
            }
            // 4.
            body(
                XCallbackRequestBorrowedView(
                    input: input, inputCount: bytes.count, decoded: decoded, parts: parts,
                    places: UnsafeRawPointer(base + placesOffset), parameterCount: places.count))
        }
    }
}
