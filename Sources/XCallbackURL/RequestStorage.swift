// The one allocation of an `XCallbackRequestUTF8View`: the input's bytes, in which the components that hold a
// `%` are decoded where they stand, then each parameter's place, then sixteen bytes of room.

/// The buffer of an `XCallbackRequestUTF8View`: the input's bytes, decoded in place where they hold a `%`, then
/// each parameter's place as four words (name start and end, value start and end, -1 for no value), then at
/// least sixteen bytes, so that sixteen bytes may be read from where any component starts.
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
    }

    /// The text of the component whose bounds `place` reads from the fields.
    @inline(__always)
    func text(_ place: (UnsafeMutablePointer<Fields>) -> Range<Int>) -> XCallbackRequestUTF8View.Text {
        withUnsafeMutablePointers { fields, elements in XCallbackRequestUTF8View.Text(self, elements, place(fields)) }
    }

    /// The text of the optional component whose bounds `place` reads from the fields, or `nil`.
    @inline(__always)
    func text(_ place: (UnsafeMutablePointer<Fields>) -> Range<Int>?) -> XCallbackRequestUTF8View.Text? {
        withUnsafeMutablePointers { fields, elements in
            place(fields).map { XCallbackRequestUTF8View.Text(self, elements, $0) }
        }
    }

    /// The parameter at `position`, whose place is four words after the bytes.
    func parameter(at position: Int) -> XCallbackRequestUTF8View.Parameter {
        withUnsafeMutablePointers { fields, elements in
            let (name, value) = Self.bounds(ofParameterAt: position, fields, elements)
            return XCallbackRequestUTF8View.Parameter(
                name: XCallbackRequestUTF8View.Text(self, elements, name),
                value: value.map { XCallbackRequestUTF8View.Text(self, elements, $0) })
        }
    }

    /// Where the name and the value of the parameter at `position` lie in the bytes, read from its place.
    @inline(__always)
    static func bounds(
        ofParameterAt position: Int, _ fields: UnsafeMutablePointer<Fields>, _ elements: UnsafeMutablePointer<UInt8>
    ) -> (name: Range<Int>, value: Range<Int>?) {
        let place = UnsafeRawPointer(elements + fields.pointee.boundsOffset + position * 32)
        let name = place.load(as: Int.self)..<place.load(fromByteOffset: 8, as: Int.self)
        let valueStart = place.load(fromByteOffset: 16, as: Int.self)
        return (name, valueStart < 0 ? nil : valueStart..<place.load(fromByteOffset: 24, as: Int.self))
    }

    /// A buffer holding a copy of `bytes` and room for `parameterCapacity` parameters.
    static func make(copying bytes: UnsafeBufferPointer<UInt8>, parameterCapacity: Int) -> RequestStorage {
        let boundsOffset = (bytes.count + 7) & ~7
        let buffer = create(minimumCapacity: boundsOffset + parameterCapacity * 32 + 16) { _ in
            Fields(parts: ScannedRequest(scheme: 0..<0, action: 0..<0), parameterCount: 0, boundsOffset: boundsOffset)
        }
        let storage = unsafeDowncast(buffer, to: RequestStorage.self)
        let capacity = storage.capacity
        storage.withUnsafeMutablePointerToElements { elements in
            if let base = bytes.baseAddress { elements.initialize(from: base, count: bytes.count) }
            // The sixteen bytes a short text may read past the input's end (the capacity has room for them):
            // initialized, so that no read is of memory never written (what they hold is never used). One vector
            // store, not `initialize(repeating:count:)`, which calls `memset`.
            precondition(capacity - bytes.count >= 16)
            UnsafeMutableRawPointer(elements + bytes.count).storeBytes(of: SIMD16<UInt8>(), as: SIMD16<UInt8>.self)
        }
        return storage
    }
}

/// Writes each parameter's place after the bytes of a `RequestStorage`.
struct StorageParameters: ParameterSink {
    /// Where the first parameter's place goes.
    let base: UnsafeMutableRawPointer
    /// How many places there is room for: the screen's count of `&`, plus one.
    let capacity: Int
    /// How many places are written.
    private(set) var count = 0

    init(base: UnsafeMutableRawPointer, capacity: Int) { (self.base, self.capacity) = (base, capacity) }

    mutating func append(name: Range<Int>, value: Range<Int>?, from reader: some ComponentReading) {
        // The room comes from the screen's count, an upper bound it must keep: a place past it would be written
        // over memory the buffer does not own.
        precondition(count < capacity, "more parameters than the screen counted room for")
        let place = base + count * 32
        place.storeBytes(of: name.lowerBound, as: Int.self)
        place.storeBytes(of: name.upperBound, toByteOffset: 8, as: Int.self)
        place.storeBytes(of: value?.lowerBound ?? -1, toByteOffset: 16, as: Int.self)
        place.storeBytes(of: value?.upperBound ?? -1, toByteOffset: 24, as: Int.self)
        count += 1
    }
}
