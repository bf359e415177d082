// Word-at-a-time byte searches: sixteen bytes per step with `SIMD16` (one vector compare where the target
// has one) to pass over bytes that hold no match, then eight per step (SWAR) to find the first match.
//
// With `ones = 0x0101…01` and `highs = 0x8080…80`, `(w - ones * n) & ~w & highs` is non-zero exactly when
// some byte of `w` is below `n` (n ≤ 0x80), and its lowest set bit marks the first such byte.

/// Fast searches over UTF-8 bytes for the parser's hot loops.
enum ByteScan {
    fileprivate static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The index of the first `target` in `bytes[start..<end]`, or `end` when there is none.
    @inline(__always)
    static func firstIndex(of target: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        firstIndex(of: Stops(target, target, target), in: bytes, from: start, to: end)
    }

    /// The bytes a search stops at: up to three (repeat one to stop at fewer).
    struct Stops {
        let first: UInt8, second: UInt8, third: UInt8

        init(_ first: UInt8, _ second: UInt8, _ third: UInt8) {
            (self.first, self.second, self.third) = (first, second, third)
        }

        /// The end of the action: `?` or `#`.
        static let action = Stops(UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "#"))
        /// The end of a parameter name: `&`, `=` or the `#` that ends the query.
        static let name = Stops(UInt8(ascii: "&"), UInt8(ascii: "="), UInt8(ascii: "#"))
        /// The end of a parameter value: `&` or the `#` that ends the query.
        static let value = Stops(UInt8(ascii: "&"), UInt8(ascii: "#"), UInt8(ascii: "#"))
        /// No stop but the end: `%`, which the decoder handles before looking for stops.
        static let none = Stops(UInt8(ascii: "%"), UInt8(ascii: "%"), UInt8(ascii: "%"))

        /// Whether `byte` is one of the stops.
        @inline(__always)
        func contains(_ byte: UInt8) -> Bool { byte == first || byte == second || byte == third }

        /// A block's lanes that hold a stop.
        @inline(__always)
        func lanes(in block: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
            (block .== SIMD16(repeating: first)) .| (block .== SIMD16(repeating: second)) .| (block .== SIMD16(repeating: third))
        }

