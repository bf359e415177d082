// `import XCallbackConformance` gives an adopter the whole published surface: the protocol and evaluation
// module and the transport travel with the runner, so code written against the single module keeps compiling.

@_exported import XCallbackConformanceCore
@_exported import XCallbackTransport

/// The vector operation (parse, build a request, build a callback); here it shadows Foundation's `Operation` class.
public typealias Operation = XCallbackConformanceCore.Operation
