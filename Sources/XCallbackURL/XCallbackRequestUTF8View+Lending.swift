// Reading a UTF-8 view's components without a `Text` for each: the decoded bytes are lent to a closure straight
// from the view's buffer, so that no reference to the buffer is taken. A `Text` of more than sixteen bytes keeps
// the buffer alive, an atomic increment when it is made and a decrement when it ends; over the realistic mix
// of the bench those are about a tenth of a parse with every field read (RESULTS.md beside the bench).

extension XCallbackRequestUTF8View {
    /// A component of the URL other than the action parameters, to be lent by `withUTF8(of:_:)`.
    public enum Component: Sendable, CaseIterable {
        /// The scheme, lowercased.
        case scheme
        /// The action.
        case action
        /// The `x-source` value.
        case source
        /// The `x-success` callback URL.
        case success
        /// The `x-error` callback URL.
        case error
        /// The `x-cancel` callback URL.
        case cancel
        /// The fragment after `#`.
        case fragment
    }

    /// Calls `body` with the decoded UTF-8 bytes of `component`, or with `nil` when the URL has no such component;
    /// the bytes are valid only for the call.
    public func withUTF8<Result>(
        of component: Component, _ body: (UnsafeBufferPointer<UInt8>?) throws -> Result
    ) rethrows -> Result {
        try storage.object.withUnsafeMutablePointers { fields, elements in
            let parts = fields.pointee.parts
            let bounds: Range<Int>? =
                switch component {
                case .scheme: parts.scheme
                case .action: parts.action
                case .source: parts.source
                case .success: parts.success
                case .error: parts.error
                case .cancel: parts.cancel
                case .fragment: parts.fragment
                }
            return try body(bounds.map { UnsafeBufferPointer(start: elements + $0.lowerBound, count: $0.count) })
        }
    }

    /// Calls `body` with each action parameter's decoded name and value (`nil` for a key written without `=`), in
    /// order, as UTF-8 bytes that are valid only for the call.
    public func forEachParameter(
        _ body: (_ name: UnsafeBufferPointer<UInt8>, _ value: UnsafeBufferPointer<UInt8>?) throws -> Void
    ) rethrows {
        try storage.object.withUnsafeMutablePointers { fields, elements in
            for position in 0..<fields.pointee.parameterCount {
                let (name, value) = RequestStorage.bounds(ofParameterAt: position, fields, elements)
                try body(
                    UnsafeBufferPointer(start: elements + name.lowerBound, count: name.count),
                    value.map { UnsafeBufferPointer(start: elements + $0.lowerBound, count: $0.count) })
            }
        }
    }
}
