// Parsing into a UTF-8 view: one allocation holding a copy of the input, in which the components that hold a `%`
// are decoded where they stand, followed by the parameters' places.
//
// 1. Screen the input once (control characters, `%`, non-ASCII, and how many `&`: at most one parameter more)
//    and check the scheme.
// 2. Allocate the buffer: the input's bytes, then room for the parameters' places, and copy the input in.
// 3. Scan: with no `%` and a lowercase scheme the components are ranges of the copy as it is; otherwise each
//    component that holds a `%` is decoded over its own bytes (`InPlaceReader`), the scheme lowercased.

extension XCallbackRequestUTF8View {
    /// Parses an incoming x-callback-url as strictly as `XCallbackRequest(parsing:)`.
    ///
    /// - Throws: an `XCallbackRejection` whose category says why and whose offset points at the offending byte.
    public init(parsing url: String) throws(XCallbackRejection) {
        // `withUTF8` may make a native copy of `url`; rejections quote the text as given, which has the same bytes.
        var native = url
        let result = native.withUTF8 { bytes in
            Result { () throws(XCallbackRejection) in try Self.parse(bytes, text: url) }
        }
        storage = RequestStorage.Reference(object: try result.get())
    }

    /// Parses an incoming x-callback-url given as bytes, which must be well-formed UTF-8.
    ///
    /// - Throws: `invalid-utf8` for ill-formed input, otherwise as `init(parsing:)`.
    public init(parsingUTF8 bytes: some Collection<UInt8>) throws(XCallbackRejection) {
        try self.init(parsing: XCallbackRequest.validatedText(bytes))
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, text: String) throws(XCallbackRejection) -> RequestStorage {
        let scanner = RequestScanner(bytes: bytes, text: text)
        // 1.
        let (colon, screening, schemeHasUppercase) = try scanner.screen(countingAmpersands: true)
        // 2.
        let storage = RequestStorage.make(copying: bytes, parameterCapacity: screening.ampersands + 1)
        // 3.
        try storage.withUnsafeMutablePointers { fields, elements throws(XCallbackRejection) in
            var parameters = StorageParameters(base: UnsafeMutableRawPointer(elements + fields.pointee.boundsOffset))
            if screening.hasPercent || schemeHasUppercase {
                var reader = InPlaceReader(source: bytes, target: elements)
                fields.pointee.parts = try scanner.scan(after: colon, with: &reader, parameters: &parameters)
            } else {
                var reader = InputReader(source: bytes)
                fields.pointee.parts = try scanner.scan(after: colon, with: &reader, parameters: &parameters)
            }
            fields.pointee.parameterCount = parameters.count
        }
        return storage
    }
}

/// The buffer of an `XCallbackRequestUTF8View`: the input's bytes, decoded in place where they hold a `%`, then
/// each parameter's place as four words (name start and end, value start and end, -1 for no value).
final class RequestStorage: ManagedBuffer<RequestStorage.Fields, UInt8> {
    /// Where the components lie in the bytes.
    struct Fields {
        var parts: ScannedRequest
        var parameterCount: Int
        /// Where the parameters' places start, eight-byte aligned, after the input's bytes.
        let boundsOffset: Int
    }

    /// A reference to a buffer that is no longer written: `ManagedBuffer` is not `Sendable`, this buffer is, since
    /// it is written only while it is being parsed into, before any view holds it.
    struct Reference: @unchecked Sendable {
        let object: RequestStorage

        /// The fields, read through their pointer: no exclusivity check for a class property.
        var fields: Fields {
            @inline(__always) get { object.withUnsafeMutablePointerToHeader { $0.pointee } }
        }
    }

    /// A buffer holding a copy of `bytes` and room for `parameterCapacity` parameters.
    static func make(copying bytes: UnsafeBufferPointer<UInt8>, parameterCapacity: Int) -> RequestStorage {
        let boundsOffset = (bytes.count + 7) & ~7
        let buffer = create(minimumCapacity: boundsOffset + parameterCapacity * 32) { _ in
            Fields(parts: ScannedRequest(scheme: 0..<0, action: 0..<0), parameterCount: 0, boundsOffset: boundsOffset)
        }
        let storage = unsafeDowncast(buffer, to: RequestStorage.self)
        storage.withUnsafeMutablePointerToElements { elements in
            if let base = bytes.baseAddress { elements.initialize(from: base, count: bytes.count) }
        }
        return storage
    }

    /// The place of the parameter at `position`.
    func parameterBounds(at position: Int) -> ParameterBounds {
        withUnsafeMutablePointers { fields, elements in
            let place = UnsafeRawPointer(elements + fields.pointee.boundsOffset + position * 32)
            let name = place.load(as: Int.self)..<place.load(fromByteOffset: 8, as: Int.self)
            let valueStart = place.load(fromByteOffset: 16, as: Int.self)
            let value = valueStart < 0 ? nil : valueStart..<place.load(fromByteOffset: 24, as: Int.self)
            return ParameterBounds(name: name, value: value)
        }
    }
}

/// Writes each parameter's place after the bytes of a `RequestStorage`.
struct StorageParameters: ParameterSink {
    /// Where the first parameter's place goes.
    let base: UnsafeMutableRawPointer
    /// How many places are written.
    private(set) var count = 0

    init(base: UnsafeMutableRawPointer) { self.base = base }

    mutating func append(name: Range<Int>, value: Range<Int>?, from reader: some ComponentReading) {
        let place = base + count * 32
        place.storeBytes(of: name.lowerBound, as: Int.self)
        place.storeBytes(of: name.upperBound, toByteOffset: 8, as: Int.self)
        place.storeBytes(of: value?.lowerBound ?? -1, toByteOffset: 16, as: Int.self)
        place.storeBytes(of: value?.upperBound ?? -1, toByteOffset: 24, as: Int.self)
        count += 1
    }
}
