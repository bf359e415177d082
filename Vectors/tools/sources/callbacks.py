"""Building x-success / x-error / x-cancel URLs, and reading the callback parameters of a request."""

from vectorlib import R, accept, any_of, reject

FILE = "callbacks.json"
TITLE = "Callbacks"
DESCRIPTION = ("The target app opens x-success with result parameters 'tacked on', x-error with at least "
               "errorCode and errorMessage, x-cancel as given. The callback's own query is kept byte for byte, "
               "joined with exactly one '?' or '&', and parameters go before any fragment.")

S = "src://x-callback-url/done"
APPEND = ["xcu-x-success", "xcu-query-format", "rfc3986-3.4"]
SILENT = ["xcu-x-success", "silent-callback-append"]


def U(url):
    return accept({"url": url})


def vectors(v):
    # 1. Success onto the different shapes of callback URL (D16, D17). Each row: key, callback, expected URL, rule,
    # citations, tags and what the source app gets wrong when a builder fails it (must rows).
    P = [("word", "Hola")]
    FRAGMENT = ["xcu-x-success", "rfc3986-3.4", "rfc3986-3.5"]
    BYTES = ["xcu-x-success", "rfc3986-2.2-not-equivalent", "rfc3986-3.4-chars", "silent-callback-bytes"]
    lost = "the source app misses word=Hola or gets another callback than %s"
    in_fragment = "word=Hola lands in the fragment of %s: the source app never reads it as a parameter"
    for key, cb, out, rule, cite, tags, breaks in [
            ("no-query", S, S + "?word=Hola", "build-callback-append", APPEND, ["D16"], lost),
            ("query", S + "?id=7", S + "?id=7&word=Hola", "build-callback-append", APPEND + ["rfc3986-3.4"], ["D16"], lost),
            ("query-two", S + "?a=1&b=2", S + "?a=1&b=2&word=Hola", "build-callback-append", APPEND, ["D16"], lost),
            ("bare-question", S + "?", S + "?word=Hola", "build-callback-join-empty-query", SILENT, ["D16"], None),
            ("trailing-amp", S + "?id=7&", S + "?id=7&word=Hola", "build-callback-join-empty-query", SILENT, ["D16"], None),
            # After '#' a parameter is fragment (RFC 3986 sections 3.4, 3.5), so these are must, as must-before-*.
            ("fragment", S + "#top", S + "?word=Hola#top", "build-callback-before-fragment", FRAGMENT, ["D17"],
             in_fragment),
            ("query-fragment", S + "?id=7#top", S + "?id=7&word=Hola#top", "build-callback-before-fragment", FRAGMENT,
             ["D16", "D17"], in_fragment),
            ("hash-route", "https://app.example/#/route?x=y", "https://app.example/?word=Hola#/route?x=y",
             "build-callback-before-fragment", FRAGMENT, ["D17"], in_fragment),
            # Dropping the empty '#' changes no name or value (RFC 3986 section 6.2.3: a should).
            ("empty-fragment", S + "#", S + "?word=Hola#", "build-callback-unchanged",
             ["xcu-x-success", "rfc3986-3.5", "rfc3986-6.2.3"], ["D17"], None),
            ("bare-question-fragment", S + "?#f", S + "?word=Hola#f", "build-callback-join-empty-query", SILENT,
             ["D16", "D17"], None),
            ("encoded-query", S + "?q=a%20b%26c", S + "?q=a%20b%26c&word=Hola", "build-callback-kept",
             APPEND + ["rfc3986-2.4"], ["D16"], "the source app reads q other than 'a b&c', or misses word=Hola"),
            ("raw-space-query", S + "?q=a b", S + "?q=a b&word=Hola", "build-callback-raw-query", SILENT, ["D16", "raw"],
             None),
            # A name the callback's query already holds: which of two words a receiver reads rests on duplicates,
            # which the spec leaves open (silent-duplicates), so this is should with its harm (4.1.0, issue 37).
            ("same-name", S + "?word=old", S + "?word=old&word=Hola", "build-callback-name-collision",
             APPEND + ["silent-duplicates"], ["D16", "duplicate"], None),
            ("no-host", "myapp:///success", "myapp:///success?word=Hola", "build-callback-append", APPEND, ["D16"], lost),
            ("opaque", "mailto:someone@example.com", "mailto:someone@example.com?word=Hola", "build-callback-append",
             APPEND, ["D16"], lost),
            ("https", "https://example.com/cb", "https://example.com/cb?word=Hola", "build-callback-append", APPEND,
             ["D16"], lost),
            # A '?' escaped as %3F in the callback's own query leaves every value the same (a should): RFC 3986
            # section 2.2 makes the two URIs different, but no name or value changes.
            ("question-in-query", S + "?next=a?b", S + "?next=a?b&word=Hola", "build-callback-query-bytes", BYTES,
             ["D16", "query-bytes"], None),
            ("query-ends-in-question", S + "?next=a?", S + "?next=a?&word=Hola", "build-callback-query-bytes", BYTES,
             ["D16", "query-bytes"], None)]:
        expect = U(out)
        if key == "raw-space-query":
            # %20 for the raw space is as right: the same value, and a URI (the raw space is not).
            expect = {"anyOf": [U(out), U(out.replace(" ", "%20"))]}
        v.build_callback("success-" + key, "Success with word=Hola onto %s" % cb, cb, parameters=P, rule=rule,
                         expect=expect, cite=cite, tags=["callback", "success"] + tags,
                         breaks=breaks % cb if breaks and "%s" in breaks else breaks,
                         provenance=["agiletortoise/XCallbackURL issue 15 (myapp:///success)"] if key == "no-host" else
                         ["sumup/sumup-ios-url-scheme issue 9 (hash-routed web apps)"] if key == "hash-route" else
                         ["found by the round-trip fuzzer (Corpus/regressions/round-trip)"] if key == "query-ends-in-question"
                         else [])
    # Nothing to add: 'this URL' is opened; a '?' or '&' with nothing after it makes another URI (RFC 3986 §6.2.3),
    # though every name and value stays the same: a should.
    v.build_callback("success-none", "Success without parameters opens the callback unchanged, query and fragment too",
                     S + "?id=7#top", rule="build-callback-unchanged", expect=U(S + "?id=7#top"), cite=["xcu-x-success", "rfc3986-6.2.3"],
                     tags=["callback", "success"])
    v.build_callback("success-many", "Success with several results keeps their order",
                     S, parameters=[("a", "1"), ("b", "2"), ("c", "3")], rule="build-callback-append", expect=U(S + "?a=1&b=2&c=3"),
                     breaks="the source app misses a result or gets them in another order",
                     cite=APPEND, tags=["callback", "success", "order"])
    v.build_callback("success-source", "Success with x-source and a result: x-source first",
                     S + "?id=7", source="TargetApp", parameters=P, rule="build-callback-append",
                     expect=U(S + "?id=7&x-source=TargetApp&word=Hola"), breaks="the source app misses x-source, id=7 or word=Hola",
                     cite=["xcu-example-callback", "xcu-x-source"], tags=["callback", "success"])
    v.build_callback("success-request-id", "An implementation's request id is an ordinary result parameter",
                     S, parameters=[("requestID", "42"), ("result", "ok")], expect=U(S + "?requestID=42&result=ok"),
                     rule="build-callback-request-id", cite=["xcu-x-success", "silent-request-id"], tags=["callback", "D19"])

    # Must: parameters written after '#' are fragment (RFC 3986 §3.4 ends the query at '#', §3.5), so the source
    # app would never receive them as query parameters; the spec says they are 'tacked on' to this URL.
    for key, cb, outcome, params, out in [
            ("fragment-result", S + "#section", "success", [("result", "ok")], S + "?result=ok#section"),
            ("query-fragment-result", S + "?job=7#section", "success", [("result", "ok")],
             S + "?job=7&result=ok#section"),
            ("fragment-error", "src://x-callback-url/failed#section", "error", [],
             "src://x-callback-url/failed?errorCode=7&errorMessage=bad#section"),
            ("query-fragment-error", "src://x-callback-url/failed?job=7#section", "error", [],
             "src://x-callback-url/failed?job=7&errorCode=7&errorMessage=bad#section"),
            ("fragment-route-result", "https://app.example/cb#/inbox", "success", [("result", "ok")],
             "https://app.example/cb?result=ok#/inbox")]:
        extra = {"code": "7", "message": "bad"} if outcome == "error" else {}
        v.build_callback("must-before-" + key, "Parameters go before '#' of %s: after it they are fragment "
                         "(RFC 3986 §3.5), never seen as query" % cb, cb, outcome=outcome, parameters=params,
                         rule="build-callback-before-fragment", breaks=("the %s lands in the fragment of %s: the source app "
                                                                        "never reads it as a parameter" % (
                                                                            "result" if outcome == "success" else "error",
                                                                            cb)),
                         expect=U(out), cite=["xcu-x-success" if outcome == "success" else "xcu-x-error",
                                              "rfc3986-3.4", "rfc3986-3.5"],
                         tags=["callback", outcome, "fragment", "D17"], **extra)

    # 2. Error: errorCode and errorMessage, in that spelling (D18), whatever the code looks like.
    E = "src://x-callback-url/failed"
    for key, code, message, rule, tags in [
            ("numeric", "404", "Not found", "build-callback-form-chars", ["space"]),
            ("word", "code", "message", "build-callback-error", []),
            ("non-numeric", "choice-not-found", "No-choice", "build-callback-error-code-text", []),
            ("negative", "-1", "unknown", "build-callback-error", []),
            ("empty", "", "", "build-callback-error", ["empty"]),
            ("reserved-chars", "a&b", "x#y%z", "build-callback-error", []),
            ("utf8", "E1", "Échec", "build-callback-non-ascii", ["utf8"]),
            ("equals", "k=v", "a=b", "build-callback-form-chars", ["D8"])]:
        v.build_callback("error-" + key, "Error with errorCode %r and errorMessage %r" % (code, message), E,
                         outcome="error", code=code, message=message, rule=rule,
                         breaks="the source app cannot read errorCode=%r and errorMessage=%r" % (code, message)
                         if rule == "build-callback-error" else None,
                         cite=["xcu-x-error"] + (["silent-error-code"] if key == "non-numeric" else []) +
                         (["rfc3986-2.5"] if key == "utf8" else []) +
                         (["rfc3986-2.2-producers"] if rule == "build-callback-form-chars" else []),
                         tags=["callback", "error", "D18"] + tags,
                         # An empty code and message may be written empty or left out: the source app reads no code
                         # either way, and the suite treats empty and absent alike elsewhere (XCU-DPZ6, XCU-NWV4 retired).
                         expect=any_of(U(E + "?errorCode=&errorMessage="), U(E)) if key == "empty" else None,
                         provenance=["chhoumann/quickadd PR 1339 (non-numeric errorCode)"] if key == "non-numeric" else [])
    v.build_callback("error-query", "Error onto a callback with a query: joined with '&'", E + "?id=7",
                     outcome="error", code="1", message="x", rule="build-callback-error",
                     breaks="the source app loses id=7 or cannot read errorCode and errorMessage",
                     expect=U(E + "?id=7&errorCode=1&errorMessage=x"),
                     cite=["xcu-x-error", "rfc3986-3.4"], tags=["callback", "error", "D16", "D18"])
    v.build_callback("error-fragment", "Error onto a callback with a fragment: parameters before '#'", E + "#f",
                     outcome="error", code="1", message="x", expect=U(E + "?errorCode=1&errorMessage=x#f"),
                     rule="build-callback-before-fragment", cite=["xcu-x-error", "rfc3986-3.4", "rfc3986-3.5"],
                     breaks="errorCode and errorMessage land in the fragment: the source app never reads them",
                     tags=["callback", "error", "D17", "D18"])
    # 'At least' allows more parameters than errorCode and errorMessage; it does not require them (should).
    v.build_callback("error-extra", "Error with extra parameters after errorCode and errorMessage ('at least')", E,
                     outcome="error", code="1", message="x", parameters=[("detail", "d")], source="TargetApp",
                     expect=U(E + "?x-source=TargetApp&errorCode=1&errorMessage=x&detail=d"), rule="build-callback-error-extra",
                     cite=["xcu-x-error", "silent-error-parameters"], tags=["callback", "error", "D18"],
                     provenance=["sebreh/SBRXCallbackURLKit PR 7 (user params on x-error)"])
    v.build_callback("error-bare-question", "Error onto a callback ending in '?'", E + "?", outcome="error",
                     code="1", message="x", expect=U(E + "?errorCode=1&errorMessage=x"), rule="build-callback-join-empty-query",
                     cite=["xcu-x-error", "silent-callback-append"], tags=["callback", "error", "D16"])
    v.build_callback("error-trailing-amp", "Error onto a callback ending in '&'", E + "?a=1&", outcome="error",
                     code="1", message="x", expect=U(E + "?a=1&errorCode=1&errorMessage=x"), rule="build-callback-join-empty-query",
                     cite=["xcu-x-error", "silent-callback-append"], tags=["callback", "error", "D16"])

    # 3. Cancel: the URL as given, or with x-source / parameters when the target adds them.
    C = "src://x-callback-url/cancelled"
    v.build_callback("cancel-plain", "Cancel with nothing to add opens x-cancel unchanged", C,
                     outcome="cancel", rule="build-callback-unchanged", expect=U(C),
                     cite=["xcu-x-cancel", "xcu-x-cancel-return", "rfc3986-6.2.3"], tags=["callback", "cancel"])
    v.build_callback("cancel-query-fragment", "Cancel with nothing to add keeps query and fragment as they are",
                     C + "?a=1#f", outcome="cancel", rule="build-callback-unchanged", expect=U(C + "?a=1#f"), cite=["xcu-x-cancel", "rfc3986-6.2.3"],
                     tags=["callback", "cancel"])
    v.build_callback("cancel-source", "Cancel with x-source appends it like success does", C, outcome="cancel",
                     source="TargetApp", expect=U(C + "?x-source=TargetApp"), rule="build-callback-cancel-parameters",
                     cite=["xcu-x-cancel-return", "silent-cancel-parameters"], tags=["callback", "cancel"])
    v.build_callback("cancel-param", "Cancel with a parameter onto a callback with a query", C + "?a=1",
                     outcome="cancel", parameters=[("reason", "user")], expect=U(C + "?a=1&reason=user"),
                     rule="build-callback-cancel-parameters", cite=["xcu-x-cancel-return", "silent-cancel-parameters"],
                     tags=["callback", "cancel", "D16"])

    # 4. Callback URLs without a valid scheme are refused.
    for key, cb in [("relative", "/done"), ("no-scheme", "done"), ("network-path", "//host/done"), ("empty", ""),
                    ("digit-scheme", "1app://x-callback-url/done"), ("colon-first", ":done"),
                    ("space-scheme", "my app://done")]:
        v.build_callback("invalid-" + key, "Callback %r has no valid scheme: refused" % cb, cb, parameters=[("r", "1")],
                         rule="build-callback-invalid", expect=reject("invalid-callback-url"),
                         cite=["rfc3986-3.1-syntax", "xcu-x-success", "silent-invalid-callback"], tags=["callback", "invalid"])

    # 5. Reading callbacks from a request.
    T = "tgt://x-callback-url/act?"
    v.parse("read-cancel-only", "Only x-cancel given: success and error stay absent",
            T + "x-cancel=src%3A%2F%2Fx-callback-url%2Fno", rule="decode-reserved-parameters",
            breaks="the target app invents x-success or x-error, or misses x-cancel", expect=accept(R("tgt", "act", cancel="src://x-callback-url/no")),
            cite=["xcu-x-cancel", "xcu-optional"], tags=["callback", "cancel"])
    v.parse("read-request-id", "Library request ids (requestID, IACRequestID, ...) are ordinary action parameters",
            T + "requestID=1&IACRequestID=2&__middleman_response_id_identifier=3&callback_id=4", rule="decode-request-id",
            expect=accept(R("tgt", "act", parameters=[("requestID", "1"), ("IACRequestID", "2"),
                                                       ("__middleman_response_id_identifier", "3"),
                                                       ("callback_id", "4")])),
            cite=["xcu-action-parameters", "silent-request-id"], tags=["callback", "D19"])
    v.parse("read-library-markers", "A library's own response markers are ordinary action parameters of a request "
            "from another app", T + "__middleman_response_type_identifier=success&__middleman_response_id_identifier="
            "6F9619FF-8B86-D011-B42D-00C04FC964FF&a=1", rule="decode-request-id",
            expect=accept(R("tgt", "act", parameters=[("__middleman_response_type_identifier", "success"),
                                                       ("__middleman_response_id_identifier",
                                                        "6F9619FF-8B86-D011-B42D-00C04FC964FF"), ("a", "1")])),
            cite=["xcu-action-parameters", "silent-request-id"], tags=["callback", "D19"],
            provenance=["ValentinWalter/Middleman Receiver+receive.swift (an action compared with its path, 'act' "
                        "with '/act')"])
    v.parse("read-callback-with-spaces", "x-error with an encoded space and errorCode placeholder",
            T + "x-error=src%3A%2F%2Fx-callback-url%2Ffail%3Fmsg%3Dsome%2520text", rule="decode-once",
            breaks="the target app decodes x-error twice: msg becomes 'some text' in the URL it opens",
            expect=accept(R("tgt", "act", error="src://x-callback-url/fail?msg=some%20text")),
            cite=["xcu-x-error", "rfc3986-2.4"], tags=["callback", "double"])
    v.parse("read-after-fragment", "Parameters after '#' belong to the fragment, not to the query",
            T + "a=1#x-success=src%3A%2F%2Fok", rule="decode-fragment",
            breaks="the target app opens src://ok as x-success, though it is fragment",
            expect=any_of(accept(R("tgt", "act", parameters=[("a", "1")], fragment="x-success=src://ok")),
                          accept(R("tgt", "act", parameters=[("a", "1")], fragment="x-success=src%3A%2F%2Fok"))),
            cite=["rfc3986-3.4", "rfc3986-3.5"], tags=["callback", "fragment", "D17"])
    v.build_request("build-all-callbacks", "Build a request with success, error and cancel that have queries",
                    R("tgt", "act", success=S + "?id=7&r=%41", error=S + "?e#f", cancel=S + "?c&"), rule="build-request-nested",
                    cite=["xcu-x-success", "xcu-x-error", "xcu-x-cancel", "rfc3986-2.2", "silent-nested-encoding"], tags=["callback", "D15"])
    v.build_request("build-callbacks-no-query", "Build a request whose callbacks have no query",
                    R("tgt", "act", success=S, error=S + "/e", cancel=S + "/c"), rule="build-request-structure",
                    breaks="the target app opens other callbacks than the three given",
                    cite=["xcu-x-success", "xcu-x-error", "xcu-x-cancel", "xcu-query-format"], tags=["callback"])

    # 6. Nothing added unasked (D19) is not tested since 4.1.0: the spec neither requires nor forbids more
    # parameters, and nothing a receiver reads changes (issue 37). The runner still reports the names a builder
    # adds (declared or found) and judges every other build vector with them set aside (PROTOCOL.md, 5.1).

    # 7. Found auditing real libraries (Tests/Implementations/audit): the callback's own URL is kept byte for byte
    # even where a URL type would re-serialise it ('+' in its query, '+' in its scheme, ':' in a query value).
    AU = ["czottmann/obsidian-actions-uri src/utils/callbacks.ts (replace of '+' over the whole URL)"]
    v.build_callback("kept-plus-in-query", "Success with nothing to add onto a callback whose query holds '+': "
                     "opened unchanged", S + "?q=a+b", rule="build-callback-kept", expect=U(S + "?q=a+b"),
                     breaks="the source app reads q=a+b differently once its '+' is rewritten (as %20 or %2B)",
                     cite=["xcu-x-success", "rfc3986-2.2-not-equivalent"],
                     tags=["callback", "success", "plus", "D16"], provenance=AU)
    # With nothing to add, a builder may also write a bare '?' (a should, judged by build-callback-unchanged): these
    # must vectors hold the '+' of the scheme and of the fragment, and list that spelling too.
    v.build_callback("kept-plus-in-scheme", "Success with nothing to add onto the scheme 'c++': the scheme kept",
                     "c++://x-callback-url/done", rule="build-callback-kept",
                     expect={"anyOf": [U("c++://x-callback-url/done"), U("c++://x-callback-url/done?")]},
                     breaks="the rewritten scheme 'c++' no longer names the source app (c%20%20: is no scheme)",
                     cite=["xcu-x-success", "rfc3986-3.1-syntax"], tags=["callback", "success", "plus", "scheme"],
                     provenance=AU)
    v.build_callback("kept-colon-in-query", "Error onto a callback whose query value holds ':': the query is kept "
                     "as written", E + "?next=a:b", outcome="error", code="1", message="x", rule="build-callback-query-bytes",
                     expect=U(E + "?next=a:b&errorCode=1&errorMessage=x"),
                     cite=["xcu-x-error", "rfc3986-3.4", "rfc3986-2.2-not-equivalent", "silent-callback-bytes"],
                     tags=["callback", "error", "D16"],
                     provenance=["Vinzent03/obsidian-advanced-uri and czottmann/obsidian-actions-uri (URLSearchParams "
                                 "re-serialises the query)"])
    v.build_callback("result-with-spaces-and-amp", "Success with result-text 'this & that': space and '&' encoded "
                     "(%20, %26), never '+'", "shortcuts://x-callback-url/done", parameters=[("result-text", "this & that")],
                     rule="build-callback-form-chars", cite=["xcu-x-success", "rfc3986-2.2-producers"], tags=["callback", "space", "D3"],
                     provenance=["czottmann/obsidian-actions-uri issue 11 (spaces as '+')"])
    v.build_callback("kept-plus-in-fragment", "Success with nothing to add onto a callback whose fragment holds '+': "
                     "the fragment kept", S + "#top+1", rule="build-callback-kept",
                     expect={"anyOf": [U(S + "#top+1"), U(S + "?#top+1")]},
                     breaks="the source app's fragment 'top+1' becomes 'top 1' (%20)",
                     cite=["xcu-x-success", "rfc3986-2.2-not-equivalent"],
                     tags=["callback", "success", "plus", "fragment", "D17"], provenance=AU)
    v.build_callback("error-same-name", "Error onto a callback whose query already holds errorCode=old: kept, the "
                     "new pair appended", E + "?errorCode=old", outcome="error", code="1", message="x",
                     expect=U(E + "?errorCode=old&errorCode=1&errorMessage=x"), rule="build-callback-name-collision",
                     cite=["xcu-x-error", "xcu-query-format", "silent-duplicates"], tags=["callback", "error", "duplicate", "D16", "D18"],
                     provenance=["Vinzent03/obsidian-advanced-uri and czottmann/obsidian-actions-uri "
                                 "(URLSearchParams.set replaces a parameter of the same name)"])

    # 8. The callback's own query survives byte for byte, in every position: the escape (or raw character) stands
    # in the first, middle and last parameter, in the name and in the value, and the vectors alternate the outcome
    # and a fragment. Where rewriting it changes what the source app decodes ('%26', '%23', '%25', an escaped '='
    # in a name, and '+', '%2B', '%20', which the two readings of '+' tell apart), the vector is must; where every
    # name and value decodes the same ('%2F' written '/', ':' written '%3A', an escaped '=' in a value), it is
    # should: RFC 3986 section 2.2 says the URIs are not equivalent, the must rule says no value changes.
    OUTCOMES = [("success", {"parameters": [("word", "Hola")]}),
                ("error", {"code": "1", "message": "x"}),
                ("cancel", {})]
    KEPT = ["xcu-x-success", "xcu-query-format", "rfc3986-2.2-not-equivalent", "rfc3986-2.4-order"]
    BYTES_ONLY = ["xcu-x-success", "rfc3986-2.2-not-equivalent", "rfc3986-3.4-chars", "silent-callback-bytes"]

    def all_positions(name_part, value_part):
        return "&".join("%s%s%s=%s%s%s" % (n, name_part, n, v_, value_part, v_) for n, v_ in
                        [("a", "b"), ("c", "d"), ("e", "f")])

    for index, (key, names, values, must, what) in enumerate([
            ("amp", "%26", "%26", True, "an escaped '&' decoded splits the parameter"),
            ("hash", "%23", "%23", True, "an escaped '#' decoded cuts the query"),
            ("percent", "%25", "%25", True, "an escaped '%' decoded starts a bogus escape"),
            ("equals-name", "%3D", "", True, "an escaped '=' decoded in a name moves the name-value split"),
            ("plus", "+", "+", True, "a '+' rewritten as %20 or %2B reads differently under one of the two readings"),
            ("pct-2B", "%2B", "%2B", True, "%2B rewritten as '+' reads as a space to a form decoder"),
            ("pct-20", "%20", "%20", True, "%20 rewritten as '+' reads as a plus to a literal decoder"),
            ("slash", "%2F", "%2F", False, None), ("colon", "%3A", "%3A", False, None),
            ("question", "%3F", "%3F", False, None), ("at", "%40", "%40", False, None),
            ("equals-value", "", "%3D", False, None),
            ("sub-delims", "%21%24%27%28%29%2A%2C%3B", "%21%24%27%28%29%2A%2C%3B", False, None),
            ("raw-reserved", ":/?@!$'()*,;", ":/?@!$'()*,;", False, None)]):
        query = all_positions(names, values)
        for turn, fragment in ((0, "#top"), (1, "")):
            outcome, extra = OUTCOMES[(index + turn) % 3]
            cb = ("src://x-callback-url/done" if outcome != "error" else "src://x-callback-url/failed") + "?" + query \
                + fragment
            v.build_callback("query-kept-%s-%s%s" % (key, outcome, "-fragment" if fragment else ""),
                             "%s onto a callback whose query holds %r in every %s%s: kept byte for byte"
                             % (outcome.capitalize(), names or values,
                                "name and value" if names and values else "name" if names else "value",
                                " before a fragment" if fragment else ""),
                             cb, outcome=outcome, rule="build-callback-kept" if must else "build-callback-query-bytes",
                             breaks=("the source app reads its own query differently: %s" % what) if must else None,
                             cite=(KEPT if must else BYTES_ONLY) if outcome == "success" else
                             ["xcu-x-" + outcome] + (KEPT if must else BYTES_ONLY)[1:],
                             tags=["callback", outcome, "D16", "query-kept" if must else "query-bytes"]
                             + (["fragment"] if fragment else []),
                             provenance=["issue 30: a builder that round-trips the callback's query through query "
                                         "items turns %2F into '/' and %3A into ':'"] if key in ("slash", "colon") else [],
                             **extra)

    # 8. A callback value that is no URL (no scheme): a builder may refuse it, as kradenkov's Callback(url:) does by
    # design, or encode it like any value; it must not send it so that it parses back otherwise (issue 28, item 6).
    v.build_request("schemeless-callback", "Build with an x-error that is no URL ('e&='): encoded so it parses back, "
                    "or refused", R("tgt", "act", error="e&="), rule="build-request-nested",
                    expect=any_of(accept(R("tgt", "act", error="e&=")), reject("invalid-callback-url")),
                    cite=["xcu-x-error", "xcu-values-encoded", "silent-nested-encoding"], tags=["callback", "nested"],
                    provenance=["kradenkov/swift-x-callback-url Callback(url:) refuses a URL without a scheme"])
