// What a differential fuzz input is.
//
// An input's first byte selects the operation: 0x01 a build-request case, 0x02 a build-callback case (the
// rest decoded by `RequestGenerator`), anything else a URL to parse.

import XCallbackConformanceCore
import XCallbackURL

/// The layout of a differential fuzz input.
public enum DifferentialInput {
    /// The first byte of a build-request input.
    public static let buildRequestByte: UInt8 = 0x01
    /// The first byte of a build-callback input.
    public static let buildCallbackByte: UInt8 = 0x02
}

extension Operation {
    /// The operation a differential fuzz input selects: its first byte 0x01 (build-request), 0x02
    /// (build-callback), or anything else (a URL to parse).
    public init(differentialInput input: [UInt8]) {
        switch input.first {
        case DifferentialInput.buildRequestByte: self = .buildRequest
        case DifferentialInput.buildCallbackByte: self = .buildCallback
        default: self = .parse
        }
    }
}
