"""Security recommendations: dangerous callback schemes, control characters, long values, pollution, look-alikes.

The spec leaves security to each app ('How to implement security is not covered by the specification'),
so nothing here is 'must' unless RFC 3986 itself requires it; the rest are 'should', citing silent-security.
"""

from vectorlib import R, accept, any_of, parse_expectation, reject

FILE = "security.json"
TITLE = "Security"
DESCRIPTION = ("Recommendations where the spec is silent (x-callback-url R3, Security Concerns): refuse "
               "javascript:, data:, file: and vbscript: callbacks, reject raw control characters, keep encoded "
               "ones as data, survive very long values, resolve duplicate callbacks predictably, and never "
               "mistake a look-alike host for x-callback-url.")

SEC = ["xcu-security", "silent-security"]


def CB_APPEND(cb):
    """The callback with r=1 tacked on before its fragment."""
    base, hash_sign, fragment = cb.partition("#")
    return base + ("&" if "?" in base else "?") + "r=1" + hash_sign + fragment
# The hardening profile: the spec is silent (or speaks to app designers), so these are scored apart from
# spec conformance, under the level "hardening" (Vectors/README.md, "Levels").
HARD = ["xcu-security", "silent-hardening"]


def vectors(v):
    # 1. Callbacks that would run code or read files.
    for key, cb in [("javascript", "javascript:alert(document.cookie)"), ("javascript-upper", "JavaScript:alert(1)"),
                    ("javascript-slashes", "javascript://x-callback-url/%0Aalert(1)"),
                    ("data", "data:text/html,<script>alert(1)</script>"), ("data-upper", "DATA:text/plain,hi"),
                    ("file", "file:///etc/passwd"), ("file-host", "file://localhost/etc/passwd"),
                    ("vbscript", "vbscript:msgbox(1)")]:
        for outcome in ("success", "error", "cancel"):
            if outcome != "success" and key not in ("javascript", "data", "file"):
                continue
            extra = {"code": "1", "message": "x"} if outcome == "error" else {}
            v.build_callback("unsafe-%s-%s" % (key, outcome), "Refuse to open a %s callback %r on %s" % (key, cb, outcome),
                             cb, outcome=outcome, parameters=[("r", "1")] if outcome == "success" else [],
                             rule="build-callback-unsafe-scheme", expect=reject("unsafe-callback-scheme"), cite=HARD,
                             tags=["security", "callback", "unsafe-scheme"], **extra)
    for key, cb in [("space-before", " javascript:alert(1)"), ("tab-inside", "java\tscript:alert(1)"),
                    ("newline-inside", "java\nscript:alert(1)")]:
        v.build_callback("unsafe-" + key, "Refuse %r: disguised javascript, refused as unsafe or invalid" % cb, cb,
                         parameters=[("r", "1")], rule="build-callback-unsafe-scheme",
                         expect=any_of(reject("unsafe-callback-scheme"), reject("invalid-callback-url")),
                         cite=HARD + ["rfc3986-3.1-syntax"], tags=["security", "callback", "unsafe-scheme"])
    v.build_callback("safe-https", "An https: callback is opened (nothing unsafe about it)", "https://example.com/cb",
                     parameters=[("r", "1")], rule="build-callback-safe-scheme", cite=SEC + ["xcu-x-success"],
                     tags=["security", "callback"])
    v.build_callback("safe-javascript-in-query", "A callback whose query mentions javascript: is not itself javascript:",
                     "app://x-callback-url/cb?next=javascript:alert(1)", parameters=[("r", "1")], rule="build-callback-safe-scheme",
                     cite=SEC + ["xcu-x-success"], tags=["security", "callback"])

    # 2. Control characters: raw ones are refused, encoded ones are data; builders always encode them.
    for key, hex_tail, what in [("raw-nul", "00", "NUL"), ("raw-cr", "0D", "CR"), ("raw-lf", "0A", "LF"),
                                ("raw-crlf", "0D 0A", "CR LF"), ("raw-tab", "09", "TAB"), ("raw-del", "7F", "DEL")]:
        v.parse(key, "A raw %s inside a parameter value is refused" % what,
                hex=" ".join("%02X" % b for b in b"tgt://x-callback-url/go?a=1") + " " + hex_tail + " 32",
                rule="decode-raw-control", expect=reject("invalid-character"), cite=SEC + ["rfc3986-2"],
                tags=["security", "control", "bytes"])
    v.parse("raw-nul-action", "A raw NUL inside the action is refused",
            hex=" ".join("%02X" % b for b in b"tgt://x-callback-url/go") + " 00 " +
            " ".join("%02X" % b for b in b"evil"), rule="decode-raw-control", expect=reject("invalid-character"),
            cite=SEC + ["rfc3986-2"], tags=["security", "control", "bytes"])
    v.parse("raw-lf-host", "A raw LF inside the host is refused",
            hex=" ".join("%02X" % b for b in b"tgt://x-callback") + " 0A " + " ".join("%02X" % b for b in b"-url/go"),
            rule="recognise-raw-control", expect=any_of(reject("invalid-character"), reject("not-x-callback-url")),
            cite=SEC + ["rfc3986-2"],
            tags=["security", "control", "bytes"])
    v.parse("enc-crlf", "Encoded %0D%0A in a value is decoded to CR LF (data, as Textkraft documents)",
            "tgt://x-callback-url/go?text=%0D%0AHello", rule="decode-query-escapes",
            breaks="the app gets 'Hello' without its leading CR LF, or '%0D%0AHello'",
            expect=accept(R("tgt", "go", parameters=[("text", "\r\nHello")])), cite=["rfc3986-2.1"] + SEC,
            tags=["security", "control"],
            provenance=["Textkraft Professional docs: text=%0DHello"])
    v.parse("enc-nul-name", "Encoded %00 in a name is data, or refused by a strict parser",
            "tgt://x-callback-url/go?a%00b=1", rule="decode-escaped-nul", also=[reject("invalid-character")],
            cite=SEC + ["rfc3986-2.1"], tags=["security", "control"])
    v.build_request("build-crlf", "Build a value with CR LF: always %0D%0A, never raw (header-injection shape)",
                    R("tgt", "go", parameters=[("text", "a\r\nSet-Cookie:x")]), rule="build-request-controls",
                    breaks="a raw CR LF makes the URL no URI, and a header-injection shape wherever it is copied",
                    cite=["rfc3986-2", "rfc3986-2.1", "silent-security"],
                    tags=["security", "control"])
    v.build_request("build-nul", "Build a value with NUL: %00", R("tgt", "go", parameters=[("text", "a\u0000b")]),
                    rule="build-request-controls", breaks="a raw NUL makes the URL no URI and ends it for C-string readers", cite=["rfc3986-2", "rfc3986-2.1", "silent-security"], tags=["security", "control"])
    v.build_callback("callback-crlf", "Callback result with CR LF is encoded", "app://x-callback-url/cb",
                     parameters=[("r", "a\r\nb")], rule="build-callback-controls",
                     breaks="a raw CR LF in the result makes the callback URL no URI",
                     cite=["rfc3986-2", "xcu-x-success", "silent-security"], tags=["security", "control"])
    v.build_callback("callback-nul-message", "errorMessage with NUL is encoded", "app://x-callback-url/cb",
                     outcome="error", code="1", message="a\u0000b", rule="build-callback-controls",
                     breaks="a raw NUL in errorMessage makes the callback URL no URI",
                     cite=["rfc3986-2", "xcu-x-error", "silent-security"],
                     tags=["security", "control", "D18"])

    # 3. Very long values (no limit in the spec).
    for size in (8192, 65536):
        v.parse("long-value-%d" % size, "A value of %d characters is accepted whole" % size,
                "tgt://x-callback-url/go?v=" + "a" * size, rule="decode-long",
                expect=accept(R("tgt", "go", parameters=[("v", "a" * size)])),
                cite=["silent-length", "xcu-values-encoded"], tags=["security", "long"])
    v.parse("long-encoded", "A value of 4096 encoded UTF-8 characters is decoded whole",
            "tgt://x-callback-url/go?v=" + "%C3%A9" * 4096, rule="decode-long",
            expect=accept(R("tgt", "go", parameters=[("v", "é" * 4096)])),
            cite=["silent-length", "rfc3986-2.5"], tags=["security", "long", "utf8"])
    v.parse("many-params", "2000 parameters are all kept, in order",
            "tgt://x-callback-url/go?" + "&".join("p%d=%d" % (i, i) for i in range(2000)), rule="decode-long",
            expect=accept(R("tgt", "go", parameters=[("p%d" % i, str(i)) for i in range(2000)])),
            cite=["silent-length", "xcu-action-parameters"], tags=["security", "long"])
    v.build_request("build-long", "Build a request with a 65536-character value",
                    R("tgt", "go", parameters=[("v", "&" * 65536)]), rule="build-request-long",
                    cite=["silent-length", "rfc3986-2.2"], tags=["security", "long"])

    # 4. Parameter pollution: a second x-success must not silently redirect the result.
    for key, query in [("success", "x-success=good%3A%2F%2Fok&x-success=evil%3A%2F%2Fsteal"),
                       ("error", "x-error=good%3A%2F%2Ferr&x-error=evil%3A%2F%2Fsteal"),
                       ("source", "x-source=Trusted&x-source=Evil"),
                       ("success-empty", "x-success=good%3A%2F%2Fok&x-success=")]:
        v.parse("pollution-" + key, "Two x-%s parameters: reject, or take the declared one" % key.split("-")[0],
                "tgt://x-callback-url/pay?" + query + "&amount=1", cite=SEC + ["silent-duplicates"],
                tags=["security", "duplicate", "pollution"], point="duplicate-reserved", rule="decode-duplicate-reserved")

    # 5. Look-alike hosts.
    for key, host, what in [("cyrillic", "х-callback-url", "a Cyrillic х"), ("kelvin", "x-callbac\u212a-url", "a Kelvin sign"),
                            ("fullwidth", "ｘ-callback-url", "a fullwidth ｘ"), ("punycode", "xn--x-callback-url-", "a punycode form"),
                            ("pct-cyrillic", "%D1%85-callback-url", "an encoded Cyrillic х"),
                            ("pct-nul", "x-callback-url%00", "an encoded NUL after it"),
                            ("suffix", "x-callback-url.evil.example", "a longer domain"),
                            ("zero-width", "x-callback%E2%80%8B-url", "an encoded zero-width space")]:
        # Raw non-ASCII makes the input no URI (an IRI), and what a parser does with it is open: should. An ASCII or
        # percent-encoded look-alike is another host under RFC 3986, however it reads to a person: must, as every
        # other host (XCU-CNWT, XCU-MH4N).
        raw = not all(ord(c) < 128 for c in host)
        encoded = "%" in host
        v.parse("lookalike-" + key, "Host %s (%s) is not x-callback-url" % (host, what),
                "tgt://%s/go?x-success=evil%%3A%%2F%%2Fsteal" % host, expect=None if raw else reject("not-x-callback-url"),
                rule="recognise-host-lookalike" if raw else "recognise-encoded-other-host" if encoded else
                "recognise-other-host",
                breaks=None if raw else "the app takes %s for x-callback-url and opens the attacker's x-success" % host,
                cite=["xcu-host", "rfc3986-7.6", "silent-security", "silent-host-variants"] if raw else
                ["xcu-host", "rfc3986-3.2.2"] + (["rfc3986-2.4"] if encoded else []) + ["rfc3986-7.6"],
                tags=["security", "host", "lookalike", "D10"])
    # The host is evil.example under RFC 3986 §3.2, so not-x-callback-url is right too; accepting it accepts
    # another host (must, as XCU-FKJH).
    v.parse("lookalike-userinfo", "x-callback-url@evil: the host is evil.example, refused as not-x-callback-url or "
            "invalid-authority", "tgt://x-callback-url@evil.example/go", rule="recognise-other-host",
            expect=any_of(reject("invalid-authority"), reject("not-x-callback-url")), also=[reject("not-x-callback-url")],
            breaks="the app acts on a URL whose host is evil.example, taking the userinfo for its host",
            cite=["xcu-host", "rfc3986-3.2", "rfc3986-7.6"], tags=["security", "host", "authority"])

    # 6. Overlong and double encodings never reach the delimiters.
    v.parse("overlong-slash-action", "Action with an overlong '/' (%C0%AF)", "tgt://x-callback-url/a%C0%AFb",
            cite=["rfc3629-3", "silent-non-utf8"], tags=["security", "non-utf8", "D5"], point="non-utf8-escape",
            rule="decode-non-utf8")
    v.parse("double-encoded-traversal", "Action %252E%252E is the text '%2E%2E', decoded once",
            "tgt://x-callback-url/%252E%252E%252Fetc", rule="decode-once",
            breaks="the app decodes the action twice and runs '../etc'",
            expect=any_of(accept(R("tgt", "%2E%2E%2Fetc")), accept(R("tgt", "%252E%252E%252Fetc"))),
            cite=["rfc3986-2.4", "xcu-action", "silent-action-encoding"], tags=["security", "double"])
    v.parse("raw-invalid-utf8", "Raw bytes that are not UTF-8 are refused",
            hex=" ".join("%02X" % b for b in b"tgt://x-callback-url/go?v=") + " C3 28", rule="decode-raw-invalid-utf8",
            expect=reject("invalid-utf8"), cite=["rfc3629-3", "silent-raw-characters"], tags=["security", "bytes", "non-utf8"])
    v.parse("raw-surrogate-bytes", "Raw bytes of a UTF-16 surrogate (ED A0 80) are refused",
            hex=" ".join("%02X" % b for b in b"tgt://x-callback-url/go?v=") + " ED A0 80", rule="decode-raw-invalid-utf8",
            expect=reject("invalid-utf8"), cite=["rfc3629-3", "silent-raw-characters"], tags=["security", "bytes", "non-utf8"])
    v.parse("raw-latin1-byte", "A raw Latin-1 byte E9 is refused, never read as é",
            hex=" ".join("%02X" % b for b in b"tgt://x-callback-url/go?v=caf") + " E9", rule="decode-raw-invalid-utf8",
            expect=reject("invalid-utf8"), cite=["rfc3629-3", "silent-raw-characters"], tags=["security", "bytes", "non-utf8", "D5"])

    # 7. Non-UTF-8 escapes never become Latin-1 or Windows-1252 text. Any value of non-utf8-escape passes
    # (reject, U+FFFD, keep the escape text); a Latin-1 reading is none of them (RFC 3629 §3, RFC 3986 §2.5).
    for key, value, what in [("e-acute", "caf%E9", "é"), ("u-umlaut", "gr%FCn", "ü"), ("nbsp", "a%A0b", "NBSP"),
                             ("cp1252-euro", "5%80", "€"), ("cp1252-quotes", "%93hi%94", "curly quotes"),
                             ("name", None, "é in a name")]:
        url = "tgt://x-callback-url/latin?" + ("caf%E9=1" if value is None else "v=" + value)
        keyed, _, _ = parse_expectation(url.encode("utf-8"))
        if keyed.get("choice") != "non-utf8-escape":
            raise ValueError("never-latin1-%s: expected a non-utf8-escape vector" % key)
        v.explicit("never-latin1-" + key, "%s is not UTF-8: reject, U+FFFD or keep the escape, never %s "
                   "(Latin-1 / Windows-1252)" % (url.split("?")[1], what), "parse", {"url": url}, None,
                   any_of(*keyed["outcomes"].values()), cite=["rfc3629-3", "rfc3986-2.5", "silent-latin1"],
                   tags=["security", "non-utf8", "latin-1", "D5"], rule="decode-never-latin1")

    # 8. Long inputs, generated (Vectors/README.md, "expand"): 64 KB and 1 MB (10^6 bytes, so that an adapter's
    # answer stays under the protocol's 1 MiB line). No length limit in the spec: accepting is should; refusing
    # a wrong host stays must however long the URL. A crash or a timeout fails whatever the level.
    for size, label in ((65536, "64 KB"), (1000000, "1 MB")):
        A = {"<<A>>": ("a", size)}
        v.parse_generated("gen-long-value-%d" % size, "A value of %s is accepted whole" % label,
                          "tgt://x-callback-url/long?v=<<A>>", A, accept(R("tgt", "long", parameters=[("v", "<<A>>")])),
                          rule="decode-long", cite=["silent-length", "xcu-values-encoded"], tags=["security", "long", "generated"])
        v.parse_generated("gen-long-action-%d" % size, "An action of %s is accepted whole" % label,
                          "tgt://x-callback-url/<<A>>?r=1", A, accept(R("tgt", "<<A>>", parameters=[("r", "1")])),
                          rule="decode-long", cite=["silent-length", "xcu-action"], tags=["security", "long", "generated"])
        v.parse_generated("gen-long-other-host-%d" % size, "A %s URL whose host is not x-callback-url is refused" % label,
                          "tgt://evil.example/go?x-success=<<A>>", A, reject("not-x-callback-url"), rule="recognise-other-host",
                          breaks="the app acts on a %s URL to evil.example" % label,
                          cite=["xcu-host"], tags=["security", "long", "generated", "host"])
        E = {"<<E>>": ("%26", size // 3), "<<AMP>>": ("&", size // 3)}
        v.parse_generated("gen-long-escapes-%d" % size, "%s of %%26 escapes decodes once to '&' and stays one value"
                          % label, "tgt://x-callback-url/long?v=<<E>>&w=1", E,
                          accept(R("tgt", "long", parameters=[("v", "<<AMP>>"), ("w", "1")])),
                          rule="decode-long", cite=["silent-length", "rfc3986-2.4-order"],
                          tags=["security", "long", "generated"])

    # 9. Security shapes (issue 10), each level reasoned from the text.
    # Hosts with encoded delimiters: decoded once (RFC 3986 §2.4) they are not x-callback-url, so must reject;
    # a parser that reads the decoded '@' or ':' as a delimiter may say invalid-authority instead.
    for key, host, also in [("dot", "x-callback-url%2E", []), ("at", "x-callback-url%40evil.example", ["invalid-authority"]),
                            ("at-before", "%40evil.example", ["invalid-authority"]),
                            ("port", "x-callback-url%3A80", ["invalid-authority"]),
                            ("double", "%2578-callback-url", []), ("double-dash", "x%252Dcallback-url", [])]:
        v.parse("encoded-delimiter-host-" + key, "Host %s decodes once to something other than x-callback-url" % host,
                "tgt://%s/go?x-success=evil%%3A%%2F%%2Fsteal" % host, expect=any_of(reject("not-x-callback-url"),
                                                                              *[reject(c) for c in also]),
                also=[reject(c) for c in also], cite=["xcu-host", "rfc3986-2.4"], tags=["security", "host", "D11"],
                rule="recognise-encoded-other-host",
                breaks="the app takes %s for x-callback-url and opens the attacker's x-success" % host)
    # Backslash tricks: '\\' is not '/' in RFC 3986 (WHATWG URL treats it as '/' only for special schemes).
    v.parse("backslash-authority", "tgt:\\\\x-callback-url\\go has no '//' authority: not an x-callback-url",
            "tgt:\\\\x-callback-url\\go", rule="recognise-other-host",
            breaks="the app reads backslashes as slashes and acts on a URL with no x-callback-url authority", expect=any_of(reject("not-x-callback-url"), reject("invalid-character")),
            cite=["rfc3986-3.2", "xcu-host"], tags=["security", "host", "backslash"])
    # Under RFC 3986 '\\' is userinfo data, so the host is x-callback-url, as in plain userinfo (XCU-5HVF):
    # refusing the userinfo is recommended (should), not required.
    v.parse("backslash-userinfo", "tgt://evil.example\\@x-callback-url/go: the authority holds '@', and is not "
            "x-callback-url if '\\' ends it", "tgt://evil.example\\@x-callback-url/go",
            expect=any_of(reject("invalid-authority"), reject("invalid-character"), reject("not-x-callback-url")),
            also=[reject("not-x-callback-url")], rule="recognise-userinfo-port",
            cite=["rfc3986-3.2", "rfc3986-7.6", "xcu-host", "silent-authority"],
            tags=["security", "host", "backslash", "authority"])
    v.parse("semicolon-not-separator", "';' is data, not a separator: x-success is 'a;x-success=evil', one value",
            "tgt://x-callback-url/go?x-success=a;x-success=evil", rule="decode-raw-query-data",
            breaks="the app splits at ';' and opens x-success=evil", expect=accept(R("tgt", "go", success="a;x-success=evil")),
            cite=["xcu-query-format", "rfc3986-2.2-data"], tags=["security", "pollution", "separator"])
    v.parse("pollution-encoded-name", "x-success=a&x%2Dsuccess=b: the encoded name is x-success, so this is a duplicate",
            "tgt://x-callback-url/go?x-success=a&x%2Dsuccess=b", point="duplicate-reserved", rule="decode-duplicate-reserved",
            cite=["silent-duplicates", "silent-security", "rfc3986-2.4-order"], tags=["security", "pollution", "D14"])
    # Dot segments in the action: kept whole, decoded once (the action is not a file path).
    for key, path, action in [("dot-dot", "../../etc/passwd", "../../etc/passwd"),
                              ("encoded-dot-dot", "%2E%2E%2F%2E%2E%2Fetc", "../../etc")]:
        v.parse("action-" + key, "Action %s is kept whole, decoded once, never resolved as a path" % path,
                "tgt://x-callback-url/" + path, rule="decode-action-dot-segments",
                expect=any_of(accept(R("tgt", action)), accept(R("tgt", path))),
                cite=["xcu-action", "silent-security"], tags=["security", "action", "traversal"])
    v.parse("fragment-at-evil", "tgt://x-callback-url#@evil/go: the host is x-callback-url, '@evil/go' is fragment, "
            "and the action is empty", "tgt://x-callback-url#@evil/go", rule="decode-empty-action",
            expect=reject("missing-action"), cite=["rfc3986-3.2", "rfc3986-3.5", "silent-empty-action"],
            tags=["security", "host", "fragment"])
    # IP hosts are not x-callback-url. The model sees ':' of [::1] as a port (invalid-authority), a strict parser
    # refuses the raw '[' (invalid-character), and an RFC 3986 parser reads an IP-literal host (not-x-callback-url).
    for key, host, expect in [
            ("ipv6", "[::1]", any_of(reject("invalid-authority"), reject("invalid-character"), reject("not-x-callback-url"))),
            ("ipv4", "127.0.0.1", reject("not-x-callback-url")),
            ("ipvfuture", "[v1.x-callback-url]", any_of(reject("not-x-callback-url"), reject("invalid-character")))]:
        v.parse("ip-literal-" + key, "IP host %s is not x-callback-url" % host, "tgt://%s/go" % host, expect=expect,
                rule="recognise-other-host", breaks="the app acts on a URL to the IP host %s" % host,
                also=[reject("not-x-callback-url")] if key == "ipv6" else [], cite=["xcu-host", "rfc3986-3.2.2"],
                tags=["security", "host", "ip"])
    # Found by fuzzing the Python adapter of the results matrix: urllib's urlsplit raises on a '[' without its ']'
    # (or the reverse), so an app that parses with it crashes. The host is not x-callback-url either way.
    for key, host in [("open", "[x-callback-url"), ("close", "x-callback-url]")]:
        v.parse("ip-literal-unbalanced-" + key, "Host %s has an unbalanced bracket: refused, never a crash" % host,
                "tgt://%s/go" % host, rule="recognise-other-host",
                breaks="the app crashes on, or acts on, a URL whose host is %s" % host,
                also=[reject("invalid-character"), reject("invalid-authority")], cite=["xcu-host", "rfc3986-3.2.2"],
                tags=["security", "host", "ip"], provenance=["found by xcallback-conformance fuzz against Python's urllib.parse"])
    # Bidi and line-separator characters: data when encoded (decoded once as UTF-8), raw ones as any non-ASCII.
    for key, char, enc in [("rlo", "\u202e", "%E2%80%AE"), ("nel", "\u0085", "%C2%85"), ("lsep", "\u2028", "%E2%80%A8")]:
        v.parse("encoded-%s-value" % key, "Encoded U+%04X in a value is decoded once, kept as data" % ord(char),
                "tgt://x-callback-url/go?v=a%sb" % enc, rule="decode-utf8", expect=accept(R("tgt", "go", parameters=[("v", "a%sb" % char)])),
                cite=["rfc3986-2.5", "rfc3986-2.1"], tags=["security", "utf8", "bidi"])
        v.parse("encoded-%s-action" % key, "Encoded U+%04X in the action is decoded once, kept as data" % ord(char),
                "tgt://x-callback-url/go%sevil" % enc, rule="decode-action-decoded", decoded=True,
                expect=accept(R("tgt", "go%sevil" % char)), cite=["rfc3986-2.5", "xcu-action", "silent-action-encoding"], tags=["security", "utf8", "bidi", "action"])
        v.parse("raw-%s-value" % key, "Raw U+%04X in a value: data, or refused as a raw non-ASCII character" % ord(char),
                "tgt://x-callback-url/go?v=a%sb" % char, rule="decode-raw-outside-uri",
                expect=any_of(accept(R("tgt", "go", parameters=[("v", "a%sb" % char)])), reject("invalid-character")),
                cite=["rfc3986-2", "silent-raw-characters"], tags=["security", "utf8", "bidi", "raw"])
        v.build_request("build-%s" % key, "Build a value with U+%04X: percent-encoded as UTF-8, never raw" % ord(char),
                        R("tgt", "go", parameters=[("v", "a%sb" % char)]), rule="build-request-non-ascii",
                        cite=["rfc3986-2", "rfc3986-2.5"],
                        tags=["security", "utf8", "bidi"])
    # Disguised callback schemes: a C0 control or NBSP before the scheme, NUL before its colon (hardening).
    for key, cb in [("c0-before", "\u0001javascript:alert(1)"), ("nbsp-before", "\u00a0javascript:alert(1)"),
                    ("nul-before-colon", "javascript\u0000:alert(1)"), ("tab-before", "\tjavascript:alert(1)")]:
        v.build_callback("unsafe-" + key, "Refuse %r: disguised javascript, refused as unsafe or invalid" % cb, cb,
                         parameters=[("r", "1")], rule="build-callback-unsafe-scheme",
                         expect=any_of(reject("unsafe-callback-scheme"), reject("invalid-callback-url")),
                         cite=HARD + ["rfc3986-3.1-syntax"], tags=["security", "callback", "unsafe-scheme"])
    # Position: blob:, about: and intent: run no script and read no file in the target, so opening them is
    # allowed; refusing them is allowed too (hardening). http: and https: are ordinary callbacks (should).
    for key, cb in [("blob", "blob:https://app.example/1f2e"), ("about", "about:blank"),
                    ("intent", "intent://scan/#Intent;scheme=zxing;end")]:
        v.build_callback("other-scheme-" + key, "A %s callback is opened or refused; the spec names no unsafe scheme"
                         % cb.split(":")[0], cb, parameters=[("r", "1")], rule="build-callback-other-schemes",
                         expect=any_of(reject("unsafe-callback-scheme"), accept({"url": CB_APPEND(cb)})),
                         cite=HARD + ["xcu-x-success"], tags=["security", "callback", "unsafe-scheme"])
    v.build_callback("safe-http", "An http: callback is opened like https:", "http://example.com/cb",
                     parameters=[("r", "1")], rule="build-callback-safe-scheme", cite=SEC + ["xcu-x-success"],
                     tags=["security", "callback"])

