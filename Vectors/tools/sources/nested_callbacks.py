"""Callback URLs nested inside x-success, depth 0 to 8, each level with its own query, fragment and payload."""

import xcu_model as model
from vectorlib import R, accept

FILE = "nested-callbacks.json"
TITLE = "Nested encoded callbacks"
DESCRIPTION = ("A callback URL is a value like any other: encoded once per level, split before it is decoded, "
               "decoded exactly once. Levels 0-8 each carry a query, a fragment and a payload with '&', '=', '#', "
               "'%', '+', space and non-ASCII; plus fully, partially, double- and not-encoded forms.")

PAYLOAD = "a&b=c#d%e+f é"
# The same payload without its non-ASCII character: decoding UTF-8 is a should (RFC 3986 section 2.5), so the
# levels that carry 'é' are should, and these carry the must (nesting, splitting, decoding once).
PAYLOAD_ASCII = "a&b=c#d%e+f g"
DEPTH = 8
CITE = ["rfc3986-2.4-order", "rfc3986-2.4", "xcu-x-success"]


def full(text):
    """Percent-encodes everything but the unreserved characters (the 'fully encoded' style, D15)."""
    return "".join(c if c.isascii() and (c.isalnum() or c in "-._~") else
                   "".join("%%%02X" % b for b in c.encode("utf-8")) for c in text)


def partial(text):
    """Encodes only what would break the outer query ('%', '&', '=', '#', '+', space, non-ASCII)."""
    return "".join(c if c.isascii() and c not in "%&=#+ " and ord(c) > 0x20 else
                   "".join("%%%02X" % b for b in c.encode("utf-8")) for c in text)


def levels(payload=PAYLOAD):
    out = ["s0://x-callback-url/done?id=0&q=%s#frag0" % model.encode_value(payload)]
    for k in range(1, DEPTH + 1):
        out.append("s%d://x-callback-url/step%d?id=%d&q=%s&x-success=%s#frag%d"
                   % (k, k, k, model.encode_value(payload), model.encode_value(out[-1]), k))
    return out


def level_request(k, inner, payload=PAYLOAD):
    return R("s%d" % k, "step%d" % k, success=inner, parameters=[("id", str(k)), ("q", payload)],
             fragment="frag%d" % k)


