"""Encoding edge cases through build: every ASCII byte in a value of a request and of a callback."""

import itertools

import xcu_model
from vectorlib import NUMBERS, R, accept, any_of, reject

FILE = "build-encoding.json"
TITLE = "Encoding edge cases: build"
DESCRIPTION = ("Percent-encoding on the sending side: every ASCII byte 0x00-0x7F inside a request value, the "
               "punctuation and control bytes inside a callback result value, special characters in names, "
               "multi-byte UTF-8. A build passes when the reference parses the output back to the expected "
               "request and every name and value obeys the encoding rules.")

FORM = set("+= ")


def label(byte):
    ch = chr(byte)
    if byte < 0x20 or byte == 0x7F:
        return "0x%02X (control)" % byte
    return "0x20 (space)" if ch == " " else "0x%02X '%s'" % (byte, ch)


def rule_and_cite(ch, role="build-request"):
    """The rule a character of a name or value tests, and its citations. '+', '=' and space are their own rule:
    RFC 3986 lets '+' and '=' stand raw in a query, and receivers disagree on '+' and space (D2, D3)."""
    byte = ord(ch)
    if ch in FORM:
        return role + "-form-chars", ["rfc3986-2.2-producers", "xcu-values-encoded"]
    if ch in "&#":
        return role + "-delimiters", ["rfc3986-2.2"]
    if ch == "%":
        return role + "-percent", ["rfc3986-2.4-percent"]
    if byte < 0x20 or byte == 0x7F:
        return role + "-controls", ["rfc3986-2", "rfc3986-2.1"]
    return role + "-values", ["xcu-values-encoded", "rfc3986-2"]


def breaks(rule, text, reader="target app"):
    """What the reading app gets wrong when a builder fails a vector of `rule` on `text` (must rules only)."""
    if rule.endswith("-controls"):
        return "a raw control character in %r makes the URL no URI" % text
    if rule.endswith("-delimiters"):
        return "a raw '&' or '#' splits or cuts %r: the %s reads another value" % (text, reader)
    if rule.endswith("-percent"):
        return "the %s decodes %r into something else (or refuses the URL)" % (reader, text)
    if rule.endswith("-values"):
        return "the %s reads %r back as another value" % (reader, text)
    if rule == "build-request-action":
        return "the target app reads another action than %r, or the URL is no URI" % text
    return None


