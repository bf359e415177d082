// The structure-aware mutator: decode into nested layers, mutate one layer, re-encode every level.
//
// 1. With probability 1/4 the whole input goes to the byte mutator (keeps malformed-input exploration,
//    dictionary and comparison hints).
// 2. Otherwise the input is split into `NestedLayer`s; one layer is picked and one operation applied to it
//    (edit a decoded value, name, head or fragment, by libFuzzer's byte mutator or by splicing a token of
//    `FuzzSplices` in, raw or encoded; nest a copy of a layer or a template under x-success,
//    x-error or x-cancel; add (sometimes as a flag), delete, duplicate or swap a parameter; flatten a nested layer back to
//    encoded text and damage it).
// 3. The tree is serialised, each nested level percent-encoded again (`%` → `%25` at each level).
// 4. A result longer than `maxSize` falls back to the byte mutator.
// All choices come from `SplitMix64(seed)`; no `Dictionary` or `Set` is iterated, so the output is
// a function of (input, seed) and of the byte mutator alone.

/// Structure-aware mutation of nested x-callback-urls, independent of libFuzzer.
public enum NestedMutator {
    /// Mutates `bytes` in place, keeping at most `maxSize` bytes (libFuzzer's `LLVMFuzzerMutate` fits).
    public typealias ByteMutator = (_ bytes: inout [UInt8], _ maxSize: Int) -> Void

    /// Names the mutator adds or nests under.
    static let names = ["x-success", "x-error", "x-cancel", "x-source", "text", "k", "a%26b", "x%2Dsuccess"]
    /// Values the mutator inserts (decoded text; it is encoded on the way out).
    static let values = ["", "&", "=", "100%", "a+b", "é", "#frag", "?q=1", "x://x-callback-url/", "%zz", "%E9"]
    /// Heads the mutator may put on a layer: ports, userinfo, no scheme, no `//`, other hosts, a trailing `/`.
    static let heads = [
        "app://x-callback-url/run", "s://X-Callback-URL/a/b", "x://x-callback-url/open/", "y://x-callback-url/done",
        "s://x-callback-url:80/a", "s://u@x-callback-url/a", "s://x-callback-url@evil.example/a", "//x-callback-url/a",
        "s:x-callback-url/a", "s://x-callback-url./a", "s://x%2Dcallback-url/a", "S://x-callback-url/a%2Fb",
    ]

    /// Returns a mutation of `input` of at most `maxSize` bytes.
    public static func mutate(_ input: [UInt8], maxSize: Int, seed: UInt32, byteMutator: ByteMutator) -> [UInt8] {
        mutate(input, tree: nil, maxSize: maxSize, seed: seed, byteMutator: byteMutator)
    }

    /// Returns a mutation of `input` of at most `maxSize` bytes; `tree`, when given, must be
    /// `NestedLayer(decoding: input)` (a caller that keeps inputs decoded saves decoding them again).
    public static func mutate(_ input: [UInt8], tree decoded: NestedLayer?, maxSize: Int, seed: UInt32, byteMutator: ByteMutator) -> [UInt8] {
        var rng = SplitMix64(seed: UInt64(seed) &* 0x2545_F491_4F6C_DD1D)
        if rng.oneIn(4) || !input.contains(UInt8(ascii: ":")) && !rng.oneIn(2) {
            return byteMutated(input, maxSize: maxSize, byteMutator)
        }
        var tree = decoded ?? NestedLayer(decoding: String(decoding: input, as: UTF8.self))
        let paths = tree.layerPaths
        let path = paths[rng.below(paths.count)]
        let donor = tree.layer(at: paths[rng.below(paths.count)]) ?? tree
        tree.modifyLayer(at: path[...]) { layer in
            mutateLayer(&layer, donor: donor, rng: &rng, byteMutator: byteMutator)
        }
        let out = Array(tree.serialized(style: rng.oneIn(2) ? .full : .light).utf8)
        return out.count <= maxSize ? out : byteMutated(input, maxSize: maxSize, byteMutator)
    }

    /// Grafts a random layer of `other` under a callback name of a random layer of `input`.
    public static func crossOver(_ input: [UInt8], _ other: [UInt8], maxSize: Int, seed: UInt32) -> [UInt8] {
        crossOver(input, tree: nil, other, tree: nil, maxSize: maxSize, seed: seed)
    }

    /// `crossOver` with the inputs' trees when the caller has them (`NestedLayer(decoding:)` of each).
    public static func crossOver(
        _ input: [UInt8], tree inputTree: NestedLayer?, _ other: [UInt8], tree otherTree: NestedLayer?, maxSize: Int, seed: UInt32
    ) -> [UInt8] {
        var rng = SplitMix64(seed: UInt64(seed) ^ 0xC3A5_C85C_97CB_3127)
        var tree = inputTree ?? NestedLayer(decoding: String(decoding: input, as: UTF8.self))
        let donorTree = otherTree ?? NestedLayer(decoding: String(decoding: other, as: UTF8.self))
        let donorPaths = donorTree.layerPaths
        let donor = donorTree.layer(at: donorPaths[rng.below(donorPaths.count)]) ?? donorTree
        let paths = tree.layerPaths
        tree.modifyLayer(at: paths[rng.below(paths.count)][...]) { layer in
            setParameter(&layer, name: names[rng.below(3)], value: .nested(donor), rng: &rng)
        }
        let out = Array(tree.serialized(style: rng.oneIn(2) ? .full : .light).utf8)
        return out.count <= maxSize ? out : Array(input.prefix(maxSize))
    }

    // MARK: - One layer

