// The action parameters' places in a borrowed view's scratch buffer: four words each (name start and end, value
// start and end, -1 for no value), written by the scanner as it finds them and read by
// `XCallbackRequestBorrowedView.Parameters`.

/// Writes each parameter's place into the scratch buffer of an `XCallbackRequestBorrowedView`, which reads them back.
struct ParameterPlaces: ParameterSink {
    /// Where the first parameter's place goes.
    let base: UnsafeMutableRawPointer
    /// How many places there is room for: the screen's count of `&`, plus one.
    let capacity: Int
    /// How many places are written.
    private(set) var count = 0

    init(base: UnsafeMutableRawPointer, capacity: Int) { (self.base, self.capacity) = (base, capacity) }

    mutating func append(name: Range<Int>, value: Range<Int>?, from reader: some ComponentReading) {
        // The room comes from the screen's count, an upper bound it must keep: a place past it would be written
        // over memory the scratch buffer does not own.
        precondition(count < capacity, "more parameters than the screen counted room for")
        let place = base + count * 32
        place.storeBytes(of: name.lowerBound, as: Int.self)
        place.storeBytes(of: name.upperBound, toByteOffset: 8, as: Int.self)
        place.storeBytes(of: value?.lowerBound ?? -1, toByteOffset: 16, as: Int.self)
        place.storeBytes(of: value?.upperBound ?? -1, toByteOffset: 24, as: Int.self)
        count += 1
    }
}
