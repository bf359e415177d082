"""One library's report (reports/<library>.md): a section per reported cause, each pasteable as an issue.

The words are the upstream metadata's (tools/upstream/<library>.py); everything that a rerun can change (the
level, the vectors, the answer, the lines, the pinned commit, the suite version, what a reproduction printed)
is read from the audit, the results, the vectors and the reproduction manifest.
"""

import upstream
from reports_data import LEVELS, answer_text, code, cut, difference, expectation_text, input_text, repro_code

SHOWN = 24


def link(repository, commit, source):
    path, _, lines = source.partition(":")
    anchor = "#L" + lines.replace("-", "-L") if lines and lines.split("-")[0].isdigit() else ""
    return "[`%s`](%s/blob/%s/%s%s)" % (source, repository, commit, path, anchor)


def quote(anchors, name):
    anchor = anchors.get(name)
    if anchor is None:
        return "> (`%s` is not an anchor of Vectors/citations.json)" % name
    where = anchor["source"] + (" §" + anchor["section"] if anchor.get("section", "")[:1].isdigit()
                                else ", " + anchor["section"] if anchor.get("section") else "")
    if anchor.get("quote"):
        return "> “%s” (%s; `%s`)" % (anchor["quote"], where, name)
    return "> Where the spec is silent: %s (`%s`)" % (anchor.get("note", ""), name)


def fence(text):
    ticks = "```"
    while ticks in text:
        ticks += "`"
    return ticks


# MARK: - Gathering

def gather(library_rows, audits, results):
    """The reported causes of a library, each with its rows, in order: must first, then should."""
    found = {}
    for key, row in library_rows:
        for cause in audits[key]["causes"]:
            if not upstream.reported(row["module"], cause["id"], cause["level"]):
                continue
            entry = found.setdefault(cause["id"], {"id": cause["id"], "rows": []})
            entry["rows"].append((key, cause, {r["id"]: r for r in results[key]["results"]}))
    for entry in found.values():
        entry["level"] = min((c["level"] for _, c, _ in entry["rows"]), key=LEVELS.index)
    return sorted(found.values(), key=lambda e: LEVELS.index(e["level"]))


def example(entry, vectors):
    """The failing vector with the shortest input at the section's level, with its row and result."""
    candidates = []
    for key, cause, by_id in entry["rows"]:
        for vid in cause["vectors"]:
            result = by_id.get(vid)
            if result and (result.get("scoredLevel") or result["level"]) == entry["level"] and vid in vectors:
                candidates.append((len(input_text(vectors[vid])), vid, key, result))
    return min(candidates) if candidates else None


def reproduction(entry, library, manifest):
    if manifest is None:
        return None
    keys = {key for key, _, _ in entry["rows"]}
    for item in manifest:
        if item.get("cause") == entry["id"] and (item.get("library") == library or keys & set(item.get("rows", []))):
            return item
    return None


# MARK: - Writing

def tracker(meta, library):
    search = meta.get("search") if meta else None
    if not search:
        return ("Not searched yet: add a search to this cause in `tools/upstream/` before filing.", "not searched")
    lines = ["Searched %s with: %s." % (search["date"], "; ".join(code(q) for q in search["queries"]))]
    if search["found"]:
        lines.append("Already reported: " + "; ".join("%s (%s): %s" % (t["url"], t["state"], t["note"]) for t in search["found"]))
        short = "reported: " + ", ".join(t["url"] for t in search["found"])
    else:
        held = library["search"]["related"]
        lines.append("Nothing in %s's tracker reports it%s." % (
            library["name"], "" if held else "; the index holds no thread of that repository, so search its tracker "
            "yourself before filing"))
        short = "nothing found"
    if search["related"]:
        lines.append("Related: " + "; ".join("%s (%s): %s" % (t["url"], t["state"], t["note"]) for t in search["related"]))
    return (" ".join(lines), short)


