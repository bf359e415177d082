// The `xcallback-conformance` tool: all of its logic is `ConformanceCommandLine` in XCallbackConformance.

import Foundation
import XCallbackConformance

exit(ConformanceCommandLine.main())
