// Reading one component, in one of three ways:
//
// 1. In place (`target` nil): nothing needs decoding (no `%`), so a component is a range of the input.
// 2. Into one buffer (`target`): every component is decoded in turn into one buffer as long as the input, and
//    is a range of it. The buffer is on the stack for short URLs.
// 3. One string each (`separate`, for inputs over 64 KiB that need decoding): ComponentReader+SeparateStrings.swift.
//
// The reader holds no reference-counted value, so passing it around costs nothing: mode 3's strings live in
// an array the parse owns, reached through a pointer.

/// Reads components as ranges: of the input when `target` is `nil`, else of `target`, where it decodes them,
/// or (mode 3) as handles to strings of their own.
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
    /// Mode 3: the array the components are decoded into, one string each; `nil` in modes 1 and 2.
    let separate: UnsafeMutablePointer<[String]>?

    /// Whether components are percent-decoded (modes 2 and 3).
    var decodes: Bool { target != nil || separate != nil }

    /// Where the components' ranges point: `target`, or the input when nothing is decoded.
    var output: UnsafePointer<UInt8> { target.map { UnsafePointer($0) } ?? source }

    init(source: UnsafeBufferPointer<UInt8>, target: UnsafeMutablePointer<UInt8>?) {
        self.source = source.baseAddress.unsafelyUnwrapped
        count = source.count
        self.target = target
        separate = nil
    }

    mutating func scheme(_ range: Range<Int>) -> Range<Int> {
        if let separate { return Self.schemeString(range, of: source, into: separate) }
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
        if let separate {
            return try Self.readString(&index, end: end, stops: stops, of: source, count, into: separate)
        }
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
        if let separate { return Self.reservedField(name, in: separate) }
        return ReservedField(UnsafeBufferPointer(start: output + name.lowerBound, count: name.count))
    }

    /// The component at `bounds` as a string; `isASCII` says that every component is ASCII (modes 1 and 2).
    @inline(__always)
    func string(_ bounds: Range<Int>, isASCII: Bool) -> String {
        if let separate { return bounds.isEmpty ? "" : separate.pointee[bounds.lowerBound] }
        return String(component: bounds, of: output, isASCII: isASCII)
    }
}