def vectors(v):
    L = levels()
    tags = ["nested", "D15"]
    # 1. Parse each level: x-success is the next level's URL, byte for byte; the payload is decoded once.
    # The payload's 'é' needs UTF-8 (a should): these levels are should, their ASCII twins below are must.
    v.parse("level-0", "Innermost callback URL: its payload decodes once to %r" % PAYLOAD, L[0], rule="decode-utf8",
            expect=accept(R("s0", "done", parameters=[("id", "0"), ("q", PAYLOAD)], fragment="frag0")),
            cite=["rfc3986-2.4-order", "rfc3986-2.4", "rfc3986-2.5"], tags=tags + ["utf8"])
    for k in range(1, DEPTH + 1):
        v.parse("level-%d" % k, "Depth %d: x-success is the depth-%d URL exactly, still encoded inside" % (k, k - 1),
                L[k], rule="decode-utf8", expect=accept(level_request(k, L[k - 1])), cite=CITE + ["rfc3986-2.5"],
                tags=tags + ["depth-%d" % k, "utf8"])
    A = levels(PAYLOAD_ASCII)
    v.parse("ascii-level-0", "Innermost callback URL: its payload decodes once to %r" % PAYLOAD_ASCII, A[0],
            rule="decode-nested", breaks="the app gets q split or cut, not %r" % PAYLOAD_ASCII,
            expect=accept(R("s0", "done", parameters=[("id", "0"), ("q", PAYLOAD_ASCII)], fragment="frag0")),
            cite=["rfc3986-2.4-order", "rfc3986-2.4"], tags=tags)
    for k in range(1, DEPTH + 1):
        v.parse("ascii-level-%d" % k, "Depth %d, ASCII payload: x-success is the depth-%d URL exactly, still encoded "
                "inside" % (k, k - 1), A[k], rule="decode-nested",
                breaks="the app opens another x-success than the depth-%d URL, or gets another q" % (k - 1),
                expect=accept(level_request(k, A[k - 1], PAYLOAD_ASCII)), cite=CITE, tags=tags + ["depth-%d" % k])
    # 2. Build each level: the reference parses the output back to the same request.
    for k in range(1, DEPTH + 1):
        req = level_request(k, L[k - 1])
        req["fragment"] = None
        v.build_request("build-level-%d" % k, "Build a request whose x-success is the depth-%d URL" % (k - 1), req,
                        rule="build-request-nested", cite=["rfc3986-2.2", "xcu-example-legibility", "xcu-values-encoded", "silent-nested-encoding"],
                        tags=tags + ["depth-%d" % k])

    # 3. The same callback in other encodings: fully, partially (queryItems / CallbackURLKit styles).
    inner = "s0://x-callback-url/done?id=1&x=2#f"
    for key, text, what in [("full", full(inner), "fully (%3A%2F%2F...)"),
                            ("partial", partial(inner), "partially (':' '/' '?' raw)"),
                            ("ckit", inner.replace(":", "%3A", 1).replace("&", "%26").replace("#", "%23"),
                             "CallbackURLKit-style (%3A//...?id=1%26...)")]:
        v.parse("style-" + key, "x-success encoded %s decodes to the same URL" % what,
                "tgt://x-callback-url/go?x-success=" + text + "&n=1", rule="decode-nested",
                breaks="the app opens another x-success than %s" % inner,
                expect=accept(R("tgt", "go", success=inner, parameters=[("n", "1")])),
                cite=["rfc3986-2.4-order", "rfc3986-3.4-key-value", "xcu-example-legibility", "silent-nested-encoding"],
                tags=tags)
    v.parse("style-double", "Double-encoded x-success decodes once: the result is still encoded",
            "tgt://x-callback-url/go?x-success=" + model.encode_value(full(inner)), rule="decode-once",
            breaks="the app decodes x-success twice and opens %s, not its encoded form" % inner,
            expect=accept(R("tgt", "go", success=full(inner))), cite=["rfc3986-2.4"], tags=tags + ["double"])
    v.parse("style-triple", "Triple-encoded '&' (%252526) decodes once to %2526",
            "tgt://x-callback-url/go?x-success=s0%3A%2F%2Fx-callback-url%2Fdone%3Fa%3D1%252526b%3D2", rule="decode-once",
            breaks="the app decodes %252526 twice or more: the inner '&' is lost",
            expect=accept(R("tgt", "go", success="s0://x-callback-url/done?a=1%2526b=2")), cite=["rfc3986-2.4"],
            tags=tags + ["double"], provenance=["phimage/CallbackURLKit PR 5 (triple encoding)"])
    v.parse("style-partial-double", "Inner escapes not re-encoded: the inner %26 becomes '&' after one decode",
            "tgt://x-callback-url/go?x-success=s0%3A%2F%2Fx-callback-url%2Fdone%3Fq%3Da%26b", rule="decode-once",
            breaks="the app splits x-success at the decoded '&' or decodes it twice",
            expect=accept(R("tgt", "go", success="s0://x-callback-url/done?q=a&b")), cite=["rfc3986-2.4"],
            tags=tags + ["double"])

    # 4. Not encoded at all (D9): the split comes first, exactly as RFC 3986 §2.4 says.
    v.parse("raw-amp", "Unencoded callback with '&': the outer query splits there",
            "tgt://x-callback-url/go?x-success=s0://x-callback-url/done?id=1&x=2", rule="decode-unencoded-callback",
            breaks="the app opens x-success with x=2 inside it, though the raw '&' ended it",
            expect=accept(R("tgt", "go", success="s0://x-callback-url/done?id=1", parameters=[("x", "2")])),
            cite=["rfc3986-2.4-order", "xcu-example-legibility"], tags=["nested", "D9"],
            provenance=["phimage/CallbackURLKit issue 3"])
    v.parse("raw-hash", "Unencoded callback with '#': the rest of the request becomes the fragment",
            "tgt://x-callback-url/go?x-success=s0://x-callback-url/done#frag&word=Hello", rule="decode-unencoded-callback",
            breaks="the app reads word=Hello as a parameter, though it follows the '#'",
            expect=accept(R("tgt", "go", success="s0://x-callback-url/done", fragment="frag&word=Hello")),
            cite=["rfc3986-3.4", "rfc3986-3.5", "xcu-example-legibility"], tags=["nested", "D9", "fragment"])
    v.parse("raw-equals", "Unencoded callback with '=' but no '&': kept whole (the first '=' splits)",
            "tgt://x-callback-url/go?x-success=s0://x-callback-url/done?id=1", rule="decode-unencoded-callback",
            breaks="the app splits x-success at its second '=' and opens s0://x-callback-url/done?id",
            expect=accept(R("tgt", "go", success="s0://x-callback-url/done?id=1")),
            cite=["xcu-query-format", "rfc3986-3.4-key-value"], tags=["nested", "D8", "D9"],
            provenance=["sebreh/SBRXCallbackURLKit PR 1 (x-error=http://google.com?q=test)"])
    v.parse("raw-three-levels", "Three unencoded levels collapse into one query",
            "tgt://x-callback-url/go?x-success=s1://x-callback-url/step?x-error=s0://x-callback-url/fail?e=1&n=2",
            rule="decode-unencoded-callback", breaks="the app reads n=2 into x-success or x-error into the outer request",
            expect=accept(R("tgt", "go", success="s1://x-callback-url/step?x-error=s0://x-callback-url/fail?e=1",
                            parameters=[("n", "2")])), cite=["rfc3986-2.4-order"], tags=["nested", "D9"])
    v.parse("raw-plus", "A raw '+' inside an encoded callback follows the plus choice",
            "tgt://x-callback-url/go?x-success=s0%3A%2F%2Fx-callback-url%2Fdone%3Fq%3Da+b",
            cite=["silent-plus"], tags=["nested", "plus", "D1"], point="plus", rule="decode-plus")

    # 5. A callback whose own query carries x-success.
    inner_cb = "s0://x-callback-url/done?x-success=" + model.encode_value("t://x-callback-url/final?r=1")
    v.parse("inner-x-success", "The callback's own x-success stays inside it (one string, not a duplicate)",
            "tgt://x-callback-url/go?x-success=" + model.encode_value(inner_cb), rule="decode-nested",
            breaks="the app takes the callback's own x-success for its own",
            expect=accept(R("tgt", "go", success=inner_cb)), cite=CITE, tags=["nested", "reserved"])
    v.parse("inner-x-success-raw", "Unencoded inner x-success without '&' is part of the outer value",
            "tgt://x-callback-url/go?x-success=s0://x-callback-url/done?x-success=t://final", rule="decode-unencoded-callback",
            breaks="the app splits x-success at its second '=' or takes t://final for its callback",
            expect=accept(R("tgt", "go", success="s0://x-callback-url/done?x-success=t://final")),
            cite=["xcu-query-format", "rfc3986-2.4-order"], tags=["nested", "reserved", "D9"])
    v.parse("inner-x-success-raw-amp", "Unencoded inner '&x-success=' makes the outer x-success a duplicate",
            "tgt://x-callback-url/go?x-success=s0://x-callback-url/done?a=1&x-success=t://final",
            cite=["silent-duplicates", "silent-security"], tags=["nested", "reserved", "D9", "security"],
            point="duplicate-reserved", rule="decode-duplicate-reserved")
    v.parse("inner-x-error", "x-error and x-cancel nested inside x-success do not leak out",
            "tgt://x-callback-url/go?x-success=" + model.encode_value(
                "s0://x-callback-url/done?x-error=s0://e&x-cancel=s0://c") + "&x-error=s1%3A%2F%2Ferr", rule="decode-nested",
            breaks="the app takes the nested x-error or x-cancel for its own",
            expect=accept(R("tgt", "go", success="s0://x-callback-url/done?x-error=s0://e&x-cancel=s0://c",
                            error="s1://err")), cite=CITE, tags=["nested", "reserved"])
    v.build_request("build-inner-x-success", "Build a request whose x-success carries its own x-success",
                    R("tgt", "go", success=inner_cb), rule="build-request-nested",
                    cite=["rfc3986-2.2", "xcu-values-encoded", "silent-nested-encoding"],
                    tags=["nested", "reserved"])
    v.build_request("build-nested-no-equals", "Build x-success 's0://x-callback-url/done#frag': '#' must be encoded",
                    R("tgt", "go", success="s0://x-callback-url/done#frag"), rule="build-request-delimiters", cite=["rfc3986-2.2"],
                    breaks="a raw '#' cuts x-success: the target app gets s0://x-callback-url/done and a fragment",
                    tags=["nested", "D15", "fragment"])
    v.build_request("build-nested-amp", "Build x-error 's0://x-callback-url/fail?a&b': '&' must be encoded",
                    R("tgt", "go", error="s0://x-callback-url/fail?a&b"), rule="build-request-delimiters", cite=["rfc3986-2.2"],
                    breaks="a raw '&' splits x-error: the target app gets s0://x-callback-url/fail?a and a flag b",
                    tags=["nested", "D15"])
    v.build_request("build-nested-percent", "Build x-cancel holding '%41': encoded as %2541, not decoded later",
                    R("tgt", "go", cancel="s0://x-callback-url/no?t%41"), rule="build-request-percent",
                    breaks="the target app decodes x-cancel's %41 and opens s0://x-callback-url/no?tA", cite=["rfc3986-2.4-percent"],
                    tags=["nested", "D15", "double"])

    # 6. Building callbacks onto nested URLs and returning URLs as results.
    v.build_callback("callback-onto-level-2", "Result appended to the depth-2 URL: its query kept byte for byte",
                     L[2], parameters=[("r", "1")], rule="build-callback-kept",
                     breaks="the source app loses its depth-2 URL's query or fragment, or finds r=1 in the fragment",
                     cite=["xcu-x-success", "rfc3986-3.4", "rfc3986-3.5"],
                     tags=["nested", "callback", "D16", "D17"])
    v.build_callback("callback-returns-url", "A result value that is itself a callback URL is encoded",
                     "s0://x-callback-url/done", parameters=[("next", L[1])], rule="build-callback-nested",
                     cite=["xcu-x-success", "rfc3986-2.2", "silent-nested-encoding"], tags=["nested", "callback"])

    # 4. Deep nesting: 16, 32 and 64 minimal levels (each level only encodes the next). A parser that recurses
    # into x-success, or decodes more than once, shows it here by hanging, crashing or over-decoding.
    deep = ["d0://x-callback-url/done?r=1"]
    for k in range(1, 65):
        deep.append("d%d://x-callback-url/up?x-success=%s" % (k, model.encode_value(deep[-1])))
    for depth in (16, 32, 64):
        v.parse("deep-%d" % depth, "Depth %d (%d bytes): x-success is the depth-%d URL exactly, decoded once"
                % (depth, len(deep[depth]), depth - 1), deep[depth], rule="decode-nested",
                breaks="the app opens another x-success than the depth-%d URL (or hangs on the nesting)" % (depth - 1),
                expect=accept(R("d%d" % depth, "up", success=deep[depth - 1])), cite=CITE,
                tags=tags + ["depth-%d" % depth, "long"])

