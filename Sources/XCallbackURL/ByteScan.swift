// Word-at-a-time byte searches: sixteen bytes per step with `SIMD16` (one vector compare where the target
// has one) to pass over bytes that hold no match, then eight per step (SWAR) to find the first match.
//
// With `ones = 0x0101…01` and `highs = 0x8080…80`, `(w - ones * n) & ~w & highs` is non-zero exactly when
// some byte of `w` is below `n` (n ≤ 0x80), and its lowest set bit marks the first such byte.

/// Fast searches over UTF-8 bytes for the parser's hot loops.
enum ByteScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The index of the first `target` in `bytes[start..<end]`, or `end` when there is none.
    @inline(__always)
    static func firstIndex(of target: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var index = start
        if let base = bytes.baseAddress, end - start >= 8 {
            let raw = UnsafeRawPointer(base)
            let splat = SIMD16<UInt8>(repeating: target)
            while index + 16 <= end, !any(raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self) .== splat) {
                index += 16
            }
            let pattern = ones &* UInt64(target)
            while index + 8 <= end {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) ^ pattern
                let zeros = (word &- ones) & ~word & highs
                if zeros != 0 { return index + zeros.trailingZeroBitCount >> 3 }
                index += 8
            }
        }
        while index < end, bytes[index] != target { index += 1 }
        return index
    }

    /// The index of the first control character (U+0000–U+001F or U+007F) in `bytes`, or `nil`.
    static func firstControlCharacter(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        if let base = bytes.baseAddress, bytes.count >= 8 {
            let raw = UnsafeRawPointer(base)
            let space = SIMD16<UInt8>(repeating: 0x20), deleteVector = SIMD16<UInt8>(repeating: 0x7F)
            while index + 16 <= bytes.count {
                let block = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
                if any((block .< space) .| (block .== deleteVector)) { break }
                index += 16
            }
            let delete = ones &* 0x7F
            while index + 8 <= bytes.count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let below = (word &- ones &* 0x20) & ~word & highs
                let deletes = ((word ^ delete) &- ones) & ~(word ^ delete) & highs
                if below | deletes != 0 { break }
                index += 8
            }
        }
        while index < bytes.count {
            if bytes[index] < 0x20 || bytes[index] == 0x7F { return index }
            index += 1
        }
        return nil
    }

    /// The index of the first `target` or `other` in `bytes[start..<end]`, or `end` when there is neither.
    ///
    /// Reads sixteen bytes at a time as long as they lie in `bytes`, also past `end`; a match there is ignored.
    @inline(__always)
    static func firstIndex(
        of target: UInt8, or other: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
    ) -> Int {
        var index = start
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            let first = SIMD16<UInt8>(repeating: target), second = SIMD16<UInt8>(repeating: other)
            while index < end, index + 16 <= bytes.count {
                let block = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
                let hits = (block .== first) .| (block .== second)
                if any(hits) { return min(index + firstLane(hits), end) }
                index += 16
            }
            index = min(index, end)
            let firstPattern = ones &* UInt64(target), secondPattern = ones &* UInt64(other)
            while index + 8 <= end {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let matches = zeroBytes(word ^ firstPattern) | zeroBytes(word ^ secondPattern)
                if matches != 0 { return index + matches.trailingZeroBitCount >> 3 }
                index += 8
            }
        }
        while index < end, bytes[index] != target, bytes[index] != other { index += 1 }
        return index
    }

    /// The lane of the first set element of `mask`, which has one.
    @inline(__always)
    static func firstLane(_ mask: SIMDMask<SIMD16<Int8>>) -> Int {
        let lanes = unsafeBitCast(SIMD16<UInt8>(repeating: 0).replacing(with: 0xFF, where: mask), to: SIMD2<UInt64>.self)
        let low = UInt64(littleEndian: lanes[0])
        return low != 0 ? low.trailingZeroBitCount >> 3 : 8 + UInt64(littleEndian: lanes[1]).trailingZeroBitCount >> 3
    }

    /// The first control character in `bytes` (as `firstControlCharacter`) and whether a `%` comes before it.
    ///
    /// The parser's screen of the whole input: with no control character and no `%`, no component needs decoding.
    static func screen(_ bytes: UnsafeBufferPointer<UInt8>) -> (control: Int?, hasPercent: Bool) {
        var index = 0
        var percents: UInt64 = 0
        if let base = bytes.baseAddress, bytes.count >= 8 {
            let raw = UnsafeRawPointer(base)
            let space = SIMD16<UInt8>(repeating: 0x20), deleteVector = SIMD16<UInt8>(repeating: 0x7F)
            let percentVector = SIMD16<UInt8>(repeating: UInt8(ascii: "%"))
            var seen = SIMDMask<SIMD16<Int8>>(repeating: false)
            while index + 16 <= bytes.count {
                let block = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
                if any((block .< space) .| (block .== deleteVector)) { break }
                seen .|= block .== percentVector
                index += 16
            }
            if any(seen) { percents = 1 }
            let delete = ones &* 0x7F, percent = ones &* UInt64(UInt8(ascii: "%"))
            while index + 8 <= bytes.count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let below = (word &- ones &* 0x20) & ~word & highs
                if below | zeroBytes(word ^ delete) != 0 { break }
                percents |= zeroBytes(word ^ percent)
                index += 8
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x20 || byte == 0x7F { return (index, percents != 0) }
            if byte == UInt8(ascii: "%") { percents = 1 }
            index += 1
        }
        return (nil, percents != 0)
    }

    /// Copies `source[index...]` to `target[written...]` up to the first `%`, `stop` or `other`, or `end`, advancing both.
    ///
    /// Reads sixteen bytes at a time as long as they lie below `readable` (which may be past `end`) and writes each
    /// block whole, so up to sixteen bytes past the stop may be written: `target` must have room for
    /// `readable - index` bytes after `written`. The bytes past the stop are left for the caller to overwrite.
    @inline(__always)
    static func copy(
        from source: UnsafePointer<UInt8>, _ index: inout Int, upTo stop: UInt8, or other: UInt8, end: Int,
        readable: Int, to target: UnsafeMutablePointer<UInt8>, _ written: inout Int
    ) {
        let raw = UnsafeRawPointer(source)
        let out = UnsafeMutableRawPointer(target)
        let percent = UInt8(ascii: "%")
        let percentVector = SIMD16<UInt8>(repeating: percent)
        let stopVector = SIMD16<UInt8>(repeating: stop), otherVector = SIMD16<UInt8>(repeating: other)
        while index < end, index + 16 <= readable {
            let block = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
            out.storeBytes(of: block, toByteOffset: written, as: SIMD16<UInt8>.self)
            let hits = (block .== percentVector) .| (block .== stopVector) .| (block .== otherVector)
            if any(hits) || index + 16 >= end {
                let length = min(any(hits) ? firstLane(hits) : 16, end - index)
                index += length
                written += length
                return
            }
            index += 16
            written += 16
        }
        let percentPattern = ones &* UInt64(percent)
        let stopPattern = ones &* UInt64(stop), otherPattern = ones &* UInt64(other)
        while index + 8 <= end {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            out.storeBytes(of: word, toByteOffset: written, as: UInt64.self)
            let value = UInt64(littleEndian: word)
            let matches = zeroBytes(value ^ percentPattern) | zeroBytes(value ^ stopPattern) | zeroBytes(value ^ otherPattern)
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
            if byte == percent || byte == stop || byte == other { return }
            target[written] = byte
            index += 1
            written += 1
        }
    }

    /// The high bit of the first zero byte of `word` and maybe of later bytes: its lowest set bit marks the first zero.
    @inline(__always)
    private static func zeroBytes(_ word: UInt64) -> UInt64 {
        (word &- ones) & ~word & highs
    }
}
