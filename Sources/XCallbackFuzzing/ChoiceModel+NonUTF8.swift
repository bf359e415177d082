// The `non-utf8-escape` choice as a rewrite of the input, so the reference can parse it.
//
// Escapes decode to bytes; where those bytes are not UTF-8, each maximal ill-formed subpart (Unicode
// §3.9, "U+FFFD Substitution of Maximal Subparts": the longest start of a well-formed sequence, or one
// byte) becomes one U+FFFD under `replacement` (its escapes rewritten as `%EF%BF%BD`), or stays as
// written under `literal` (each of its escapes `%XX` rewritten as `%25XX`). Raw text is valid UTF-8 and
// raw ASCII delimiters end any sequence, so the rewrite can run over the whole URL: a subpart never spans
// two components and is made of escapes only.

import XCallbackURL

extension ChoiceModel {
    /// `text` with every ill-formed UTF-8 subpart of its decoded escapes rewritten for `replacement`
    /// (`literal` false) or `literal`.
    static func rewritingIllFormedEscapes(_ text: String, literal: Bool) -> String {
        let bytes = Array(text.utf8)
        guard bytes.contains(UInt8(ascii: "%")) else { return text }
        // The decoded octets, each with the range of input bytes it comes from (3 for an escape, 1 for raw).
        var octets: [UInt8] = []
        var sources: [Range<Int>] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = PercentEncoding.hexDigitValue(bytes[index + 1]), let low = PercentEncoding.hexDigitValue(bytes[index + 2])
            {
                octets.append(high << 4 | low)
                sources.append(index..<(index + 3))
                index += 3
            } else {
                octets.append(bytes[index])
                sources.append(index..<(index + 1))
                index += 1
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var position = 0
        while position < octets.count {
            let length = wellFormedLength(octets, at: position)
            if length > 0 {
                for source in sources[position..<(position + length)] { out += bytes[source] }
                position += length
                continue
            }
            let subpart = max(maximalSubpartLength(octets, at: position), 1)
            if literal {
                for source in sources[position..<(position + subpart)] {
                    // An escape `%XX` becomes `%25XX`, which decodes to the escape as written.
                    out += source.count == 3 ? Array("%25".utf8) + bytes[(source.lowerBound + 1)..<source.upperBound] : Array(bytes[source])
                }
            } else {
                out += Array("%EF%BF%BD".utf8)
            }
            position += subpart
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The length of the well-formed UTF-8 sequence at `position`, or 0 when the bytes there are ill-formed.
    static func wellFormedLength(_ octets: [UInt8], at position: Int) -> Int {
        let needed = sequenceLength(octets[position])
        guard needed > 0, maximalSubpartLength(octets, at: position) == needed else { return 0 }
        return needed
    }

    /// How many bytes the sequence a lead byte starts has (Unicode Table 3-7), or 0 for a byte no sequence starts with.
    static func sequenceLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0x00...0x7F: 1
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 0
        }
    }

    /// How many bytes from `position` start a well-formed sequence (the whole sequence when it is complete).
    static func maximalSubpartLength(_ octets: [UInt8], at position: Int) -> Int {
        let lead = octets[position]
        let needed = sequenceLength(lead)
        guard needed > 1 else { return needed }
        var count = 1
        while count < needed, position + count < octets.count {
            let byte = octets[position + count]
            // The second byte's range depends on the lead byte (Table 3-7); later ones are 80...BF.
            var range: ClosedRange<UInt8> = 0x80...0xBF
            if count == 1 {
                switch lead {
                case 0xE0: range = 0xA0...0xBF
                case 0xED: range = 0x80...0x9F
                case 0xF0: range = 0x90...0xBF
                case 0xF4: range = 0x80...0x8F
                default: break
                }
            }
            guard range.contains(byte) else { break }
            count += 1
        }
        return count
    }
}
