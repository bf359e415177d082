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

    /// Copies `source[index...]` to `target[written...]` up to the first `stop` or `end`, advancing both.
    ///
    /// Copies sixteen or eight bytes per step and may write up to fifteen bytes past the stop, so `target` must have
    /// room for `end - index` more bytes after `written`; the bytes past the stop are left for the caller to overwrite.
    @inline(__always)
    static func copy(
        from source: UnsafePointer<UInt8>, _ index: inout Int, upTo stop: UInt8, end: Int,
        to target: UnsafeMutablePointer<UInt8>, _ written: inout Int
    ) {
        let pattern = ones &* UInt64(stop)
        let raw = UnsafeRawPointer(source)
        let out = UnsafeMutableRawPointer(target)
        let splat = SIMD16<UInt8>(repeating: stop)
        while index + 16 <= end {
            let block = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
            out.storeBytes(of: block, toByteOffset: written, as: SIMD16<UInt8>.self)
            if any(block .== splat) { break }
            index += 16
            written += 16
        }
        while index + 8 <= end {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            out.storeBytes(of: word, toByteOffset: written, as: UInt64.self)
            let matched = UInt64(littleEndian: word) ^ pattern
            let zeros = (matched &- ones) & ~matched & highs
            if zeros != 0 {
                let length = zeros.trailingZeroBitCount >> 3
                index += length
                written += length
                return
            }
            index += 8
            written += 8
        }
        while index < end, source[index] != stop {
            target[written] = source[index]
            index += 1
            written += 1
        }
    }
}
