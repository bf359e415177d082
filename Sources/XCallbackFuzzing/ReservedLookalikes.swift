// Names a receiver may drop (Vectors 5.0.0): an x- name the spec does not define (decode-unknown-x), and a name that
// only resembles a reserved one, in another case or with `_`, a space or no dash (decode-reserved-case and
// decode-reserved-lookalike, hardening). The differential driver lets a target drop them; the look-alikes are an
// input trait of their own, so that their hardening vectors, not the unknown x- names' should ones, grade them.

import XCallbackURL

/// The names around the four reserved ones that a receiver may drop.
enum ReservedLookalikes {
    /// Whether a receiver may drop a parameter of this name.
    static func isDroppable(_ name: String) -> Bool {
        !XCallbackRequest.reservedNames.contains(name) && (name.hasPrefix("x-") || isLookalike(name))
    }

    /// Whether `name` is not reserved but reads as one once case, punctuation, spaces and controls are ignored.
    static func isLookalike(_ name: String) -> Bool {
        guard !XCallbackRequest.reservedNames.contains(name) else { return false }
        let squeezed = squeeze(name)
        return squeezedReserved.contains(squeezed)
    }

    /// The reserved names with only their letters and digits.
    static let squeezedReserved: Set<String> = Set(XCallbackRequest.reservedNames.map(squeeze))

    /// `name` lowercased, with only its ASCII letters and digits.
    static func squeeze(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) })
    }
}
