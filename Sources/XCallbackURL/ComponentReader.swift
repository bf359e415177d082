// Reading one component, in one of four ways, each a reader type of its own so that the scanner is specialised
// for it and pays for no choice between them per component:
//
// 1. `InputReader`: nothing needs decoding (no `%`), so a component is a range of the input.
// 2. `InPlaceReader`: the target holds a copy of the input, and a component that holds a `%` is decoded where
//    it stands, over its own bytes; the others are left as they are (`XCallbackRequest`).
// 3. `SeparateStringsReader`, for inputs over 64 KiB that need decoding: ComponentReader+SeparateStrings.swift.
// 4. `ScratchReader`: a component that holds no `%` is a range of the input, one that does is decoded into a
//    scratch buffer (`XCallbackRequestBorrowedView`): ComponentReader+Scratch.swift.
//
// The readers hold no reference-counted value, so passing them around costs nothing.

/// Reads the components of one input as ranges, decoding them (or not) in its own way.
protocol ComponentReading {
    /// Whether the input holds a `%` and components are percent-decoded.
    var decodes: Bool { get }
    /// The scheme at `range` of the input, lowercased where the reader keeps its own bytes.
    mutating func scheme(_ range: Range<Int>) -> Range<Int>
    /// The component at `index` up to its first raw byte of `stops` (or `end`), where `index` is left.
    mutating func read(_ index: inout Int, end: Int, stops: ByteScan.Stops) throws(PercentEncoding.DecodeFailure) -> Range<Int>
    /// The reserved parameter whose decoded name lies at `name`, if it is one.
    func reservedField(_ name: Range<Int>) -> ReservedField?
    /// The component at `bounds` as a string; `isASCII` says that every component is ASCII, else it is looked at.
    func string(_ bounds: Range<Int>, isASCII: Bool) -> String
}

/// Mode 1: components are ranges of the input, which holds no `%`.
struct InputReader: ComponentReading {
    /// The input's bytes.
    let source: UnsafeBufferPointer<UInt8>

    var decodes: Bool { false }

    func scheme(_ range: Range<Int>) -> Range<Int> { range }

    @inline(__always)
    func read(_ index: inout Int, end: Int, stops: ByteScan.Stops) -> Range<Int> {
        let start = index
        index = ByteScan.firstIndex(of: stops, in: source, from: index, to: end)
        return start..<index
    }

    @inline(__always)
    func reservedField(_ name: Range<Int>) -> ReservedField? { ReservedField(UnsafeBufferPointer(rebasing: source[name])) }

    @inline(__always)
    func string(_ bounds: Range<Int>, isASCII: Bool) -> String {
        String(component: bounds, of: source.baseAddress.unsafelyUnwrapped, isASCII: isASCII)
    }
}

/// Mode 2: `target` holds a copy of the input; a component that holds a `%` is decoded over its own bytes.
///
/// A decoded component starts where its raw bytes start and is shorter than they are; the bytes after it, up
/// to the component's raw end, are left over and belong to no range.
struct InPlaceReader: ComponentReading {
    /// The input's bytes.
    let source: UnsafeBufferPointer<UInt8>
    /// The copy of the input the components are decoded in.
    let target: UnsafeMutablePointer<UInt8>
    /// Whether an escape decoded to an octet above 0x7F.
    private(set) var decodedNonASCII = false

    var decodes: Bool { true }

    func scheme(_ range: Range<Int>) -> Range<Int> {
        for index in range where source[index] &- UInt8(ascii: "A") < 26 { target[index] = source[index] | 0x20 }
        return range
    }

    @inline(__always)
    mutating func read(
        _ index: inout Int, end: Int, stops: ByteScan.Stops
    ) throws(PercentEncoding.DecodeFailure) -> Range<Int> {
        let start = index
        index = ByteScan.firstIndex(of: stops, orPercent: true, in: source, from: index, to: end)
        guard index < end, source[index] == UInt8(ascii: "%") else { return start..<index }
        return try decode(from: start, &index, end: end, stops: stops)
    }

    /// Decodes the rest of the component whose first `%` is at `index`.
    private mutating func decode(
        from start: Int, _ index: inout Int, end: Int, stops: ByteScan.Stops
    ) throws(PercentEncoding.DecodeFailure) -> Range<Int> {
        var written = index
        let input = source.baseAddress.unsafelyUnwrapped
        if let failure = PercentEncoding.decodeComponent(
            from: input, &index, end: end, readable: source.count, stops: stops, into: target, &written,
            highOctets: &decodedNonASCII)
        {
            throw failure
        }
        // The decoder writes whole blocks, up to sixteen bytes past where it read last: put those back.
        if index + 16 <= source.count {
            UnsafeMutableRawPointer(target + index).storeBytes(
                of: UnsafeRawPointer(input + index).loadUnaligned(as: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
        } else {
            for offset in index..<source.count { target[offset] = input[offset] }
        }
        return start..<written
    }

    @inline(__always)
    func reservedField(_ name: Range<Int>) -> ReservedField? {
        ReservedField(UnsafeBufferPointer(start: target + name.lowerBound, count: name.count))
    }

    @inline(__always)
    func string(_ bounds: Range<Int>, isASCII: Bool) -> String {
        String(component: bounds, of: target, isASCII: isASCII)
    }
}
