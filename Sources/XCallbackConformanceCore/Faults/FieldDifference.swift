import Foundation
import XCallbackURL

// Explains one field's difference by the transformation that turns the expected text into the answer's. Only the
// two texts are read: no knowledge of any library. The first explanation that fits wins, in the order below, from
// the most specific (an escape decoded once more) to the least (unexplained).

/// One field that differs, and the transformation that explains it.
public struct FieldDifference: Hashable, Sendable {
    /// The field.
    public var field: FaultField
    /// What was done to it.
    public var transformation: FaultTransformation
    /// What the transformation acted on, when it says more (the delimiter `/`, the category `invalid-utf8`); part of
    /// the fault's key.
    public var qualifier: String?
    /// What the level depends on and the key does not: the class of a character left raw (`'+'`, `control`).
    public var note: String?

    /// Creates a difference.
    public init(_ field: FaultField, _ transformation: FaultTransformation, _ qualifier: String? = nil, note: String? = nil) {
        self.field = field
        self.transformation = transformation
        self.qualifier = qualifier
        self.note = note
    }

    /// Which side produced the text: a receiver's decoding, or a builder's URL read back by the reference.
    /// Which side produced the text: a receiver's decoding (`decoder`), a builder's value read back by the reference
    /// (`builder`), or a builder's raw spelling compared as written (`spelling`: the callback's own URL).
    public enum Side: Sendable { case decoder, builder, spelling }

    /// The difference between `expected` and `got` in `field`, or `nil` when they are the same.
    public static func explain(_ field: FaultField, expected: String?, got: String?, side: Side) -> FieldDifference? {
        guard expected != got || !XCallbackRequest.exactlyEqual(expected, got) else { return nil }
        guard let expected else { return FieldDifference(field, .added) }
        guard let got else { return FieldDifference(field, .missing) }
        // One trim, whichever end it cut, whatever it counts as space, and whether anything was left: before
        // `emptied` and `truncated`.
        if isTrimmed(got, of: expected) {
            // A trim that took off controls alone, and every control there was, is also their removal: the run
            // decides between the two (`FaultModel.controlsRemovedVariant`).
            let controlsOnly = String(String.UnicodeScalarView(expected.unicodeScalars.filter { !isControl($0) })) == got
            return FieldDifference(field, .trimmed, note: controlsOnly ? Self.controlsNote : nil)
        }
        if expected.isEmpty != got.isEmpty { return FieldDifference(field, .emptied) }
        var transformation = transformation(from: expected, to: got, side: side)
        // The callback's own path, which the reference writes as given but for characters outside a URI: a
        // respelling there is the builder's encoder at work. (Its own query has `respelled`, with its own level.)
        if transformation == .unexplained, field == .callbackPath, let respelling = respelling(from: expected, to: got) {
            transformation = respelling
        }
        let delimited = transformation == .delimiterKept || transformation == .delimiterRemoved
        return FieldDifference(field, transformation, delimited ? delimiter(from: expected, to: got) : nil)
    }

    /// The difference of a parameter's value, where `nil` is a flag (a name without `=`): a flag against an empty value
    /// is the flag's form, anything else is `explain`'s.
    public static func explainValue(_ field: FaultField, expected: String?, got: String?, side: Side) -> FieldDifference? {
        if (expected == nil) != (got == nil), (expected ?? "").isEmpty, (got ?? "").isEmpty { return FieldDifference(field, .flagForm) }
        return explain(field, expected: expected, got: got, side: side)
    }

