"""The reserved x- prefix: the four names, unknown x- names, case variants, encoded names, duplicates."""

from vectorlib import R, accept, any_of, reject

FILE = "reserved-prefix.json"
TITLE = "Reserved x- prefix"
DESCRIPTION = ("x-source, x-success, x-error and x-cancel are found after one decode and compared "
               "case-sensitively; other x- names are action parameters on parse and refused on build.")

BASE = "rsv://x-callback-url/act?"
CB = "cb://x-callback-url/ok"
CB_ENC = "cb%3A%2F%2Fx-callback-url%2Fok"


def A(**kw):
    return accept(R("rsv", "act", **kw))


def vectors(v):
    # 1. The four reserved names.
    for name, slot in [("x-source", "source"), ("x-success", "success"), ("x-error", "error"), ("x-cancel", "cancel")]:
        value = "App" if slot == "source" else CB
        raw = "App" if slot == "source" else CB_ENC
        v.parse("name-" + name, "%s is read into its own field, not the action parameters" % name,
                BASE + name + "=" + raw, rule="decode-reserved-parameters", expect=A(**{slot: value}),
                breaks="the target app misses %s or takes it for an action parameter" % name,
                cite=["xcu-" + name, "xcu-optional"],
                tags=["reserved"])
        # An empty reserved value (x-success=) is not tested since 4.1.0: present-and-empty, absent and refused
        # leave the app with no name to show and no URL to open alike (issue 37).
        v.parse("bare-" + name, "%s without '=' is a key without value" % name, BASE + name,
                cite=["silent-flag", "xcu-" + name], tags=["reserved", "flag", "D7"], point="flag-parameter",
                rule="decode-flag")
        v.parse("dup-" + name, "%s twice (parameter pollution)" % name,
                BASE + name + "=" + raw + "&" + name + "=" + ("Other" if slot == "source" else "evil%3A%2F%2Fx"),
                cite=["silent-duplicates", "silent-security"], tags=["reserved", "duplicate", "security"],
                point="duplicate-reserved", rule="decode-duplicate-reserved")
    v.parse("all-four", "All four reserved names together, with an action parameter",
            BASE + "x-source=App&x-success=" + CB_ENC + "&x-error=" + CB_ENC.replace("ok", "err") + "&x-cancel="
            + CB_ENC.replace("ok", "no") + "&q=1", rule="decode-reserved-parameters",
            breaks="the target app misses or mixes up one of the four reserved values",
            expect=A(source="App", success=CB, error=CB.replace("ok", "err"), cancel=CB.replace("ok", "no"),
                     parameters=[("q", "1")]), cite=["xcu-optional", "xcu-structure"], tags=["reserved"])

    # 2. Unknown x- names are reserved for the spec, so a receiver keeps them as parameters (D13), or drops them:
    # the spec asks app designers not to use the prefix on action parameters, so nothing a conforming sender
    # meant is lost. Refusing the request, or reading one as a reserved value, is what fails.
    for name in ["x-foo", "x-callback", "x-", "x-source2", "x-parameter1"]:
        v.parse("unknown-" + name, "Unknown reserved-prefix name %s is kept as an action parameter" % name,
                BASE + name + "=1", rule="decode-unknown-x", also=[A()],
                cite=["xcu-reserved-prefix", "xcu-action-parameters", "silent-unknown-reserved"],
                tags=["reserved", "unknown-x", "D13"], provenance=["iA Writer docs use x-parameter1=x-value1 (divergences.md D13)"]
                if name == "x-parameter1" else [])
    v.parse("unknown-mixed", "Unknown x- names keep their place among action parameters",
            BASE + "a=1&x-foo=2&x-success=" + CB_ENC + "&b=3", rule="decode-unknown-x",
            also=[A(success=CB, parameters=[("a", "1"), ("b", "3")])],
            cite=["xcu-reserved-prefix", "xcu-action-parameters", "silent-unknown-reserved"],
            tags=["reserved", "unknown-x", "D13"])

    # 3. Case variants are other names (RFC 3986 §6.2.2.1: components other than scheme and host are case-sensitive).
    # Hardening since 4.1.0: no SHOULD says so and no value a conforming sender wrote is lost; a look-alike that
    # becomes a callback is what the profile guards against, so dropping it passes too.
    for name in ["X-Success", "X-SUCCESS", "x-Success", "X-Source", "x-ERROR", "X-Cancel"]:
        v.parse("case-" + name, "%s is not a reserved name: it is an ordinary action parameter" % name,
                BASE + name + "=" + CB_ENC, rule="decode-reserved-case", also=[A()],
                cite=["rfc3986-6.2.2.1-case-sensitive", "silent-reserved-case"], tags=["reserved", "case", "D13"])
    v.parse("case-beside", "x-success and X-Success together are not duplicates",
            BASE + "x-success=" + CB_ENC + "&X-Success=evil%3A%2F%2Fx", rule="decode-reserved-case",
            also=[A(success=CB)],
            cite=["rfc3986-6.2.2.1-case-sensitive", "silent-reserved-case"], tags=["reserved", "case", "security"])

    # 4. Encoded names are decoded before matching (D14), a should: the spec asks only values to be encoded
    # (silent-name-encoding); decoding a name twice stays must. Look-alikes are not matched.
    for key, raw, what in [("dash", "x%2Dsource", "%2D for '-'"), ("dash-lower", "x%2dsource", "lowercase %2d"),
                           ("x", "%78-source", "%78 for 'x'"),
                           ("all", "%78%2D%73%6F%75%72%63%65", "every byte encoded")]:
        v.parse("encoded-" + key, "Name %s (%s) is x-source after one decode" % (raw, what), BASE + raw + "=App",
                rule="decode-name-escapes", decoded=True, expect=A(source="App"),
                cite=["rfc3986-2.3", "rfc3986-6.2.2.2", "xcu-x-source", "silent-name-encoding"], tags=["reserved", "encoded", "D14"],
                provenance=["VFX emits x%2Dsource (divergences.md D14)"] if key == "dash" else [])
    v.parse("encoded-double", "Name x%252Dsource decodes once to 'x%2Dsource', not x-source",
            BASE + "x%252Dsource=App", rule="decode-once", breaks="the target app decodes x%252Dsource twice and takes App for x-source",
            expect=any_of(A(parameters=[("x%2Dsource", "App")]), A(parameters=[("x%252Dsource", "App")])),
            cite=["rfc3986-2.4", "xcu-x-source"], tags=["reserved", "encoded", "double"])
    v.parse("encoded-dup", "x-source and x%2Dsource are the same name twice", BASE + "x-source=A&x%2Dsource=B",
            cite=["rfc3986-2.3", "silent-duplicates"], tags=["reserved", "encoded", "duplicate", "D14"],
            point="duplicate-reserved", rule="decode-duplicate-reserved")
    for key, raw in [("space-after", "x-success%20"), ("space-before", "%20x-success"), ("underscore", "x_success"),
                     ("no-dash", "xsuccess"), ("nul-after", "x-success%00")]:
        name = raw.replace("%20", " ").replace("%00", "\u0000")
        v.parse("lookalike-" + key, "Name %s is not x-success" % raw, BASE + raw + "=" + CB_ENC,
                rule="decode-reserved-lookalike",
                expect=any_of(A(parameters=[(name, CB)]), A(parameters=[(raw, CB)]), A()), also=[A()], cite=["xcu-x-success", "rfc3986-6.2.2.1-case-sensitive", "silent-reserved-case"],
                tags=["reserved", "lookalike", "security"])

    # 5. Building: action parameters must not use the prefix (spec: 'should not be used'), so builders refuse.
    # x-success / x-source as action parameters would be read back as the reserved values: should. A builder with
    # no member for x-source sends it this way (jasonnam), so writing it as that reserved value passes too (XCU-YZZP).
    # x-foo and x-: the spec's 'should not be used' addresses the app designer who names parameters, not
    # the builder, so refusing them is the hardening profile (scored apart from the spec).
    for name in ["x-foo", "x-success", "x-source", "x-"]:
        hardening = name in ("x-foo", "x-")
        v.build_request("build-" + name, "Build with an action parameter named %s: refused" % name
                        + (" (hardening: the spec's rule addresses app designers)" if hardening else ""),
                        R("rsv", "act", parameters=[(name, "1")]),
                        rule="build-request-refuse-x-prefix" if hardening else "build-request-refuse-reserved-names",
                        expect=reject("reserved-parameter-name") if hardening else any_of(
                            reject("reserved-parameter-name"),
                            accept(R("rsv", "act", **{name[2:]: "1"}))),
                        cite=["xcu-reserved-prefix"] + (["silent-hardening"] if hardening else []),
                        tags=["reserved", "D13"])
    v.build_request("build-x-among", "Build with x-foo after valid parameters: still refused (hardening)",
                    R("rsv", "act", parameters=[("a", "1"), ("x-foo", "2")]), rule="build-request-refuse-x-prefix",
                    expect=reject("reserved-parameter-name"), cite=["xcu-reserved-prefix", "silent-hardening"],
                    tags=["reserved", "D13"])
    for name in ["X-Success", "xx-foo", "x", "ax-foo", "X-"]:
        v.build_request("build-ok-" + name, "Build with action parameter %s: not the reserved prefix, allowed" % name,
                        R("rsv", "act", parameters=[(name, "1")]), rule="build-request-x-lookalikes",
                        cite=["xcu-reserved-prefix", "rfc3986-6.2.2.1-case-sensitive", "silent-reserved-case"],
                        tags=["reserved", "case"])
    v.build_request("build-all-four", "Build with all four reserved values: each emitted once, decodable",
                    R("rsv", "act", source="App", success=CB, error=CB + "/err", cancel=CB + "/no",
                      parameters=[("q", "1")]), rule="build-request-structure",
                    breaks="the target app misses or mixes up one of the four reserved values",
                    cite=["xcu-optional", "xcu-structure", "rfc3986-2.2"],
                    tags=["reserved"])
