// The `xcallback-conformance` tool: its logic is `ConformanceCommandLine` in XCallbackConformance, and
// `fuzz` is `FuzzCommand` here until XCallbackConformance may depend on XCallbackFuzzing.

import Foundation
import XCallbackConformance

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "fuzz" {
    exit(FuzzCommand.main(arguments: Array(arguments.dropFirst()), io: .process))
}
exit(ConformanceCommandLine.main())