    static func mutateLayer(_ layer: inout NestedLayer, donor: NestedLayer, rng: inout SplitMix64, byteMutator: ByteMutator) {
        let count = layer.parameters.count
        switch rng.below(10) {
        case 0 where count > 0, 1 where count > 0:
            let index = rng.below(count)
            switch layer.parameters[index].value {
            case .raw(let raw):
                if let decoded = URLPieces.decodeStrict(raw.utf8) {
                    // A token spliced into the decoded value (encoded on the way out), or spliced in raw.
                    switch rng.below(3) {
                    case 0: layer.parameters[index].value = .raw(NestedLayer.encode(spliced(decoded, rng: &rng), style: .light))
                    case 1: layer.parameters[index].value = .raw(spliced(raw, rng: &rng))
                    default: layer.parameters[index].value = .raw(NestedLayer.encode(mutatedText(decoded, byteMutator), style: .light))
                    }
                } else {
                    layer.parameters[index].value = .raw(mutatedText(raw, byteMutator))
                }
            case .none:
                layer.parameters[index].value = .raw(NestedLayer.encode(values[rng.below(values.count)], style: .light))
            case .nested(let nested):
                // Flatten: the nested layer becomes encoded text again, then gets damaged.
                let encoded = NestedLayer.encode(nested.serialized(), style: rng.oneIn(2) ? .full : .light)
                layer.parameters[index].value = .raw(mutatedText(encoded, byteMutator))
            }
        case 2 where count > 0:
            let index = rng.below(count)
            let name = layer.parameters[index].name
            layer.parameters[index].name = rng.oneIn(2) ? spliced(name, rng: &rng) : mutatedText(name, byteMutator)
        case 3, 4:
            let nested = rng.oneIn(3) ? NestedLayer(decoding: heads[rng.below(heads.count)] + "?k=v") : donor
            setParameter(&layer, name: names[rng.below(3)], value: .nested(nested), rng: &rng)
        case 5:
            let value = NestedLayer.encode(values[rng.below(values.count)], style: rng.oneIn(2) ? .full : .light)
            // One insertion in six is a flag (no '='), reserved names included: `?x-success`, `?x-source&k`.
            let parameter = NestedLayer.Parameter(name: names[rng.below(names.count)], value: rng.oneIn(6) ? .none : .raw(value))
            layer.parameters.insert(parameter, at: rng.below(count + 1))
            layer.hasQuery = true
        case 6 where count > 0:
            layer.parameters.remove(at: rng.below(count))
        case 7 where count > 0:
            let parameter = layer.parameters[rng.below(count)]
            layer.parameters.insert(parameter, at: rng.below(count + 1))
        case 8:
            switch rng.below(3) {
            case 0: layer.head = heads[rng.below(heads.count)]
            case 1: layer.head = spliced(layer.head, rng: &rng)
            default: layer.head = mutatedText(layer.head, byteMutator)
            }
        default:
            if layer.fragment == nil || rng.oneIn(3) {
                layer.fragment = rng.oneIn(2) ? nil : "f"
            } else {
                layer.fragment = rng.oneIn(2) ? spliced(layer.fragment ?? "", rng: &rng) : mutatedText(layer.fragment ?? "", byteMutator)
            }
        }
    }

    /// `text` with a token of `FuzzSplices` inserted raw at its start, middle, end or anywhere (the grid's places).
    static func spliced(_ text: String, rng: inout SplitMix64) -> String {
        var scalars = Array(text.unicodeScalars)
        let token = FuzzSplices.tokens[rng.below(FuzzSplices.tokens.count)]
        scalars.insert(contentsOf: token.unicodeScalars, at: FuzzSplices.place(in: scalars.count, rng: &rng))
        return String(String.UnicodeScalarView(scalars))
    }

    /// Replaces the first parameter called `name`, or inserts one at a random place.
    static func setParameter(_ layer: inout NestedLayer, name: String, value: NestedLayer.Value, rng: inout SplitMix64) {
        if let index = layer.parameters.firstIndex(where: { $0.name == name }) {
            layer.parameters[index].value = value
        } else {
            let parameter = NestedLayer.Parameter(name: name, value: value)
            layer.parameters.insert(parameter, at: rng.below(layer.parameters.count + 1))
        }
        layer.hasQuery = true
    }

    package static func mutatedText(_ text: String, _ byteMutator: ByteMutator) -> String {
        var bytes = Array(text.utf8)
        if bytes.isEmpty { bytes = [UInt8(ascii: "a")] }
        byteMutator(&bytes, bytes.count + 16)
        return String(decoding: bytes, as: UTF8.self)
    }

    package static func byteMutated(_ input: [UInt8], maxSize: Int, _ byteMutator: ByteMutator) -> [UInt8] {
        var bytes = Array(input.prefix(maxSize))
        if bytes.isEmpty { bytes = [UInt8(ascii: "a")] }
        byteMutator(&bytes, maxSize)
        return bytes
    }

    /// A small seeded byte mutator (flip, insert, erase, copy a token) for tests and replay builds.
    public static func simpleByteMutator(seed: UInt64) -> ByteMutator {
        var rng = SplitMix64(seed: seed)
        let tokens = ["%", "%25", "&", "=", "#", "?", "://", "x-callback-url", "x-success="].map { Array($0.utf8) }
        return { bytes, maxSize in
            switch rng.below(4) {
            case 0 where !bytes.isEmpty: bytes[rng.below(bytes.count)] ^= UInt8(1 << rng.below(8))
            case 1 where !bytes.isEmpty: bytes.remove(at: rng.below(bytes.count))
            case 2: bytes.insert(contentsOf: tokens[rng.below(tokens.count)], at: rng.below(bytes.count + 1))
            default: bytes.insert(UInt8(truncatingIfNeeded: rng.next()), at: rng.below(bytes.count + 1))
            }
            if bytes.count > maxSize { bytes.removeLast(bytes.count - maxSize) }
        }
    }
}
