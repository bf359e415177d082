// Summary statistics over timed samples: median and spread, nothing that assumes a distribution.
//
// A shared two-core machine produces outliers in both directions, so the harness reports the median
// (robust to them) and the spread as (max - min) / median, the most pessimistic honest figure.

import Foundation

// MARK: - Summary

/// The median and spread of a set of samples (nanoseconds per operation, or a unitless ratio).
struct Summary: Sendable, Equatable {
    /// The middle value; the mean of the two middle values for an even count.
    var median: Double
    /// The smallest sample.
    var min: Double
    /// The largest sample.
    var max: Double
    /// How many samples were taken.
    var count: Int
    /// The samples in the order they were taken (pairs of compared workloads line up by index).
    var samples: [Double]
    /// The first quartile (25th percentile, linear interpolation).
    var lowerQuartile: Double
    /// The third quartile (75th percentile, linear interpolation).
    var upperQuartile: Double

    /// (max - min) / median as a percentage; 0 for a single sample or a zero median.
    var spreadPercent: Double {
        guard count > 1, median != 0 else { return 0 }
        return (max - min) / median * 100
    }

    /// (upper quartile - lower quartile) / median as a percentage: the spread of the middle half.
    var interquartilePercent: Double {
        guard count > 1, median != 0 else { return 0 }
        return (upperQuartile - lowerQuartile) / median * 100
    }

    /// Summarises `samples`; an empty array gives an all-zero summary with count 0.
    init(_ samples: [Double]) {
        self.samples = samples
        let sorted = samples.sorted()
        count = sorted.count
        guard let first = sorted.first, let last = sorted.last else {
            median = 0; min = 0; max = 0; lowerQuartile = 0; upperQuartile = 0
            return
        }
        min = first
        max = last
        let middle = sorted.count / 2
        median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        lowerQuartile = Self.percentile(sorted, 0.25)
        upperQuartile = Self.percentile(sorted, 0.75)
    }

    /// The `fraction` percentile of sorted, non-empty samples, interpolating between neighbours.
    static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        let position = fraction * Double(sorted.count - 1)
        let below = Int(position.rounded(.down))
        let above = Swift.min(below + 1, sorted.count - 1)
        let weight = position - Double(below)
        return sorted[below] * (1 - weight) + sorted[above] * weight
    }

    /// The same summary with every value multiplied by `factor` (a negative factor swaps min and max).
    func scaled(by factor: Double) -> Summary {
        var copy = self
        copy.samples = samples.map { $0 * factor }
        copy.median = median * factor
        copy.min = Swift.min(min * factor, max * factor)
        copy.max = Swift.max(min * factor, max * factor)
        copy.lowerQuartile = Swift.min(lowerQuartile * factor, upperQuartile * factor)
        copy.upperQuartile = Swift.max(lowerQuartile * factor, upperQuartile * factor)
        return copy
    }
}

// MARK: - Slope

/// The least-squares slope of log(y) over log(x): 0 means y does not grow with x, 1 linear, 2 quadratic.
///
/// Used on per-byte cost against input size, where a flat cost gives a slope near 0 and a regression to
/// quadratic parsing shows as a slope near 1.
func logLogSlope(_ points: [(x: Double, y: Double)]) -> Double {
    let usable = points.filter { $0.x > 0 && $0.y > 0 }
    guard usable.count >= 2 else { return 0 }
    let xs = usable.map { log($0.x) }
    let ys = usable.map { log($0.y) }
    let n = Double(usable.count)
    let meanX = xs.reduce(0, +) / n
    let meanY = ys.reduce(0, +) / n
    var numerator = 0.0
    var denominator = 0.0
    for (x, y) in zip(xs, ys) {
        numerator += (x - meanX) * (y - meanY)
        denominator += (x - meanX) * (x - meanX)
    }
    return denominator == 0 ? 0 : numerator / denominator
}
