"""How each row read each vector, made comparable across rows: the basis of FINDINGS.md and its figure.

A failed vector's reading is the row's answer; a passed one's is the expectation it matched (the results keep
no answer for a pass, and a pass means the answer was that). Parameters are compared as a multiset, so a row
that declares `parameter-order: unordered` reads the same as one that keeps the order. Build-request vectors
are left out: a pass is judged on the URL parsed back, a failure shows the URL, so the two cannot be compared.
"""
import json
import re

from reports_data import url_of

FIELDS = ["action", "parameters", "source", "success", "error", "cancel", "fragment", "scheme"]
CHOICE = re.compile(r"([a-z0-9-]+)=([a-z0-9-]+)")


def normal(value):
    """A reading as a hashable key: parse answers with their parameters sorted, URLs as they are."""
    if isinstance(value, dict) and "parameters" in value:
        value = dict(value, parameters=sorted(value["parameters"] or [], key=lambda p: json.dumps(p)))
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def from_answer(answer):
    if not isinstance(answer, dict) or not answer:
        return None
    kind, value = next(iter(answer.items()))
    if kind == "accepted":
        return value["url"] if isinstance(value, dict) and set(value) == {"url"} else value
    if kind == "rejected":
        return "refused"
    if kind == "broken":
        return "broke"
    if kind == "truncated":
        return "accepted, an answer too long to keep"
    return kind


def from_expectation(expect, matched):
    """The outcome a passed vector matched, from the vector's expectation and the runner's `matched` note."""
    if "accept" in expect:
        accept = expect["accept"]
        return accept["url"] if set(accept) == {"url"} else accept
    if "reject" in expect:
        return "refused"
    matched = matched or ""
    if "anyOf" in expect:
        found = re.match(r"anyOf\[(\d+)\]", matched)
        if matched.startswith("rejected") or ", rejected" in matched:
            return "refused"
        return from_expectation(expect["anyOf"][int(found.group(1)) if found else 0], None)
    if "choice" in expect:
        for name, value in CHOICE.findall(matched):
            if name == expect["choice"] and value in expect["outcomes"]:
                return from_expectation(expect["outcomes"][value], None)
        return from_expectation(next(iter(expect["outcomes"].values())), None)
    return None


def reading(result, vector):
    """What the row read, or None when it did not answer the vector (skipped, not applicable)."""
    if vector["operation"] == "build-request":
        return None
    if result["verdict"] == "failed":
        return from_answer(result.get("answer"))
    if result["verdict"] == "passed":
        return from_expectation(vector["expect"], result.get("matched"))
    return None


def readings(rows, vectors):
    """{vector id: [(row key, reading) for the rows that answered]}, rows in the given order."""
    found = {}
    for key, report in rows:
        for result in report["results"]:
            vector = vectors.get(result["id"])
            value = reading(result, vector) if vector else None
            if value is not None:
                found.setdefault(result["id"], []).append((key, value))
    return found


def groups(answers):
    """The distinct readings of one vector, in order of first appearance: [(reading, [row keys])]."""
    out = {}
    for key, value in answers:
        out.setdefault(normal(value), (value, []))[1].append(key)
    return list(out.values())


def signature(answers):
    """Which rows read a vector alike, whatever they read: two vectors that split the rows the same way share it."""
    order = {}
    return tuple((key, order.setdefault(normal(value), len(order))) for key, value in answers)


# MARK: - Labels

def pairs(parameters):
    return ", ".join("%s=%s" % (name, json.dumps(value, ensure_ascii=False) if value is not None else "(no value)")
                     for name, value in parameters) or "none"


def labels(group_list):
    """A short label for each distinct reading: only the fields in which the accepted readings differ."""
    accepted = [value for value, _ in group_list if isinstance(value, dict)]
    varying = [f for f in FIELDS if len({normal(v.get(f)) for v in accepted}) > 1] or ["action"]
    out = []
    for value, _ in group_list:
        if not isinstance(value, dict):
            out.append(value)
            continue
        parts = []
        for field in varying:
            shown = value.get(field)
            if field == "parameters":
                parts.append("parameters " + pairs(shown or []))
            elif shown is not None or field == "action":
                parts.append("%s %s" % ("x-" + field if field in ("source", "success", "error", "cancel") else field,
                                        json.dumps(shown, ensure_ascii=False)))
        out.append("; ".join(parts) or "accepted")
    return out


def rank(answers, text, vid):
    """Most distinct readings first, then most rows outside the largest group, then the shorter input."""
    found = groups(answers)
    return (-len(found), -(len(answers) - max(len(keys) for _, keys in found)), len(text), vid)


def pick(found, vectors, operation, count, limit=80, minimum=3):
    """The vectors of `operation` that split the rows most: most distinct readings, one per way of splitting them."""
    ranked = []
    for vid, answers in found.items():
        vector = vectors[vid]
        if vector["operation"] != operation or len(answers) < minimum:
            continue
        text = url_of(vector) if operation == "parse" else vector["input"].get("callback", "")
        if len(text) > limit:
            continue
        ranked.append(rank(answers, text, vid))
    chosen, seen = [], set()
    for *_, vid in sorted(ranked):
        split = signature(found[vid])
        if split in seen:
            continue
        seen.add(split)
        chosen.append(vid)
        if len(chosen) == count:
            break
    return chosen
