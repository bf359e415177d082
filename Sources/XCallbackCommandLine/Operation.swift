// This module imports Foundation, whose `Operation` class would otherwise make the vector operation's name
// ambiguous here.

import XCallbackConformanceCore

/// The vector operation (parse, build a request, build a callback), shadowing Foundation's `Operation` class.
typealias Operation = XCallbackConformanceCore.Operation
