// The inverse of `FuzzInputReader`: writes the bytes from which a reader makes the given choices, so that a
// hand-written seed (a request, a callback) can be turned into fuzzer bytes that decode back to it.
//
// Each method mirrors the reader method of the same name; a test decodes every written seed and
// compares it with what was written.

/// Writes fuzzer bytes that a `FuzzInputReader` reads back as the same choices.
public struct FuzzInputWriter: Sendable {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8] = []

    /// Creates an empty writer.
    public init() {}

    /// Writes one raw byte.
    public mutating func byte(_ value: UInt8) {
        bytes.append(value)
    }

    /// Writes the byte that `choose(below: bound)` reads as `value`.
    public mutating func choose(_ value: Int, below bound: Int) {
        precondition(value >= 0 && value < bound && value < 256, "choice \(value) is not below \(bound)")
        bytes.append(UInt8(value))
    }

    /// Writes the byte that `flag()` reads as `value`.
    public mutating func flag(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }

    /// Writes the byte that `pick(options)` reads as `value`, which must be one of `options`.
    public mutating func pick<T: Equatable>(_ value: T, from options: [T]) {
        guard let index = options.firstIndex(of: value) else { preconditionFailure("\(value) is not one of \(options)") }
        choose(index, below: options.count)
    }

    /// Writes the bytes that `string(maxLength:alphabet:)` reads as `text`: the length (after
    /// `FuzzInputReader.longLength` or `wideLength` when it is over `maxLength` or would read as one of them),
    /// then one byte per scalar of the alphabet, `FuzzInputReader.rawScalar` and two bytes for any other scalar
    /// up to U+FFFF, and `wideScalar` and three bytes above it.
    public mutating func string(_ text: String, maxLength: Int, alphabet: [Unicode.Scalar]) {
        let scalars = Array(text.unicodeScalars)
        precondition(scalars.count <= 0xFF_FFFF, "a string of \(scalars.count) scalars is too long for three length bytes")
        if scalars.count <= maxLength, scalars.count < Int(FuzzInputReader.wideLength) {
            bytes.append(UInt8(scalars.count))
        } else if scalars.count <= 0xFF {
            bytes += [FuzzInputReader.longLength, UInt8(scalars.count)]
        } else {
            bytes += [FuzzInputReader.wideLength, UInt8(scalars.count >> 16), UInt8(scalars.count >> 8 & 0xFF), UInt8(scalars.count & 0xFF)]
        }
        for scalar in scalars {
            if let index = alphabet.firstIndex(of: scalar), index < Int(FuzzInputReader.wideLength) {
                bytes.append(UInt8(index))
            } else if scalar.value <= 0xFFFF {
                bytes += [FuzzInputReader.rawScalar, UInt8(scalar.value >> 8), UInt8(scalar.value & 0xFF)]
            } else {
                bytes += [FuzzInputReader.wideScalar, UInt8(scalar.value >> 16), UInt8(scalar.value >> 8 & 0xFF), UInt8(scalar.value & 0xFF)]
            }
        }
    }
}
