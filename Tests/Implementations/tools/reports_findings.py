"""FINDINGS.md and its figure: how the implementations of the matrix read the same URLs, for sharing.

The words are here (what each divergence row is about, what an author should do); every number, id, reading
and level is read from the results of every row, the audits and the upstream metadata when it is written.
"""
import upstream
import reports_readings as rd
import reports_svg
from reports_data import (BUILTIN_AFTER, BUILTIN_BEFORE, LEVELS, answer_text, cell, code, cut, difference,
                          expectation_text, input_text)
from reports_library import example, gather, reproduction

FIGURE = "findings.svg"
SHOWN_URLS, SHOWN_CALLBACKS, EXAMPLE = 6, 4, 120
SHORT = {"callbackurlkit": "CallbackURLKit", "middleman": "Middleman receive", "middleman-run": "Middleman run",
         "jasonnam": "jasonnam", "kradenkov": "kradenkov", "ozbe-xcallback-client": "ozbe client",
         "ozbe-xcallback": "ozbe module", "obsidian-advanced-uri": "Advanced URI",
         "obsidian-actions-uri": "Actions URI"}
# The divergence rows of shared/research/divergences.md §6, in the words of MatrixDivergences.swift.
MEANINGS = [("D1", "'+' in a parsed value"), ("D2", "literal '+' when building"), ("D3", "space when building"),
            ("D4", "%zz or a lone %"), ("D5", "non-UTF-8 escape %E9"), ("D6", "duplicate key"),
            ("D7", "key without '='"), ("D8", "value containing '='"), ("D9", "nested callback not encoded"),
            ("D10", "host case X-Callback-URL"), ("D11", "percent-encoded host"), ("D12", "action open/, a/b, a%2Fb, empty"),
            ("D13", "reserved x- prefix on action parameters"), ("D14", "encoded key x%2Dsource"),
            ("D15", "encoding of a nested callback"), ("D16", "appending to a callback with a query"),
            ("D17", "callback with a #fragment"), ("D18", "error parameter names"), ("D19", "request-id parameter"),
            ("D20", "parameter order")]
ADVICE = [
    ("Compare the scheme and the host without regard to case, and compare the host as written, not as a URL "
     "library maps it (RFC 3986 §3.1, §3.2.2).", ["host-compared-exactly", "scheme-compared-exactly", "host-mapped-by-foundation"]),
    ("Percent-decode every component exactly once: the action as well as the values, and never encode a decoded "
     "callback again before opening it (RFC 3986 §2.4).", ["action-not-decoded", "callback-reencoded-at-parse",
                                                          "whole-query-reencoded-by-foundation"]),
    ("Encode what you build: the action and every value, `+` as `%2B`, a space as `%20` (`URLComponents.queryItems` "
     "leaves `+` raw; form serialisers write a space as `+`).", ["action-pasted-unescaped", "raw-plus-written",
                                                                 "space-written-as-plus", "plus-replaced-in-whole-url"]),
    ("Return to the callback the source app wrote: append `name=value` pairs before its `#`, joined with `?` or `&`, "
     "without re-serialising or replacing its own query.", ["callback-query-reserialised", "callback-query-rebuilt",
                                                           "bare-query-joined-with-ampersand"]),
    ("Open x-error with errorCode and errorMessage, every time.", ["no-errorCode"]),
    ("Take every x-callback-url another app sends, not only the ones your library sent itself, and hand the "
     "app the parameters it was sent.", ["refuses-third-party-requests", "reserved-and-library-names-dropped",
                                         "x-source-is-an-action-parameter", "x-names-dropped"]),
    ("Check a scheme before a URL builder sees it (Foundation's `URLComponents` traps on an invalid one), and "
     "refuse `javascript:`, `data:` and `file:` callbacks.", ["invalid-scheme-traps", "scheme-unchecked",
                                                               "unsafe-callback-opened", "any-scheme-opened"]),
]


def rows_of(data):
    """Every row with results, in the matrix's order: [(key, short name, report, library slug or None)]."""
    out = [(name, short, data["builtin"][name], None) for name, short in BUILTIN_BEFORE if name in data["builtin"]]
    out += [(key, SHORT.get(key, key), data["results"][key], upstream.slug(row["module"])) for key, row in data["rows"]]
    return out + [(name, short, data["builtin"][name], None) for name, short in BUILTIN_AFTER if name in data["builtin"]]


