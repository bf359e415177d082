"""Fuzz findings that are behaviours a vector already fails: one entry per behaviour and row, read by fuzz_result.py.

A finding the declared choices do not explain is either new (no vector catches the behaviour: a gap, which
becomes a vector, see Vectors/CHANGELOG.md) or known: the row already fails vectors for that behaviour, and the
finding is the fuzzer meeting it again on another input. The fuzz oracle grades every disagreement it has no
relaxation for at must, so a known finding often sits at must where its vectors, read against the spec, are
should; the page shows the vectors' level beside the oracle's.

Each entry: `known(rule, text, vectors, cause=None)`. `rule` is a regular expression over the finding's
differential rule (`same-action`), `text` one over its input, case and disagreement joined by newlines; the
first entry whose both match wins. `vectors` are ids that fail in the row's report for the same behaviour
(`matrix --fuzz` refuses an id that did not fail), `cause` the row's audit cause (`audit/<row>.json`) where there
is one. A finding no entry matches stays new: read it, then add an entry here or a vector.
"""


def known(rule, text, vectors, cause=None):
    return {"rule": rule, "text": text, "vectors": list(vectors), "cause": cause}


# MARK: - Behaviours several rows share

UPPERCASE_SCHEME = r'^"[a-z0-9+.-]*[A-Z]'
X_NAME_DROPPED = r'parameters \[\["x-[^\n]* vs \[\]'
SPACE_AS_PLUS = r'(x-source|x-success|x-error|x-cancel) "[^"\n]* [^"\n]*" vs "[^"\n]*\+'
FLAG_WITH_EQUALS = r'\["[^"\n]*",null\][^\n]* vs [^\n]*\["[^"\n]*",""\]'
HASH_IN_ACTION = r'action "[^"\n]*#[^"\n]*" vs|cannot parse the built URL "[^"\n]*://x-callback-url/#'
CONTROL_IN_ACTION = r'cannot parse the built URL "[^"\n]*://x-callback-url/[^"\n?]*\\x(7F|[01][0-9A-F])'
LEADING_SLASH_LOST = r'action "/+([^"\n]*)" vs "\1"'
FIELD_SPACE_VECTORS = ["XCU-WN95", "XCU-EAQZ", "XCU-QKLF", "XCU-XUKU"]

STANDARD_LIBRARY_BUILDERS = [
    known("build-round-trip", SPACE_AS_PLUS, FIELD_SPACE_VECTORS),
    known("build-round-trip", FLAG_WITH_EQUALS, ["XCU-Y4PU", "XCU-A74S"]),
]

KNOWN = {
    "callbackurlkit": [
        known("acceptance", UPPERCASE_SCHEME, ["XCU-B894"], "scheme-compared-exactly"),
        known("same-parameters", X_NAME_DROPPED, ["XCU-QS7H", "XCU-WD88"], "reserved-and-library-names-dropped"),
        known("same-reserved", r'(x-success|x-error|x-cancel) "" vs absent', ["XCU-CKLQ", "XCU-DPZ6", "XCU-EZ2B"],
              "unusable-callback-dropped"),
        # The callback is read through URL(string:), which percent-encodes what a URL cannot hold raw.
        known("same-reserved", r'(x-success|x-error|x-cancel) "[^"\n]*[<>"{}|^` ][^"\n]*" vs "[^"\n]*%',
              ["XCU-WPR2"], "callback-reencoded-by-foundation"),
    ],
    "middleman": [
        known("acceptance", r"the reference accepts; the target rejects", ["XCU-QN7A", "XCU-3CA3"],
              "refuses-third-party-requests"),
    ],
    "middleman-callbackurl": [
        known("same-parameters", r'parameters \[[^\n]* vs [^\n]*\["",null\]', ["XCU-5MGP", "XCU-TBT5"], "empty-pieces-kept"),
        known("build-round-trip", r"__middleman_response_id_identifier", ["XCU-CLGN", "XCU-YJ4K"], "adds-response-id"),
    ],
    "jasonnam": [
        known("same-reserved", r'(x-success|x-error|x-cancel) "[^"\n]*[#%][^"\n]*" vs "[^"\n]*%(23|25)',
              ["XCU-FAPA", "XCU-SAE9"], "callback-reencoded-at-parse"),
        known("acceptance", UPPERCASE_SCHEME, ["XCU-B894"], "scheme-compared-exactly"),
        known("same-parameters", r'parameters \[[^\n]* vs [^\n]*\["",""\]', ["XCU-5MGP", "XCU-7K4K"], "empty-pieces-as-parameters"),
        known("same-action", LEADING_SLASH_LOST, ["XCU-HBLQ"], "empty-path-segment-dropped"),
    ],
    "ozbe-xcallback": [
        known("same-parameters", X_NAME_DROPPED, ["XCU-QS7H", "XCU-WD88"], "x-names-dropped"),
        known("same-action", r'action "[^"\n]*" vs "[^"\n]*%[0-9A-F]{2}', ["XCU-UCHG", "XCU-MNTU"], "action-not-decoded"),
    ],
    "python": STANDARD_LIBRARY_BUILDERS + [
        known("no-error", r"Invalid IPv6 URL", ["XCU-R8AU", "XCU-NKFR"]),
        known("same-action", LEADING_SLASH_LOST, ["XCU-HBLQ"]),
        known("build-round-trip", HASH_IN_ACTION, ["XCU-DHWF", "XCU-QCV9"]),
        known("build-round-trip", CONTROL_IN_ACTION, ["XCU-3X2N"]),
    ],
    "node": STANDARD_LIBRARY_BUILDERS + [
        known("build-round-trip", HASH_IN_ACTION, ["XCU-DHWF", "XCU-QCV9"]),
        known("build-round-trip", CONTROL_IN_ACTION, ["XCU-3X2N"]),
    ],
    "go": STANDARD_LIBRARY_BUILDERS + [
        # Go's net/url refuses a query piece with a raw ';' and drops it (Go 1.17).
        known("same-(reserved|parameters)", r'^"[^\n]*;', ["XCU-SLLH"]),
    ],
}
