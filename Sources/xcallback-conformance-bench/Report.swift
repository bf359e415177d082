// The results of one run: timed rows, the ratios derived from them, and their rendering as a text
// table (stdout) or as JSON (`--json`).

import Foundation

// MARK: - Model

/// One measured figure (a time, a throughput or a rate) with its median and spread.
struct ResultRow: Codable, Sendable {
    /// The section the row belongs to: parse, build, scaling, runner.
    var group: String
    /// What was measured.
    var name: String
    /// The unit of the values: "ns/URL", "ns/byte", "MB/s", "vectors/s", "µs/vector".
    var unit: String
    /// Median over the samples.
    var median: Double
    /// Smallest sample.
    var min: Double
    /// Largest sample.
    var max: Double
    /// (max - min) / median in percent.
    var spreadPercent: Double
    /// (third quartile - first quartile) / median in percent.
    var interquartilePercent: Double
    /// Number of samples.
    var samples: Int
    /// First quartile.
    var lowerQuartile: Double
    /// Third quartile.
    var upperQuartile: Double
    /// True when the samples are different items (vectors) of one run rather than repeated timings.
    var isDistribution: Bool

    /// Makes a row from a summary.
    init(group: String, name: String, unit: String, distribution: Bool = false, _ summary: Summary) {
        isDistribution = distribution
        lowerQuartile = summary.lowerQuartile
        upperQuartile = summary.upperQuartile
        self.group = group
        self.name = name
        self.unit = unit
        median = summary.median
        min = summary.min
        max = summary.max
        spreadPercent = summary.spreadPercent
        interquartilePercent = summary.interquartilePercent
        samples = summary.count
    }
}

/// Which way a ratio is good.
enum RatioDirection: String, Codable, Sendable {
    /// A speedup: larger is better, a floor is a minimum.
    case higherIsBetter = "higher-is-better"
    /// A growth factor (flatness): smaller is better, a floor is a maximum.
    case lowerIsBetter = "lower-is-better"
}

/// A unitless ratio measured side by side in one run: the only kind of figure `--check` compares.
struct RatioResult: Codable, Sendable {
    /// Stable identifier, the key used in floors.json.
    var id: String
    /// One line saying what is divided by what.
    var description: String
    /// Which way is good.
    var direction: RatioDirection
    /// Median ratio.
    var median: Double
    /// Smallest ratio.
    var min: Double
    /// Largest ratio.
    var max: Double
    /// (max - min) / median in percent.
    var spreadPercent: Double
    /// (third quartile - first quartile) / median in percent.
    var interquartilePercent: Double
    /// Number of pairs.
    var samples: Int
    /// The goal from the issue, when it states one.
    var goal: Double?

    /// Makes a ratio from a summary of per-pair ratios.
    init(id: String, description: String, direction: RatioDirection = .higherIsBetter,
         goal: Double? = nil, _ summary: Summary) {
        self.id = id
        self.description = description
        self.direction = direction
        self.goal = goal
        median = summary.median
        min = summary.min
        max = summary.max
        spreadPercent = summary.spreadPercent
        interquartilePercent = summary.interquartilePercent
        samples = summary.count
    }

    /// Whether the median meets the goal; nil when there is no goal.
    var goalMet: Bool? {
        guard let goal else { return nil }
        return direction == .higherIsBetter ? median >= goal : median <= goal
    }
}

/// Everything one run measured, in the order it was measured.
struct BenchReport: Codable, Sendable {
    /// "full" or "quick".
    var mode: String
    /// ISO 8601 time of the run.
    var date: String
    /// Machine description (uname and processor count).
    var machine: String
    /// Timed figures.
    var rows: [ResultRow] = []
    /// Ratios (the figures `--check` compares).
    var ratios: [RatioResult] = []
    /// Slopes of log(ns/byte) over log(bytes) per scaling series: near 0 is linear, near 1 quadratic.
    var slopes: [String: Double] = [:]
    /// Free-form notes: what was skipped and why.
    var notes: [String] = []
    /// Floor comparisons, filled in by `--check`.
    var checks: [FloorCheck] = []
    /// Final value of the optimizer guard, so the work can't be proved dead.
    var sink: String = ""
}

