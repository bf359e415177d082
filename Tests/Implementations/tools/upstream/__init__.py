"""What a library's author is told about each cause: hand-written once, kept apart from the audit rules.

One module per library, named as its module in ../rows (rows/callbackurlkit.py, upstream/callbackurlkit.py),
each with:

- `LIBRARY`: the repository's name, its issue tracker, and `SEARCH`, the tracker search as a whole (the date,
  the queries that named the library, and the threads of its repository the search index holds);
- `CAUSES`: for each cause id of the library's rows, an `issue(...)`;
- `HEADLINE`: the cause FINDINGS.md shows as the library's most instructive bug;
- `MOST_SERIOUS` (where a row has no must-level cause): {row: the should-level cause its report leads with, which
  must be reported and reproduced; `reports.py --check` holds it}.

Nothing here states a level, a count or a vector id: those come from the audit and the results when
`reports.py` writes the reports. A must-level cause is always reported; a should-level cause only when its
entry says `file=True`. `report_link` is that rule, which audit.py writes into each cause of audit/<row>.json.
"""
import importlib

SEARCHED = "2026-11-25"
INDEX = ("the `search` tool's index of public GitHub issue and pull-request threads (corpus \"issues\"), "
         "which holds some threads of a repository, not always all")


def issue(title, should, cite, fix, file=False, design=None, search=None):
    """What to tell the author about one cause.

    - Parameters:
      - title: the issue's title, as the author would read it.
      - should: what the library should do, in one or two sentences.
      - cite: anchors of Vectors/citations.json whose quote the report prints.
      - fix: a suggested fix in one or two sentences.
      - file: for a should-level cause, whether it is worth the author's time (must-level causes always are).
      - design: `deliberate(...)` when the behaviour is a choice the library made; the report then asks.
      - search: `searched(...)`, the tracker search for this cause; None when none was made.
    """
    return {"title": title, "should": should, "cite": list(cite), "fix": fix, "file": file, "design": design,
            "search": search}


def deliberate(evidence, question):
    """The evidence that a behaviour is the library's choice (a changelog line, a README line, a commit), and the question to ask."""
    return {"evidence": evidence, "question": question}


def searched(queries, found=(), related=(), date=SEARCHED):
    """One cause's tracker search: the queries, the threads that report it (`found`) and threads that bear on it (`related`)."""
    return {"date": date, "queries": list(queries), "found": list(found), "related": list(related)}


def thread(url, state, note):
    """A thread found by a search: its address, its state when searched (open, closed, merged) and what it says."""
    return {"url": url, "state": state, "note": note}


def module_of(row_module):
    """The upstream module for a row's module name (`callbackurlkit.py`, as rows/__init__ records it)."""
    return importlib.import_module("upstream." + row_module[:-len(".py")])


def slug(row_module):
    """The report's file name (without .md) for a row's module: `ozbe_xcallback.py` gives `ozbe-xcallback`."""
    return row_module[:-len(".py")].replace("_", "-")


def reported(row_module, cause_id, level):
    """Whether a cause at `level` gets a section in its library's report."""
    if level == "must":
        return True
    entry = module_of(row_module).CAUSES.get(cause_id)
    return level == "should" and bool(entry and entry["file"])


def anchor(cause_id):
    """The fragment of a cause's section: GitHub's anchor for the heading `## <cause id>` (lowercase)."""
    return cause_id.lower()


def report_link(row_module, cause_id, level):
    """The link from Tests/Implementations to the cause's report section, or None when it is not reported."""
    if not reported(row_module, cause_id, level):
        return None
    return "reports/%s.md#%s" % (slug(row_module), anchor(cause_id))