    /// The transformation that turns `expected` into `got` (which differ and are both non-empty).
    static func transformation(from expected: String, to got: String, side: Side) -> FaultTransformation {
        let decodedExpected = try? PercentEncoding.decode(expected)
        let decodedGot = try? PercentEncoding.decode(got)
        if let decodedExpected, decodedExpected != expected, decodedExpected == got {
            return side == .builder ? .notEncoded : .decodedAgain
        }
        if let decodedGot, decodedGot != got, decodedGot == expected {
            return side == .decoder ? .notDecoded : .encodedAgain
        }
        if expected.contains("+"), expected.replacingOccurrences(of: "+", with: " ") == got { return .plusAsSpace }
        if expected.contains(" "), expected.replacingOccurrences(of: " ", with: "+") == got { return .spaceAsPlus }
        if got.contains("\u{FFFD}"), !expected.contains("\u{FFFD}") { return .replacementCharacter }
        if String(decoding: expected.utf8.map { UInt16($0) }, as: UTF16.self) == got { return .latin1 }
        if expected.lowercased() == got.lowercased() { return .caseChanged }
        if expected.precomposedStringWithCanonicalMapping == got.precomposedStringWithCanonicalMapping
            || expected.precomposedStringWithCompatibilityMapping == got.precomposedStringWithCompatibilityMapping
        {
            return .normalised
        }
        if delimiter(from: expected, to: got) != nil {
            return got.unicodeScalars.count > expected.unicodeScalars.count ? .delimiterKept : .delimiterRemoved
        }
        if expected.unicodeScalars.starts(with: got.unicodeScalars) { return .truncated }
        if isSubsequence(got, of: expected) { return .charactersRemoved }
        return .unexplained
    }

    /// How a builder spelled the callback's own path otherwise, where every character reads the same: an unreserved
    /// character escaped, hex in lowercase, or non-ASCII left raw; nil otherwise.
    static func respelling(from expected: String, to got: String) -> FaultTransformation? {
        if FaultHypothesis.canonicalSpelling(expected) == FaultHypothesis.canonicalSpelling(got) {
            return got.utf8.count > expected.utf8.count ? .unreservedEscaped
                : got.utf8.count == expected.utf8.count ? .lowercaseHex : .notEncoded
        }
        if FaultHypothesis.canonicalSpelling(expected, decodingNonASCII: true)
            == FaultHypothesis.canonicalSpelling(got, decodingNonASCII: true)
        {
            return got.utf8.count < expected.utf8.count ? .notEncoded : .respelled
        }
        return nil
    }

    /// The syntax delimiter one text has more than the other at one end (`/echo` against `echo`), if that is all.
    static func delimiter(from expected: String, to got: String) -> String? {
        for delimiter in ["/", "?", "#", "&", "=", ";"] {
            if got == delimiter + expected || expected == delimiter + got { return "leading '\(delimiter)'" }
            if got == expected + delimiter || expected == got + delimiter { return "trailing '\(delimiter)'" }
        }
        return nil
    }

    /// What a trim takes off, by any language's idea of space: whitespace, line breaks and controls.
    static let trimmable = CharacterSet.whitespacesAndNewlines.union(.controlCharacters)

    /// Whether `short` is `long` with whitespace, control or format characters taken off one end or both, and
    /// nothing else changed (a trim, by any language's idea of space).
    static func isTrimmed(_ short: String, of long: String) -> Bool {
        let whole = Array(long.unicodeScalars), kept = Array(short.unicodeScalars)
        guard kept.count < whole.count else { return false }
        let space = trimmable
        for start in 0...(whole.count - kept.count) {
            if start > 0, !space.contains(whole[start - 1]) { return false }
            let end = start + kept.count
            if whole[start..<end].elementsEqual(kept), whole[end...].allSatisfy({ space.contains($0) }) { return true }
        }
        return false
    }

    /// The note of a trim that removed every control of the field and nothing else.
    static let controlsNote = "controls only"

    /// Whether `scalar` is a C0 control or DEL.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool { scalar.value < 0x20 || scalar.value == 0x7F }

    /// Whether `short` is `long` with some scalars taken out (controls, whitespace), and nothing else changed.
    static func isSubsequence(_ short: String, of long: String) -> Bool {
        var remaining = short.unicodeScalars[...]
        for scalar in long.unicodeScalars where remaining.first == scalar { remaining = remaining.dropFirst() }
        return remaining.isEmpty && short.unicodeScalars.count < long.unicodeScalars.count
    }
}