// MARK: - Text table

extension BenchReport {
    /// Formats a number with a precision suited to its size.
    static func format(_ value: Double) -> String {
        let magnitude = abs(value)
        if magnitude >= 100_000 { return String(format: "%.3g", value) }
        if magnitude >= 100 { return String(format: "%.0f", value) }
        if magnitude >= 10 { return String(format: "%.1f", value) }
        if magnitude >= 0.1 { return String(format: "%.2f", value) }
        return String(format: "%.3g", value)
    }

    private static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let count = text.count
        guard count < width else { return text }
        let fill = String(repeating: " ", count: width - count)
        return right ? fill + text : text + fill
    }

    /// The spread of a row or ratio as the table shows it: middle half, then full range.
    private static func spread(_ samples: Int, _ interquartile: Double, _ range: Double) -> String {
        String(format: "n=%d iqr %.0f%% range %.0f%%", samples, interquartile, range)
    }

    /// The report as an aligned text table: one line per benchmark, its units side by side.
    func table() -> String {
        var lines: [String] = []
        lines.append("xcallback-conformance-bench (\(mode)) \(date)")
        lines.append("machine: \(machine)")
        lines.append("spread: n samples; iqr = (Q3 - Q1) / median; range = (max - min) / median")
        let nameWidth = max(34, (rows.map(\.name) + ratios.map(\.id)).map(\.count).max() ?? 0)
        var index = 0
        var group = ""
        while index < rows.count {
            let first = rows[index]
            var line = [first]
            while index + line.count < rows.count, rows[index + line.count].name == first.name,
                rows[index + line.count].group == first.group {
                line.append(rows[index + line.count])
            }
            index += line.count
            if first.group != group {
                group = first.group
                lines.append("")
                lines.append("## \(group)  (median of the samples, per unit)")
            }
            let figures = line.map { Self.pad(Self.format($0.median), 9, right: true) + " " + Self.pad($0.unit, 9) }
            let spread = first.isDistribution
                ? "n=\(first.samples) q1 \(Self.format(first.lowerQuartile)) q3 \(Self.format(first.upperQuartile)) "
                    + "max \(Self.format(first.max))"
                : Self.spread(first.samples, first.interquartilePercent, first.spreadPercent)
            lines.append(Self.pad(first.name, nameWidth) + " " + figures.joined(separator: " ") + "  " + spread)
        }
        if !ratios.isEmpty {
            lines.append("")
            lines.append("## ratios (taken round by round, each side timed in every round; median, min .. max)")
            for ratio in ratios {
                var goal = ""
                if let value = ratio.goal, let met = ratio.goalMet {
                    goal = "  goal " + (ratio.direction == .higherIsBetter ? ">= " : "<= ") + Self.format(value)
                        + (met ? " met" : " NOT MET")
                }
                lines.append(Self.pad(ratio.id, nameWidth) + " "
                    + Self.pad(Self.format(ratio.median) + "x", 9, right: true) + "  "
                    + Self.pad(Self.format(ratio.min) + " .. " + Self.format(ratio.max), 16) + " "
                    + Self.spread(ratio.samples, ratio.interquartilePercent, ratio.spreadPercent) + goal)
                lines.append("    " + ratio.description)
            }
        }
        if !slopes.isEmpty {
            lines.append("")
            lines.append("## slopes of log(ns/byte) over log(bytes) (0 = linear parse, 1 = quadratic)")
            for (id, slope) in slopes.sorted(by: { $0.key < $1.key }) {
                lines.append(Self.pad(id, nameWidth) + " " + String(format: "%+.3f", slope))
            }
        }
        if !checks.isEmpty {
            lines.append("")
            lines.append("## check against floors")
            for check in checks {
                lines.append((check.skipped ? "skip " : check.passed ? "ok   " : "FAIL ") + check.summary)
            }
        }
        if !notes.isEmpty {
            lines.append("")
            lines.append("## notes")
            lines.append(contentsOf: notes.map { "- " + $0 })
        }
        lines.append("")
        lines.append("sink (optimizer guard): \(sink)")
        return lines.joined(separator: "\n")
    }

    /// The report as pretty-printed JSON.
    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