def vectors(v):
    # 1. Every ASCII byte inside a request value round-trips through the reference parser.
    for byte in range(0x80):
        ch = chr(byte)
        rule, cite = rule_and_cite(ch)
        tags = ["ascii"] + (["plus", "D2"] if ch == "+" else ["space", "D3"] if ch == " " else
                            ["D8"] if ch == "=" else ["control"] if byte < 0x20 or byte == 0x7F else [])
        v.build_request("req-%02X" % byte, "Build a request whose value holds %s between a and b" % label(byte),
                        R("enc", "echo", parameters=[("v", "a" + ch + "b")]), rule=rule, cite=cite, tags=tags,
                        breaks=breaks(rule, "a" + ch + "b"))

    # 2. Punctuation, space and control bytes inside a callback result value.
    for byte in range(0x80):
        ch = chr(byte)
        if ch.isalnum():
            continue
        rule, cite = rule_and_cite(ch, "build-callback")
        tags = ["ascii", "callback"] + (["plus", "D2"] if ch == "+" else ["space", "D3"] if ch == " " else [])
        v.build_callback("cb-%02X" % byte, "Callback result value holding %s between a and b" % label(byte),
                         "src://x-callback-url/done", parameters=[("r", "a" + ch + "b")], rule=rule,
                         cite=cite + ["xcu-x-success"], tags=tags, breaks=breaks(rule, "a" + ch + "b", "source app"))

    # 3. Special characters in parameter names.
    for key, name in [("amp", "a&b"), ("hash", "a#b"), ("percent", "100%"), ("question", "a?b"),
                      ("slash", "a/b"), ("utf8", "été"), ("emoji", "😀"), ("tab", "a\tb")]:
        rule, cite = rule_and_cite("&" if key in ("amp", "hash") else "%" if key == "percent" else "a")
        # Non-ASCII needs UTF-8 (RFC 3986 section 2.5, a should), as in every other field.
        rule = ("build-request-controls" if key == "tab" else "build-request-non-ascii" if key in ("utf8", "emoji")
                else rule)
        v.build_request("name-" + key, "Build a request whose parameter name is %r" % name,
                        R("enc", "echo", parameters=[(name, "1")]), rule=rule,
                        cite=cite + ["xcu-action-parameters"] + (["rfc3986-2.5"] if rule == "build-request-non-ascii" else []),
                        tags=["name"], breaks=breaks(rule, name))
    for key, name in [("equals", "a=b"), ("plus", "a+b"), ("space", "a b")]:
        v.build_request("name-" + key, "Build a request whose parameter name is %r" % name,
                        R("enc", "echo", parameters=[(name, "1")]), rule="build-request-form-chars",
                        cite=["rfc3986-2.2-producers", "xcu-action-parameters"], tags=["name", "D8" if key == "equals"
                                                                                        else "D2" if key == "plus" else "D3"])

    # 4. UTF-8 and other text.
    for key, value, what in [("utf8-2", "été", "two-byte UTF-8"), ("utf8-3", "€10", "three-byte UTF-8"),
                             ("utf8-4", "😀", "a four-byte emoji"), ("zwj", "👩‍💻", "an emoji ZWJ sequence"),
                             ("combining", "e\u0301", "e + combining acute"), ("cjk", "计算小费", "CJK"),
                             ("nbsp", "a\u00a0b", "a no-break space"), ("bom", "\ufeffa", "a byte-order mark"),
                             ("u2028", "a\u2028b", "U+2028 LINE SEPARATOR")]:
        v.build_request("req-" + key, "Build a request whose value is %s: UTF-8, percent-encoded" % what,
                        R("enc", "echo", parameters=[("v", value)]), rule="build-request-non-ascii",
                        cite=["rfc3986-2.5", "rfc3986-2"], tags=["utf8"])
    for key, value in [("percent-escape-text", "%41"), ("percent-25", "%25"), ("percent-zz", "%zz")]:
        v.build_request("req-" + key, "Build a value that looks like an escape (%s): it must not decode" % value,
                        R("enc", "echo", parameters=[("v", value)]), rule="build-request-percent",
                        breaks=breaks("build-request-percent", value), cite=["rfc3986-2.4", "rfc3986-2.4-percent"],
                        tags=["percent", "double"])
    v.build_request("req-empty-value", "Build a parameter with the empty value", R("enc", "echo", parameters=[("v", "")]),
                    rule="build-request-structure", breaks="the target app gets v absent or as a flag, not v=''",
                    cite=["xcu-query-format"], tags=["empty"])
    v.build_request("req-flag", "Build a parameter without a value (a flag): the name alone",
                    R("enc", "echo", parameters=[("create-new-tab", None)]), rule="build-request-flag",
                    cite=["xcu-action-parameters", "silent-flag"], tags=["flag", "D7"])
    v.build_request("req-flag-between", "Build a flag between two valued parameters",
                    R("enc", "echo", parameters=[("a", "1"), ("flag", None), ("b", "2")]), rule="build-request-flag",
                    cite=["xcu-action-parameters", "silent-flag"], tags=["flag", "D7"])
    v.build_request("req-empty-name", "Build a parameter with an empty name: emit '=v' or refuse",
                    R("enc", "echo", parameters=[("", "v")]), rule="build-request-empty-name",
                    expect=any_of(accept(R("enc", "echo", parameters=[("", "v")])), reject("empty-parameter-name")),
                    cite=["xcu-query-format", "silent-empty-name"], tags=["empty"])
    v.build_request("req-duplicates", "Build repeated parameters: every one is emitted, in order",
                    R("enc", "echo", parameters=[("tag", "a"), ("tag", "b"), ("tag", "c")]), rule="build-request-duplicates",
                    cite=["xcu-action-parameters", "silent-duplicates"], tags=["duplicate", "D6"])
    v.build_request("req-many", "Build ten parameters: all emitted, order kept",
                    R("enc", "echo", parameters=[("p%d" % i, str(i)) for i in range(10)]), rule="build-request-structure",
                    breaks="the target app misses or reorders some of p0 to p9",
                    cite=["xcu-action-parameters", "xcu-query-format"], tags=["order"])
    v.build_callback("cb-utf8", "Callback result value in UTF-8 is percent-encoded as UTF-8",
                     "src://x-callback-url/done", parameters=[("word", "Hola, señor 😀")], rule="build-callback-non-ascii",
                     cite=["rfc3986-2.5", "xcu-x-success"], tags=["utf8", "callback", "space"])
    # A null value is a parameter without a value (PROTOCOL.md 2.2): a bare name, graded as the request flags are.
    v.build_callback("cb-flag", "Callback result parameter with a null value is emitted as a bare name",
                     "src://x-callback-url/done", parameters=[("done", None)], rule="build-callback-flag",
                     cite=["xcu-x-success", "silent-flag"], tags=["flag", "D7", "callback"])
    v.build_callback("cb-flag-between", "Callback results with a null value between two valued ones: a bare name "
                     "in its place", "src://x-callback-url/done?id=7", parameters=[("a", "1"), ("done", None), ("b", "2")],
                     rule="build-callback-flag", cite=["xcu-x-success", "silent-flag"], tags=["flag", "D7", "callback"])
    v.build_callback("cb-empty", "Callback result parameter with the empty value", "src://x-callback-url/done",
                     parameters=[("r", "")], rule="build-callback-append", breaks="the source app gets r absent or as a flag, not r=''",
                     cite=["xcu-x-success"], tags=["empty", "callback"])
    v.build_callback("cb-duplicates", "Callback with repeated result parameters keeps all of them in order",
                     "src://x-callback-url/done", parameters=[("r", "1"), ("r", "2")], rule="build-callback-duplicates",
                     cite=["xcu-x-success", "silent-duplicates"], tags=["duplicate", "D6", "callback"])
    v.build_callback("cb-percent-text", "Callback result value '%41' stays the text %41",
                     "src://x-callback-url/done", parameters=[("r", "%41")], rule="build-callback-percent",
                     breaks=breaks("build-callback-percent", "%41", "source app"),
                     cite=["rfc3986-2.4", "rfc3986-2.4-percent"], tags=["percent", "callback", "double"])

    # 5. Parameter order (D20): emitted as given, unless the target declares it unordered.
    pairs = [("c", "3"), ("a", "1"), ("b", "2")]
    request = R("enc", "order", parameters=pairs)
    v.explicit("order-request", "Build three parameters out of alphabetical order: emitted as given",
               "build-request", {"request": request}, "implementation-defined",
               {"choice": "parameter-order", "outcomes": {
                   "preserved": accept(request),
                   "unordered": {"anyOf": [accept(R("enc", "order", parameters=list(p)))
                                           for p in itertools.permutations(pairs)]}}},
               cite=["silent-order", "xcu-action-parameters"], tags=["order", "parameter-order", "D20"],
               rule="build-request-order")
    cb = "src://x-callback-url/order"
    def url_of(ps):
        return xcu_model.build_callback(cb, "success", None, list(ps))[1]
    v.explicit("order-callback", "Callback with three results out of alphabetical order: appended as given",
               "build-callback", {"callback": cb, "outcome": "success", "source": None,
                                  "parameters": [list(p) for p in pairs]}, "implementation-defined",
               {"choice": "parameter-order", "outcomes": {
                   "preserved": accept(url_of(pairs)),
                   "unordered": {"anyOf": [accept(url_of(p)) for p in itertools.permutations(pairs)]}}},
               cite=["silent-order", "xcu-x-success"], tags=["order", "parameter-order", "D20", "callback"],
               rule="build-callback-order")

    # 6. One standard for every field a builder writes: the rules tested on action parameters above, on the action
    # and on the x-source, x-success, x-error and x-cancel values too. The action sits in the path, where '&', '='
    # and '+' are data (RFC 3986 §3.3) and no sentence requires accepting every action name, so refusing one is
    # allowed; built, it must parse back and obey the path's rules (no raw space, control, non-ASCII or stray '%').
    samples = [("amp", "&"), ("equals", "="), ("hash", "#"), ("percent", "%"), ("plus", "+"), ("space", " "),
               ("question", "?"), ("slash", "/"), ("tab", "\t")]
    texts = [("utf8", "été", "build-request-non-ascii", ["rfc3986-2.5", "rfc3986-2"], ["utf8"]),
             ("emoji", "😀", "build-request-non-ascii", ["rfc3986-2.5", "rfc3986-2"], ["utf8"]),
             ("escape-text", "%41", "build-request-percent", ["rfc3986-2.4", "rfc3986-2.4-percent"], ["percent", "double"])]
    inner = "s3://x-callback-url/c?k=v&w=a%20b#f"
    middle = "s2://x-callback-url/b?x-success=" + xcu_model.encode_value(inner)
    nested = "s1://x-callback-url/a?x-success=" + xcu_model.encode_value(middle) + "&n=1"
    fields = [("action", "the action"), ("source", "x-source"), ("success", "x-success"), ("error", "x-error"),
              ("cancel", "x-cancel")]
    for field, what in fields:
        cases = []
        for key, ch in samples:
            rule, cite = rule_and_cite(ch)
            if field == "action":
                # The action sits in the path: '&', '=' and '+' are data there (RFC 3986 section 3.3); a raw space
                # is no URI character and a '+' for it changes the action, so the space is must there.
                rule = "build-request-action"
                if ch in "&=+":
                    cite = ["rfc3986-2.2-data", "xcu-action"]
                elif ch == " ":
                    cite = ["rfc3986-2", "xcu-action"]
                elif ch == "?":
                    # Not a value: '?' ends the path, so in the action it is a delimiter to escape (RFC 3986 2.2).
                    cite = ["rfc3986-2.2", "xcu-action"]
                elif ch == "/":
                    # Only '?' and '#' end the path (RFC 3986 3.3): a '/' stays part of the action.
                    cite = ["rfc3986-3.3", "xcu-action"]
            cases.append((key, "a" + ch + "b", rule, cite, ["ascii"] + (["plus", "D2"] if ch == "+" else
                                                                        ["space", "D3"] if ch == " " else [])))
        for key, text, rule, cite, tags in texts:
            if field == "action" and rule != "build-request-non-ascii":
                # A receiver that reads the action as written gets 'a%41b' back from a builder that writes it so:
                # the spec does not say the action is decoded, so the escape is a should there.
                rule, cite = "build-request-action-escape-text", cite + ["silent-action-encoding"]
            cases.append((key, "a" + text + "b", rule, cite, tags))
        if field != "action":
            cases.append(("nested", nested, "build-request-nested",
                          ["rfc3986-2.2", "xcu-example-legibility", "silent-nested-encoding"], ["nested", "D15"]))
        for key, text, rule, cite, tags in cases:
            if field == "action":
                request = R("enc", text, parameters=[("v", "1")])
                expect = any_of(accept(request), reject("invalid-character"))
                ending = ": encoded so it parses back, or refused"
            else:
                value = text if field == "source" or key == "nested" else "src://x-callback-url/" + text
                request = R("enc", "echo", **{field: value})
                expect = None
                ending = ""
            v.build_request("field-%s-%s" % (field, key), "Build a request whose %s holds %r%s" % (what, text, ending),
                            request, rule=rule, expect=expect, breaks=breaks(rule, text),
                            cite=cite + (["xcu-action"] if field == "action" and "xcu-action" not in cite else
                                         ["xcu-x-source"] if field == "source" else
                                         ["xcu-x-%s" % field] if field != "action" else []),
                            tags=["field", field] + tags)

    # 7. RFC 3986 §2.1: producers should write escapes with uppercase hex digits (%C3%A9, not %c3%a9).
    v.build_request("hex-case-request", "Build a request whose value is '€': its escapes use uppercase hex digits",
                    R("enc", "echo", parameters=[("v", "€")]), rule="build-request-hex-case", cite=["rfc3986-2.1-uppercase"],
                    tags=["hex-case", "utf8", "percent"])
    v.build_callback("hex-case-callback", "Callback result '€': its escapes use uppercase hex digits",
                     "src://x-callback-url/done", parameters=[("r", "€")], rule="build-callback-hex-case",
                     cite=["rfc3986-2.1-uppercase", "xcu-x-success"], tags=["hex-case", "utf8", "percent", "callback"])

    # 8. Unreserved characters (ALPHA DIGIT '-' '.' '_' '~') are never escaped, in any field a builder writes
    # (tag `unreserved-raw`: the comparator then refuses an escape such as %7E or %41 in what the builder wrote).
    # RFC 3986 section 2.3: such escapes "should not be created by URI producers"; every decoded value is the same,
    # so these are should (Vectors/README.md, "Levels").
    U = "a-Z.0_9~x"
    UNRESERVED = ["rfc3986-2.3-producers", "rfc3986-2.3"]
    for field, what, request in [
            ("action", "the action", R("enc", "go-" + U, parameters=[("v", "1")])),
            ("source", "x-source", R("enc", "echo", source="App-" + U)),
            ("success", "x-success", R("enc", "echo", success="src://x-callback-url/ok-" + U + "?k=" + U)),
            ("error", "x-error", R("enc", "echo", error="src://x-callback-url/err-" + U)),
            ("cancel", "x-cancel", R("enc", "echo", cancel="src://x-callback-url/no-" + U)),
            ("name", "a parameter name", R("enc", "echo", parameters=[("k-" + U, "1")])),
            ("value", "a parameter value", R("enc", "echo", parameters=[("v", U)]))]:
        v.build_request("unreserved-" + field, "Build a request whose %s holds %r: no unreserved character escaped"
                        % (what, U), request, rule="build-request-unreserved-raw", cite=UNRESERVED,
                        tags=["unreserved-raw", "field", field])
    cb = "src://x-callback-url/done"
    for key, outcome, source, params, extra, what in [
            ("source", "success", "Target-" + U, [], {}, "x-source"),
            ("name", "success", None, [("k-" + U, "1")], {}, "a result name"),
            ("value", "success", None, [("r", U)], {}, "a result value"),
            ("error-code", "error", None, [], {"code": "E-" + U, "message": "m"}, "errorCode"),
            ("error-message", "error", None, [], {"code": "1", "message": "bad-" + U}, "errorMessage"),
            ("cancel", "cancel", "Target-" + U, [("r", U)], {}, "a cancel's x-source and result")]:
        v.build_callback("unreserved-cb-" + key, "Callback (%s) whose %s holds %r: no unreserved character escaped"
                         % (outcome, what, U), cb, outcome=outcome, source=source, parameters=params,
                         rule="build-callback-unreserved-raw", cite=UNRESERVED + ["xcu-x-" + outcome],
                         tags=["unreserved-raw", "callback", outcome], **extra)

    # 9. What the vectors held constant (issue 36, item 3): values that look like numbers, in every value field a
    # builder writes (errorCode included), are written as the text given; and the count of parameters around 64.
    for key, text in NUMBERS:
        # A '+' is the form-encoding hazard, should wherever a builder writes it (one hazard, one level).
        plus = "+" in text
        # Non-ASCII digits need UTF-8, should wherever it is tested (RFC 3986 section 2.5).
        utf8 = any(ord(c) > 0x7F for c in text)
        request_rule = "build-request-form-chars" if plus else "build-request-non-ascii" if utf8 else None
        callback_rule = "build-callback-form-chars" if plus else "build-callback-non-ascii" if utf8 else None
        extra_cite = ["rfc3986-2.2-producers"] if plus else ["rfc3986-2.5"] if utf8 else []
        v.build_request("number-" + key, "Build a value that looks like a number: %r (%s)" % (text, key),
                        R("enc", "echo", parameters=[("n", text)]), rule=request_rule or "build-request-values",
                        breaks="the target app gets another value than %r (a number reformatted)" % text,
                        cite=["xcu-values-encoded", "xcu-action-parameters"] + extra_cite, tags=["number"])
        v.build_request("number-source-" + key, "Build with x-source %r (%s)" % (text, key),
                        R("enc", "echo", source=text), rule=request_rule or "build-request-values",
                        breaks="the target app shows another source than %r" % text,
                        cite=["xcu-values-encoded", "xcu-x-source"] + extra_cite, tags=["number", "reserved"])
        v.build_callback("cb-number-" + key, "Callback result that looks like a number: %r (%s)" % (text, key),
                         "src://x-callback-url/done", parameters=[("n", text)],
                         rule=callback_rule or "build-callback-values",
                         breaks="the source app gets another result than %r (a number reformatted)" % text,
                         cite=["xcu-values-encoded", "xcu-x-success"] + extra_cite, tags=["callback", "number"])
        v.build_callback("cb-error-code-" + key, "Error with errorCode %r (%s), written as given" % (text, key),
                         "src://x-callback-url/failed", outcome="error", code=text, message="m",
                         rule=callback_rule or "build-callback-error", breaks="the source app gets another errorCode than %r" % text,
                         cite=["xcu-x-error"] + extra_cite, tags=["callback", "error", "number"])
        v.build_callback("cb-error-message-" + key, "Error with errorMessage %r (%s), written as given" % (text, key),
                         "src://x-callback-url/failed", outcome="error", code="1", message=text,
                         rule=callback_rule or "build-callback-error", breaks="the source app gets another errorMessage than %r" % text,
                         cite=["xcu-x-error"] + extra_cite, tags=["callback", "error", "number"])
    for count in (63, 64, 65):
        pairs = [("p%d" % i, str(i)) for i in range(count)]
        v.build_request("count-%d" % count, "Build a request with %d parameters, all written in order" % count,
                        R("enc", "echo", parameters=pairs), rule="build-request-structure",
                        breaks="the target app misses a parameter or gets them in another order",
                        cite=["xcu-action-parameters", "xcu-query-format"], tags=["count"])
        v.build_callback("cb-count-%d" % count, "Callback with %d results, all appended in order" % count,
                         "src://x-callback-url/done", parameters=pairs, rule="build-callback-append",
                         breaks="the source app misses a result or gets them in another order",
                         cite=["xcu-x-success", "xcu-query-format"], tags=["callback", "count"])
