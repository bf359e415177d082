"""Schemes, the x-callback-url host, the authority, and the action path."""

from vectorlib import R, accept, any_of, reject

FILE = "hosts-actions.json"
TITLE = "Hosts, schemes and actions"
DESCRIPTION = ("The host identifies an x-callback-url (compared case-insensitively after one decode); the scheme "
               "is case-insensitive and lowercased; the action is the rest of the path, decoded once and kept whole.")

HOST = ["xcu-host", "rfc3986-3.2.2"]


def A(action, scheme="app", **kw):
    return accept(R(scheme, action, **kw))


def vectors(v):
    # 1. Host spellings (D10, D11).
    for key, host in [("upper", "X-CALLBACK-URL"), ("mixed", "X-Callback-URL"), ("camel", "x-Callback-Url")]:
        v.parse("host-" + key, "Host %s is x-callback-url: hosts are case-insensitive" % host,
                "app://%s/open" % host, rule="recognise-host-case", expect=A("open"),
                breaks="the target app refuses a request to its own host spelled %s: the action never runs" % host,
                cite=HOST + ["rfc3986-6.2.2.1-scheme-host"],
                tags=["host", "D10"])
    for key, host in [("pct-dash", "x%2Dcallback-url"), ("pct-dash-lower", "x%2dcallback-url"),
                      ("pct-x", "%78-callback-url"), ("pct-all", "%78%2D%63%61%6C%6C%62%61%63%6B%2D%75%72%6C")]:
        # Regraded must -> should: RFC 3986 §2.3/§6.2.2.2 make decoding unreserved escapes a normalisation
        # that normalizers *should* do; §6.2 allows plain string comparison with false negatives.
        v.parse("host-" + key, "Host %s decodes to x-callback-url: should, since decoding unreserved escapes is "
                "a normalisation RFC 3986 recommends, not requires" % host,
                "app://%s/open" % host, rule="recognise-host-escapes", expect=A("open"),
                cite=["xcu-host", "rfc3986-2.3", "rfc3986-6.2.2.2", "silent-host-encoding"], tags=["host", "D11"])
    for key, url, what in [
            ("other", "app://example.com/open", "another host"), ("x-callback", "pyto://x-callback/run", "Pyto's x-callback"),
            ("no-dashes", "app://xcallbackurl/open", "xcallbackurl"), ("prefix", "app://x-callback-urls/open", "x-callback-urls"),
            ("subdomain", "app://www.x-callback-url/open", "a subdomain"), ("empty", "things:///add?title=a", "an empty host"),
            ("dot", "app://x-callback-url./open", "a trailing dot"), ("encoded-slash", "app://x-callback-url%2F/open",
                                                                      "an encoded trailing slash"),
            ("no-path-other", "app://open", "the action in the host position")]:
        v.parse("not-" + key, "%s is not an x-callback-url (%s)" % (url, what), url, rule="recognise-other-host",
                breaks="the app acts on %s, which is not an x-callback-url" % url,
                expect=reject("not-x-callback-url"),
                cite=["xcu-host"], tags=["host", "D10"],
                provenance=["Things 3 URL scheme (things:///add)"] if key == "empty" else
                ["Pyto uses the host x-callback (divergences.md D10)"] if key == "x-callback" else [])
    # Missing '//' (RFC 3986 §3.2: the authority is preceded by '//').
    for key, url in [("no-slashes", "app:x-callback-url/open"), ("one-slash", "app:/x-callback-url/open"),
                     ("three-slashes", "app:///x-callback-url/open")]:
        v.parse("authority-" + key, "%s has no x-callback-url authority" % url, url, rule="recognise-other-host",
                breaks="the app acts on %s, which has no x-callback-url authority" % url,
                expect=reject("not-x-callback-url"),
                cite=["rfc3986-3.2", "xcu-host"], tags=["host"])
    # userinfo and port.
    for key, url in [("userinfo", "app://user@x-callback-url/open"), ("password", "app://u:p@x-callback-url/open"),
                     ("port", "app://x-callback-url:80/open"), ("empty-port", "app://x-callback-url:/open")]:
        v.parse("authority-" + key, "%s: userinfo or port has no place in the spec's structure" % url, url,
                rule="recognise-userinfo-port", expect=reject("invalid-authority"),
                cite=["xcu-structure", "silent-authority", "rfc3986-3.2.1", "rfc3986-7.6"],
                tags=["host", "authority", "security"])
    # Under RFC 3986 §3.2 the host of x-callback-url@evil.example *is* evil.example: accepting it accepts another
    # host (must, as every other host); not-x-callback-url is as right as invalid-authority.
    v.parse("authority-at-other", "x-callback-url@evil.example: the host is evil.example (RFC 3986 §3.2.1), so "
            "not-x-callback-url or invalid-authority", "app://x-callback-url@evil.example/open",
            rule="recognise-other-host", expect=any_of(reject("invalid-authority"), reject("not-x-callback-url")),
            also=[reject("not-x-callback-url")],
            breaks="the app acts on a URL whose host is evil.example, taking the userinfo for its host",
            cite=["xcu-host", "xcu-structure", "rfc3986-3.2", "rfc3986-3.2.1", "rfc3986-7.6"],
            tags=["host", "authority", "security"])

    # 2. Schemes. Reporting an uppercase scheme lowercased is a should (RFC 3986 §3.1: "should only produce
    # lowercase scheme names"). Accepting it is tested apart (recognise-scheme-case), where the scheme may be
    # reported as written, and is a should too: §3.1 gives it its own level ("An implementation should accept
    # uppercase letters as equivalent to lowercase in scheme names"), where the host's case has none (§3.2.2:
    # "The host subcomponent is case-insensitive"), so the host's case stays must.
    for key, scheme, lowered in [("upper", "TargetApp", "targetapp"), ("digits", "app2", "app2"),
                                 ("plus-dot-dash", "com.example.my-app+x", "com.example.my-app+x"),
                                 ("googlechrome", "googlechrome-x-callback", "googlechrome-x-callback"),
                                 ("one-letter", "a", "a")]:
        upper = scheme != lowered
        v.parse("scheme-" + key, "Scheme %s is valid and reported lowercased" % scheme,
                "%s://x-callback-url/open" % scheme, expect=accept(R(lowered, "open")),
                rule="decode-scheme-lowercase" if upper else "decode-scheme",
                role=("decode", "what is tested is the scheme the parser reports, lowercased; recognising an "
                      "uppercase scheme is recognise-scheme-case") if upper else None,
                breaks=None if upper else "the app refuses or misreads the valid scheme %s" % scheme,
                cite=["rfc3986-3.1-produce-lowercase" if upper else "rfc3986-3.1", "rfc3986-3.1-syntax"],
                tags=["scheme"])
    for key, scheme in [("upper", "APP"), ("mixed", "MyApp")]:
        v.parse("scheme-case-" + key, "Scheme %s is the scheme %s in other case: accepted (reported lowercased or as "
                "written)" % (scheme, scheme.lower()), "%s://x-callback-url/open?a=1" % scheme,
                rule="recognise-scheme-case", expect=accept(R(scheme.lower(), "open", parameters=[("a", "1")])),
                unjudged=[accept(R(scheme, "open", parameters=[("a", "1")]))], level="should",
                cite=["rfc3986-3.1-produce-lowercase", "rfc3986-6.2.2.1-scheme-host", "rfc3986-3.1-syntax"],
                tags=["scheme", "case"])
    v.parse("scheme-plus-everywhere", "Scheme a+b with action c+d: '+' is never a space outside the query",
            "a+b://x-callback-url/c+d", rule="decode-scheme", expect=accept(R("a+b", "c+d")),
            breaks="the app reads the scheme or the action with a space for '+'",
            cite=["rfc3986-3.1-syntax", "rfc3986-2.2-data"], tags=["scheme", "plus", "D1"])
    for key, url in [("digit-first", "1app://x-callback-url/open"), ("empty", "://x-callback-url/open"),
                     ("underscore", "my_app://x-callback-url/open"), ("dash-first", "-app://x-callback-url/open"),
                     ("encoded", "a%70p://x-callback-url/open")]:
        v.parse("scheme-" + key, "%s: not an RFC 3986 scheme" % url, url, rule="recognise-scheme-syntax",
                breaks="the app acts on %s, which has no valid scheme and so is no URI" % url,
                expect=reject("invalid-scheme"),
                cite=["rfc3986-3.1-syntax"], tags=["scheme"])
    v.parse("scheme-none", "No scheme at all: refused as invalid-scheme or not-x-callback-url",
            "x-callback-url/open", rule="recognise-scheme-syntax",
            breaks="the app acts on x-callback-url/open, which has no scheme and so is no URI", expect=any_of(reject("invalid-scheme"), reject("not-x-callback-url")),
            cite=["rfc3986-3.1-syntax", "xcu-structure"], tags=["scheme"])

    # No scheme at all, but the x-callback-url authority: a network-path reference (RFC 3986 §4.2), not a URI, so not
    # an x-callback-url. RFC 3986 §3: "The scheme and path components are required". Must: accepting it acts on a text
    # that is no URI. Either category is right (no scheme, or no scheme://x-callback-url prefix), as for XCU-BKLB.
    v.parse("scheme-missing-authority", "//x-callback-url/a has no scheme: no URI, refused as invalid-scheme or "
            "not-x-callback-url", "//x-callback-url/a", rule="recognise-scheme-syntax",
            expect=any_of(reject("invalid-scheme"), reject("not-x-callback-url")),
            breaks="the app acts on //x-callback-url/a, a relative reference with no scheme, as if it were a request",
            cite=["rfc3986-3-required", "rfc3986-3.1-syntax", "xcu-structure"], tags=["scheme"],
            provenance=["found by xcallback-conformance fuzz against Python's urllib.parse (issue 28)"])

    # 3. Actions (D12). The spec does not say the action is percent-decoded (silent-action-encoding): requiring the
    # decode is a should (decoded=True), and a must vector with an escape in the action also allows it as written,
    # so that what it holds to is that the action is not cut at an encoded delimiter (RFC 3986 §2.4).
    kept = ["silent-action-encoding"]
    for key, path, action, rule, cite in [
            ("simple", "open", "open", "decode-action", ["xcu-action"]),
            ("case", "updateStatus", "updateStatus", "decode-action", ["xcu-action", "rfc3986-6.2.2.1-case-sensitive"]),
            ("multi", "dropbox/addphoto", "dropbox/addphoto", "decode-action", ["xcu-action"]),
            ("three", "a/b/c", "a/b/c", "decode-action", ["xcu-action"]),
            ("encoded-space", "new%20note", "new note", "decode-action-decoded", ["xcu-action", "rfc3986-2.1"] + kept),
            ("encoded-utf8", "%C3%A9crire", "écrire", "decode-action-decoded", ["xcu-action", "rfc3986-2.5"] + kept),
            ("encoded-slash", "a%2Fb", "a/b", "decode-action-decoded", ["xcu-action", "rfc3986-2.4"] + kept),
            ("version", "1.0/lookup", "1.0/lookup", "decode-action-version",
             ["xcu-action", "xcu-r1-no-version", "silent-version-path"]),
            ("sub-delims", "a;b,c!", "a;b,c!", "decode-action", ["xcu-action", "rfc3986-2.2-data"]),
            ("colon-at", "a:b@c", "a:b@c", "decode-action", ["xcu-action", "rfc3986-2.2-data"]),
            ("encoded-question", "what%3F", "what?", "decode-split-before-decoding",
             ["xcu-action", "rfc3986-2.4-order"] + kept),
            ("encoded-hash", "tag%23one", "tag#one", "decode-split-before-decoding",
             ["xcu-action", "rfc3986-2.4-order"] + kept),
            ("dash-dot", "open-all.v2", "open-all.v2", "decode-action", ["xcu-action"])]:
        expect = A(action, parameters=[("a", "1")])
        if rule == "decode-split-before-decoding":
            expect = any_of(expect, A(path, parameters=[("a", "1")]))
        v.parse("action-" + key, "Action path /%s gives the action %r" % (path, action),
                "app://x-callback-url/%s?a=1" % path, expect=expect, rule=rule, decoded=rule == "decode-action-decoded",
                breaks=None if rule.endswith("-decoded") or rule.endswith("-version") else
                "the app cuts %r at its encoded delimiter and runs %r" % (path, action.split("?")[0].split("#")[0])
                if rule == "decode-split-before-decoding" else "the app runs another action than %r" % action,
                cite=cite, tags=["action", "D12"] if key in ("multi", "encoded-slash", "version") else ["action"],
                provenance=["Launch Center Pro dropbox/addphoto (divergences.md D12)"] if key == "multi" else
                ["Terminology's pre-R1 1.0/lookup (divergences.md D12)"] if key == "version" else [])
    v.parse("action-trailing-slash", "Action open/ with a trailing slash, as Chrome documents it",
            "app://x-callback-url/open/?a=1", cite=["silent-trailing-slash", "xcu-action"], tags=["action", "D12"],
            point="trailing-slash", rule="decode-trailing-slash", provenance=["github.com/googlearchive/OpenInChrome README.md @ b5bca8b"])
    v.parse("action-trailing-slash-multi", "Action a/b/ with a trailing slash", "app://x-callback-url/a/b/",
            cite=["silent-trailing-slash"], tags=["action", "D12"], point="trailing-slash", rule="decode-trailing-slash")
    for key, url in [("none", "app://x-callback-url"), ("slash", "app://x-callback-url/"),
                     ("slash-query", "app://x-callback-url/?a=b"), ("query", "app://x-callback-url?a=b"),
                     ("fragment", "app://x-callback-url#f")]:
        v.parse("action-empty-" + key, "%s has no action" % url, url, rule="decode-empty-action", expect=reject("missing-action"),
                cite=["xcu-structure", "silent-empty-action"], tags=["action", "D12"])
    v.parse("action-plus", "Action a+b keeps its '+' (no form decoding in the path)", "app://x-callback-url/a+b",
            rule="decode-action", breaks="the app runs the action 'a b', not 'a+b'", expect=A("a+b"), cite=["rfc3986-2.2-data", "xcu-action"], tags=["action", "plus", "D1"])
    v.parse("action-bad-escape", "Action with a malformed escape", "app://x-callback-url/a%zz",
            cite=["silent-invalid-escape"], tags=["action", "D4"], point="invalid-escape", rule="decode-invalid-escape")
    # Found by fuzzing the Swift libraries of the results matrix (Tests/Implementations/results/fuzz/): one raw
    # character in the path makes swift-foundation re-encode the whole path (issue 1190), so the valid escape beside
    # it reaches the app still encoded. The query has this vector (raw-mixed); the action had none.
    v.parse("action-raw-mixed", "Raw non-ASCII é%C3%A9 in the action is kept (or refused by a strict parser)",
            "app://x-callback-url/é%C3%A9", rule="decode-raw-outside-uri", decoded=True, expect=any_of(A("éé"), reject("invalid-character")),
            cite=["xcu-action", "rfc3986-2", "silent-raw-characters"], tags=["action", "utf8", "raw"],
            provenance=["found by xcallback-conformance fuzz against Foundation-based libraries (swift-foundation issue 1190)"])
    # Found by fuzzing the Python adapter: `path.lstrip("/")` takes every leading '/', so '//open' reads as 'open'.
    # The build side has this case (build-action-leading-slash); the parse side had none.
    v.parse("action-leading-slash", "Action path //open gives the action '/open': only the first '/' ends the host",
            "app://x-callback-url//open", rule="decode-action-leading-slash", expect=A("/open"),
            cite=["xcu-action", "xcu-structure", "silent-action-slash"],
            tags=["action", "D12"], provenance=["found by xcallback-conformance fuzz against Python's urllib.parse"])

    # 4. Building: scheme, host and action.
    for key, action in [("simple", "open"), ("multi", "dropbox/addphoto"), ("trailing-slash", "open/"),
                        ("question", "what?"), ("hash", "tag#one"), ("percent", "100%"), ("utf8", "écrire"),
                        ("version", "1.0/lookup")]:
        rule = ("build-request-action" if key in ("simple", "multi", "question", "hash", "percent") else
                "build-request-trailing-slash" if key == "trailing-slash" else
                "build-request-non-ascii" if key == "utf8" else "build-request-action-version")
        # A delimiter in the action: RFC 3986 2.2 requires encoding it *if* the URL is formed; no sentence of
        # the spec requires a builder to accept every action name, so refusing one (kradenkov's builder
        # refuses '?', '#' and '%') is conservative, not a breach.
        refusable = key in ("question", "hash", "percent")
        request = R("app", action, parameters=[("a", "1")])
        v.build_request("build-action-" + key, "Build a request for the action %r" % action
                        + (": encoded so it parses back, or refused" if refusable else ""),
                        request, rule=rule,
                        breaks="the target app runs another action than %r, or the URL is no URI" % action
                        if rule == "build-request-action" else None,
                        expect=any_of(accept(request), reject("invalid-character")) if refusable else None,
                        # Each cites what says it: a delimiter in the path (2.2), '%' (2.4), '/' kept in the path
                        # (3.3), a raw non-URI character (2, 2.5), a version segment (R1) or the spec's silence.
                        cite=["xcu-action"] + {"question": ["rfc3986-2.2"], "hash": ["rfc3986-2.2"],
                                               "percent": ["rfc3986-2.4-percent"], "multi": ["rfc3986-3.3"],
                                               "trailing-slash": ["silent-trailing-slash"],
                                               "version": ["xcu-r1-no-version", "silent-version-path"],
                                               "utf8": ["rfc3986-2", "rfc3986-2.5"]}.get(key, []),
                        tags=["action", "D12"] if key in ("multi", "trailing-slash") else ["action"])
    lead = R("app", "/open")
    # The spec is silent on a leading '/' in an action a caller names: a builder may keep it, refuse it, or fold it
    # into the path's own '/' (a caller writing '/open' most likely means 'open'; Middleman and kradenkov fold it).
    v.build_request("build-action-leading-slash", "Build a request for the action '/open': kept whole so it parses "
                    "back as '/open', folded into the path's '/', or refused", lead, rule="build-request-action-leading-slash",
                    expect=any_of(accept(lead), accept(R("app", "open")), reject("invalid-character")),
                    cite=["xcu-action", "xcu-structure", "silent-action-slash"],
                    tags=["action", "D12"], provenance=["kradenkov/swift-x-callback-url URL+XCallback.swift (a leading "
                                                        "'/' folded into the path's own)"])
    # A raw space is no URI character and a '+' for it changes the action ('+' is data in a path): must, as the
    # other characters an action must escape; refusing the action is allowed (no sentence requires accepting it).
    v.build_request("build-action-space", "Build a request for an action with a space: %20 so it parses back, or refused",
                    R("app", "new note"), rule="build-request-action",
                    expect=any_of(accept(R("app", "new note")), reject("invalid-character")),
                    breaks="the target app runs 'new+note', or the URL with a raw space is no URI",
                    cite=["xcu-action", "rfc3986-2"], tags=["action", "space"])
    v.build_request("build-scheme-upper", "Build with scheme TargetApp: the URL's scheme reads back lowercased",
                    R("TargetApp", "open"), rule="build-request-scheme-lowercase", cite=["rfc3986-3.1-produce-lowercase"], tags=["scheme"],
                    expect=accept(R("targetapp", "open")))
    for key, scheme in [("digit-first", "1app"), ("empty", ""), ("space", "my app"), ("colon", "app:")]:
        v.build_request("build-scheme-" + key, "Build with scheme %r: refused" % scheme, R(scheme, "open"),
                        rule="build-request-invalid-scheme", expect=reject("invalid-scheme"),
                        cite=["rfc3986-3.1-syntax", "silent-developer-constant"], tags=["scheme"])
    v.build_request("build-action-empty", "Build with an empty action: refused", R("app", ""),
                    rule="build-request-empty-action",
                    expect=reject("missing-action"), cite=["xcu-structure", "silent-empty-action"], tags=["action"])
    v.build_request("build-no-params", "Build with no parameter at all: no '?' needed", R("app", "open-all"),
                    rule="build-request-structure",
                    breaks="a receiver that routes on the URL as written sees another URL (an empty query is not no query, "
                           "RFC 3986 section 6.2.3); Foundation reads an empty list of query items",
                    cite=["xcu-optional"], tags=["action"])
