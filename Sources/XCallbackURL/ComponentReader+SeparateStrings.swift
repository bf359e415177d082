// Mode 3 of reading components: one `String` each, for inputs over 64 KiB that need decoding.
//
// Why: a long input decoded into one buffer and then copied out needs two blocks of its size at once, and
// glibc's allocator, depending on what it was asked before, can give such a pair back to the system on every
// free, so that each parse page-faults both in again (a 10 MB URL took 12 ms, now about 2.7). Here each
// component is decoded into a string of its own (PercentEncoding+LongComponents.swift), so the largest block
// is the largest component's string. A component's "range" is a handle `i..<i+1` to the `i`th string; the
// empty range the scanner makes for a key without `=` stands for the empty string.

/// Mode 3: each component of `source` is decoded into a string appended to `strings`; ranges are handles.
struct SeparateStringsReader: ComponentReading {
    /// The input's bytes.
    let source: UnsafeBufferPointer<UInt8>
    /// The strings the components are decoded into, owned by the parse.
    let strings: UnsafeMutablePointer<[String]>

    /// Whether an input of `count` bytes that needs decoding is read one string per component.
    static func readsSeparately(_ count: Int) -> Bool { count > PercentEncoding.pieceLength }

    var decodes: Bool { true }

    /// The input's bytes at `range`, lowercased, as a string of its own.
    func scheme(_ range: Range<Int>) -> Range<Int> {
        // `RequestScanner.screen()` has checked the scheme's syntax, so this is never `nil`.
        let scheme = XCallbackRequest.schemeLowercased(UnsafeBufferPointer(rebasing: source[range]))
        return handle(to: scheme ?? "")
    }

    /// Decodes the component at `index`, up to its first raw stop, into a string of its own.
    func read(_ index: inout Int, end: Int, stops: ByteScan.Stops) throws(PercentEncoding.DecodeFailure) -> Range<Int> {
        // `.none` stops at `%` only to let the decoder see it: the component runs to `end`.
        let rawEnd = stops.contains(UInt8(ascii: "%")) ? end : ByteScan.firstIndex(of: stops, in: source, from: index, to: end)
        let component = try PercentEncoding.decodeString(from: source.baseAddress.unsafelyUnwrapped, index..<rawEnd, stops: stops)
        index = rawEnd
        return handle(to: component)
    }

    /// The reserved parameter whose name is the string at handle `name`, if it is one.
    func reservedField(_ name: Range<Int>) -> ReservedField? {
        guard !name.isEmpty else { return nil }
        var text = strings.pointee[name.lowerBound]
        return text.withUTF8 { ReservedField($0) }
    }

    /// The string at handle `bounds`; the empty range stands for the empty string.
    func string(_ bounds: Range<Int>, isASCII: Bool) -> String {
        bounds.isEmpty ? "" : strings.pointee[bounds.lowerBound]
    }

    private func handle(to string: String) -> Range<Int> {
        strings.pointee.append(string)
        return strings.pointee.count - 1..<strings.pointee.count
    }
}
