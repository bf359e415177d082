"""What reports.py reads, and how it shows an input, an answer and an expectation in one line of Markdown.

Every file is read from the repository as it is; nothing here knows a level, a count or an id. The library
rows' results are ../results/<row>.json; the rows matrix.sh runs itself (reference, Foundation, the
standard-library adapters) are ../results/builtin/<row>.json, which matrix.sh writes; the reproductions
are ../repro/manifest.json, which may be absent.
"""
import glob
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.normpath(os.path.join(HERE, ".."))
ROOT = os.path.normpath(os.path.join(TOP, "..", ".."))
VECTORS = os.path.join(ROOT, "Vectors")
BUILTIN = os.path.join(TOP, "results", "builtin")
REPRO = os.path.join(TOP, "repro", "manifest.json")
LEVELS = ["must", "should", "implementation-defined", "hardening"]
# The rows matrix.sh runs itself, in the order it runs them: (file name, short name), before and after the libraries.
BUILTIN_BEFORE = [("reference", "reference"), ("foundation", "Foundation")]
BUILTIN_AFTER = [("python", "Python urllib"), ("node", "Node URL"), ("go", "Go net/url")]
CUT = 240


def load(path):
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def vectors():
    """Every vector of the suite by id, each with the file it is in."""
    manifest = load(os.path.join(VECTORS, "manifest.json"))
    found = {}
    for entry in manifest["files"]:
        for vector in load(os.path.join(VECTORS, entry["path"]))["vectors"]:
            found[vector["id"]] = dict(vector, file=entry["path"])
    return found


def citations():
    return load(os.path.join(VECTORS, "citations.json"))["anchors"]


def builtin_results():
    """The rows matrix.sh ran and saved, by name, in matrix.sh's order; a row it could not run is absent."""
    found = {}
    for name, _ in BUILTIN_BEFORE + BUILTIN_AFTER:
        path = os.path.join(BUILTIN, name + ".json")
        if os.path.exists(path):
            found[name] = load(path)
    return found


def repro_manifest():
    """(the reproductions, a note): the list, or None with why not when the manifest is absent or unreadable."""
    if not os.path.exists(REPRO):
        return None, "no reproduction manifest (`repro/manifest.json`) in this checkout"
    try:
        return load(REPRO)["reproductions"], None
    except (ValueError, KeyError, TypeError) as error:
        return None, "`repro/manifest.json` is unreadable (%s)" % error


def repro_code(entry):
    """The reproduction's source, or None when its file is missing."""
    path = os.path.join(TOP, entry.get("file", ""))
    if not entry.get("file") or not os.path.isfile(path):
        return None
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def stale_outputs(expected, directory, pattern):
    """Files matching `pattern` in `directory` that no longer have a generated counterpart."""
    return sorted(path for path in glob.glob(os.path.join(directory, pattern)) if path not in expected)


# MARK: - One line of Markdown each

def compact(value):
    """JSON without the members that are null, on one line."""
    if isinstance(value, dict):
        value = {k: v for k, v in value.items() if v is not None}
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def cut(text, limit=CUT):
    return text if len(text) <= limit else text[:limit] + " … (%d characters in all)" % len(text)


def raw(text):
    """A URL as written, or as a JSON string when it holds characters a reader would not see."""
    if not text:
        return '""'
    if any(ord(c) < 0x20 or ord(c) == 0x7F or c in "\u00a0\u200b\ufeff" for c in text) or text != text.strip():
        return json.dumps(text, ensure_ascii=False)
    return text


def url_of(vector):
    """A parse vector's URL as text; one given as bytes (`urlHex`) decoded, or named by its bytes when not UTF-8."""
    given = vector["input"]
    if "url" in given:
        return given["url"]
    data = bytes.fromhex(given.get("urlHex", ""))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return "the bytes " + given["urlHex"]


def input_text(vector):
    """A vector's input: the URL of a parse vector, the request or callback of a build vector."""
    given = vector["input"]
    if vector["operation"] == "parse":
        return raw(url_of(vector))
    if vector["operation"] == "build-request":
        return compact(given.get("request", given))
    return compact(given)


def answer_text(answer):
    """What a target answered, in one line."""
    if not isinstance(answer, dict) or not answer:
        return "no answer"
    kind, value = next(iter(answer.items()))
    if kind == "accepted":
        return raw(value["url"]) if isinstance(value, dict) and set(value) == {"url"} else "accepted " + compact(value)
    if kind == "rejected":
        reason = value.get("category") or value.get("message") or "no reason given"
        return "refused (%s)" % reason
    if kind == "broken":
        return "broke (%s): %s" % (value.get("kind", "?"), value.get("detail", "").split("\n")[0])
    if kind == "truncated":
        return "accepted, an answer too long to keep: " + value.get("prefix", "")
    return "%s: %s" % (kind, value if isinstance(value, str) else compact(value))


def expected_text(expected):
    """What the vector asks for, in one line."""
    if not isinstance(expected, dict):
        return "?"
    if "accept" in expected:
        accept = expected["accept"]
        return raw(accept["url"]) if set(accept) == {"url"} else "accepted " + compact(accept)
    if "reject" in expected:
        return "refused (%s)" % expected["reject"]
    if "anyOf" in expected:
        return " or ".join(expected_text(alternative) for alternative in expected["anyOf"])
    if "choice" in expected:
        return "; ".join("%s=%s: %s" % (expected["choice"], name, expected_text(outcome))
                         for name, outcome in expected["outcomes"].items())
    return compact(expected)


def expectation_text(vector, expected):
    """What the vector asks for; for a build-request vector, the request the built URL must read back as."""
    text = expected_text(expected)
    if vector["operation"] == "build-request" and isinstance(expected, dict) and "accept" in expected:
        return "a URL that reads back as " + text[len("accepted "):]
    return text


def difference(detail):
    """The runner's account of a failure, in one line (the first alternative's when it lists several)."""
    lines = [line.strip(" -") for line in (detail or "").split("\n") if line.strip()]
    if len(lines) > 1 and lines[0].endswith(":"):
        return lines[1]
    return lines[0] if lines else ""


def code(text):
    """An inline code span that survives backticks in the text."""
    fence = "``" if "`" in text else "`"
    pad = " " if fence == "``" else ""
    return fence + pad + text.replace("\n", " ") + pad + fence


def cell(text):
    return text.replace("|", "\\|").replace("\n", " ")
