// Reading one component: its range in the input when nothing needs decoding, else its range in the buffer
// it is decoded into.

/// Reads components as ranges: of the input when `target` is `nil`, else of `target`, where it decodes them.
struct ComponentReader {
    /// The input's bytes.
    let source: UnsafePointer<UInt8>
    /// The number of bytes of the input, which is also the room in `target`.
    let count: Int
    /// Where decoded components go, or `nil` when nothing needs decoding (the input holds no `%`).
    let target: UnsafeMutablePointer<UInt8>?
    /// The number of bytes written to `target`.
    private(set) var written = 0
    /// Whether an escape decoded to an octet above 0x7F.
    private(set) var decodedNonASCII = false

    /// Where the components' ranges point: `target`, or the input when nothing is decoded.
    var output: UnsafePointer<UInt8> { target.map { UnsafePointer($0) } ?? source }

    init(source: UnsafeBufferPointer<UInt8>, target: UnsafeMutablePointer<UInt8>?) {
        self.source = source.baseAddress.unsafelyUnwrapped
        count = source.count
        self.target = target
    }

    mutating func scheme(_ range: Range<Int>) -> Range<Int> {
        guard let target else { return range }
        let start = written
        for index in range {
            let byte = source[index]
            target[written] = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
            written += 1
        }
        return start..<written
    }

    @inline(__always)
    mutating func read(
        _ index: inout Int, end: Int, stops: ByteScan.Stops
    ) throws(PercentEncoding.DecodeFailure) -> Range<Int> {
        guard let target else {
            let start = index
            index = ByteScan.firstIndex(of: stops, in: UnsafeBufferPointer(start: source, count: count), from: index, to: end)
            return start..<index
        }
        let start = written
        if let failure = PercentEncoding.decodeComponent(
            from: source, &index, end: end, readable: count, stops: stops, into: target, &written,
            highOctets: &decodedNonASCII)
        {
            throw failure
        }
        return start..<written
    }

    @inline(__always)
    func reservedField(_ name: Range<Int>) -> ReservedField? {
        ReservedField(UnsafeBufferPointer(start: output + name.lowerBound, count: name.count))
    }
}
