/// One query parameter: a name and a value, where a key written without `=` has no value.
public struct XCallbackParameter: Hashable, Sendable, CustomStringConvertible {
    /// The percent-decoded name.
    public var name: String
    /// The percent-decoded value, or `nil` for a key written without `=` (distinct from the empty value).
    public var value: String?

    /// Creates a parameter from a decoded name and value.
    public init(_ name: String, _ value: String?) {
        self.name = name
        self.value = value
    }

    /// Whether the name starts with the `x-` prefix that the spec reserves for its own parameters.
    public var hasReservedPrefix: Bool {
        var bytes = name.utf8.makeIterator()
        return bytes.next() == UInt8(ascii: "x") && bytes.next() == UInt8(ascii: "-")
    }

    /// Whether two parameters are the same, scalar for scalar (not by Unicode canonical equivalence).
    ///
    /// A conformance oracle must see `e` + U+0301 and `é` as different values: a parser that normalises
    /// what it decodes changes the data it was given.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        XCallbackRequest.exactlyEqual(lhs.name, rhs.name) && XCallbackRequest.exactlyEqual(lhs.value, rhs.value)
    }

    /// Hashes the UTF-8 bytes, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        XCallbackRequest.hashBytes(name, into: &hasher)
        XCallbackRequest.hashBytes(value, into: &hasher)
    }

    /// The parameter as `name=value`, or `name` alone when it has no value.
    public var description: String { value.map { "\(name)=\($0)" } ?? name }
}
