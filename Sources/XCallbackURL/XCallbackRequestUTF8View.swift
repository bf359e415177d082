// The parse result that keeps the URL in one buffer and hands out each component as decoded UTF-8 text in it.

/// An x-callback-url parsed strictly into one buffer, whose components are read as decoded UTF-8 text in place.
///
/// Why a third type beside `XCallbackRequest` and `XCallbackRequestView`: the request makes one `String` per
/// component, the view one `String` and a `Substring` per component read, and making those costs more than
/// parsing a short URL. This view makes one allocation per parse: a copy of the input, in which only the
/// components that hold a `%` are decoded (over their own bytes), followed by the parameters' places. Reading
/// a component makes a `Text`, which refers to those bytes without copying them; `Text.string` copies them
/// into a `String` when one is needed, and `XCallbackRequest(view)` copies them all.
///
/// The view accepts and rejects exactly what `XCallbackRequest(parsing:)` does, with the same rejection: both
/// come from one scanner. Texts compare byte for byte, as the request's strings do.
public struct XCallbackRequestUTF8View: Sendable {
    /// The buffer every component is a range of.
    let storage: RequestStorage.Reference

    /// The scheme, lowercased (RFC 3986 §3.1).
    public var scheme: Text { storage.object.text { $0.pointee.parts.scheme } }
    /// The action: the path after the host without its leading `/`, decoded once and kept whole.
    public var action: Text { storage.object.text { $0.pointee.parts.action } }
    /// The `x-source` value: `nil` when absent, empty when present and empty.
    public var source: Text? { storage.object.text { $0.pointee.parts.source } }
    /// The `x-success` callback URL: `nil` when absent, empty when present and empty.
    public var success: Text? { storage.object.text { $0.pointee.parts.success } }
    /// The `x-error` callback URL: `nil` when absent, empty when present and empty.
    public var error: Text? { storage.object.text { $0.pointee.parts.error } }
    /// The `x-cancel` callback URL: `nil` when absent, empty when present and empty.
    public var cancel: Text? { storage.object.text { $0.pointee.parts.cancel } }
    /// The fragment after `#`, decoded once, or `nil` when the URL has no `#`.
    public var fragment: Text? { storage.object.text { $0.pointee.parts.fragment } }
    /// The action parameters in order, duplicates kept, unknown `x-` names included.
    public var parameters: Parameters { Parameters(storage: storage) }

    /// The values of every action parameter named `name` (compared byte for byte), in order.
    public func values(of name: String) -> [Text?] {
        parameters.filter { $0.name == name }.map(\.value)
    }

    /// One action parameter: its decoded name and value.
    public struct Parameter: Sendable, CustomStringConvertible {
        /// The percent-decoded name.
        public var name: Text
        /// The percent-decoded value, or `nil` for a key written without `=` (distinct from the empty value).
        public var value: Text?

        /// The parameter as `name=value`, or `name` alone when it has no value.
        public var description: String { value.map { "\(name)=\($0)" } ?? name.string }
    }

    /// The action parameters of a view, in order.
    public struct Parameters: RandomAccessCollection, Sendable {
        let storage: RequestStorage.Reference

        /// The index of the first parameter, zero.
        public var startIndex: Int { 0 }
        /// The number of parameters.
        public var endIndex: Int { storage.object.withUnsafeMutablePointerToHeader { $0.pointee.parameterCount } }

        /// The parameter at `position`.
        public subscript(position: Int) -> Parameter {
            precondition(position >= 0 && position < endIndex, "parameter index out of range")
            return storage.object.parameter(at: position)
        }
    }
}

extension XCallbackRequest {
    /// Creates the request a UTF-8 view holds, copying each component into a `String` of its own.
    public init(_ view: XCallbackRequestUTF8View) {
        func string(_ text: XCallbackRequestUTF8View.Text?) -> String? { text?.string }
        self.init(
            scheme: view.scheme.string, action: view.action.string, source: string(view.source),
            success: string(view.success), error: string(view.error), cancel: string(view.cancel),
            parameters: view.parameters.map { XCallbackParameter($0.name.string, string($0.value)) },
            fragment: string(view.fragment))
    }
}
