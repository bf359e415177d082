// Mode 4 of ComponentReader.swift: components are read where they lie in the input, and only those that hold a
// `%` (or the scheme, when it has an uppercase letter) are written, decoded, into a scratch buffer the caller
// owns (`XCallbackRequestBorrowedView`).
//
// A range at or past the input's length lies in the scratch buffer, offset by that length: one `Range<Int>`
// names either place, so the scanner and the parameters' places need no second kind of bounds.

/// Mode 4: a component is a range of the input, or of `target` (offset by the input's length) when it was decoded.
struct ScratchReader: ComponentReading {
    /// The input's bytes.
    let source: UnsafeBufferPointer<UInt8>
    /// Where decoded components go, one after another: room for as many bytes as the input has.
    let target: UnsafeMutablePointer<UInt8>
    /// The number of bytes written to `target`.
    private(set) var written = 0

    init(source: UnsafeBufferPointer<UInt8>, target: UnsafeMutablePointer<UInt8>) {
        self.source = source
        self.target = target
    }

    var decodes: Bool { true }

    /// The bytes a range names: of the input below its length, else of `target`.
    @inline(__always)
    func bytes(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        XCallbackRequestBorrowedView.bytes(
            range, input: source.baseAddress.unsafelyUnwrapped, inputCount: source.count, decoded: target)
    }

    mutating func scheme(_ range: Range<Int>) -> Range<Int> {
        guard range.contains(where: { source[$0] &- UInt8(ascii: "A") < 26 }) else { return range }
        let start = written
        for index in range {
            let byte = source[index]
            target[written] = byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
            written += 1
        }
        return source.count + start..<source.count + written
    }

    @inline(__always)
    mutating func read(
        _ index: inout Int, end: Int, stops: ByteScan.Stops
    ) throws(PercentEncoding.DecodeFailure) -> Range<Int> {
        let start = index
        index = ByteScan.firstIndex(of: stops, orPercent: true, in: source, from: index, to: end)
        guard index < end, source[index] == UInt8(ascii: "%") else { return start..<index }
        // Decoded from the component's start: the raw bytes before the `%` are copied on the way. (Looked at twice,
        // then; copying them apart and decoding from the `%` was slower: the mix 198 ns a URL against 190.) Every
        // component decodes to at most its own length and starts after the ones before it, so `target` has the
        // room the decoder's block writes need (up to the input's end).
        index = start
        let first = written
        var highOctets = false
        if let failure = PercentEncoding.decodeComponent(
            from: source.baseAddress.unsafelyUnwrapped, &index, end: end, readable: source.count, stops: stops,
            into: target, &written, highOctets: &highOctets)
        {
            throw failure
        }
        return source.count + first..<source.count + written
    }

    @inline(__always)
    func reservedField(_ name: Range<Int>) -> ReservedField? { ReservedField(bytes(name)) }

    @inline(__always)
    func string(_ bounds: Range<Int>, isASCII: Bool) -> String {
        let bytes = bytes(bounds)
        return String(component: 0..<bytes.count, of: bytes.baseAddress.unsafelyUnwrapped, isASCII: isASCII)
    }
}
