"""Building x-success / x-error / x-cancel URLs, and reading the callback parameters of a request."""

from vectorlib import R, accept, reject

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
    # 1. Success onto the different shapes of callback URL (D16, D17).
    P = [("word", "Hola")]
    for key, cb, out, rule, cite, tags in [
            ("no-query", S, S + "?word=Hola", "build-callback-append", APPEND, ["D16"]),
            ("query", S + "?id=7", S + "?id=7&word=Hola", "build-callback-append", APPEND + ["rfc3986-3.4"], ["D16"]),
            ("query-two", S + "?a=1&b=2", S + "?a=1&b=2&word=Hola", "build-callback-append", APPEND, ["D16"]),
            ("bare-question", S + "?", S + "?word=Hola", "build-callback-join-empty-query", SILENT, ["D16"]),
            ("trailing-amp", S + "?id=7&", S + "?id=7&word=Hola", "build-callback-join-empty-query", SILENT, ["D16"]),
            ("fragment", S + "#top", S + "?word=Hola#top", "build-callback-fragment", SILENT + ["rfc3986-3.5"], ["D17"]),
            ("query-fragment", S + "?id=7#top", S + "?id=7&word=Hola#top", "build-callback-fragment", SILENT + ["rfc3986-3.5"],
             ["D16", "D17"]),
            ("hash-route", "https://app.example/#/route?x=y", "https://app.example/?word=Hola#/route?x=y", "build-callback-fragment",
             SILENT + ["rfc3986-3.5"], ["D17"]),
            ("empty-fragment", S + "#", S + "?word=Hola#", "build-callback-fragment", SILENT + ["rfc3986-3.5"], ["D17"]),
            ("bare-question-fragment", S + "?#f", S + "?word=Hola#f", "build-callback-join-empty-query", SILENT, ["D16", "D17"]),
            ("encoded-query", S + "?q=a%20b%26c", S + "?q=a%20b%26c&word=Hola", "build-callback-kept", APPEND + ["rfc3986-2.4"],
             ["D16"]),
            ("raw-space-query", S + "?q=a b", S + "?q=a b&word=Hola", "build-callback-raw-query", SILENT, ["D16", "raw"]),
            # The callback's own query is kept whatever is appended: replacing its word=old loses what the
            # source app wrote (must); which of two words a receiver reads is another matter (silent-duplicates).
            ("same-name", S + "?word=old", S + "?word=old&word=Hola", "build-callback-kept",
             APPEND + ["rfc3986-6.2.3", "silent-duplicates"], ["D16", "duplicate"]),
            ("no-host", "myapp:///success", "myapp:///success?word=Hola", "build-callback-append", APPEND, ["D16"]),
            ("opaque", "mailto:someone@example.com", "mailto:someone@example.com?word=Hola", "build-callback-append", APPEND,
             ["D16"]),
            ("https", "https://example.com/cb", "https://example.com/cb?word=Hola", "build-callback-append", APPEND, ["D16"]),
            ("question-in-query", S + "?next=a?b", S + "?next=a?b&word=Hola", "build-callback-kept", APPEND + ["rfc3986-3.4-chars"],
             ["D16"]),
            ("query-ends-in-question", S + "?next=a?", S + "?next=a?&word=Hola", "build-callback-kept",
             APPEND + ["rfc3986-3.4-chars"], ["D16"])]:
        v.build_callback("success-" + key, "Success with word=Hola onto %s" % cb, cb, parameters=P, rule=rule,
                         expect=U(out), cite=cite, tags=["callback", "success"] + tags,
                         provenance=["agiletortoise/XCallbackURL issue 15 (myapp:///success)"] if key == "no-host" else
                         ["sumup/sumup-ios-url-scheme issue 9 (hash-routed web apps)"] if key == "hash-route" else
                         ["found by the round-trip fuzzer (Corpus/regressions/round-trip)"] if key == "query-ends-in-question"
                         else [])
    # Nothing to add: 'this URL' is opened; a '?' or '&' with nothing after it makes another URI (RFC 3986 §6.2.3).
    v.build_callback("success-none", "Success without parameters opens the callback unchanged, query and fragment too",
                     S + "?id=7#top", rule="build-callback-unchanged", expect=U(S + "?id=7#top"), cite=["xcu-x-success", "rfc3986-6.2.3"],
                     tags=["callback", "success"])
    v.build_callback("success-many", "Success with several results keeps their order",
                     S, parameters=[("a", "1"), ("b", "2"), ("c", "3")], rule="build-callback-append", expect=U(S + "?a=1&b=2&c=3"),
                     cite=APPEND, tags=["callback", "success", "order"])
    v.build_callback("success-source", "Success with x-source and a result: x-source first",
                     S + "?id=7", source="TargetApp", parameters=P, rule="build-callback-append", expect=U(S + "?id=7&x-source=TargetApp&word=Hola"),
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
                         rule="build-callback-before-fragment", expect=U(out), cite=["xcu-x-success" if outcome == "success" else "xcu-x-error",
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
                         cite=["xcu-x-error"] + (["silent-error-code"] if key == "non-numeric" else []) +
                         (["rfc3986-2.5"] if key == "utf8" else []),
                         tags=["callback", "error", "D18"] + tags,
                         provenance=["chhoumann/quickadd PR 1339 (non-numeric errorCode)"] if key == "non-numeric" else [])
    v.build_callback("error-query", "Error onto a callback with a query: joined with '&'", E + "?id=7",
                     outcome="error", code="1", message="x", rule="build-callback-error",
                     expect=U(E + "?id=7&errorCode=1&errorMessage=x"),
                     cite=["xcu-x-error", "rfc3986-3.4"], tags=["callback", "error", "D16", "D18"])
    v.build_callback("error-fragment", "Error onto a callback with a fragment: parameters before '#'", E + "#f",
                     outcome="error", code="1", message="x", expect=U(E + "?errorCode=1&errorMessage=x#f"),
                     rule="build-callback-fragment", cite=["xcu-x-error", "silent-callback-append"],
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
                     outcome="cancel", rule="build-callback-unchanged", expect=U(C), cite=["xcu-x-cancel", "xcu-x-cancel-return"], tags=["callback", "cancel"])
    v.build_callback("cancel-query-fragment", "Cancel with nothing to add keeps query and fragment as they are",
                     C + "?a=1#f", outcome="cancel", rule="build-callback-unchanged", expect=U(C + "?a=1#f"), cite=["xcu-x-cancel"],
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
                         cite=["rfc3986-3.1-syntax", "xcu-x-success"], tags=["callback", "invalid"])

    # 5. Reading callbacks from a request.
    T = "tgt://x-callback-url/act?"
    v.parse("read-cancel-only", "Only x-cancel given: success and error stay absent",
            T + "x-cancel=src%3A%2F%2Fx-callback-url%2Fno", rule="decode-reserved-parameters", expect=accept(R("tgt", "act", cancel="src://x-callback-url/no")),
            cite=["xcu-x-cancel", "xcu-optional"], tags=["callback", "cancel"])
    v.parse("read-empty-success", "x-success present and empty (or refused as no URL) is not the same as absent",
            T + "x-success=&a=1", rule="decode-reserved-empty", also=[reject("invalid-callback-url")],
            cite=["xcu-x-success", "silent-empty-callback"], tags=["callback", "empty"])
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
            expect=accept(R("tgt", "act", error="src://x-callback-url/fail?msg=some%20text")),
            cite=["xcu-x-error", "rfc3986-2.4"], tags=["callback", "double"])
    v.parse("read-after-fragment", "Parameters after '#' belong to the fragment, not to the query",
            T + "a=1#x-success=src%3A%2F%2Fok", rule="decode-fragment",
            expect=accept(R("tgt", "act", parameters=[("a", "1")], fragment="x-success=src://ok")),
            cite=["rfc3986-3.4", "rfc3986-3.5"], tags=["callback", "fragment", "D17"])
    v.build_request("build-all-callbacks", "Build a request with success, error and cancel that have queries",
                    R("tgt", "act", success=S + "?id=7&r=%41", error=S + "?e#f", cancel=S + "?c&"), rule="build-request-nested",
                    cite=["xcu-x-success", "xcu-x-error", "xcu-x-cancel", "rfc3986-2.2"], tags=["callback", "D15"])
    v.build_request("build-callbacks-no-query", "Build a request whose callbacks have no query",
                    R("tgt", "act", success=S, error=S + "/e", cancel=S + "/c"), rule="build-request-structure",
                    cite=["xcu-x-success", "xcu-x-error", "xcu-x-cancel"], tags=["callback"])

    # 6. Nothing added unasked (D19): one behaviour, judged once. A builder that adds its own parameter to every
    # URL (a request id, an x-source with its own name) fails these, at should; every other build vector is
    # compared with the parameters the target declares (or the run finds) set aside (PROTOCOL.md, 5.1).
    EXTRA = ["extra-parameters", "D19"]
    v.build_request("extra-none-request", "Build a request with nothing but an action: no parameter is added",
                    R("tgt", "open"), rule="build-request-nothing-added", cite=["xcu-optional", "silent-extra-parameters"],
                    tags=["callback"] + EXTRA)
    v.build_request("extra-none-request-params", "Build a request with x-success and one parameter: nothing else is "
                    "added (no request id, no x-source)", R("tgt", "add", success=S, parameters=[("title", "Hi")]),
                    rule="build-request-nothing-added", cite=["xcu-optional", "xcu-action-parameters", "silent-extra-parameters"],
                    tags=["callback"] + EXTRA)
    v.build_callback("extra-none-success", "Success with one result: only that result is appended", S,
                     parameters=[("result", "ok")], rule="build-callback-nothing-added",
                     cite=["xcu-x-success", "silent-extra-parameters"], tags=["callback", "success"] + EXTRA)
    v.build_callback("extra-none-error", "Error: only errorCode and errorMessage are appended", E, outcome="error",
                     code="1", message="x", rule="build-callback-nothing-added", cite=["xcu-x-error", "silent-extra-parameters"],
                     tags=["callback", "error"] + EXTRA)
    v.build_callback("extra-none-cancel", "Cancel with nothing to add onto a callback with a query: nothing is "
                     "appended", C + "?job=3", outcome="cancel",
                     rule="build-callback-nothing-added", cite=["xcu-x-cancel", "silent-extra-parameters"], tags=["callback", "cancel"] + EXTRA)

    # 7. Found auditing real libraries (Tests/Implementations/audit): the callback's own URL is kept byte for byte
    # even where a URL type would re-serialise it ('+' in its query, '+' in its scheme, ':' in a query value).
    AU = ["czottmann/obsidian-actions-uri src/utils/callbacks.ts (replace of '+' over the whole URL)"]
    v.build_callback("kept-plus-in-query", "Success with nothing to add onto a callback whose query holds '+': "
                     "opened unchanged", S + "?q=a+b", rule="build-callback-kept", expect=U(S + "?q=a+b"), cite=["xcu-x-success", "rfc3986-6.2.3"],
                     tags=["callback", "success", "plus", "D16"], provenance=AU)
    v.build_callback("kept-plus-in-scheme", "Success with nothing to add onto the scheme 'c++': opened unchanged",
                     "c++://x-callback-url/done", rule="build-callback-kept", expect=U("c++://x-callback-url/done"),
                     cite=["xcu-x-success", "rfc3986-3.1-syntax"], tags=["callback", "success", "plus", "scheme"],
                     provenance=AU)
    v.build_callback("kept-colon-in-query", "Error onto a callback whose query value holds ':': the query is kept "
                     "as written", E + "?next=a:b", outcome="error", code="1", message="x", rule="build-callback-kept",
                     expect=U(E + "?next=a:b&errorCode=1&errorMessage=x"), cite=["xcu-x-error", "rfc3986-3.4"],
                     tags=["callback", "error", "D16"],
                     provenance=["Vinzent03/obsidian-advanced-uri and czottmann/obsidian-actions-uri (URLSearchParams "
                                 "re-serialises the query)"])
    v.build_callback("result-with-spaces-and-amp", "Success with result-text 'this & that': space and '&' encoded "
                     "(%20, %26), never '+'", "shortcuts://x-callback-url/done", parameters=[("result-text", "this & that")],
                     rule="build-callback-form-chars", cite=["xcu-x-success", "rfc3986-2.2-producers"], tags=["callback", "space", "D3"],
                     provenance=["czottmann/obsidian-actions-uri issue 11 (spaces as '+')"])
    v.build_callback("kept-plus-in-fragment", "Success with nothing to add onto a callback whose fragment holds '+': "
                     "opened unchanged", S + "#top+1", rule="build-callback-kept", expect=U(S + "#top+1"), cite=["xcu-x-success", "rfc3986-6.2.3"],
                     tags=["callback", "success", "plus", "fragment", "D17"], provenance=AU)
    v.build_callback("error-same-name", "Error onto a callback whose query already holds errorCode=old: kept, the "
                     "new pair appended", E + "?errorCode=old", outcome="error", code="1", message="x",
                     expect=U(E + "?errorCode=old&errorCode=1&errorMessage=x"), rule="build-callback-error-same-name",
                     cite=["xcu-x-error", "silent-duplicates"], tags=["callback", "error", "duplicate", "D16", "D18"],
                     provenance=["Vinzent03/obsidian-advanced-uri and czottmann/obsidian-actions-uri "
                                 "(URLSearchParams.set replaces a parameter of the same name)"])