def score(report, level):
    s = report["summary"][level]
    return "%d/%d" % (s["passed"], s["passed"] + s["failed"]) if s["passed"] + s["failed"] else "–"


def lettered(answers):
    found = rd.groups(answers)
    return [(chr(ord("A") + i), value, label, keys) for i, ((value, keys), label) in enumerate(zip(found, rd.labels(found)))]


def readings_table(chosen, found, vectors, names, heading):
    out = ["| %s | what each implementation read |\n|---|---|\n" % heading]
    for vid in chosen:
        parts = ["**%s** (%s): %s" % (letter, ", ".join(names[k] for k in keys), code(cut(str(label), 160)))
                 for letter, _, label, keys in lettered(found[vid])]
        out.append("| %s<br>`%s` | %s |\n" % (code(cut(input_text(vectors[vid]), 100)), vid, "<br>".join(cell(p) for p in parts)))
    return "".join(out)


def divergences(data, rows, found, names):
    out = ["## The divergences, one by one\n\nEach row of the research's divergence table (D1–D20) is a tag on the "
           "vectors that test it. For each: how many of its vectors each row fails, and the tagged input the rows "
           "read in the most different ways.\n\n"]
    for tag, meaning in MEANINGS:
        tagged = [vid for vid, v in data["vectors"].items() if tag in v.get("tags", [])]
        if not tagged:
            continue
        clean, failing = [], []
        for key, _, report, _ in rows:
            run = [r for r in report["results"] if r["id"] in set(tagged) and r["verdict"] in ("passed", "failed")]
            bad = [r for r in run if r["verdict"] == "failed"]
            if run:
                (failing if bad else clean).append("%s %d of %d" % (names[key], len(bad), len(run)) if bad else names[key])
        out.append("### %s: %s\n\n%d vectors. Pass all: %s. Fail some: %s.\n\n" % (
            tag, meaning, len(tagged), ", ".join(clean) or "no row", ", ".join(failing) or "no row"))
        candidates = sorted((len(input_text(data["vectors"][v])) > EXAMPLE,) + rd.rank(found[v], input_text(data["vectors"][v]), v)
                            for v in tagged if v in found)
        if candidates and -candidates[0][1] > 1:
            vid = candidates[0][-1]
            out.append("%s (`%s`, %s):\n\n" % (code(cut(input_text(data["vectors"][vid]), 160)), vid,
                                                data["vectors"][vid]["description"]))
            for letter, _, label, keys in lettered(found[vid]):
                out.append("- %s: %s\n" % (code(cut(str(label), 200)), ", ".join(names[k] for k in keys)))
            out.append("\n")
    return "".join(out)


def headline(slug, library_rows, data):
    """The library's most instructive bug: its HEADLINE cause, or its first reported cause when that one is gone."""
    module = upstream.module_of(library_rows[0][1]["module"])
    entries = gather(library_rows, data["audits"], data["results"])
    chosen = next((e for e in entries if e["id"] == module.HEADLINE), entries[0] if entries else None)
    if chosen is None:
        return "- **%s**: no cause is reported.\n" % module.LIBRARY["name"]
    meta = module.CAUSES.get(chosen["id"], {})
    text = "- **%s**, [%s](reports/%s.md#%s) (%s): %s." % (module.LIBRARY["name"], chosen["id"], slug, upstream.anchor(chosen["id"]),
                                                          chosen["level"], meta.get("title", chosen["rows"][0][1]["summary"]))
    picked = example(chosen, data["vectors"])
    if picked:
        _, vid, _, result = picked
        vector = data["vectors"][vid]
        text += " Given %s it answers %s; the suite expects %s." % (
            code(cut(input_text(vector), 120)), code(cut(answer_text(result.get("answer")), 160)),
            code(cut(expectation_text(vector, result.get("expected")), 160)))
        if result.get("failureKind") not in ("unexpected-rejection", "unexpected-acceptance") and result.get("detail"):
            text += " The difference: %s." % code(cut(difference(result["detail"]), 200))
    repro = reproduction(chosen, module.LIBRARY["name"], data["manifest"])
    if repro and repro.get("printed"):
        text += " Its stand-alone reproduction printed %s." % code(cut(repro["printed"].strip().split("\n")[0], 160))
    if meta.get("design"):
        text += " It looks deliberate: " + meta["design"]["evidence"]
    return text + "\n"