        /// The high bit of each byte of `word` that is a stop, and maybe of later bytes: the lowest marks the first.
        @inline(__always)
        func bytes(in word: UInt64) -> UInt64 {
            zeroBytes(word ^ (ones &* UInt64(first))) | zeroBytes(word ^ (ones &* UInt64(second)))
                | zeroBytes(word ^ (ones &* UInt64(third)))
        }
    }

    /// The index of the first of `stops` (or of `%` too, when `orPercent`) in `bytes[start..<end]`, or `end` when
    /// there is none.
    ///
    /// Reads sixteen bytes at a time as long as they lie in `bytes`, also past `end`; a match there is ignored.
    @inline(__always)
    static func firstIndex(
        of stops: Stops, orPercent: Bool = false, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
    ) -> Int {
        var index = start
        let percent = UInt8(ascii: "%")
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index < end, index + 16 <= bytes.count {
                let block = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
                let hits = orPercent ? stops.lanes(in: block) .| (block .== SIMD16(repeating: percent)) : stops.lanes(in: block)
                if anyLane(hits) { return min(index + firstLane(hits), end) }
                index += 16
            }
            index = min(index, end)
            while index + 8 <= end {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let matches = stops.bytes(in: word) | (orPercent ? zeroBytes(word ^ (ones &* UInt64(percent))) : 0)
                if matches != 0 { return index + matches.trailingZeroBitCount >> 3 }
                index += 8
            }
        }
        while index < end, !stops.contains(bytes[index]), !(orPercent && bytes[index] == percent) { index += 1 }
        return index
    }

    /// Whether any lane of `mask` is set, as two word tests.
    ///
    /// Not `any(_:)`, which the optimizer may leave as a call to a generic `min()` over the lanes (it did in the
    /// screen, where that call cost a third of the screen): a mask's lanes are all-ones or zero bytes.
    @inline(__always)
    static func anyLane(_ mask: SIMDMask<SIMD16<Int8>>) -> Bool {
        let lanes = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
        return lanes[0] | lanes[1] != 0
    }

    /// The lane of the first set element of `mask`, which has one.
    @inline(__always)
    static func firstLane(_ mask: SIMDMask<SIMD16<Int8>>) -> Int {
        let lanes = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
        let low = UInt64(littleEndian: lanes[0])
        return low != 0 ? low.trailingZeroBitCount >> 3 : 8 + UInt64(littleEndian: lanes[1]).trailingZeroBitCount >> 3
    }

    /// What one pass over the whole input finds: the first control character, and whether a `%` or a non-ASCII byte comes before it.
    struct Screening {
        /// The index of the first control character (U+0000–U+001F or U+007F), or `nil`.
        var control: Int?
        /// Whether a `%` occurs (before the control character, if any): with none, no component needs decoding.
        var hasPercent = false
        /// Whether every byte (before the control character, if any) is ASCII.
        var isASCII = true
        /// How many `&` occur (before the control character, if any), when counted: at most one parameter more.
        var ampersands = 0
    }

    /// Screens `bytes` sixteen at a time; see `Screening`. Counts the `&` only when `countingAmpersands`.
    @inline(__always)
    static func screen(_ bytes: UnsafeBufferPointer<UInt8>, countingAmpersands: Bool) -> Screening {
        var index = 0
        var percents: UInt64 = 0
        var high: UInt64 = 0
        var ampersands = 0
        if let base = bytes.baseAddress, bytes.count >= 8 {
            let raw = UnsafeRawPointer(base)
            let space = SIMD16<UInt8>(repeating: 0x20), deleteVector = SIMD16<UInt8>(repeating: 0x7F)
            let percentVector = SIMD16<UInt8>(repeating: UInt8(ascii: "%")), highVector = SIMD16<UInt8>(repeating: 0x80)
            let ampersandVector = SIMD16<UInt8>(repeating: UInt8(ascii: "&"))
            var seenPercent = SIMDMask<SIMD16<Int8>>(repeating: false)
            var seenHigh = SIMDMask<SIMD16<Int8>>(repeating: false)
            // Each lane counts the `&` it sees, for at most 255 blocks at a time.
            var ampersandLanes = SIMD16<UInt8>(repeating: 0)
            var blocks = 0
            // The blocks, then one last block that ends with the input and may overlap the one before: its bytes
            // are looked at twice, which changes nothing but the `&` count (an upper bound either way).
            var overlapped = false
            // Four blocks a turn while they lie in the input, with one branch for a control character among them;
            // four that hold one are left to the block-by-block loop below, which finds where it is.
            while index + 64 <= bytes.count {
                let b0 = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
                let b1 = raw.loadUnaligned(fromByteOffset: index + 16, as: SIMD16<UInt8>.self)
                let b2 = raw.loadUnaligned(fromByteOffset: index + 32, as: SIMD16<UInt8>.self)
                let b3 = raw.loadUnaligned(fromByteOffset: index + 48, as: SIMD16<UInt8>.self)
                let c0 = (b0 .< space) .| (b0 .== deleteVector)
                let c1 = (b1 .< space) .| (b1 .== deleteVector)
                let c2 = (b2 .< space) .| (b2 .== deleteVector)
                let c3 = (b3 .< space) .| (b3 .== deleteVector)
                if anyLane(c0 .| c1 .| c2 .| c3) { break }
                seenPercent .|= (b0 .== percentVector) .| (b1 .== percentVector)
                    .| (b2 .== percentVector) .| (b3 .== percentVector)
                seenHigh .|= (b0 .>= highVector) .| (b1 .>= highVector) .| (b2 .>= highVector) .| (b3 .>= highVector)
                if countingAmpersands {
                    ampersandLanes &+= SIMD16(repeating: 0).replacing(with: 1, where: b0 .== ampersandVector)
                    ampersandLanes &+= SIMD16(repeating: 0).replacing(with: 1, where: b1 .== ampersandVector)
                    ampersandLanes &+= SIMD16(repeating: 0).replacing(with: 1, where: b2 .== ampersandVector)
                    ampersandLanes &+= SIMD16(repeating: 0).replacing(with: 1, where: b3 .== ampersandVector)
                    blocks &+= 4
                    if blocks >= 252 {  // so that the loop below, one block a turn, still flushes at 255
                        ampersands &+= sum(ampersandLanes)
                        ampersandLanes = SIMD16(repeating: 0)
                        blocks = 0
                    }
                }
                index += 64
            }
            while true {
                if index + 16 > bytes.count {
                    guard !overlapped, index < bytes.count, bytes.count >= 16 else { break }
                    index = bytes.count - 16
                    overlapped = true
                }
                let block = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
                if anyLane((block .< space) .| (block .== deleteVector)) { break }
                seenPercent .|= block .== percentVector
                seenHigh .|= block .>= highVector
                if countingAmpersands {
                    ampersandLanes &+= SIMD16(repeating: 0).replacing(with: 1, where: block .== ampersandVector)
                    blocks &+= 1
                    if blocks == 255 {
                        ampersands &+= sum(ampersandLanes)
                        ampersandLanes = SIMD16(repeating: 0)
                        blocks = 0
                    }
                }
                index += 16
            }
            ampersands &+= sum(ampersandLanes)
            if anyLane(seenPercent) { percents = 1 }
            if anyLane(seenHigh) { high = 1 }
            let delete = ones &* 0x7F, percent = ones &* UInt64(UInt8(ascii: "%"))
            let ampersand = ones &* UInt64(UInt8(ascii: "&"))
            while index + 8 <= bytes.count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let below = (word &- ones &* 0x20) & ~word & highs
                if below | zeroBytes(word ^ delete) != 0 { break }
                percents |= zeroBytes(word ^ percent)
                // At least the number of `&` (a byte after one may count too): enough for an upper bound.
                if countingAmpersands { ampersands &+= zeroBytes(word ^ ampersand).nonzeroBitCount }
                high |= word & highs
                index += 8
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x20 || byte == 0x7F {
                return Screening(control: index, hasPercent: percents != 0, isASCII: high == 0, ampersands: ampersands)
            }
            if byte == UInt8(ascii: "%") { percents = 1 }
            if byte == UInt8(ascii: "&") { ampersands += 1 }
            if byte >= 0x80 { high = 1 }
            index += 1
        }
        return Screening(control: nil, hasPercent: percents != 0, isASCII: high == 0, ampersands: ampersands)
    }

    /// The sum of the sixteen lanes.
    @inline(__always)
    static func sum(_ lanes: SIMD16<UInt8>) -> Int {
        // Neighbours added in ever wider lanes, which cannot overflow.
        var words = unsafeBitCast(lanes, to: SIMD2<UInt64>.self)
        let mask = SIMD2<UInt64>(repeating: 0x00FF_00FF_00FF_00FF)
        words = (words & mask) &+ ((words &>> 8) & mask)
        words = words &+ (words &>> 16)
        words = words &+ (words &>> 32)
        return Int((words[0] & 0xFFFF) &+ (words[1] & 0xFFFF))
    }

    /// Whether every byte of `bytes` is ASCII, eight at a time.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var index = 0
        var high: UInt64 = 0
        while index + 8 <= bytes.count {
            high |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < bytes.count {
            high |= UInt64(bytes[index])
            index += 1
        }
        return high & highs == 0
    }

    /// Copies `source[index...]` to `target[written...]` up to the first `%` or one of `stops`, or `end`, advancing both.
    ///
    /// Reads sixteen bytes at a time as long as they lie below `readable` (which may be past `end`) and writes each
    /// block whole, so up to sixteen bytes past the stop may be written: `target` must have room for
    /// `readable - index` bytes after `written`. The bytes past the stop are left for the caller to overwrite.
    @inline(__always)
    static func copy(
        from source: UnsafePointer<UInt8>, _ index: inout Int, upTo stops: Stops, end: Int,
        readable: Int, to target: UnsafeMutablePointer<UInt8>, _ written: inout Int
    ) {
        let raw = UnsafeRawPointer(source)
        let out = UnsafeMutableRawPointer(target)
        let percent = UInt8(ascii: "%")
        let percentVector = SIMD16<UInt8>(repeating: percent)
        while index < end, index + 16 <= readable {
            let block = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
            out.storeBytes(of: block, toByteOffset: written, as: SIMD16<UInt8>.self)
            let hits = (block .== percentVector) .| stops.lanes(in: block)
            let found = anyLane(hits)
            if found || index + 16 >= end {
                let length = min(found ? firstLane(hits) : 16, end - index)
                index += length
                written += length
                return
            }
            index += 16
            written += 16
        }
        let percentPattern = ones &* UInt64(percent)
        while index + 8 <= end {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            out.storeBytes(of: word, toByteOffset: written, as: UInt64.self)
            let value = UInt64(littleEndian: word)
            let matches = zeroBytes(value ^ percentPattern) | stops.bytes(in: value)
            if matches != 0 {
                let length = matches.trailingZeroBitCount >> 3
                index += length
                written += length
                return
            }
            index += 8
            written += 8
        }
        while index < end {
            let byte = source[index]
            if byte == percent || stops.contains(byte) { return }
            target[written] = byte
            index += 1
            written += 1
        }
    }

    /// The high bit of the first zero byte of `word` and maybe of later bytes: its lowest set bit marks the first zero.
    @inline(__always)
    fileprivate static func zeroBytes(_ word: UInt64) -> UInt64 {
        (word &- ones) & ~word & highs
    }
}
