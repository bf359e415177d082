// The `xcallback-conformance` tool: all of its logic is `ConformanceCommandLine` in XCallbackCommandLine.

import Foundation
import XCallbackCommandLine

exit(ConformanceCommandLine.main())
