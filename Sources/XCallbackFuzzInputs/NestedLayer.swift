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
        var text = text
        self = text.withUTF8 { NestedLayer(bytes: $0, depth: depth) }
    }

    /// The same split on UTF-8 bytes: every cut is at an ASCII delimiter, so every slice stays valid UTF-8.
    init(bytes: UnsafeBufferPointer<UInt8>, depth: Int) {
        var end = bytes.count
        if let hash = bytes.firstIndex(of: UInt8(ascii: "#")) {
            fragment = String(decoding: UnsafeBufferPointer(rebasing: bytes[(hash + 1)...]), as: UTF8.self)
            end = hash
        } else {
            fragment = nil
        }
        guard let question = bytes[..<end].firstIndex(of: UInt8(ascii: "?")) else {
            head = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self)
            hasQuery = false
            parameters = []
            return
        }
        head = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<question]), as: UTF8.self)
        hasQuery = true
        var parameters: [Parameter] = []
        var start = question + 1
        var index = start
        while true {
            if index == end || bytes[index] == UInt8(ascii: "&") {
                parameters.append(NestedLayer.parameter(UnsafeBufferPointer(rebasing: bytes[start..<index]), depth: depth))
                if index == end { break }
                start = index + 1
            }
            index += 1
        }
        self.parameters = parameters
    }

    /// One raw query piece: a nested layer when its value decodes (once, strictly) to UTF-8 holding `://`.
    static func parameter(_ piece: UnsafeBufferPointer<UInt8>, depth: Int) -> Parameter {
        guard let equals = piece.firstIndex(of: UInt8(ascii: "=")) else {
            return Parameter(name: String(decoding: piece, as: UTF8.self), value: .none)
        }
        let name = String(decoding: UnsafeBufferPointer(rebasing: piece[..<equals]), as: UTF8.self)
        let raw = UnsafeBufferPointer(rebasing: piece[(equals + 1)...])
        if depth > 0, raw.count >= 3, var decoded = URLPieces.decodeStrictBytes(raw), containsSchemeSeparator(decoded),
            String(validating: decoded, as: UTF8.self) != nil
        {
            let nested = decoded.withUnsafeMutableBufferPointer { NestedLayer(bytes: UnsafeBufferPointer($0), depth: depth - 1) }
            decoded = []
            return Parameter(name: name, value: .nested(nested))
        }
        return Parameter(name: name, value: .raw(String(decoding: raw, as: UTF8.self)))
    }

    /// What a fuzzing corpus keys on, without building the tree: the depth of the deepest layer (the first
    /// one in depth-first order, as `layerPaths` lists them) and which of `# % & + = ?` the strictly decoded
    /// raw values of that layer hold, as bits in that order. Equal to what the tree of `init(decoding:)` gives.
    public static func deepestLayerSummary(of input: [UInt8], depth: Int = 8) -> (depth: Int, delimiters: UInt8) {
        let text = UTF8Check.isValid(input) ? input : Array(String(decoding: input, as: UTF8.self).utf8)
        return text.withUnsafeBufferPointer { summary(of: $0, depth: depth) }
    }

    /// The bit of each delimiter `deepestLayerSummary` reports.
    static func delimiterBit(_ byte: UInt8) -> UInt8 {
        switch byte {
        case UInt8(ascii: "#"): 1
        case UInt8(ascii: "%"): 2
        case UInt8(ascii: "&"): 4
        case UInt8(ascii: "+"): 8
        case UInt8(ascii: "="): 16
        case UInt8(ascii: "?"): 32
        default: 0
        }
    }

    /// `delimiterBit` of every byte.
    static let delimiterTable: [UInt8] = (0...255).map { delimiterBit(UInt8($0)) }

    /// The delimiters of `bits` as text, in ASCII order (`#%&+=?`).
    public static func delimiters(_ bits: UInt8) -> String {
        var out = ""
        for (index, character) in "#%&+=?".enumerated() where bits & (1 << index) != 0 { out.append(character) }
        return out
    }

    private static func summary(of bytes: UnsafeBufferPointer<UInt8>, depth: Int) -> (depth: Int, delimiters: UInt8) {
        var end = bytes.count
        if let hash = bytes.firstIndex(of: UInt8(ascii: "#")) { end = hash }
        guard let question = bytes[..<end].firstIndex(of: UInt8(ascii: "?")) else { return (0, 0) }
        var own: UInt8 = 0
        var deepest: (depth: Int, delimiters: UInt8)?
        var start = question + 1
        var index = start
        while true {
            if index == end || bytes[index] == UInt8(ascii: "&") {
                let piece = UnsafeBufferPointer(rebasing: bytes[start..<index])
                if let equals = piece.firstIndex(of: UInt8(ascii: "=")) {
                    let raw = UnsafeBufferPointer(rebasing: piece[(equals + 1)...])
                    // One pass: the delimiters, a '%' (then the value needs decoding) and a "://".
                    var bits: UInt8 = 0
                    var separator = false
                    var previous: (UInt8, UInt8) = (0, 0)
                    for byte in raw {
                        bits |= delimiterTable[Int(byte)]
                        if byte == UInt8(ascii: "/"), previous == (UInt8(ascii: ":"), UInt8(ascii: "/")) { separator = true }
                        previous = (previous.1, byte)
                    }
                    if bits & 2 == 0 {
                        // No '%': nothing to decode, and a slice of valid UTF-8 cut at ASCII bytes is valid UTF-8.
                        if depth > 0, separator {
                            let child = summary(of: raw, depth: depth - 1)
                            if child.depth + 1 > (deepest?.depth ?? 0) { deepest = (child.depth + 1, child.delimiters) }
                        } else {
                            own |= bits
                        }
                    } else if let decoded = URLPieces.decodeStrictBytes(raw), UTF8Check.isValid(decoded) {
                        if depth > 0, containsSchemeSeparator(decoded) {
                            let child = decoded.withUnsafeBufferPointer { summary(of: $0, depth: depth - 1) }
                            if child.depth + 1 > (deepest?.depth ?? 0) { deepest = (child.depth + 1, child.delimiters) }
                        } else {
                            for byte in decoded { own |= delimiterTable[Int(byte)] }
                        }
                    }
                }
                if index == end { break }
                start = index + 1
            }
            index += 1
        }
        return deepest ?? (0, own)
    }

    /// Whether `bytes` contain `://`.
    static func containsSchemeSeparator(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { containsSchemeSeparator($0) }
    }

    /// Whether `bytes` contain `://`.
    static func containsSchemeSeparator(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 3 else { return false }
        for index in 0..<(bytes.count - 2)
        where bytes[index] == UInt8(ascii: ":") && bytes[index + 1] == UInt8(ascii: "/") && bytes[index + 2] == UInt8(ascii: "/") {
            return true
        }
        return false
    }

    /// The layer as URL text, every nested layer serialised and percent-encoded in `style`.
    public func serialized(style: EncodingStyle = .full) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        serialize(style: style, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the serialised layer to `out`.
    func serialize(style: EncodingStyle, into out: inout [UInt8]) {
        out.append(contentsOf: head.utf8)
        if hasQuery {
            out.append(UInt8(ascii: "?"))
            for (index, parameter) in parameters.enumerated() {
                if index > 0 { out.append(UInt8(ascii: "&")) }
                out.append(contentsOf: parameter.name.utf8)
                switch parameter.value {
                case .none: break
                case .raw(let raw):
                    out.append(UInt8(ascii: "="))
                    out.append(contentsOf: raw.utf8)
                case .nested(let layer):
                    out.append(UInt8(ascii: "="))
                    var inner: [UInt8] = []
                    inner.reserveCapacity(128)
                    layer.serialize(style: style, into: &inner)
                    NestedLayer.encode(bytes: inner, style: style, into: &out)
                }
            }
        }
        if let fragment {
            out.append(UInt8(ascii: "#"))
            out.append(contentsOf: fragment.utf8)
        }
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
        encode(text, style: style, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `text` percent-encoded in `style` to `out`.
    static func encode(_ text: String, style: EncodingStyle, into out: inout [UInt8]) {
        encode(bytes: text.utf8, style: style, into: &out)
    }

    /// Appends `bytes` percent-encoded in `style` to `out`.
    static func encode(bytes: some Sequence<UInt8>, style: EncodingStyle, into out: inout [UInt8]) {
        let bytes = Array(bytes)
        let encoded = [UInt8](unsafeUninitializedCapacity: bytes.count * 3) { buffer, count in
            let kept = style == .full ? keptFull : keptLight
            let hex: StaticString = "0123456789ABCDEF"
            var index = 0
            for byte in bytes {
                if kept[Int(byte)] {
                    buffer[index] = byte
                    index += 1
                } else {
                    buffer[index] = UInt8(ascii: "%")
                    buffer[index + 1] = hex.utf8Start[Int(byte >> 4)]
                    buffer[index + 2] = hex.utf8Start[Int(byte & 15)]
                    index += 3
                }
            }
            count = index
        }
        out.append(contentsOf: encoded)
    }

    /// `isKept` for every byte, by style.
    static let keptFull: [Bool] = (0...255).map { isKept(UInt8($0), style: .full) }
    static let keptLight: [Bool] = (0...255).map { isKept(UInt8($0), style: .light) }

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
