// Decoding one component of a long input into a `String` of its own, with no second block of its size.
//
// A component of up to 64 KiB is decoded into a buffer of its length and copied into its string. A longer
// one is decoded in pieces of about 64 KiB, each copied into a short string and appended to one string
// that reserved the component's length, so the only large block is the result. (Decoding straight into
// the result's storage would make the standard library check its UTF-8 again, which for non-ASCII text
// costs more than the copies.)
//
// Pieces are cut only where the whole component's decoding cannot tell the difference: never inside an
// escape, nor before a byte or an escaped octet that continues a UTF-8 sequence. The decoder reports a bad
// `%` before ill-formed UTF-8 anywhere in a component, and the first ill-formed run; piece by piece, the
// first piece's UTF-8 failure is kept while later pieces are still read for a bad `%`.

extension PercentEncoding {
    /// The length of the pieces a long component is decoded in.
    static let pieceLength = 64 * 1024

    /// Decodes `source[range]`, which holds no raw byte of `stops`, into a string.
    static func decodeString(
        from source: UnsafePointer<UInt8>, _ range: Range<Int>, stops: ByteScan.Stops
    ) throws(DecodeFailure) -> String {
        guard range.count > pieceLength else { return try decodePiece(from: source, range, stops: stops) }
        var result = ""
        result.reserveCapacity(range.count)
        var utf8Failure: DecodeFailure?
        var start = range.lowerBound
        while start < range.upperBound {
            let end = cut(source, after: start, before: range.upperBound)
            do {
                result.append(try decodePiece(from: source, start..<end, stops: stops))
            } catch {
                guard case .utf8 = error else { throw error }
                utf8Failure = utf8Failure ?? error
            }
            start = end
        }
        if let utf8Failure { throw utf8Failure }
        return result
    }

    /// Decodes `source[range]` through a buffer of its length.
    private static func decodePiece(
        from source: UnsafePointer<UInt8>, _ range: Range<Int>, stops: ByteScan.Stops
    ) throws(DecodeFailure) -> String {
        guard !range.isEmpty else { return "" }
        var failure: DecodeFailure?
        let piece = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: range.count) { buffer in
            var index = range.lowerBound
            var written = 0
            var highOctets = false
            failure = decodeComponent(
                from: source, &index, end: range.upperBound, readable: range.upperBound, stops: stops,
                into: buffer.baseAddress.unsafelyUnwrapped, &written, highOctets: &highOctets)
            return failure == nil
                ? String(checkedUTF8: UnsafeBufferPointer(rebasing: buffer[..<written]), isASCII: false) : ""
        }
        if let failure { throw failure }
        return piece
    }

    /// Where the piece that starts at `start` ends: about `pieceLength` later, at the last place before that
    /// where the component may be cut, else the first after it, else `end`.
    static func cut(_ source: UnsafePointer<UInt8>, after start: Int, before end: Int) -> Int {
        let aim = start + pieceLength
        guard aim < end else { return end }
        var place = aim
        while place > aim - 16 {
            if mayCut(source, at: place, from: start, to: end) { return place }
            place -= 1
        }
        place = aim + 1
        while place < end, !mayCut(source, at: place, from: start, to: end) { place += 1 }
        return place
    }

    /// Whether a piece may end before `source[place]`: not inside an escape, and neither the byte there nor,
    /// when it starts an escape, the octet it stands for continues a UTF-8 sequence (0x80-0xBF).
    private static func mayCut(_ source: UnsafePointer<UInt8>, at place: Int, from start: Int, to end: Int) -> Bool {
        let percent = UInt8(ascii: "%")
        guard place - 2 > start, source[place - 1] != percent, source[place - 2] != percent else { return false }
        let byte = source[place]
        guard byte == percent else { return byte & 0xC0 != 0x80 }
        guard place + 2 < end, let high = hexDigitValue(source[place + 1]), let low = hexDigitValue(source[place + 2])
        else { return false }
        return (high << 4 | low) & 0xC0 != 0x80
    }
}
