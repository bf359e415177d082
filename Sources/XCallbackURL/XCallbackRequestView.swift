// The parse result that keeps the decoded URL in one string and hands out its components as substrings.

/// An x-callback-url parsed strictly, whose components are substrings of one decoded copy of the URL.
///
/// Why a second type beside `XCallbackRequest`: a request holds one `String` per component, and making and
/// freeing those (allocation, the standard library's UTF-8 check, reference counting) is the largest part of
/// parsing a short URL. A view holds one string, the input itself when nothing in it needs decoding (no `%`,
/// a lowercase scheme) or else one decoded copy written in the same pass that checks it; each component is a
/// range of that string, and reading one makes a `Substring` without copying bytes.
///
/// Why decoded while parsing rather than on access: a strict parser must decode every component anyway to
/// know whether to accept the URL (a bad escape or ill-formed UTF-8 anywhere is a rejection), so a lazy view
/// would decode twice. Why `Substring`: it is what Swift hands out for part of a string; `String(_:)` copies
/// one when a `String` is needed, and `XCallbackRequest(view)` copies them all.
///
/// The view accepts and rejects exactly what `XCallbackRequest(parsing:)` does, with the same rejection: both
/// come from one scanner. Substrings compare like strings, by canonical equivalence; compare their `utf8`
/// views, or the requests, for byte-exact equality.
public struct XCallbackRequestView: Sendable {
    /// The string every component is a range of: the input, or its decoded copy.
    let storage: String
    /// Where the components lie in `storage`.
    let parts: ScannedRequest
    /// Where the action parameters lie in `storage`.
    let parameterBounds: [ParameterBounds]

    /// The scheme, lowercased (RFC 3986 §3.1).
    public var scheme: Substring { slice(parts.scheme) }
    /// The action: the path after the host without its leading `/`, decoded once and kept whole.
    public var action: Substring { slice(parts.action) }
    /// The `x-source` value: `nil` when absent, empty when present and empty.
    public var source: Substring? { parts.source.map(slice) }
    /// The `x-success` callback URL: `nil` when absent, empty when present and empty.
    public var success: Substring? { parts.success.map(slice) }
    /// The `x-error` callback URL: `nil` when absent, empty when present and empty.
    public var error: Substring? { parts.error.map(slice) }
    /// The `x-cancel` callback URL: `nil` when absent, empty when present and empty.
    public var cancel: Substring? { parts.cancel.map(slice) }
    /// The fragment after `#`, decoded once, or `nil` when the URL has no `#`.
    public var fragment: Substring? { parts.fragment.map(slice) }
    /// The action parameters in order, duplicates kept, unknown `x-` names included.
    public var parameters: Parameters { Parameters(storage: storage, bounds: parameterBounds) }

    /// The component at `bounds`, UTF-8 offsets into `storage` on scalar boundaries.
    @inline(__always)
    func slice(_ bounds: Range<Int>) -> Substring { storage.slice(bounds) }

    /// One action parameter: its decoded name and value, as substrings of the view's string.
    public struct Parameter: Sendable, CustomStringConvertible {
        /// The percent-decoded name.
        public var name: Substring
        /// The percent-decoded value, or `nil` for a key written without `=` (distinct from the empty value).
        public var value: Substring?

        /// The parameter as `name=value`, or `name` alone when it has no value.
        public var description: String { value.map { "\(name)=\($0)" } ?? String(name) }
    }

    /// The action parameters of a view, in order.
    public struct Parameters: RandomAccessCollection, Sendable {
        let storage: String
        let bounds: [ParameterBounds]

        /// The index of the first parameter, zero.
        public var startIndex: Int { 0 }
        /// The number of parameters.
        public var endIndex: Int { bounds.count }

        /// The parameter at `position`.
        public subscript(position: Int) -> Parameter {
            let place = bounds[position]
            return Parameter(name: storage.slice(place.name), value: place.value.map(storage.slice))
        }
    }

    /// The values of every action parameter named `name` (compared byte for byte), in order.
    public func values(of name: String) -> [Substring?] {
        parameters.filter { $0.name.utf8.elementsEqual(name.utf8) }.map(\.value)
    }
}

extension String {
    /// The substring at UTF-8 offsets `bounds`, which lie on scalar boundaries.
    @inline(__always)
    func slice(_ bounds: Range<Int>) -> Substring {
        let lower = utf8.index(startIndex, offsetBy: bounds.lowerBound)
        let upper = utf8.index(lower, offsetBy: bounds.count)
        return self[lower..<upper]
    }
}

extension XCallbackRequest {
    /// Creates the request a view holds, copying each component into a `String` of its own.
    public init(_ view: XCallbackRequestView) {
        var storage = view.storage
        self = storage.withUTF8 { bytes in
            let reader = InputReader(source: bytes)
            var parameters = RequestParameters(isASCII: false)
            parameters.parameters.reserveCapacity(view.parameterBounds.count)
            for bounds in view.parameterBounds {
                parameters.append(name: bounds.name, value: bounds.value, from: reader)
            }
            return Self(view.parts, from: reader, isASCII: false, parameters: parameters.parameters)
        }
    }

    /// Creates the request whose components `reader` has at `parts`, each copied into a `String` of its own.
    ///
    /// The reader's output must be well-formed UTF-8 split on scalar boundaries at `parts`; `isASCII` says that
    /// all of it is ASCII, and when false each component is looked at.
    init(_ parts: ScannedRequest, from reader: some ComponentReading, isASCII: Bool, parameters: [XCallbackParameter]) {
        @inline(__always)
        func string(_ bounds: Range<Int>) -> String { reader.string(bounds, isASCII: isASCII) }
        self.init(
            scheme: string(parts.scheme), action: string(parts.action), source: parts.source.map(string),
            success: parts.success.map(string), error: parts.error.map(string), cancel: parts.cancel.map(string),
            parameters: parameters, fragment: parts.fragment.map(string))
    }
}
