"""Documented URLs of real apps (Vectors/tools/sources/real-world-urls.json), each with its provenance."""

import json
import os

from vectorlib import R, accept, any_of, reject

FILE = "real-world.json"
TITLE = "Real world"
DESCRIPTION = ("URLs as real apps document them, verbatim, each classified: templates with placeholders, "
               "'legible' unencoded forms, apps without the x-callback-url host, trailing-slash actions, flags. "
               "The spec's own one-way example from that list is spec-examples.json's verbatim vector.")

HERE = os.path.dirname(os.path.abspath(__file__))


def load():
    entries = json.load(open(os.path.join(HERE, "real-world-urls.json"), encoding="utf-8"))
    return {entry["url"]: entry for entry in entries}


# url -> (key, description, level, cite, tags, expect-or-None (None = the model's result), point)
CLASSIFIED = [
    # The spec's own one-way example is spec-examples.json's one-way-verbatim (same input, not repeated).
    (None, None, None, None, None, None, None),
    ("blog-template", "Blog template with [bracket] placeholders: '[targetAppScheme]' is no scheme", "recognise-scheme-syntax",
     ["rfc3986-3.1-syntax", "xcu-example-legibility"], ["template"],
     any_of(reject("invalid-character"), reject("invalid-scheme")), None),
    ("drafts-open", "Drafts open with a placeholder uuid", "decode-structure", ["xcu-structure"], [],
     accept(R("drafts5", "open", parameters=[("uuid", "UUID-TO-VALID-DRAFT")])), None),
    ("shortcuts-run", "Shortcuts run-shortcut: '...' placeholders are the literal callbacks", "decode-structure",
     ["xcu-structure", "xcu-x-success", "xcu-x-cancel", "rfc3986-2.1"], [],
     accept(R("shortcuts", "run-shortcut", success="...", cancel="...",
              parameters=[("name", "Calculate Tip"), ("input", "text"), ("text", "24.99")])), None),
    ("shortcuts-zh", "Shortcuts run-shortcut with a UTF-8 percent-encoded CJK name", "decode-utf8",
     ["rfc3986-2.5", "xcu-x-success"], ["utf8"],
     accept(R("shortcuts", "run-shortcut", success="...", cancel="...",
              parameters=[("name", "计算小费"), ("input", "text"), ("text", "24.99")])), None),
    ("things-add", "Things add, with the doc's line breaks and an empty host: not an x-callback-url", "recognise-other-host",
     ["xcu-host", "rfc3986-2"], ["host", "D10", "control"],
     any_of(reject("invalid-character"), reject("not-x-callback-url")), None),
    ("bear-create", "Bear create with a comma list and an encoded '/' in a tag", "decode-query-escapes",
     ["xcu-action-parameters", "rfc3986-2.1"], [],
     accept(R("bear", "create", parameters=[("title", "My Note Title"), ("text", "First line"),
                                            ("tags", "home,home/groceries")])), None),
    ("bear-grab-url", "Bear grab-url with an unencoded nested URL (':' and '/' are allowed raw)", "decode-raw-query-data",
     ["rfc3986-3.4-chars", "rfc3986-3.4-key-value"], ["nested"],
     accept(R("bear", "grab-url", parameters=[("url", "https://bear.app")])), None),
    ("bear-search", "Bear search with two plain parameters", "decode-structure", ["xcu-query-format"], [],
     accept(R("bear", "search", parameters=[("term", "nemo"), ("tag", "movies")])), None),
    ("bear-open-note", "Bear open-note by id", "decode-structure", ["xcu-structure"], [],
     accept(R("bear", "open-note", parameters=[("id", "7E4B681B")])), None),
    ("ulysses-new-sheet", "Ulysses new-sheet as documented, line breaks included: not a URL", "decode-raw-control",
     ["rfc3986-2", "xcu-example-legibility"], ["legibility", "control"], reject("invalid-character"), None),
    ("ulysses-authorize", "Ulysses authorize with an unencoded space in appname", "decode-raw-outside-uri",
     ["rfc3986-2", "silent-raw-characters", "xcu-x-success"], ["raw", "space"],
     any_of(accept(R("ulysses", "authorize", success="myapp://x-callback-url/auth-success",
                     parameters=[("appname", "My App")])), reject("invalid-character")), None),
    ("ulysses-open-all", "Ulysses open-all with no query", "decode-structure", ["xcu-structure", "xcu-optional"], [],
     accept(R("ulysses", "open-all")), None),
    ("working-copy-open", "Working Copy open has no x-callback-url host", "recognise-other-host", ["xcu-host"], ["host", "D10"],
     reject("not-x-callback-url"), None),
    ("working-copy-clone", "Working Copy clone has no x-callback-url host", "recognise-other-host", ["xcu-host"], ["host", "D10"],
     reject("not-x-callback-url"), None),
    ("lcp-email", "Launch Center Pro email template: braces, spaces, empty values, unencoded nested callback",
     "decode-raw-outside-uri", ["rfc3986-2.4-order", "silent-raw-characters", "silent-duplicates"], ["template", "D9", "D6", "raw"],
     None, None),
    ("chrome-open", "Chrome open/ with a trailing slash and an encoded url", "decode-trailing-slash",
     ["silent-trailing-slash"], ["D12"], None, "trailing-slash"),
    ("chrome-open-flag", "Chrome open/ with x-source, x-success and the flag create-new-tab", "decode-choice-combination",
     ["xcu-x-success", "silent-flag", "silent-trailing-slash"], ["D7", "D12", "flag"], None, None),
    ("textcenter-create", "Textcenter create with SUCCESS_URL / ERROR_URL placeholders", "decode-structure",
     ["xcu-structure", "xcu-x-success", "xcu-x-error"], ["template"],
     accept(R("textcenterapp", "create", success="SUCCESS_URL", error="ERROR_URL",
              parameters=[("title", "TITLE"), ("text", "YOUR TEXT")])), None),
    ("written-down-open", "Written Down open-entry by UUID", "decode-structure", ["xcu-structure"], [],
     accept(R("writtendown", "open-entry", parameters=[("id", "4739C5F8-AF19-49A3-B6BD-2561962C75CC")])), None),
    ("diarly-append", "Diarly append with an unencoded space", "decode-raw-outside-uri", ["rfc3986-2", "silent-raw-characters"],
     ["raw", "space"], any_of(accept(R("diarly", "append", parameters=[("day", "16-12-2020"), ("text", "Hello World")])),
                              reject("invalid-character")), None),
    ("textkraft-append", "Textkraft append with an encoded CR first", "decode-query-escapes", ["rfc3986-2.1"], ["control"],
     accept(R("textkraftpro", "append", parameters=[("text", "\rHello World")])), None),
    ("ia-writer-open", "iA Writer open has no x-callback-url host", "recognise-other-host", ["xcu-host"], ["host"],
     reject("not-x-callback-url"), None),
    ("pythonista-run", "Pythonista's host is the script name, not x-callback-url", "recognise-other-host", ["xcu-host"], ["host"],
     reject("not-x-callback-url"), None),
    ("editorial-callback", "Editorial's callback template has no x-callback-url host", "recognise-other-host", ["xcu-host"],
     ["host", "template"], None, None),
    ("obsidian-adv-uri", "Obsidian Advanced URI has no x-callback-url host", "recognise-other-host", ["xcu-host"], ["host"], None, None),
    ("obsidian-frontmatter", "Obsidian Advanced URI frontmatter example has no x-callback-url host", "recognise-other-host",
     ["xcu-host"], ["host"], None, None),
    ("obsidian-legacy", "Obsidian legacy advanced-uri has no x-callback-url host", "recognise-other-host", ["xcu-host"], ["host"],
     reject("not-x-callback-url"), None),
    ("devonthink", "DEVONthink item link has no x-callback-url host", "recognise-other-host", ["xcu-host"], ["host"], None, None),
    ("textwell", "Textwell's empty host is not x-callback-url", "recognise-other-host", ["xcu-host"], ["host", "D10"],
     reject("not-x-callback-url"), None),
    ("jayson-view", "Callbacks with an empty host and triple slash, unencoded", "decode-raw-query-data",
     ["xcu-x-success", "xcu-x-error", "rfc3986-3.4-chars"], ["D9"],
     accept(R("jayson", "view", success="myapp:///success", error="myapp:///error",
              parameters=[("clipboard", "false")])), None),
]


