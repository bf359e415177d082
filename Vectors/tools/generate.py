#!/usr/bin/env python3
"""Writes Vectors/*.json and Vectors/manifest.json from the sources in Vectors/tools/sources/.

    python3 Vectors/tools/generate.py          # regenerate (the only command you need)
    python3 Vectors/tools/generate.py --check  # exit 1 if any generated file is out of date

Ids are permanent: Vectors/tools/ids.json maps each vector's stable key to its id and is append-only.
A key that disappears keeps its id in the ledger and the id is listed in Vectors/retired.json, so it
is never reused. Vectors/rules.json describes every rule the vectors name (tools/rules.py), each with
the result fields it is about, from rules.FIELDS. Standard library only.
"""

import hashlib
import importlib
import json
import os
import re
import sys

sys.dont_write_bytecode = True  # keep __pycache__ out of Vectors/ (it is a bundled resource)
HERE = os.path.dirname(os.path.abspath(__file__))
VECTORS = os.path.dirname(HERE)
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "sources"))

import grid  # noqa: E402
import grid_fill  # noqa: E402
import rules  # noqa: E402
import schema  # noqa: E402
import vectorlib  # noqa: E402

SOURCES = [
    "spec_examples", "parse_encoding", "build_encoding", "reserved_prefix", "nested_callbacks", "callbacks",
    "hosts_actions", "security", "real_world",
]
ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
SUITE_VERSION = "5.4.0"
FORMAT_VERSION = 4
SPEC_DIR = os.environ.get("XCU_SPEC_DIR", os.path.join(VECTORS, "..", "..", "shared", "spec"))


def dump(value):
    """JSON with two-space indentation; arrays of scalars (pairs, cites, tags) stay on one line."""
    return _dump(value, "") + "\n"


def _dump(value, indent):
    inner = indent + "  "
    if isinstance(value, dict):
        if not value:
            return "{}"
        members = ["%s%s: %s" % (inner, json.dumps(k, ensure_ascii=False), _dump(v, inner)) for k, v in value.items()]
        return "{\n" + ",\n".join(members) + "\n" + indent + "}"
    if isinstance(value, list):
        if all(not isinstance(v, (dict, list)) for v in value):
            return "[" + ", ".join(json.dumps(v, ensure_ascii=False) for v in value) + "]"
        return "[\n" + ",\n".join(inner + _dump(v, inner) for v in value) + "\n" + indent + "]"
    return json.dumps(value, ensure_ascii=False)


def new_id(key, used, salt=0):
    digest = hashlib.sha256(("%s#%d" % (key, salt)).encode("utf-8")).digest()
    candidate = "XCU-" + "".join(ALPHABET[b % 32] for b in digest[:4])
    return candidate if candidate not in used else new_id(key, used, salt + 1)


def check_quotes(citations):
    """Every normative anchor of the x-callback-url spec quotes the spec text verbatim (when it is at hand)."""
    texts = []
    for name in ("x-callback-url-1.0-R3.txt", "x-callback-url-examples.txt"):
        path = os.path.join(SPEC_DIR, name)
        if os.path.exists(path):
            texts.append(open(path, encoding="utf-8").read())
    if not texts:
        return
    spec = "\n".join(texts)
    for anchor, entry in citations.items():
        if entry.get("normative") and entry["source"].startswith("x-callback-url") and entry["quote"] not in spec:
            raise vectorlib.GeneratorError("citation %s does not quote the spec verbatim" % anchor)


def check_rfc_quotes(citations):
    """Every RFC 3986 anchor quotes the RFC verbatim, when its text is at hand (XCU_RFC3986 names rfc3986.txt).

    The RFC's page breaks, line breaks and the hyphens that break words across lines are undone first.
    """
    path = os.environ.get("XCU_RFC3986")
    if not path or not os.path.exists(path):
        return
    text = open(path, encoding="utf-8").read()
    text = re.sub(r"\n\n*[^\n]*\[Page \d+\]\n\x0c?\nRFC 3986[^\n]*\n\n*", "\n", text)
    text = re.sub(r"\s+", " ", re.sub(r"-\n\s*", "-", text))
    for anchor, entry in citations.items():
        if entry.get("normative") and entry["source"] == "RFC 3986" and re.sub(r"\s+", " ", entry["quote"]) not in text:
            raise vectorlib.GeneratorError("citation %s does not quote RFC 3986 verbatim" % anchor)


