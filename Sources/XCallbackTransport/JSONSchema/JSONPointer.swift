// RFC 6901 JSON pointers, as `$ref` uses them inside one schema document.

import XCallbackConformanceCore

/// RFC 6901 JSON pointers, as used by `$ref` fragments.
enum JSONPointer {
    /// Escapes one reference token (`~` → `~0`, `/` → `~1`).
    static func escape(_ token: String) -> String {
        // Most tokens (every keyword) hold neither, and Foundation's replacing goes through NSString.
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return token }
        return token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// Resolves `#` or `#/a/b` against `root`, or returns `nil`.
    static func resolve(_ reference: String, in root: JSONValue) -> JSONValue? {
        guard reference.hasPrefix("#") else { return nil }
        let pointer = reference.dropFirst()
        if pointer.isEmpty { return root }
        guard pointer.hasPrefix("/") else { return nil }
        var current = root
        for raw in pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            let token = raw.contains("~") ? raw.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~") : String(raw)
            switch current {
            case .object:
                guard let next = current[token] else { return nil }
                current = next
            case .array(let elements):
                guard let index = Int(token), elements.indices.contains(index) else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }
}
