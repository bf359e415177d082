// A tiny deterministic pseudo-random generator for the structure-aware mutator.
//
// libFuzzer hands the custom mutator a 32-bit seed per call; everything the mutator decides is
// drawn from this generator, so the same (input, seed) pair always gives the same output.

/// SplitMix64, a seeded, deterministic `RandomNumberGenerator` (the same seed gives the same sequence).
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator whose whole sequence is determined by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// Returns the next 64 pseudo-random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Returns a value in `0..<bound` (0 when `bound` is 0 or less).
    public mutating func below(_ bound: Int) -> Int {
        bound <= 0 ? 0 : Int(next() % UInt64(bound))
    }

    /// Returns true with probability `1 / n`.
    public mutating func oneIn(_ n: Int) -> Bool {
        below(n) == 0
    }
}
