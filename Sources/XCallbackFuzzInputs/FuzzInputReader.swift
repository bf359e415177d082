// Turns fuzzer bytes into structured choices for the build round-trip driver.
//
// Every read is total: once the bytes run out, reads return zero, so any byte string decodes into
// some value and libFuzzer's byte mutations map onto small changes of the decoded structure.

/// Reads fuzzer bytes as a stream of bounded choices; reads past the end return zero.
public struct FuzzInputReader: Sendable {
    private let bytes: [UInt8]
    private var position = 0

    /// Creates a reader over `bytes`.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// True once every byte has been consumed.
    public var isExhausted: Bool { position >= bytes.count }

    /// Returns the next byte, or 0 when the input is exhausted.
    public mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// Returns a value in `0..<bound` drawn from one byte (0 when `bound` is 0 or less).
    public mutating func choose(below bound: Int) -> Int {
        bound <= 0 ? 0 : Int(byte()) % bound
    }

    /// Returns true when the next byte is odd.
    public mutating func flag() -> Bool {
        byte() & 1 == 1
    }

    /// Returns one element of `options` (which must not be empty).
    public mutating func pick<T>(_ options: [T]) -> T {
        options[choose(below: options.count)]
    }

    /// The length byte that makes the next byte the length, up to 255 whatever `maxLength` is.
    public static let longLength: UInt8 = 0xFE
    /// The length byte that makes the next three bytes the length (big-endian), up to 16,777,215.
    public static let wideLength: UInt8 = 0xFD
    /// The character byte that inserts a raw Unicode scalar from the next two bytes.
    public static let rawScalar: UInt8 = 0xFF
    /// The character byte that inserts a raw Unicode scalar from the next three bytes (outside the BMP).
    public static let wideScalar: UInt8 = 0xFE

    /// Returns a string of up to `maxLength` characters (255 after `longLength`, 16,777,215 after `wideLength`),
    /// each taken from `alphabet` by one byte.
    ///
    /// The first byte is the length (modulo `maxLength + 1`), or `longLength` and then the length, or
    /// `wideLength` and then three bytes of length, so that a seed can hold a whole nested URL in any field; a
    /// character byte of `rawScalar` inserts a raw Unicode scalar from the next two bytes, `wideScalar` from
    /// the next three.
    public mutating func string(maxLength: Int, alphabet: [Unicode.Scalar]) -> String {
        let first = byte()
        let length: Int
        switch first {
        case Self.longLength: length = Int(byte())
        case Self.wideLength: length = Int(byte()) << 16 | Int(byte()) << 8 | Int(byte())
        default: length = Int(first) % (maxLength + 1)
        }
        var scalars = String.UnicodeScalarView()
        for _ in 0..<length {
            // Past the end every read is zero: stop there rather than pad a long length with the alphabet's first character.
            if isExhausted { break }
            let b = byte()
            if b == Self.rawScalar || b == Self.wideScalar {
                var value = UInt32(byte()) << 8 | UInt32(byte())
                if b == Self.wideScalar { value = value << 8 | UInt32(byte()) }
                scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
            } else {
                scalars.append(alphabet[Int(b) % alphabet.count])
            }
        }
        return String(scalars)
    }
}
