// Mode 3 of reading components: one `String` each, for inputs over 64 KiB that need decoding.
//
// Why: a long input decoded into one buffer and then copied out needs two blocks of its size at once, and
// glibc's allocator, depending on what it was asked before, can give such a pair back to the system on every
// free, so that each parse page-faults both in again (a 10 MB URL took 12 ms, now about 2.7). Here each
// component is decoded into a string of its own (PercentEncoding+LongComponents.swift), so the largest block
// is the largest component's string. A component's "range" is a handle `i..<i+1` to the `i`th string; the
// empty range the scanner makes for a key without `=` stands for the empty string.

extension ComponentReader {
    /// A reader that decodes each component of `source` into a string appended to `strings` (mode 3).
    init(source: UnsafeBufferPointer<UInt8>, separate strings: UnsafeMutablePointer<[String]>) {
        self.source = source.baseAddress.unsafelyUnwrapped
        count = source.count
        target = nil
        separate = strings
    }

    /// Whether an input of `count` bytes that needs decoding is read one string per component.
    static func readsSeparately(_ count: Int) -> Bool { count > PercentEncoding.pieceLength }

    /// Mode 3's scheme: the input's bytes at `range`, lowercased, as a string of its own.
    static func schemeString(
        _ range: Range<Int>, of source: UnsafePointer<UInt8>, into strings: UnsafeMutablePointer<[String]>
    ) -> Range<Int> {
        // `RequestScanner.screen()` has checked the scheme's syntax, so this is never `nil`.
        let bytes = UnsafeBufferPointer(start: source + range.lowerBound, count: range.count)
        let scheme = XCallbackRequest.schemeLowercased(bytes)
        return handle(to: scheme ?? "", in: strings)
    }

    /// Decodes the component at `index`, up to its first raw stop, into a string of its own.
    static func readString(
        _ index: inout Int, end: Int, stops: ByteScan.Stops, of source: UnsafePointer<UInt8>, _ count: Int,
        into strings: UnsafeMutablePointer<[String]>
    ) throws(PercentEncoding.DecodeFailure) -> Range<Int> {
        // `.none` stops at `%` only to let the decoder see it: the component runs to `end`.
        let input = UnsafeBufferPointer(start: source, count: count)
        let rawEnd = stops.contains(UInt8(ascii: "%")) ? end : ByteScan.firstIndex(of: stops, in: input, from: index, to: end)
        let component = try PercentEncoding.decodeString(from: source, index..<rawEnd, stops: stops)
        index = rawEnd
        return handle(to: component, in: strings)
    }

    /// The reserved parameter whose name is the string at handle `name`, if it is one.
    static func reservedField(_ name: Range<Int>, in strings: UnsafeMutablePointer<[String]>) -> ReservedField? {
        guard !name.isEmpty else { return nil }
        var text = strings.pointee[name.lowerBound]
        return text.withUTF8 { ReservedField($0) }
    }

    private static func handle(to string: String, in strings: UnsafeMutablePointer<[String]>) -> Range<Int> {
        strings.pointee.append(string)
        return strings.pointee.count - 1..<strings.pointee.count
    }
}
