// The text of one component of an `XCallbackRequestUTF8View`: its decoded UTF-8 bytes, where they lie in the
// view's buffer, read without copying.

extension XCallbackRequestUTF8View {
    /// One decoded component: its UTF-8 code units, in the view's buffer (which the text then keeps alive) or,
    /// up to sixteen of them, in the text itself.
    ///
    /// A collection of bytes that are well-formed UTF-8. `string` copies them into a `String`; `withUTF8` and
    /// `withUTF8Span` lend them without copying. Texts compare byte for byte, with each other and with strings.
    ///
    /// Why short texts hold their bytes: a reference to the buffer costs an atomic increment when a text is made
    /// and a decrement when it ends, more than copying sixteen bytes, and most components are short.
    public struct Text: RandomAccessCollection, Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
        /// The buffer, or `nil` when the bytes are in `inline`.
        let storage: RequestStorage.Reference?
        /// Where the bytes start in the buffer; unused when they are inline.
        let start: Int
        /// Up to sixteen bytes, when there is no buffer.
        let inline: SIMD16<UInt8>
        /// The number of UTF-8 code units.
        public let count: Int

        /// The text at `bounds` of `buffer`, whose bytes start at `elements` and may be read sixteen bytes from any
        /// component's start.
        @inline(__always)
        init(_ buffer: RequestStorage, _ elements: UnsafeMutablePointer<UInt8>, _ bounds: Range<Int>) {
            count = bounds.count
            if bounds.count <= 16 {
                storage = nil
                start = 0
                inline = UnsafeRawPointer(elements + bounds.lowerBound).loadUnaligned(as: SIMD16<UInt8>.self)
            } else {
                storage = RequestStorage.Reference(object: buffer)
                start = bounds.lowerBound
                inline = SIMD16()
            }
        }

        /// The index of the first code unit, zero.
        public var startIndex: Int { 0 }
        /// The number of code units.
        public var endIndex: Int { count }

        /// The code unit at `position`.
        public subscript(position: Int) -> UInt8 {
            precondition(position >= 0 && position < count, "index out of range")
            return withUTF8 { $0[position] }
        }

        /// Calls `body` with the code units, which stay valid only for the call.
        public func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
            guard let storage else {
                return try withUnsafeBytes(of: inline) { raw in
                    try body(UnsafeBufferPointer(start: raw.baseAddress?.assumingMemoryBound(to: UInt8.self), count: count))
                }
            }
            return try storage.object.withUnsafeMutablePointerToElements { base in
                try body(UnsafeBufferPointer(start: base + start, count: count))
            }
        }

        /// Calls `body` with the code units as a `UTF8Span`, which is valid only for the call.
        @available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
        public func withUTF8Span<Result>(_ body: (UTF8Span) throws -> Result) rethrows -> Result {
            // The parser has checked every escape, and the input was a `String`: the bytes are well-formed.
            try withUTF8 { bytes in try body(UTF8Span(unchecked: Span(_unsafeElements: bytes), isKnownASCII: false)) }
        }

        /// The text as a `String` of its own (a copy).
        public var string: String {
            withUTF8 { String(checkedUTF8: $0, isASCII: ByteScan.isASCII($0)) }
        }

        /// The text itself.
        public var description: String { string }

        /// The text quoted, as `String` writes itself for debugging.
        public var debugDescription: String { string.debugDescription }

        /// Whether two texts hold the same bytes.
        public static func == (lhs: Text, rhs: Text) -> Bool {
            lhs.count == rhs.count && lhs.withUTF8 { left in rhs.withUTF8 { right in left.elementsEqual(right) } }
        }

        /// Whether a text holds the bytes of `string` (byte for byte, not by canonical equivalence).
        public static func == (lhs: Text, rhs: String) -> Bool {
            var other = rhs
            return lhs.count == other.utf8.count && lhs.withUTF8 { left in other.withUTF8 { left.elementsEqual($0) } }
        }

        /// Whether a text holds the bytes of `string` (byte for byte, not by canonical equivalence).
        public static func == (lhs: String, rhs: Text) -> Bool { rhs == lhs }

        /// Matches a text against a string in a `switch`, byte for byte.
        public static func ~= (pattern: String, value: Text) -> Bool { value == pattern }

        /// Hashes the bytes, consistently with `==`.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(count)
            withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }
}
