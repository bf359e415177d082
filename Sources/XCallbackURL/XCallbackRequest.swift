/// An x-callback-url request in canonical form: what a target app reads from an incoming URL.
///
/// `scheme://x-callback-url/action?x-source=…&x-success=…&x-error=…&x-cancel=…&param=value`
/// (x-callback-url 1.0 DRAFT R3, URL Structure). Every string is percent-decoded exactly once.
public struct XCallbackRequest: Hashable, Sendable {
    /// The scheme, lowercased (RFC 3986 §3.1: the canonical form is lowercase).
    public var scheme: String
    /// The action: the path after the host without its leading `/`, decoded once and kept whole.
    public var action: String
    /// The `x-source` value: `nil` when absent, `""` when present and empty.
    public var source: String?
    /// The `x-success` callback URL: `nil` when absent, `""` when present and empty.
    public var success: String?
    /// The `x-error` callback URL: `nil` when absent, `""` when present and empty.
    public var error: String?
    /// The `x-cancel` callback URL: `nil` when absent, `""` when present and empty.
    public var cancel: String?
    /// The action parameters in order, duplicates kept, unknown `x-` names included.
    public var parameters: [XCallbackParameter]
    /// The fragment after `#`, decoded once, or `nil` when the URL has no `#`.
    public var fragment: String?

    /// Creates a request from its parts.
    public init(
        scheme: String, action: String, source: String? = nil, success: String? = nil, error: String? = nil,
        cancel: String? = nil, parameters: [XCallbackParameter] = [], fragment: String? = nil
    ) {
        self.scheme = scheme
        self.action = action
        self.source = source
        self.success = success
        self.error = error
        self.cancel = cancel
        self.parameters = parameters
        self.fragment = fragment
    }

    /// The values of every action parameter named `name`, in order (`nil` entries are keys without `=`).
    public func values(of name: String) -> [String?] {
        parameters.filter { $0.name == name }.map(\.value)
    }

    /// Whether two requests are the same, field by field and scalar for scalar (not by canonical equivalence).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        exactlyEqual(lhs.scheme, rhs.scheme) && exactlyEqual(lhs.action, rhs.action)
            && exactlyEqual(lhs.source, rhs.source) && exactlyEqual(lhs.success, rhs.success)
            && exactlyEqual(lhs.error, rhs.error) && exactlyEqual(lhs.cancel, rhs.cancel)
            && lhs.parameters == rhs.parameters && exactlyEqual(lhs.fragment, rhs.fragment)
    }

    /// Hashes the UTF-8 bytes of every field, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        for field in [scheme, action, source, success, error, cancel, fragment] { Self.hashBytes(field, into: &hasher) }
        hasher.combine(parameters)
    }

    /// Whether two optional strings hold the same UTF-8 bytes.
    public static func exactlyEqual(_ lhs: String?, _ rhs: String?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): true
        case (let a?, let b?):
            // Compared as contiguous bytes where the strings have them (a debug build steps a generic iterator a
            // call per byte otherwise, and values run to a megabyte).
            a.utf8.count == b.utf8.count && (contiguousBytesEqual(a, b) ?? a.utf8.elementsEqual(b.utf8))
        default: false
        }
    }

    /// Whether two strings of the same UTF-8 length hold the same bytes, when both have contiguous storage.
    private static func contiguousBytesEqual(_ a: String, _ b: String) -> Bool? {
        let compared = a.utf8.withContiguousStorageIfAvailable { left in
            b.utf8.withContiguousStorageIfAvailable { right in sameBytes(left, right) }
        }
        return compared ?? nil
    }

    /// Whether two buffers of the same length hold the same bytes.
    private static func sameBytes(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < left.count {
            if left[index] != right[index] { return false }
            index &+= 1
        }
        return true
    }

    static func hashBytes(_ text: String?, into hasher: inout Hasher) {
        guard let text else {
            hasher.combine(0 as UInt8)
            return
        }
        hasher.combine(1 as UInt8)
        hasher.combine(text.utf8.count)
        // The bytes as one buffer, contiguous or copied, so that equal bytes always hash alike.
        let combined: Void? = text.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        if combined == nil { Array(text.utf8).withUnsafeBytes { hasher.combine(bytes: $0) } }
    }

    /// The four reserved parameter names the spec defines, in the order the builder emits them.
    public static let reservedNames: [String] = ["x-source", "x-success", "x-error", "x-cancel"]
}
