"""Every URL printed in the x-callback-url spec and its Examples page, verbatim, each classified."""

from vectorlib import R, accept, any_of, reject

FILE = "spec-examples.json"
TITLE = "Spec examples"
DESCRIPTION = ("Every URL printed in x-callback-url 1.0 DRAFT R3 and its Examples page, verbatim (including the "
               "multi-line forms 'left decoded for legibility'), then joined and encoded forms, each classified.")

ONE_WAY = "targetapp://x-callback-url/updateStatus?\n   x-source=SourceApp&\n   text=[User inputted string]"
TWO_WAY = ("targetapp://x-callback-url/translate?\n   x-success=sourceapp://x-callback-url/acceptTranslation&\n"
           "   x-source=SourceApp&\n   x-error=sourceapp://x-callback-url/translationError&\n   word=Hello&\n"
           "   language=Spanish")
SUCCESS = "sourceapp://x-callback-url/acceptTranslation?\n   x-source=TargetApp&\n   word=Hola"
ERROR = "sourceapp://x-callback-url/translationError?\n   x-source=TargetApp&\n   errorCode=code&\n   errorMessage=message"
TEMPLATE = "[scheme]://[host]/[action]?[x-callback parameters]&[action parameters]"
OK = "sourceapp://x-callback-url/acceptTranslation"
ERR = "sourceapp://x-callback-url/translationError"
LEG = ["xcu-example-legibility"]
TAGS = ["spec-example"]


def joined(url):
    """The legible form on one line: line breaks and the indentation after them removed."""
    return url.replace("\n   ", "")