def check_rule_fields():
    """Every rule names the result fields a failure of it touches: at least one, each from rules.FIELDS, once, in
    that list's order. Any other rule stops the generator (and --check), naming the rule and the field."""
    problems = []
    for id_, r in rules.RULES.items():
        if not r.fields:
            problems.append("rule %s has no fields (name them from rules.FIELDS)" % id_)
            continue
        unknown = [field for field in r.fields if field not in rules.FIELDS]
        for field in unknown:
            problems.append("rule %s: field %r is not in the vocabulary (rules.FIELDS)" % (id_, field))
        if unknown:
            continue
        for before, after in zip(r.fields, r.fields[1:]):
            if before == after:
                problems.append("rule %s: field %r named twice" % (id_, after))
            elif rules.FIELDS.index(before) > rules.FIELDS.index(after):
                problems.append("rule %s: field %r comes before %r in rules.FIELDS" % (id_, after, before))
    if problems:
        raise vectorlib.GeneratorError("; ".join(problems))


def main(argv):
    check_only = "--check" in argv
    check_rule_fields()
    citations = json.load(open(os.path.join(VECTORS, "citations.json"), encoding="utf-8"))["anchors"]
    check_quotes(citations)
    check_rfc_quotes(citations)
    ledger_path = os.path.join(HERE, "ids.json")
    ledger = json.load(open(ledger_path, encoding="utf-8")) if os.path.exists(ledger_path) else {"ids": {}}
    ids = ledger["ids"]
    used = set(ids.values())
    retired_path = os.path.join(VECTORS, "retired.json")
    retired = json.load(open(retired_path, encoding="utf-8")) if os.path.exists(retired_path) else {"retired": []}
    retired_ids = {entry["id"] for entry in retired["retired"]}

    outputs = {}
    manifest_files = []
    emitted = set()
    seen_inputs = {}
    used_rules = set()
    modules = [importlib.import_module(name) for name in SOURCES]
    collectors = {}
    for module in modules:
        collectors[module.FILE] = vectorlib.Collector(module.FILE, citations)
        module.vectors(collectors[module.FILE])
    # The coverage grid (tools/grid.py): cells no source vector covers are filled by generated vectors, added to
    # the file of their operation under keys grid-...; the ids of the source vectors are looked up first.
    existing = [dict(vector, id=ids.get("%s/%s" % (c.file, key), key)) for c in collectors.values()
                for key, vector in c.items]
    generated_keys = grid_fill.fill(collectors, existing, ids)
    all_vectors = []
    for module in modules:
        collector = collectors[module.FILE]
        vectors = []
        for key, vector in collector.items:
            if key not in ids:
                ids[key] = new_id(key, used | retired_ids)
                used.add(ids[key])
            if ids[key] in retired_ids:
                raise vectorlib.GeneratorError("%s maps to retired id %s" % (key, ids[key]))
            emitted.add(key)
            input_key = (vector["operation"], vectorlib.canon(normal_input(vector)))
            if input_key in seen_inputs:
                raise vectorlib.GeneratorError("%s duplicates the input of %s" % (key, seen_inputs[input_key]))
            seen_inputs[input_key] = key
            used_rules.add(vector["rule"])
            vectors.append(dict({"id": ids[key]}, **vector))
        all_vectors += vectors
        text = dump({"title": module.TITLE, "description": module.DESCRIPTION, "vectors": vectors})
        outputs[module.FILE] = text
        manifest_files.append({"path": module.FILE, "count": len(vectors),
                               "sha256": hashlib.sha256(text.encode("utf-8")).hexdigest()})
    check_supports(citations, outputs)
    for key, id_ in ids.items():
        if key not in emitted and id_ not in retired_ids:
            retired["retired"].append({"id": id_, "key": key, "reason": "source removed"})
            retired_ids.add(id_)
    total = sum(f["count"] for f in manifest_files)
    outputs["manifest.json"] = dump({
        "description": "The vector files of the x-callback-url conformance suite, with counts and SHA-256 of each.",
        "suiteVersion": SUITE_VERSION, "formatVersion": FORMAT_VERSION, "files": manifest_files, "total": total})
    retired.setdefault("description", "Vector ids that were retired; they are never reused.")
    outputs["retired.json"] = dump({"description": retired["description"], "retired": retired["retired"]})
    outputs["schema.json"] = dump(schema.build_schema())
    unused = sorted(set(rules.RULES) - used_rules)
    if unused:
        raise vectorlib.GeneratorError("rules no vector names (remove them from rules.py): " + ", ".join(unused))
    outputs["rules.json"] = dump(rules_document())
    grid_data = grid.document(all_vectors, {ids[key] for key in generated_keys})
    outputs["tools/grid.json"] = dump(grid_data)
    readme_path = os.path.join(VECTORS, "README.md")
    outputs["README.md"] = grid.with_table(open(readme_path, encoding="utf-8").read(), grid_data)
    ledger_text = dump({"description": "Append-only ledger: stable source key -> permanent vector id.",
                        "ids": ids})

    stale = []
    for name, text in list(outputs.items()) + [("tools/ids.json", ledger_text)]:
        path = os.path.join(VECTORS, name)
        current = open(path, encoding="utf-8").read() if os.path.exists(path) else None
        if current != text:
            stale.append(name)
            if not check_only:
                with open(path, "w", encoding="utf-8") as handle:
                    handle.write(text)
    for entry in manifest_files:
        print("%-24s %4d" % (entry["path"], entry["count"]))
    print("%-24s %4d" % ("total", total))
    t = grid_data["totals"]
    print("grid: %d cells, %d existing, %d generated (%d vectors), %d n/a"
          % (t["cells"], t["existing"], t["generated"], len(generated_keys), t["n/a"]))
    if check_only and stale:
        print("out of date: " + ", ".join(stale)
              + (" (the coverage table in README.md is stale)" if "README.md" in stale else ""), file=sys.stderr)
        return 1
    return 0


