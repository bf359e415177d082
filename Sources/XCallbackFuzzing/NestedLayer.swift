// A lenient, lossless view of a URL as nested layers, for the structure-aware mutator.
//
// A layer is `head ? name=value & ... # fragment`, kept as raw text. A parameter value that decodes
// (once, strictly) to text containing `://` is itself a layer, recursively. Serialising an unchanged
// tree gives back the same URL except that nested layers are re-encoded, which is the point: the
// mutator edits decoded text at one level and every level above gets a correct encoding.

/// One level of a possibly nested x-callback-url, kept as raw text with nested callbacks decoded.
public struct NestedLayer: Hashable, Sendable {
    /// A parameter value: none (`name` without `=`), raw text, or a nested layer.
    public indirect enum Value: Hashable, Sendable {
        /// A key without `=`.
        case none
        /// Raw (still encoded) text.
        case raw(String)
        /// A value that decodes to a URL, held decoded as its own layer.
        case nested(NestedLayer)
    }

    /// One `name=value` piece of the query, with the name kept raw.
    public struct Parameter: Hashable, Sendable {
        /// The raw (encoded) name.
        public var name: String
        /// The value.
        public var value: Value

        /// Creates a parameter.
        public init(name: String, value: Value) {
            self.name = name
            self.value = value
        }
    }

    /// How nested layers are percent-encoded when the tree is serialised.
    public enum EncodingStyle: Sendable {
        /// Only `A-Z a-z 0-9 - . _ ~` stay raw.
        case full
        /// Also keeps `! $ ' ( ) * , ; : @ / ?` raw, as the reference builder does.
        case light
    }

    /// Everything before the first `?` or `#`, raw (`scheme://host/action`).
    public var head: String
    /// Whether the layer has a `?`, even with an empty query.
    public var hasQuery: Bool
    /// The query pieces in order, empty pieces included, so that serialising is lossless.
    public var parameters: [Parameter]
    /// The raw fragment after the first `#`, or nil.
    public var fragment: String?

    /// Creates a layer from its parts.
    public init(head: String, hasQuery: Bool = false, parameters: [Parameter] = [], fragment: String? = nil) {
        self.head = head
        self.hasQuery = hasQuery || !parameters.isEmpty
        self.parameters = parameters
        self.fragment = fragment
    }

    /// Splits `text` into a layer, decoding callback values that are URLs into nested layers up to `depth`.
    public init(decoding text: String, depth: Int = 8) {
        var rest = Substring(text)
        if let hash = rest.utf8.firstIndex(of: UInt8(ascii: "#")) {
            fragment = String(rest[rest.utf8.index(after: hash)...])
            rest = rest[..<hash]
        } else {
            fragment = nil
        }
        guard let question = rest.utf8.firstIndex(of: UInt8(ascii: "?")) else {
            head = String(rest)
            hasQuery = false
            parameters = []
            return
        }
        head = String(rest[..<question])
        hasQuery = true
        parameters = URLPieces.split(rest[rest.utf8.index(after: question)...], omittingEmpty: false).map { piece in
            guard let equals = piece.utf8.firstIndex(of: UInt8(ascii: "=")) else { return Parameter(name: String(piece), value: .none) }
            let raw = String(piece[piece.utf8.index(after: equals)...])
            if depth > 0, let decoded = CallbackExpectation.decodeStrict(raw.utf8), decoded.contains("://") {
                return Parameter(name: String(piece[..<equals]), value: .nested(NestedLayer(decoding: decoded, depth: depth - 1)))
            }
            return Parameter(name: String(piece[..<equals]), value: .raw(raw))
        }
    }

    /// The layer as URL text, every nested layer serialised and percent-encoded in `style`.
    public func serialized(style: EncodingStyle = .full) -> String {
        var out = head
        if hasQuery {
            out += "?"
            out += parameters.map { parameter in
                switch parameter.value {
                case .none: parameter.name
                case .raw(let raw): parameter.name + "=" + raw
                case .nested(let layer): parameter.name + "=" + NestedLayer.encode(layer.serialized(style: style), style: style)
                }
            }.joined(separator: "&")
        }
        if let fragment { out += "#" + fragment }
        return out
    }

    /// How many layers this tree holds, itself included.
    public var layerCount: Int {
        1 + parameters.reduce(0) { count, parameter in
            if case .nested(let layer) = parameter.value { return count + layer.layerCount }
            return count
        }
    }

    /// The paths (parameter indices, outermost first) of every layer in depth-first order; `[]` is this layer.
    public var layerPaths: [[Int]] {
        var paths: [[Int]] = [[]]
        for (index, parameter) in parameters.enumerated() {
            if case .nested(let layer) = parameter.value {
                paths += layer.layerPaths.map { [index] + $0 }
            }
        }
        return paths
    }

    /// The layer at `path` (as listed by `layerPaths`), or nil.
    public func layer(at path: some Collection<Int>) -> NestedLayer? {
        guard let first = path.first else { return self }
        guard parameters.indices.contains(first), case .nested(let layer) = parameters[first].value else { return nil }
        return layer.layer(at: path.dropFirst())
    }

    /// Applies `change` to the layer at `path`; does nothing when the path does not lead to a layer.
    public mutating func modifyLayer(at path: ArraySlice<Int>, _ change: (inout NestedLayer) -> Void) {
        guard let first = path.first else {
            change(&self)
            return
        }
        guard parameters.indices.contains(first), case .nested(var layer) = parameters[first].value else { return }
        layer.modifyLayer(at: path.dropFirst(), change)
        parameters[first].value = .nested(layer)
    }

    /// Percent-encodes `text` for use as a value, with uppercase hex.
    public static func encode(_ text: String, style: EncodingStyle) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count * 2)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in text.utf8 {
            if isKept(byte, style: style) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func isKept(_ byte: UInt8, style: EncodingStyle) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"),
            UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "/"), UInt8(ascii: "?"):
            style == .light
        default:
            false
        }
    }
}