def vectors(v):
    # 1. Verbatim, as printed: raw line feeds are not URL characters (RFC 3986 §2), so these are not URLs.
    for key, url, what in [("one-way-verbatim", ONE_WAY, "one-way example"),
                           ("two-way-verbatim", TWO_WAY, "two-way request example"),
                           ("success-verbatim", SUCCESS, "success callback example"),
                           ("error-verbatim", ERROR, "error callback example")]:
        v.parse(key, "The %s as printed, with line breaks: raw LF is not a URL character, reject" % what, url,
                rule="decode-raw-control", expect=reject("invalid-character"), cite=["rfc3986-2", "silent-raw-characters"] + LEG,
                tags=TAGS + ["legibility", "control"])
    v.parse("structure-template", "The URL Structure template as printed: '[scheme]' is not an RFC 3986 scheme",
            TEMPLATE, rule="recognise-scheme-syntax", breaks="the receiver acts on the template '[scheme]://...', which has no "
            "valid scheme and so is no URI", expect=any_of(reject("invalid-scheme"), reject("invalid-character")), cite=["xcu-structure", "rfc3986-3", "rfc3986-3.1-syntax"], tags=TAGS)

    for scheme in ("sourceapp", "targetapp"):
        v.parse("scheme-only-" + scheme, "The registered scheme %s:// named in the example has no x-callback-url host"
                % scheme, scheme + "://", rule="recognise-other-host",
                breaks="the receiver acts on '%s://', which names no x-callback-url host" % scheme, expect=reject("not-x-callback-url"), cite=["xcu-host"], tags=TAGS + ["host"])

    # 2. Joined onto one line, still unencoded "for legibility".
    v.parse("one-way-joined", "One-way example on one line: raw spaces and brackets kept literally or rejected",
            joined(ONE_WAY), rule="decode-raw-outside-uri",
            expect=any_of(accept(R("targetapp", "updateStatus", source="SourceApp",
                                   parameters=[("text", "[User inputted string]")])), reject("invalid-character")),
            cite=["xcu-x-source", "rfc3986-2", "silent-raw-characters"] + LEG, tags=TAGS + ["legibility", "raw"])
    two_way = R("targetapp", "translate", source="SourceApp", success=OK, error=ERR,
                parameters=[("word", "Hello"), ("language", "Spanish")])
    v.parse("two-way-joined", "Two-way example on one line: unencoded callbacks without '&' or '#' survive the split",
            joined(TWO_WAY), rule="decode-raw-query-data", expect=accept(two_way),
            breaks="the receiver refuses the example or cuts x-success at its raw ':' or '/'",
            cite=["xcu-example-two-way", "xcu-x-success", "xcu-x-error", "rfc3986-3.4-chars", "rfc3986-2.2-data"],
            tags=TAGS + ["legibility", "callbacks"])
    v.parse("success-joined", "Success callback example on one line parses as an x-callback-url",
            joined(SUCCESS), rule="decode-structure", breaks="the source app misses x-source or word=Hola", expect=accept(R("sourceapp", "acceptTranslation", source="TargetApp",
                                             parameters=[("word", "Hola")])),
            cite=["xcu-example-callback", "xcu-structure"], tags=TAGS)
    v.parse("error-joined", "Error callback example on one line carries errorCode and errorMessage",
            joined(ERROR), rule="decode-structure", breaks="the source app misses errorCode=code or errorMessage=message",
            expect=accept(R("sourceapp", "translationError", source="TargetApp",
                                           parameters=[("errorCode", "code"), ("errorMessage", "message")])),
            cite=["xcu-example-error", "xcu-x-error", "xcu-structure"], tags=TAGS + ["D18"])
    v.parse("callback-ok", "The success callback URL named in the example parses with no query",
            OK, rule="decode-structure", breaks="the source app misreads its own acceptTranslation callback",
            expect=accept(R("sourceapp", "acceptTranslation")), cite=["xcu-structure", "xcu-host"], tags=TAGS)
    v.parse("callback-err", "The error callback URL named in the example parses with no query",
            ERR, rule="decode-structure", breaks="the source app misreads its own translationError callback",
            expect=accept(R("sourceapp", "translationError")), cite=["xcu-structure", "xcu-host"], tags=TAGS)

    # 3. Properly encoded, as the note says they should be.
    encoded_two_way = ("targetapp://x-callback-url/translate?x-success=sourceapp%3A%2F%2Fx-callback-url%2FacceptTranslation"
                       "&x-source=SourceApp&x-error=sourceapp%3A%2F%2Fx-callback-url%2FtranslationError"
                       "&word=Hello&language=Spanish")
    v.parse("two-way-encoded", "Two-way example with its callbacks encoded, as the note asks",
            encoded_two_way, rule="decode-query-escapes", expect=accept(two_way),
            breaks="the target app reads x-success as 'sourceapp%3A%2F%2F...', not the callback URL", cite=["xcu-example-two-way", "xcu-values-encoded", "rfc3986-2.1"],
            tags=TAGS + ["nested"])
    v.parse("one-way-encoded", "One-way example with the placeholder value percent-encoded",
            "targetapp://x-callback-url/updateStatus?x-source=SourceApp&text=%5BUser%20inputted%20string%5D",
            rule="decode-query-escapes", breaks="the target app posts '%5BUser%20inputted%20string%5D' as the status", expect=accept(R("targetapp", "updateStatus", source="SourceApp",
                            parameters=[("text", "[User inputted string]")])),
            cite=["xcu-x-source", "xcu-values-encoded", "rfc3986-2.1"], tags=TAGS)
    v.parse("one-way-plus", "One-way example written with '+' for spaces, as form encoders do",
            "targetapp://x-callback-url/updateStatus?x-source=SourceApp&text=%5BUser+inputted+string%5D",
            cite=["silent-plus", "whatwg-urlencoded"], tags=TAGS + ["plus", "D1"], point="plus", rule="decode-plus")
    v.parse("two-way-reordered", "Two-way example with action parameters first: reserved names are found anywhere",
            "targetapp://x-callback-url/translate?word=Hello&language=Spanish&x-source=SourceApp"
            "&x-error=sourceapp%3A%2F%2Fx-callback-url%2FtranslationError"
            "&x-success=sourceapp%3A%2F%2Fx-callback-url%2FacceptTranslation",
            rule="decode-structure", expect=accept(two_way), cite=["xcu-structure", "xcu-optional", "xcu-action-parameters"],
            breaks="the target app misses callbacks given after the action parameters",
            tags=TAGS)
    v.parse("two-way-indented", "Two-way example joined but keeping the indentation: names start with spaces",
            TWO_WAY.replace("\n", ""), rule="decode-raw-outside-uri",
            expect=any_of(accept(R("targetapp", "translate", parameters=[
                ("   x-success", OK), ("   x-source", "SourceApp"), ("   x-error", ERR), ("   word", "Hello"),
                ("   language", "Spanish")])), reject("invalid-character")),
            cite=["rfc3986-6.2.2.1-case-sensitive", "silent-raw-characters"] + LEG, tags=TAGS + ["legibility", "raw"])

    # 4. The source app builds the example requests; the target app builds the example callbacks.
    v.build_request("two-way-build", "Build the two-way example request; callbacks come out encoded",
                    two_way, rule="build-request-structure", breaks="TargetApp reads other callbacks or words than SourceApp meant",
                    cite=["xcu-example-two-way", "xcu-values-encoded", "rfc3986-2.2"],
                    tags=TAGS + ["nested"])
    v.build_request("one-way-build", "Build the one-way example request with the placeholder text",
                    R("targetapp", "updateStatus", source="SourceApp", parameters=[("text", "[User inputted string]")]),
                    rule="build-request-form-chars", cite=["xcu-values-encoded", "rfc3986-2"], tags=TAGS + ["space"])
    v.build_request("one-way-build-word", "Build the one-way example request with a one-word status",
                    R("targetapp", "updateStatus", source="SourceApp", parameters=[("text", "Hello")]),
                    rule="build-request-structure", breaks="TargetApp reads another status or source than SourceApp sent",
                    cite=["xcu-structure", "xcu-x-source"], tags=TAGS)
    v.build_callback("success-build", "Build the example success callback: x-source then word=Hola",
                     OK, source="TargetApp", parameters=[("word", "Hola")], rule="build-callback-append",
                     breaks="SourceApp misses x-source=TargetApp or word=Hola",
                     expect=accept({"url": "sourceapp://x-callback-url/acceptTranslation?x-source=TargetApp&word=Hola"}),
                     cite=["xcu-example-callback", "xcu-x-success"], tags=TAGS)
    v.build_callback("error-build", "Build the example error callback with errorCode=code&errorMessage=message",
                     ERR, outcome="error", source="TargetApp", code="code", message="message", rule="build-callback-error",
                     breaks="SourceApp cannot read errorCode=code and errorMessage=message",
                     expect=accept({"url": ERR + "?x-source=TargetApp&errorCode=code&errorMessage=message"}),
                     cite=["xcu-example-error", "xcu-x-error"], tags=TAGS + ["D18"])
    v.build_callback("error-build-no-source", "Error callback without x-source still carries both error parameters",
                     ERR, outcome="error", code="code", message="message", rule="build-callback-error",
                     breaks="SourceApp cannot read errorCode=code and errorMessage=message",
                     expect=accept({"url": ERR + "?errorCode=code&errorMessage=message"}),
                     cite=["xcu-x-error"], tags=TAGS + ["D18"])
    v.build_callback("success-build-bare", "Success callback with nothing to add opens the URL unchanged",
                     OK, rule="build-callback-unchanged", expect=accept({"url": OK}), cite=["xcu-x-success", "rfc3986-6.2.3"], tags=TAGS)
    v.build_callback("success-build-source-only", "Success callback with only x-source appends '?x-source=TargetApp'",
                     OK, source="TargetApp", rule="build-callback-append", expect=accept({"url": OK + "?x-source=TargetApp"}),
                     breaks="SourceApp misses x-source=TargetApp",
                     cite=["xcu-example-callback", "xcu-x-source"], tags=TAGS)
    v.build_callback("cancel-build", "Cancel with no parameters opens the x-cancel URL unchanged",
                     "sourceapp://x-callback-url/translationCancelled", outcome="cancel", rule="build-callback-unchanged",
                     expect=accept({"url": "sourceapp://x-callback-url/translationCancelled"}),
                     cite=["xcu-x-cancel", "xcu-x-cancel-return", "rfc3986-6.2.3"], tags=TAGS)
    v.parse("two-way-no-error", "Two-way example without x-error: the target keeps errors to itself",
            "targetapp://x-callback-url/translate?x-success=sourceapp%3A%2F%2Fx-callback-url%2FacceptTranslation"
            "&x-source=SourceApp&word=Hello&language=Spanish",
            rule="decode-structure", breaks="the target app misses x-success when x-error is absent",
            expect=accept(R("targetapp", "translate", source="SourceApp", success=OK,
                            parameters=[("word", "Hello"), ("language", "Spanish")])),
            cite=["xcu-optional", "xcu-x-success-return"], tags=TAGS)
    v.parse("one-way-no-source", "One-way example without x-source: every x- parameter is optional",
            "targetapp://x-callback-url/updateStatus?text=Hello",
            rule="decode-structure", breaks="the target app refuses a request without x-source",
            expect=accept(R("targetapp", "updateStatus", parameters=[("text", "Hello")])),
            cite=["xcu-optional"], tags=TAGS)
