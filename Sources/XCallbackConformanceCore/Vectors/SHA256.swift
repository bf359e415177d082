// SHA-256 (FIPS 180-4), so that the manifest's file hashes can be checked with no package dependency.

/// Computes SHA-256 digests.
public enum SHA256 {
    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    /// The digest of `bytes` as 64 lowercase hex digits.
    public static func hexDigest(_ bytes: [UInt8]) -> String {
        digest(bytes).map { byte in
            let hex = String(byte, radix: 16)
            return hex.count == 1 ? "0" + hex : hex
        }.joined()
    }

    /// The 32-byte digest of `bytes`.
    public static func digest(_ bytes: [UInt8]) -> [UInt8] {
        var state: [UInt32] = [
            0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
        ]
        var message = bytes
        message.append(0x80)
        while message.count % 64 != 56 { message.append(0) }
        let bitLength = UInt64(bytes.count) &* 8
        for shift in stride(from: 56, through: 0, by: -8) { message.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }

        // The rounds run on raw pointers with wrapping arithmetic and the rotations written out: a debug build (`swift test`) checks every array
        // index and overflow, which made this loop a quarter of some tests' time; the result is the same.
        var schedule = [UInt32](repeating: 0, count: 64)
        message.withUnsafeBufferPointer { message in
            schedule.withUnsafeMutableBufferPointer { schedule in
                state.withUnsafeMutableBufferPointer { state in
                    roundConstants.withUnsafeBufferPointer { constants in
                        var chunk = 0
                        while chunk < message.count {
                            compress(message.baseAddress! + chunk, schedule.baseAddress!, constants.baseAddress!, into: state.baseAddress!)
                            chunk &+= 64
                        }
                    }
                }
            }
        }
        return state.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - $0 * 8)) } }
    }

    /// One 64-byte block of `message` into `state`, with `schedule` as the 64 words of scratch.
    private static func compress(
        _ block: UnsafePointer<UInt8>, _ schedule: UnsafeMutablePointer<UInt32>, _ constants: UnsafePointer<UInt32>,
        into state: UnsafeMutablePointer<UInt32>
    ) {
        var index = 0
        while index < 16 {
            let word = block + (index &<< 2)
            schedule[index] = UInt32(word[0]) &<< 24 | UInt32(word[1]) &<< 16 | UInt32(word[2]) &<< 8 | UInt32(word[3])
            index &+= 1
        }
        while index < 64 {
            let early = schedule[index &- 15], late = schedule[index &- 2]
            let s0 = (early &>> 7 | early &<< 25) ^ (early &>> 18 | early &<< 14) ^ (early &>> 3)
            let s1 = (late &>> 17 | late &<< 15) ^ (late &>> 19 | late &<< 13) ^ (late &>> 10)
            schedule[index] = schedule[index &- 16] &+ s0 &+ schedule[index &- 7] &+ s1
            index &+= 1
        }
        var a = state[0], b = state[1], c = state[2], d = state[3], e = state[4], f = state[5], g = state[6], h = state[7]
        index = 0
        while index < 64 {
            let sum1 = (e &>> 6 | e &<< 26) ^ (e &>> 11 | e &<< 21) ^ (e &>> 25 | e &<< 7)
            let choose = (e & f) ^ (~e & g)
            let temp1 = h &+ sum1 &+ choose &+ constants[index] &+ schedule[index]
            let sum0 = (a &>> 2 | a &<< 30) ^ (a &>> 13 | a &<< 19) ^ (a &>> 22 | a &<< 10)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            h = g; g = f; f = e; e = d &+ temp1
            d = c; c = b; b = a; a = temp1 &+ (sum0 &+ majority)
            index &+= 1
        }
        state[0] &+= a; state[1] &+= b; state[2] &+= c; state[3] &+= d
        state[4] &+= e; state[5] &+= f; state[6] &+= g; state[7] &+= h
    }
}