def advice(data):
    out = ["## What an author should do\n\n"]
    for index, (text, causes) in enumerate(ADVICE, 1):
        having = []
        for key, row in data["rows"]:
            for cause in data["audits"][key]["causes"]:
                if cause["id"] in causes and cause["level"] in ("must", "should"):
                    link = upstream.report_link(row["module"], cause["id"], cause["level"])
                    name = "%s (`%s`)" % (upstream.module_of(row["module"]).LIBRARY["name"], cause["id"])
                    shown = "[%s](%s)" % (name, link) if link else name
                    if shown not in having:
                        having.append(shown)
        out.append("%d. %s%s\n" % (index, text, " Here: " + ", ".join(having) + "." if having else ""))
    out.append("\nThen run the suite against your code: `xcallback-conformance --target \"<your adapter>\"` (the root "
               "README's \"Certify your implementation\").\n")
    return "".join(out)


def render(data):
    """(FINDINGS.md, findings.svg)."""
    rows = rows_of(data)
    names = {key: short for key, short, _, _ in rows}
    found = rd.readings([(key, report) for key, _, report, _ in rows], data["vectors"])
    libraries = {}
    for key, row in data["rows"]:
        libraries.setdefault(upstream.slug(row["module"]), []).append((key, row))
    suite = rows[0][2]["suite"] if rows else {"version": "?", "totalVectors": 0}
    out = ["# How %d implementations read the same URLs\n\n" % (len(libraries) + len(data["builtin"]))]
    out.append("Findings of the x-callback-url conformance suite %s (%d vectors) across %d rows: %d third-party "
               "libraries at pinned commits, the reference, Foundation and the standard-library parsers a developer "
               "reaches for. Written by `tools/reports.py` from `results/` (the libraries) and `results/builtin/` "
               "(what `matrix.sh` runs), with the audits and the reports in [`reports/`](reports/); the full matrix "
               "is [matrix.html](matrix.html). Do not edit by hand.\n\n" % (
                   suite["version"], suite["totalVectors"], len(rows), len(libraries)))
    out.append("| row | language | must | should | implementation-defined | hardening | report |\n|---|---|---|---|---|---|---|\n")
    for key, short, report, slug in rows:
        out.append("| %s | %s | %s | [%s](reports/%s.md) |\n" % (
            cell(report["target"]["name"]), report["target"].get("language", ""),
            " | ".join(score(report, level) for level in LEVELS), slug, slug) if slug else
            "| %s | %s | %s | – |\n" % (cell(report["target"]["name"]), report["target"].get("language", ""),
                                       " | ".join(score(report, level) for level in LEVELS)))
    urls = rd.pick(found, data["vectors"], "parse", SHOWN_URLS)
    callbacks = rd.pick(found, data["vectors"], "build-callback", SHOWN_CALLBACKS)
    parse_rows = [(key, names[key]) for key, _, report, _ in rows if any(k == key for vid in urls for k, _ in found[vid])]
    svg = reports_svg.render(parse_rows, [(input_text(data["vectors"][vid]), lettered(found[vid])) for vid in urls])
    out.append("\n## The URLs that split them most\n\nThe parse vectors whose URL gets the most distinct readings "
               "(one URL per way of splitting the rows). A row that read the URL alike shares a letter.\n\n"
               "![What each implementation reads for the URLs that split them most](%s)\n\n" % FIGURE)
    out.append(readings_table(urls, found, data["vectors"], names, "URL"))
    out.append("\n## The callbacks that split them most\n\nWhat the target app opens when it returns to the same callback "
               "with the same result: the build-callback vectors with the most distinct answers.\n\n")
    out.append(readings_table(callbacks, found, data["vectors"], names, "callback and result"))
    out.append("\n" + divergences(data, rows, found, names))
    out.append("## The most instructive bug of each library\n\n")
    out += [headline(slug, library_rows, data) for slug, library_rows in libraries.items()]
    out.append("\n" + advice(data))
    return "".join(out), svg
