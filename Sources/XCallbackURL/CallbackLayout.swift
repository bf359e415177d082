// Where the pieces of a callback URL are, found in one pass over its bytes without making a `String`.
//
// 1. The scheme (RFC 3986 §3.1): a letter, then letters, digits, `+`, `-`, `.`, up to the first `:`.
//    Only a scheme as long as an unsafe one is packed, lowercased, into two words and compared as
//    integers, so no `String` is made and nothing is hashed.
// 2. The first `?` or `#` after the scheme, then the `#` after a `?`, eight bytes per step: the base the
//    parameters join (the URL before `#`), the separator they need, and the fragment kept after them
//    (RFC 3986 §3.4, §3.5).

/// The scheme, base, separator and fragment of a callback URL, found from its UTF-8 bytes.
struct CallbackLayout {
    /// What the scheme allows.
    enum Scheme {
        /// No RFC 3986 scheme followed by `:` starts the URL.
        case invalid
        /// A scheme in `XCallbackResponse.unsafeSchemes`.
        case unsafe
        /// Any other valid scheme.
        case safe
    }

    /// What the scheme allows.
    let scheme: Scheme
    /// The offset of the first `#`, or the length when there is none: the base is the bytes before it.
    let hash: Int
    /// The separator before appended parameters: `?`, `&`, or 0 for none (`XCallbackResponse.separator`).
    let joiner: UInt8