def breaks(rule, app):
    """What goes wrong, for a must vector of `rule`, when the receiver fails the documented URL of `app`."""
    return {
        "recognise-other-host": "the app acts on %s's URL, which is not an x-callback-url" % app,
        "recognise-scheme-syntax": "the app acts on %s's template, which has no valid scheme and so is no URI" % app,
        "decode-structure": "the app misreads %s's documented request" % app,
        "decode-query-escapes": "the app gets %s's escaped values undecoded or wrongly decoded" % app,
        "decode-raw-query-data": "the app refuses %s's URL or cuts a value at its raw ':' or '/'" % app,
    }.get(rule)


def vectors(v):
    entries = list(load().values())
    if len(entries) != len(CLASSIFIED):
        raise ValueError("classify every real-world URL: %d entries, %d classified" % (len(entries), len(CLASSIFIED)))
    for entry, (key, desc, rule, cite, tags, expect, point) in zip(entries, CLASSIFIED):
        if key is None:
            continue
        v.parse(key, desc, entry["url"], rule=rule, breaks=breaks(rule, entry["app"]), cite=cite, tags=["real-world"] + tags, expect=expect,
                point=point, provenance=["%s: %s" % (entry["app"], entry["source"])])

    # Documented values carried onto an x-callback-url (synthesised: the app's own URL has another host).
    T = "app://x-callback-url/act?"
    v.parse("pythonista-argv", "Pythonista's repeated argv on an x-callback-url: order carries meaning",
            T + "argv=foo&argv=bar", cite=["silent-duplicates"], tags=["real-world", "D6"], point="duplicate-parameter",
            rule="decode-duplicates",
            provenance=["Pythonista: http://omz-software.com/pythonista/docs/ios/urlscheme.html (argv=foo&argv=bar)"])
    v.parse("working-copy-error", "Working Copy's documented value red%20%text on an x-callback-url",
            T + "error=red%20%text", cite=["silent-invalid-escape"], tags=["real-world", "D4"], point="invalid-escape",
            rule="decode-invalid-escape",
            provenance=["Working Copy: https://workingcopyapp.com/url-schemes.html"])
    v.parse("obsidian-data", "Obsidian's data={%22data%22:[2,3]} on an x-callback-url: raw braces, encoded quotes",
            T + "data={%22data%22:[2,3]}", rule="decode-raw-outside-uri",
            expect=any_of(accept(R("app", "act", parameters=[("data", '{"data":[2,3]}')])), reject("invalid-character")),
            cite=["rfc3986-2", "silent-raw-characters"], tags=["real-world", "raw"],
            provenance=["Obsidian Advanced URI docs/Actions/Frontmatter.md @ fcd10683"])
    v.parse("grizzly-plus", "Go's QueryEscape spaces ('+') reaching Bear", "bear://x-callback-url/create?text=hello+world",
            cite=["silent-plus", "whatwg-urlencoded"], tags=["real-world", "D1"], point="plus", rule="decode-plus",
            provenance=["ruivieira/grizzly issue 7"])
    v.parse("swiftbar-plus", "SwiftBar notify body with '+'", "swiftbar://x-callback-url/notify?body=a+b",
            cite=["silent-plus"], tags=["real-world", "D1"], point="plus", rule="decode-plus", provenance=["swiftbar/SwiftBar issue 324"])
    v.parse("quickadd-error", "QuickAdd's non-numeric errorCode arrives as text",
            "src://x-callback-url/failed?errorCode=choice-not-found&errorMessage=No%20choice", rule="decode-structure",
            breaks="the source app loses the text code choice-not-found (read as a number, or dropped)",
            expect=accept(R("src", "failed", parameters=[("errorCode", "choice-not-found"),
                                                         ("errorMessage", "No choice")])),
            cite=["xcu-query-format", "xcu-x-error", "silent-error-code"], tags=["real-world", "D18"],
            provenance=["chhoumann/quickadd PR 1339"])
    v.parse("iac-error-code", "IAC's error-Code is not errorCode: it is an ordinary parameter",
            "src://x-callback-url/failed?error-Code=1&errorMessage=x", rule="decode-request-id",
            expect=accept(R("src", "failed", parameters=[("error-Code", "1"), ("errorMessage", "x")])),
            cite=["xcu-x-error", "rfc3986-6.2.2.1-case-sensitive", "silent-library-names"], tags=["real-world", "D18"],
            provenance=["phimage/CallbackURLKit PR 29 (error-Code renamed to errorCode)"])
    v.build_callback("actions-uri-space", "A result with spaces is sent %20-encoded, never '+' (Actions URI #11)",
                     "shortcuts://x-callback-url/done", parameters=[("result", "this & that")], rule="build-callback-form-chars",
                     cite=["rfc3986-2.2-producers", "xcu-x-success"], tags=["real-world", "D3", "space"],
                     provenance=["czottmann/obsidian-actions-uri issue 11"])
    v.build_request("advanced-uri-percent", "Build data 'increase 100%': single-encoded, never %2525",
                    R("obsidian", "advanced-uri", parameters=[("data", "increase 100%")]), rule="build-request-form-chars",
                    cite=["rfc3986-2.4", "rfc3986-2.4-percent", "rfc3986-2.2-producers"], tags=["real-world", "double", "space"],
                    provenance=["Vinzent03/obsidian-advanced-uri issues 51, 62"])
    v.build_request("bear-header", "Build Bear add-text with '/ & [ ] |' in header: all survive one parse",
                    R("bear", "add-text", parameters=[("header", "a/b & [c] | d")]), rule="build-request-form-chars",
                    cite=["rfc3986-2.2", "xcu-values-encoded"], tags=["real-world", "space"],
                    provenance=["vasylenko/bear-notes-mcp issue 72"])
    v.build_request("chrome-build", "Build Chrome's open/ request with a flag and encoded url",
                    R("googlechrome-x-callback", "open/", source="MyApp", success="com.myapp.callback://",
                      parameters=[("url", "http://www.google.com"), ("create-new-tab", None)]), rule="build-request-flag",
                    cite=["xcu-x-success", "silent-flag", "silent-trailing-slash"], tags=["real-world", "D7", "D12"],
                    provenance=["github.com/googlearchive/OpenInChrome README.md @ b5bca8b"])

    # Shapes from documented app URLs that no other vector covers (issue 10).
    v.parse("placeholder-host", "A documented placeholder <token> in the host position is not x-callback-url",
            "app://<token>/act?x=1", rule="recognise-other-host",
            breaks="the app acts on a template whose host is the placeholder <token>", expect=any_of(reject("not-x-callback-url"), reject("invalid-character")),
            cite=["xcu-host", "rfc3986-2"], tags=["real-world", "host", "placeholder"],
            provenance=["documentation templates such as [targetAppScheme]://x-callback-url/... (real-world-urls.json)"])
    inner = "app2://x-callback-url/add?text={{clipboard}}&x-success=src://ok&x-source=Src"
    v.parse("template-value-with-callbacks", "An encoded value holding a {{clipboard}} template with its own x-success "
            "and x-source is one string: no reserved value of the outer request",
            T + "url=" + inner.replace("%", "%25").replace("&", "%26").replace("=", "%3D").replace("{", "%7B")
            .replace("}", "%7D").replace("?", "%3F"), rule="decode-split-before-decoding",
            breaks="the app splits the encoded template and takes its x-success and x-source for the request's own",
            expect=accept(R("app", "act", parameters=[("url", inner)])), cite=["rfc3986-2.4-order", "xcu-x-success"],
            tags=["real-world", "nested", "template"],
            provenance=["Drafts / Shortcuts templates ({{clipboard}}, [[draft]]) passed to another app's x-success"])
    v.parse("template-raw-braces", "A raw {{title}} template next to x-success: braces are data or refused as raw",
            T + "text={{title}}&x-success=src%3A%2F%2Fok&x-source=Src", rule="decode-raw-outside-uri",
            expect=any_of(accept(R("app", "act", source="Src", success="src://ok", parameters=[("text", "{{title}}")])),
                          reject("invalid-character")),
            cite=["rfc3986-2", "silent-raw-characters"], tags=["real-world", "raw", "template"],
            provenance=["Drafts URL templates ({{title}})"])
    v.parse("plus-and-encoded-amp", "this+%26+that: '+' follows the plus choice, %26 is a data '&' either way",
            T + "text=this+%26+that", cite=["silent-plus", "rfc3986-2.4-order"], tags=["real-world", "D1", "plus"],
            point="plus", rule="decode-plus", provenance=["Bear / Drafts docs: text with '+' for spaces and %26"])
    v.parse("line-break-before-amp", "A legible form broken before '&' (raw LF) is refused like the spec's own",
            hex=" ".join("%02X" % b for b in b"tgt://x-callback-url/post?message=Hi") + " 0A 20 20 " +
            " ".join("%02X" % b for b in b"&x-source=Src"), rule="decode-raw-control", expect=reject("invalid-character"),
            cite=["rfc3986-2", "xcu-example-legibility"], tags=["real-world", "control", "spec-example"])
    v.parse("token-parameter", "An API token parameter is an ordinary action parameter, kept as given",
            "bear://x-callback-url/search?token=ABC123-def456&term=nemo", rule="decode-structure",
            breaks="the app loses or alters the token parameter",
            expect=accept(R("bear", "search", parameters=[("token", "ABC123-def456"), ("term", "nemo")])),
            cite=["xcu-action-parameters"], tags=["real-world", "token"],
            provenance=["Bear URL scheme docs (token=123456-123456-123456)"])

