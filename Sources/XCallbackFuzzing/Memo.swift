// Values worked out once per key and kept for the process: the fuzzer's vectors keep their seeds, their graded copies
// and their fault tables this way.

import Synchronization

/// A process-wide store of values made once per key; made outside the lock, so two callers may both make one, and the
/// first stored wins.
public final class Memo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let stored = Mutex<[Key: Value]>([:])

    /// An empty store.
    public init() {}

    /// The value for `key`, made by `make` the first time it is asked for.
    public func value(_ key: Key, _ make: () -> Value) -> Value {
        if let known = stored.withLock({ $0[key] }) { return known }
        let made = make()
        return stored.withLock { values in
            if let first = values[key] { return first }
            values[key] = made
            return made
        }
    }
}
