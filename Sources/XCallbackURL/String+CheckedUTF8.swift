// Making a `String` from bytes the parser has already proved well-formed, without the standard library's
// own UTF-8 check (which costs about ten instructions per byte of non-ASCII text).
//
// The proof: the parser's input is a `String`, so its raw runs are well-formed, and every run of escapes is
// checked when it is decoded (PercentEncoding+Decoding.swift); `ParserDifferentialTests` compare the result
// with the previous parser, which let the standard library check everything.

extension String {
    /// A string of `bytes`, which must be well-formed UTF-8; `isASCII` must be true only when every byte is.
    @inline(__always)
    init(checkedUTF8 bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) {
        if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
            self.init(copying: UTF8Span(unchecked: Span(_unsafeElements: bytes), isKnownASCII: isASCII))
        } else {
            self.init(decoding: bytes, as: UTF8.self)
        }
    }

    /// The component at `bounds` of `bytes`, checked UTF-8; `isASCII` says that all the bytes are ASCII, else they are looked at.
    @inline(__always)
    init(component bounds: Range<Int>, of bytes: UnsafePointer<UInt8>, isASCII: Bool) {
        let component = UnsafeBufferPointer(start: bytes + bounds.lowerBound, count: bounds.count)
        // Up to 15 bytes fit in a small string, which this initializer makes without a UTF-8 check when they are
        // ASCII; longer ones are copied without one.
        guard bounds.count <= 15 else {
            self.init(checkedUTF8: component, isASCII: isASCII || ByteScan.isASCII(component))
            return
        }
        self.init(unsafeUninitializedCapacity: bounds.count) { out in
            out.baseAddress.unsafelyUnwrapped.initialize(from: component.baseAddress.unsafelyUnwrapped, count: bounds.count)
            return bounds.count
        }
    }
}

/// Collects the action parameters of a request, each name and value copied into a `String` as it is found.
struct RequestParameters: ParameterSink {
    /// Whether the whole input, and so every component, is ASCII.
    let isASCII: Bool
    var parameters: [XCallbackParameter] = []

    init(isASCII: Bool) { self.isASCII = isASCII }

    mutating func append(name: Range<Int>, value: Range<Int>?, from reader: some ComponentReading) {
        if parameters.isEmpty { parameters.reserveCapacity(4) }
        parameters.append(XCallbackParameter(
            reader.string(name, isASCII: isASCII), value.map { reader.string($0, isASCII: isASCII) }))
    }
}