def rules_document():
    """Vectors/rules.json: every rule once, with its role, level, one-line summary and fields, in rules.py's order."""
    return {"description": "Every rule the vectors test, once: its role, its level, what it says and the result fields "
                           "a failure of it touches. A vector's 'rule' names one of these; vectors that share a rule "
                           "test one behaviour (Vectors/README.md).",
            "rules": {id_: {"role": r.role, "level": r.level, "summary": r.summary, "fields": list(r.fields)}
                      for id_, r in rules.RULES.items()}}


def normal_input(vector):
    """The input with `url` and `urlHex` brought to one form, so duplicates are found across forms."""
    input_ = vector["input"]
    if vector["operation"] == "parse":
        if "url" in input_:
            return {"bytes": input_["url"].encode("utf-8").hex(), "expand": vector.get("expand")}
        return {"bytes": input_["urlHex"].replace(" ", "").lower()}
    return input_


def check_supports(citations, outputs):
    """Citations that say it (issue 37). Every anchor's `supports` lists rules of rules.py: the rules whose requirement
    its quote states or directly implies, or, for a silent anchor, the rules it was written for. Every must or should
    vector cites at least one anchor that supports its rule. Any other stops the generator (and --check), naming the
    anchor and the rule, or the vector, its rule and its cites."""
    problems = []
    supports = {}
    for anchor, entry in citations.items():
        listed = entry.get("supports")
        if not isinstance(listed, list) or not all(isinstance(rule, str) for rule in listed):
            problems.append("citation %s: 'supports' must be a list of rule ids" % anchor)
            continue
        for rule in sorted(set(rule for rule in listed if listed.count(rule) > 1)):
            problems.append("citation %s supports %s twice" % (anchor, rule))
        for rule in listed:
            if rule not in rules.RULES:
                problems.append("citation %s supports %r, which is no rule of rules.py" % (anchor, rule))
        supports[anchor] = set(listed)
    for text in outputs.values():
        for vector in json.loads(text).get("vectors", []):
            if vector["level"] in ("must", "should") and not any(
                    vector["rule"] in supports.get(anchor, ()) for anchor in vector["cite"]):
                problems.append("%s (%s, rule %s) cites %s: no cited anchor supports its rule (citations.json)"
                                % (vector["id"], vector["level"], vector["rule"], ", ".join(vector["cite"])))
    for text in outputs.values():
        for vector in json.loads(text).get("vectors", []):
            if vector["level"] == "should" and "breaks" not in vector and not any(
                    is_should_anchor(citations.get(anchor, {})) and vector["rule"] in supports.get(anchor, ())
                    for anchor in vector["cite"]):
                problems.append("%s (should, rule %s) cites %s: a should vector needs a SHOULD (or MUST) sentence that "
                                "supports its rule, or a 'breaks' line (Vectors/README.md, 'The rule for should')"
                                % (vector["id"], vector["rule"], ", ".join(vector["cite"])))
    if problems:
        raise vectorlib.GeneratorError("citations that do not say it:\n  " + "\n  ".join(problems))


STRENGTH = re.compile(r"\b(should|must|shall|required)\b", re.IGNORECASE)


def is_should_anchor(entry):
    """Whether an anchor quotes a sentence of SHOULD strength or stronger: normative, with should, must, shall or
    required in its quote (a definition or a silent anchor is not)."""
    return bool(entry.get("normative")) and bool(STRENGTH.search(entry.get("quote", "")))


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except vectorlib.GeneratorError as error:
        print("error: %s" % error, file=sys.stderr)
        sys.exit(2)
