// JUnit XML, the dialect CI systems read (Jenkins, GitLab, GitHub annotations): one <testsuite> per
// level, one <testcase> per vector named by its id. Comparison failures are <failure>, breakages and
// errors of the target are <error>, unsupported vectors, vectors not applicable (of a role the target does not
// claim; the message says so) and known failures are <skipped>. Each
// known-failures problem (a listed vector that now passes, a different kind, an unknown id) is a failing
// case of a last <testsuite name="known-failures">, so a run that fails only on them fails in CI too.

/// Writes the JUnit XML report.
public enum JUnitReport {
    /// Renders the report.
    public static func render(_ run: ConformanceRun) -> String {
        let all = run.results
        let problems = run.problems.filter { $0.kind != .newFailure }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"\(escape(ReportText.generator)) \(escape(run.suite.version))\""
        out += counts(all, problems: problems.count) + " time=\"\(seconds(run.durationSeconds))\">\n"
        for (level, name) in ReportText.levels {
            let items = all.filter { $0.result.vector.level == level }
            guard !items.isEmpty else { continue }
            out += "  <testsuite name=\"\(name)\"" + counts(items)
            out += " time=\"\(seconds(items.reduce(0) { $0 + $1.durationSeconds }))\">\n"
            out += "    <properties>\n"
            for (key, value) in properties(run) {
                out += "      <property name=\"\(escape(key))\" value=\"\(escape(value))\"/>\n"
            }
            out += "    </properties>\n"
            for item in items { out += testcase(item) }
            out += "  </testsuite>\n"
        }
        if !problems.isEmpty {
            out += "  <testsuite name=\"known-failures\" tests=\"\(problems.count)\" failures=\"\(problems.count)\""
            out += " errors=\"0\" skipped=\"0\" time=\"0.000\">\n"
            for problem in problems {
                out += "    <testcase name=\"\(escape(problem.id)): known-failures entry\" classname=\"xcallback.known-failures\" time=\"0.000\">\n"
                out += "      <failure type=\"\(problem.kind.rawValue)\" message=\"\(escape(ReportText.capped(problem.message)))\">"
                out += escape(ReportText.capped(problem.description)) + "</failure>\n    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    static func properties(_ run: ConformanceRun) -> [(String, String)] {
        [
            ("suite.version", run.suite.version), ("suite.manifestSHA256", run.suite.manifestSHA256),
            ("target.name", run.target.name), ("target.version", run.target.version), ("target.kind", run.targetKind),
            ("target.declaredChoices", ReportText.choices(run.declaredChoices)),
            ("target.extraParameters", ReportText.extraParameters(run) ?? "none"),
            ("target.roles", ReportText.claimedRoles(run) ?? "all"),
            ("certified.profile", ReportText.profileLine(run)),
            ("score", ReportText.scoreLine(run)),
        ]
    }

    static func testcase(_ item: RunResult) -> String {
        let vector = item.result.vector
        var out = "    <testcase name=\"\(escape(vector.id)): \(escape(vector.summary))\""
        out += " classname=\"xcallback.\(vector.operation.rawValue)\" file=\"\(escape(vector.file))\""
        out += " time=\"\(seconds(item.durationSeconds))\""
        let body = escape(ReportText.capped(item.result.detail) + "\ncite: " + ReportText.citations(vector))
        switch item.result.verdict {
        case .passed:
            return out + "/>\n"
        case .skipped(let reason, _):
            return out + ">\n      <skipped message=\"\(escape(reason ?? "unsupported"))\"/>\n    </testcase>\n"
        case .notApplicable:
            return out + ">\n      <skipped message=\"\(escape(item.result.detail))\"/>\n    </testcase>\n"
        case .failed(let kind):
            if let known = item.knownFailure {
                return out + ">\n      <skipped message=\"known failure (\(escape(kind.rawValue))): \(escape(known.reason))\"/>\n    </testcase>\n"
            }
            let element = isError(kind) ? "error" : "failure"
            let message = escape(ReportText.capped(firstLine(item.result.detail)))
            return out + ">\n      <\(element) type=\"\(kind.rawValue)\" message=\"\(message)\">\(body)</\(element)>\n    </testcase>\n"
        }
    }

    /// Whether a failure kind is the target breaking or erroring rather than answering wrongly.
    static func isError(_ kind: FailureKind) -> Bool {
        [.crashed, .timedOut, .unreadableAnswer, .errored].contains(kind)
    }

    static func counts(_ items: [RunResult], problems: Int = 0) -> String {
        var failures = problems
        var errors = 0
        var skipped = 0
        for item in items {
            switch item.result.verdict {
            case .passed: break
            case .skipped, .notApplicable: skipped += 1
            case .failed(let kind):
                if item.knownFailure != nil { skipped += 1 } else if isError(kind) { errors += 1 } else { failures += 1 }
            }
        }
        return " tests=\"\(items.count + problems)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\""
    }

    static func firstLine(_ text: String) -> String {
        String(text.split(separator: "\n").first ?? "")
    }

    static func seconds(_ value: Double) -> String {
        let millis = Int((value * 1000).rounded())
        let fraction = String(millis % 1000)
        return "\(millis / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// Escapes text for XML attributes and content; characters XML 1.0 cannot hold, and the controls and
    /// bidi overrides no report shows raw, become `\u{…}`.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            case "\t": out += "&#9;"
            case "\r": out += "&#13;"
            default:
                let value = scalar.value
                if value < 0x20 || (0xFFFE...0xFFFF).contains(value) || ReportText.isUnsafe(scalar) {
                    out += "\\u{\(String(value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
