// Small helpers that keep the per-input work of the drivers free of allocations and per-byte generic loops:
// the nesting path of a level as bits (rendered only in a failure report), and byte-for-byte equality of
// strings and requests by `memcmp` over contiguous UTF-8.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import XCallbackURL

/// Where a nested level sits: `top`, then one callback slot (x-success, x-error, x-cancel) per level.
public struct LevelPath: Sendable, Equatable, CustomStringConvertible {
    /// Two bits per level, the first level lowest; levels past the 32nd are counted but not kept.
    private var slots: UInt64 = 0
    /// How many levels below the top.
    public private(set) var depth = 0

    /// The top level.
    public init() {}

    /// The callback names, by slot.
    static let names = ["x-success", "x-error", "x-cancel"]

    /// The path one level deeper, through callback slot `slot` (0 x-success, 1 x-error, 2 x-cancel).
    public func appending(_ slot: UInt8) -> LevelPath {
        precondition(slot < 3, "LevelPath: a callback slot is 0, 1 or 2")
        var next = self
        if depth < 32 { next.slots |= UInt64(slot) << (2 * UInt64(depth)) }
        next.depth += 1
        return next
    }

    /// `top.x-success.x-error`, as the reports have always named levels.
    public var description: String {
        var text = "top"
        for level in 0..<min(depth, 32) {
            text += "." + LevelPath.names[Int(slots >> (2 * UInt64(level)) & 3)]
        }
        if depth > 32 { text += ".(\(depth - 32) more)" }
        return text
    }
}

/// Byte-for-byte equality by `memcmp`, the comparison `XCallbackRequest ==` makes, without its per-byte loop.
public enum ExactBytes {
    /// Whether two strings hold the same UTF-8 bytes.
    public static func same(_ lhs: String, _ rhs: String) -> Bool {
        guard lhs.utf8.count == rhs.utf8.count else { return false }
        return withBytes(lhs) { left in
            withBytes(rhs) { right in
                left.count == 0 || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0
            }
        }
    }

    /// Whether two optional strings are both absent or hold the same UTF-8 bytes.
    public static func same(_ lhs: String?, _ rhs: String?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): true
        case (let a?, let b?): same(a, b)
        default: false
        }
    }

    /// Whether two requests have the same bytes in every field, as `==` compares them.
    public static func same(_ lhs: XCallbackRequest, _ rhs: XCallbackRequest) -> Bool {
        guard same(lhs.scheme, rhs.scheme), same(lhs.action, rhs.action), same(lhs.source, rhs.source),
            same(lhs.success, rhs.success), same(lhs.error, rhs.error), same(lhs.cancel, rhs.cancel),
            same(lhs.fragment, rhs.fragment), lhs.parameters.count == rhs.parameters.count
        else { return false }
        for (left, right) in zip(lhs.parameters, rhs.parameters)
        where !same(left.name, right.name) || !same(left.value, right.value) {
            return false
        }
        return true
    }

    /// Calls `body` with the UTF-8 of `text`, copying only a string whose storage is not contiguous.
    private static func withBytes<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = text
        return copy.withUTF8(body)
    }
}