def vector_lines(entry, vectors):
    out = []
    for key, cause, by_id in entry["rows"]:
        parts = []
        for level in LEVELS:
            ids = [v for v in cause["vectors"] if (by_id.get(v, {}).get("scoredLevel") or by_id.get(v, {}).get("level")) == level]
            if ids:
                shown = ", ".join(ids[:SHOWN]) + (" and %d more" % (len(ids) - SHOWN) if len(ids) > SHOWN else "")
                parts.append("%s %d: %s" % (level, len(ids), shown))
        out.append("- `%s`: %s" % (key, "; ".join(parts)))
    breaks = sorted({vectors[v]["breaks"] for _, c, _ in entry["rows"] for v in c["vectors"]
                     if v in vectors and vectors[v].get("breaks") and vectors[v]["level"] == "must"})
    if breaks:
        out.append("- What the other side gets wrong (the vectors' own words): " + "; ".join(breaks[:3]))
    return out


def section(entry, ctx):
    meta = ctx["module"].CAUSES.get(entry["id"])
    key0, cause0, _ = entry["rows"][0]
    out = ["## %s\n\n" % entry["id"]]
    trail, short = tracker(meta, ctx["library"])
    repro = reproduction(entry, ctx["library"]["name"], ctx["manifest"])
    rows = ", ".join("`%s`" % key + (" (%s)" % cause["level"] if len(entry["rows"]) > 1 else "") for key, cause, _ in entry["rows"])
    out.append("> **Filing notes** (for us, not for the issue): level **%s**, row %s; reproduction: %s.\n>\n> "
               "**Already reported?** %s\n\n" % (entry["level"], rows, "`%s`" % repro["file"] if repro else "none yet", trail))
    if meta is None:
        out.append("**No upstream text for this cause yet** (add it to `tools/upstream/%s`). What the audit says: %s\n\n"
                   % (ctx["row"]["module"], cause0["summary"]))
    title = meta["title"] if meta else cause0["summary"]
    out.append("**Title:** %s\n\n" % title)
    if meta and meta["design"]:
        out.append("**This looks deliberate.** %s **So, a question:** %s\n\n" % (meta["design"]["evidence"], meta["design"]["question"]))
    chosen = example(entry, ctx["vectors"])
    if repro and repro.get("input"):
        out.append("**Smallest input** (shrunk for the reproduction): %s\n\n" % code(cut(repro["input"])))
    elif chosen:
        out.append("**Smallest input** (the shortest among the failing vectors): %s\n\n" % code(cut(input_text(ctx["vectors"][chosen[1]]))))
    if chosen:
        _, vid, key, result = chosen
        given = code(cut(input_text(ctx["vectors"][vid]))) if repro and repro.get("input") else "that input"
        out.append("**What it does.** At [`%s`](%s/tree/%s), given %s (vector %s, “%s”), it answers %s.\n\n" % (
            ctx["audit"]["commit"][:7], ctx["audit"]["repository"], ctx["audit"]["commit"],
            given, vid, ctx["vectors"][vid]["description"],
            code(cut(answer_text(result.get("answer"))))))
        if result.get("failureKind") not in ("unexpected-rejection", "unexpected-acceptance") and result.get("detail"):
            out.append("The difference: %s\n\n" % code(cut(difference(result["detail"]))))
        out.append("**What it should do.** %s The suite expects %s.\n\n" % (
            meta["should"] if meta else "", code(cut(expectation_text(ctx["vectors"][vid], result.get("expected"))))))
    quotes = [quote(ctx["anchors"], name) for name in (meta["cite"] if meta else vector_cites(entry, ctx["vectors"]))]
    if quotes:
        out.append("\n>\n".join(quotes) + "\n\n")
    sources = []
    for _, cause, _ in entry["rows"]:
        sources += [s for s in cause["source"] if s not in sources]
    out.append("**Where** (at the pinned commit): %s\n\n" % ", ".join(link(ctx["audit"]["repository"], ctx["audit"]["commit"], s) for s in sources))
    out.append("**Vectors that catch it** (xcallback-conformance suite %s):\n\n%s\n\n" % (ctx["suite"], "\n".join(vector_lines(entry, ctx["vectors"]))))
    if meta:
        out.append("**Suggested fix.** %s\n\n" % meta["fix"])
    out.append(reproduction_text(repro, ctx))
    return "".join(out)


