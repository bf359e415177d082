// The parse result that allocates nothing: lent to a closure, it reads the components where they lie in the
// input, and those that needed decoding from a scratch buffer that lives as long as the call.

/// An x-callback-url parsed strictly and lent to a closure, whose components are read as decoded UTF-8 bytes
/// that borrow the input.
///
/// The reference's one view, beside the owning `XCallbackRequest`: take the request to keep, compare or build
/// from a URL, and this view to read every field once, inside one call, as fast as the parser goes.
///
/// Why this view and no other: it measured the fastest, and the one thing the retired views could do that it
/// cannot, outlive the call, the request does. On the bench's realistic mix, every field read (three full runs,
/// RESULTS.md beside the bench), it took 191 to 196 ns per URL; a view keeping one reference-counted buffer per
/// parse took 233 to 249, a view of substrings of one decoded string about what `XCallbackRequest` takes (403
/// against 416 in one of the runs), and ada-url 474 to 476, 2.4 to 2.5 times this view's time. It pays none of their costs because it
/// lives only for the call of `withView(parsing:_:)`:
/// - A component that holds no `%` is read from the input's own bytes.
/// - One that does is decoded into a scratch buffer, which the parse makes on the stack when the URL is short.
/// - Every component's bytes, and the view itself, are valid only during the call: copy what must outlive it
///   (`String(decoding:as:)`, or `XCallbackRequest(view)`).
///
/// The view accepts and rejects exactly what `XCallbackRequest(parsing:)` does, with the same rejection: both
/// come from one scanner, and the tests compare them over every vector, corpus file and mutant.
public struct XCallbackRequestBorrowedView {
    /// The input's first byte.
    @usableFromInline let input: UnsafePointer<UInt8>
    /// The input's length: a component range at or past it lies in `decoded`.
    @usableFromInline let inputCount: Int
    /// The scratch buffer's first byte, where decoded components lie.
    @usableFromInline let decoded: UnsafePointer<UInt8>
    /// Where the components other than the parameters lie, in the scratch buffer.
    @usableFromInline let parts: UnsafePointer<ScannedRequest>
    /// Each parameter's place: four words (name start and end, value start and end, -1 for no value).
    @usableFromInline let places: UnsafeRawPointer
    /// The number of action parameters.
    @usableFromInline let parameterCount: Int

    /// The decoded bytes `range` names.
    @inlinable
    func bytes(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        Self.bytes(range, input: input, inputCount: inputCount, decoded: decoded)
    }

    /// The bytes `range` names: of the input below its length, else of the decoded bytes, offset by that length.
    @inlinable
    static func bytes(
        _ range: Range<Int>, input: UnsafePointer<UInt8>, inputCount: Int, decoded: UnsafePointer<UInt8>
    ) -> UnsafeBufferPointer<UInt8> {
        let start = range.lowerBound < inputCount ? input + range.lowerBound : decoded + (range.lowerBound &- inputCount)
        return UnsafeBufferPointer(start: start, count: range.count)
    }

    /// The scheme's UTF-8, lowercased (RFC 3986 §3.1).
    @inlinable public var scheme: UnsafeBufferPointer<UInt8> { bytes(parts.pointee.scheme) }
    /// The action's decoded UTF-8: the path after the host without its leading `/`, decoded once and kept whole.
    @inlinable public var action: UnsafeBufferPointer<UInt8> { bytes(parts.pointee.action) }
    /// The `x-source` value's decoded UTF-8: `nil` when absent, empty when present and empty.
    @inlinable public var source: UnsafeBufferPointer<UInt8>? { parts.pointee.source.map(bytes) }
    /// The `x-success` callback URL's decoded UTF-8: `nil` when absent, empty when present and empty.
    @inlinable public var success: UnsafeBufferPointer<UInt8>? { parts.pointee.success.map(bytes) }
    /// The `x-error` callback URL's decoded UTF-8: `nil` when absent, empty when present and empty.
    @inlinable public var error: UnsafeBufferPointer<UInt8>? { parts.pointee.error.map(bytes) }
    /// The `x-cancel` callback URL's decoded UTF-8: `nil` when absent, empty when present and empty.
    @inlinable public var cancel: UnsafeBufferPointer<UInt8>? { parts.pointee.cancel.map(bytes) }
    /// The fragment's decoded UTF-8 after `#`, or `nil` when the URL has no `#`.
    @inlinable public var fragment: UnsafeBufferPointer<UInt8>? { parts.pointee.fragment.map(bytes) }
    /// The action parameters in order, duplicates kept, unknown `x-` names included.
    @inlinable public var parameters: Parameters { Parameters(view: self) }

    /// One action parameter: its decoded name and value, as UTF-8 valid only during the view's call.
    public struct Parameter {
        /// The percent-decoded name.
        public let name: UnsafeBufferPointer<UInt8>
        /// The percent-decoded value, or `nil` for a key written without `=` (distinct from the empty value).
        public let value: UnsafeBufferPointer<UInt8>?

        @inlinable
        init(name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>?) {
            (self.name, self.value) = (name, value)
        }
    }

    /// The action parameters of a borrowed view, in order.
    public struct Parameters: RandomAccessCollection {
        /// The view the parameters belong to.
        @usableFromInline let view: XCallbackRequestBorrowedView

        @inlinable
        init(view: XCallbackRequestBorrowedView) { self.view = view }

        /// The index of the first parameter, zero.
        @inlinable public var startIndex: Int { 0 }
        /// The number of parameters.
        @inlinable public var endIndex: Int { view.parameterCount }

        /// The parameter at `position`.
        @inlinable
        public subscript(position: Int) -> Parameter {
            precondition(position >= 0 && position < view.parameterCount, "parameter index out of range")
            let place = view.places + position &* 32
            let name = place.load(as: Int.self)..<place.load(fromByteOffset: 8, as: Int.self)
            let valueStart = place.load(fromByteOffset: 16, as: Int.self)
            let value = valueStart < 0 ? nil : view.bytes(valueStart..<place.load(fromByteOffset: 24, as: Int.self))
            return Parameter(name: view.bytes(name), value: value)
        }
    }
}

extension XCallbackRequest {
    /// Creates the request a borrowed view holds, copying each component into a `String` of its own.
    public init(_ view: XCallbackRequestBorrowedView) {
        func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
        self.init(
            scheme: string(view.scheme), action: string(view.action), source: view.source.map(string),
            success: view.success.map(string), error: view.error.map(string), cancel: view.cancel.map(string),
            parameters: view.parameters.map { XCallbackParameter(string($0.name), $0.value.map(string)) },
            fragment: view.fragment.map(string))
    }
}
