// Whether a text can name a Swift property, by the identifier grammar of The Swift Programming Language
// ("Lexical Structure", Identifiers): an identifier-head followed by identifier-characters.
//
// Middleman names each parameter after a property of the action's `Input`. A name outside this grammar
// (`a b`, `100%`, `x-success`) can only be written as a raw identifier (SE-0451, Swift 6.2), which the
// library's apps, written for its swift-tools-version 5.4, could not write; its `Mirror` label keeps the
// backticks (`` `a b` ``). The adapter skips such names rather than make up a property no app declares.

/// Whether `text` is a Swift identifier: a keyword counts (written `` `default` ``, its `Mirror` label is bare).
func isSwiftIdentifier(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, isIdentifierHead(first) else { return false }
    return text.unicodeScalars.dropFirst().allSatisfy { isIdentifierHead($0) || isIdentifierCharacter($0) }
}

/// identifier-head: A-Z, a-z, `_`, and the grammar's ranges of non-combining characters.
private func isIdentifierHead(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x80 {
        return ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar) || scalar == "_"
    }
    return identifierHeadRanges.contains { $0.contains(value) }
}

/// The characters an identifier may hold after its first: digits and combining marks.
private func isIdentifierCharacter(_ scalar: Unicode.Scalar) -> Bool {
    ("0"..."9").contains(scalar) || identifierCharacterRanges.contains { $0.contains(scalar.value) }
}

private let identifierCharacterRanges: [ClosedRange<UInt32>] = [
    0x0300...0x036F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F,
]

private let identifierHeadRanges: [ClosedRange<UInt32>] = [
    0x00A8...0x00A8, 0x00AA...0x00AA, 0x00AD...0x00AD, 0x00AF...0x00AF, 0x00B2...0x00B5, 0x00B7...0x00BA,
    0x00BC...0x00BE, 0x00C0...0x00D6, 0x00D8...0x00F6, 0x00F8...0x00FF,
    0x0100...0x02FF, 0x0370...0x167F, 0x1681...0x180D, 0x180F...0x1DBF,
    0x1E00...0x1FFF,
    0x200B...0x200D, 0x202A...0x202E, 0x203F...0x2040, 0x2054...0x2054, 0x2060...0x206F,
    0x2070...0x20CF, 0x2100...0x218F, 0x2460...0x24FF, 0x2776...0x2793,
    0x2C00...0x2DFF, 0x2E80...0x2FFF,
    0x3004...0x3007, 0x3021...0x302F, 0x3031...0x303F, 0x3040...0xD7FF,
    0xF900...0xFD3D, 0xFD40...0xFDCF, 0xFDF0...0xFE1F, 0xFE30...0xFE44,
    0xFE47...0xFFFD,
    0x10000...0x1FFFD, 0x20000...0x2FFFD, 0x30000...0x3FFFD, 0x40000...0x4FFFD,
    0x50000...0x5FFFD, 0x60000...0x6FFFD, 0x70000...0x7FFFD, 0x80000...0x8FFFD,
    0x90000...0x9FFFD, 0xA0000...0xAFFFD, 0xB0000...0xBFFFD, 0xC0000...0xCFFFD,
    0xD0000...0xDFFFD, 0xE0000...0xEFFFD,
]
