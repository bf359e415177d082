// Values worked out once per key and kept for the process: the fuzzer's vectors keep their seeds, their graded copies
// and their fault tables this way.

import Synchronization

/// A process-wide store of values made once per key; a caller that asks for a value being made waits for it, so a
/// fault table learnt in the background is never learnt twice.
public final class Memo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// One key's value, made under its own lock: other keys are made and read meanwhile.
    private final class Slot: Sendable {
        let value = Mutex<Value?>(nil)
    }

    private let slots = Mutex<[Key: Slot]>([:])

    /// An empty store.
    public init() {}

    /// The value for `key`, made by `make` the first time it is asked for (`make` must not ask for `key` again).
    public func value(_ key: Key, _ make: () -> Value) -> Value {
        let slot = slots.withLock { slots in
            if let known = slots[key] { return known }
            let made = Slot()
            slots[key] = made
            return made
        }
        return slot.value.withLock { stored in
            if let stored { return stored }
            let made = make()
            stored = made
            return made
        }
    }
}