def vector_cites(entry, vectors):
    names = []
    for _, cause, _ in entry["rows"]:
        for vid in cause["vectors"]:
            for name in vectors.get(vid, {}).get("cite", []):
                if name not in names:
                    names.append(name)
    return names[:3]


def reproduction_text(repro, ctx):
    if repro is None:
        why = ctx["manifest_note"] or "the manifest has no reproduction for this cause"
        return "**Reproduction.** None yet: %s.\n\n" % why
    source = repro_code(repro)
    out = ["**Reproduction** (%s, `%s`; it needs only the library):\n\n" % (repro.get("language", "?"), repro["file"])]
    if source is None:
        out.append("(the file is missing from this checkout)\n\n")
    else:
        ticks = fence(source)
        out.append("%s%s\n%s%s%s\n\n" % (ticks, (repro.get("language") or "").lower(), source, "" if source.endswith("\n") else "\n", ticks))
    out.append("Run it: %s\n\n" % code(repro.get("command", "?")))
    if repro.get("printed"):
        printed = repro["printed"]
        out.append("What it printed when last run:\n\n%s\n%s%s%s\n\n" % (fence(printed), printed, "" if printed.endswith("\n") else "\n", fence(printed)))
    if repro.get("standIn"):
        out.append("Stand-in: %s\n\n" % repro["standIn"])
    return "".join(out)


def render(slug, library_rows, data):
    """The Markdown of reports/<slug>.md."""
    row0 = library_rows[0][1]
    module = upstream.module_of(row0["module"])
    keys = [key for key, _ in library_rows]
    audit = data["audits"][keys[0]]
    ctx = {"module": module, "library": module.LIBRARY, "row": row0, "vectors": data["vectors"],
           "anchors": data["anchors"], "manifest": data["manifest"], "manifest_note": data["manifest_note"],
           "audit": audit, "suite": data["results"][keys[0]]["suite"]["version"]}
    entries = gather(library_rows, data["audits"], data["results"])
    out = ["# %s: what to report upstream\n\n" % module.LIBRARY["name"]]
    out.append("%s at [`%s`](%s/tree/%s), rows %s, xcallback-conformance suite %s. One section per must-level cause, "
               "and per should-level cause worth the author's time; each is pasteable as an issue from its title down "
               "(the quoted filing notes are for us). Written by `tools/reports.py` from `audit/`, `results/`, "
               "`Vectors/`, `repro/manifest.json` and `tools/upstream/%s`: do not edit by hand.\n\n" % (
                   audit["repository"], audit["commit"][:7], audit["repository"], audit["commit"],
                   ", ".join("`%s`" % k for k in keys), ctx["suite"], row0["module"]))
    for key in keys:
        causes = data["audits"][key]["causes"]
        if causes and not any(c["level"] == "must" for c in causes):
            chosen = getattr(module, "MOST_SERIOUS", {}).get(key)
            out.append("**Row `%s` has no must-level cause.** Under the suite's written rule for must (Vectors/README.md, "
                       "\"Levels\") every failure of this row is should or below. %s\n\n" % (key, (
                           "Its most serious should-level cause, [%s](#%s), is reported below with a reproduction."
                           % (chosen, upstream.anchor(chosen))) if chosen else ""))
    if not entries:
        out.append("No cause is reported.\n")
        return "".join(out)
    out.append("| cause | level | issue title | tracker |\n|---|---|---|---|\n")
    for entry in entries:
        meta = module.CAUSES.get(entry["id"])
        out.append("| [%s](#%s) | %s | %s | %s |\n" % (entry["id"], upstream.anchor(entry["id"]), entry["level"],
                   (meta["title"] if meta else "(no upstream text yet)").replace("|", "\\|"), tracker(meta, module.LIBRARY)[1]))
    held = module.LIBRARY["search"]["related"]
    out.append("\nThe tracker was searched in %s. %s\n\n" % (upstream.INDEX, (
        "Threads of the repository the index holds: " + "; ".join("[#%s](%s) (%s: %s)" % (
            t["url"].rsplit("/", 1)[-1], t["url"], t["state"], t["note"]) for t in held) + "."
        if held else "The index holds no thread of this repository.")))
    for entry in entries:
        out.append(section(entry, ctx))
    return "".join(out).rstrip("\n") + "\n"