    /// Finds the layout of `bytes`; `hash` and `joiner` are meaningful only when the scheme is valid.
    @inline(__always)
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else {
            self.init(scheme: .invalid, hash: 0, joiner: 0)
            return
        }
        let count = bytes.count
        // 1. A letter, then scheme bytes up to the colon.
        var index = 0
        if count > 0, (base[0] | 0x20) &- UInt8(ascii: "a") < 26 {
            index = 1
            while index < count, CallbackLayout.isLaterSchemeByte(base[index]) { index &+= 1 }
        }
        guard index > 0, index < count, base[index] == UInt8(ascii: ":") else {
            self.init(scheme: .invalid, hash: count, joiner: 0)
            return
        }
        let unsafe = CallbackLayout.isUnsafe(scheme: UnsafeBufferPointer(start: base, count: index))
        // 2. The first `?` or `#` after the colon, then the `#` after a `?`.
        let delimiter = CallbackLayout.firstQuestionOrHash(base, from: index &+ 1, to: count)
        let hash: Int
        let joiner: UInt8
        if delimiter == count || base[delimiter] == UInt8(ascii: "#") {
            hash = delimiter
            joiner = UInt8(ascii: "?")
        } else {
            hash = CallbackLayout.firstHash(base, from: delimiter &+ 1, to: count)
            // An empty query, or one ending in `&`, takes no separator; a query ending in `?` is data and takes `&`.
            joiner = hash == delimiter &+ 1 || base[hash &- 1] == UInt8(ascii: "&") ? 0 : UInt8(ascii: "&")
        }
        self.init(scheme: unsafe ? .unsafe : .safe, hash: hash, joiner: joiner)
    }

    private init(scheme: Scheme, hash: Int, joiner: UInt8) {
        self.scheme = scheme
        self.hash = hash
        self.joiner = joiner
    }

    /// Whether the scheme `bytes` (valid scheme syntax), lowercased, is in `XCallbackResponse.unsafeSchemes`.
    ///
    /// The lowercased bytes are packed into two words and compared with `unsafeKeys`, only for the lengths
    /// an unsafe scheme has, so no `String` is made and nothing is hashed.
    @inline(__always)
    static func isUnsafe(scheme bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let keys = unsafeKeys
        guard bytes.count <= 16, keys.contains(where: { $0.0 == bytes.count }) else { return false }
        var low: UInt64 = 0
        var high: UInt64 = 0
        for (index, byte) in bytes.enumerated() {
            // Every scheme byte already has 0x20 set except the uppercase letters, so `| 0x20` lowercases.
            let folded = UInt64(byte | 0x20)
            if index < 8 { low |= folded << (8 &* UInt64(index)) } else { high |= folded << (8 &* UInt64(index &- 8)) }
        }
        return keys.contains { $0 == (bytes.count, low, high) }
    }

    /// `XCallbackResponse.unsafeSchemes` as (length, first eight bytes, next eight bytes), little-endian.
    static let unsafeKeys: [(Int, UInt64, UInt64)] = XCallbackResponse.unsafeSchemes.map { scheme in
        var low: UInt64 = 0
        var high: UInt64 = 0
        for (index, byte) in scheme.utf8.enumerated() {
            precondition(index < 16 && XCallbackRequest.isSchemeByte(byte, first: index == 0) && byte == byte | 0x20,
                         "an unsafe scheme must be a lowercase scheme of at most 16 bytes")
            if index < 8 { low |= UInt64(byte) << (8 * UInt64(index)) } else { high |= UInt64(byte) << (8 * UInt64(index - 8)) }
        }
        return (scheme.utf8.count, low, high)
    }

    /// Whether `byte` may stand in a scheme after its first letter: one shift and one mask.
    @inline(__always)
    static func isLaterSchemeByte(_ byte: UInt8) -> Bool {
        // Literal masks (a test checks them against `isSchemeByte`), so no lazy global is touched per byte.
        let low: UInt64 = 0x03FF_6800_0000_0000  // 0-9 + - .
        let high: UInt64 = 0x07FF_FFFE_07FF_FFFE  // A-Z a-z
        return byte < 64 ? (low >> UInt64(byte)) & 1 != 0 : byte < 128 && (high >> UInt64(byte &- 64)) & 1 != 0
    }

    // MARK: - Scanning

    /// `0x01` in every byte of a word.
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    /// `0x80` in every byte of a word.
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The high bit of each byte of `word` that is zero; the lowest set bit marks the first zero byte.
    ///
    /// Higher bits can be set falsely, but only above a real zero byte (the borrow starts there).
    @inline(__always)
    private static func zeroBytes(_ word: UInt64) -> UInt64 {
        (word &- ones) & ~word & highs
    }

    /// The offset of the first `?` or `#` in `base[start..<end]`, or `end`.
    @inline(__always)
    static func firstQuestionOrHash(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        firstMatch(base, from: start, to: end) { zeroBytes($0 ^ (ones &* 0x3F)) | zeroBytes($0 ^ (ones &* 0x23)) }
    }

    /// The offset of the first `#` in `base[start..<end]`, or `end`.
    @inline(__always)
    static func firstHash(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        firstMatch(base, from: start, to: end) { zeroBytes($0 ^ (ones &* 0x23)) }
    }

    /// The offset of the first byte that `matches` flags (high bit of its byte) in `base[start..<end]`, or
    /// `end`: eight bytes per step, and a last word that overlaps bytes already seen instead of a byte loop.
    @inline(__always)
    private static func firstMatch(
        _ base: UnsafePointer<UInt8>, from start: Int, to end: Int, _ matches: (UInt64) -> UInt64
    ) -> Int {
        let raw = UnsafeRawPointer(base)
        guard end &- start >= 8 else {
            // Fewer than eight bytes: one at a time (no word fits without reading outside the buffer).
            var index = start
            while index < end, matches(UInt64(base[index])) & 0x80 == 0 { index &+= 1 }
            return index
        }
        var index = start
        while end &- index >= 8 {
            let found = matches(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
            if found != 0 { return index &+ found.trailingZeroBitCount >> 3 }
            index &+= 8
        }
        guard index < end else { return end }
        // The last eight bytes; the ones before `index` hold no match, so they set no bit and start no borrow.
        let last = end &- 8
        let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: last, as: UInt64.self))
        let found = matches(word) & (~0 << (8 &* UInt64(index &- last)))
        return found != 0 ? last &+ found.trailingZeroBitCount >> 3 : end
    }
}
