"""Every rule the vectors test, described once: its role, its level, a one-line summary and the result fields a
failure of it touches (FIELDS below), for Vectors/rules.json.

A rule is one behaviour of one role. Vectors that share a rule test that behaviour, each on another input,
and they share its level: a must, should or hardening vector has its rule's level (vectorlib checks it), and
an implementation-defined vector may belong to a rule of any level, since its level comes from its choice
point. A rule whose vectors are all implementation-defined has the level `implementation-defined`.

Roles (Vectors/README.md, "Roles"): `recognise` and `decode` for parse, `build-request`, `build-callback`.
"""

import collections

Rule = collections.namedtuple("Rule", "role level summary fields breaks")

RULES = {}


ROLES = ("recognise", "decode", "build-request", "build-callback")
LEVELS = ("must", "should", "implementation-defined", "hardening")

# The result fields a rule can be about (Vectors/README.md, "Rules"), in the order a rule lists them: the
# request's (parse and build-request) and `outcome` (accepted or refused, and the refusal category), then the
# built callback's, then `encoding` (the spelling of the built URL in any field). generate.py refuses a rule
# without fields or with one outside this list.
FIELDS = (
    "scheme", "host", "authority", "action", "parameter-name", "parameter-value", "parameter-order",
    "x-source", "x-success", "x-error", "x-cancel", "fragment", "outcome",
    "callback-scheme", "callback-path", "callback-query", "callback-fragment", "separator", "appended",
    "errorCode", "errorMessage",
    "encoding",
)


def rule(id_, role, level, summary, fields=(), breaks=None):
    """Describes rule `id_`. `fields`: the result fields a failure of the rule touches, from FIELDS, in its order.
    `breaks`: the interoperability harm every vector of the rule shares (what a named kind of receiver or sender
    gets wrong), given to each of its vectors that does not say its own (Vectors/README.md, "The rule for should")."""
    if id_ in RULES:
        raise ValueError("rule %s described twice" % id_)
    if role not in ROLES or level not in LEVELS or "\n" in summary or not 20 <= len(summary) <= 160:
        raise ValueError("rule %s: a role, a level and a one-line summary of at most 160 characters" % id_)
    RULES[id_] = Rule(role, level, summary, tuple(fields), breaks)


# MARK: - recognise: is the URL an x-callback-url at all?

rule("recognise-other-host", "recognise", "must",
     "Only the host x-callback-url makes an x-callback-url: another, empty, IP or missing host is refused.",
     fields=["host", "outcome"])
rule("recognise-encoded-other-host", "recognise", "must",
     "A host that decodes once to something other than x-callback-url ('%2E', '%40', '%3A80', '%2578') is refused.",
     fields=["host", "outcome"])
rule("recognise-host-case", "recognise", "must",
     "The host is compared case-insensitively: X-Callback-URL is x-callback-url (RFC 3986 section 3.2.2).",
     fields=["host", "outcome"])
rule("recognise-host-escapes", "recognise", "should",
     "A host whose unreserved characters are percent-encoded (x%2Dcallback-url) is x-callback-url after one decode.",
     fields=["host", "outcome"])
rule("recognise-host-lookalike", "recognise", "hardening",
     "A host of raw non-ASCII look-alike characters (Cyrillic, Kelvin sign, fullwidth) is refused.",
     fields=["host", "outcome"])
rule("recognise-userinfo-port", "recognise", "hardening",
     "Userinfo or a port in the authority, which the spec's structure has no place for, is refused.",
     fields=["authority", "outcome"])
rule("recognise-scheme-syntax", "recognise", "must",
     "A URL without an RFC 3986 scheme (empty, a digit or '-' first, '_', '%', brackets, none) is refused.",
     fields=["scheme", "outcome"])
rule("recognise-scheme-case", "recognise", "should",
     "The scheme is case-insensitive: a URL whose scheme has uppercase letters (TargetApp) is accepted.",
     fields=["scheme", "outcome"])
rule("recognise-raw-control", "recognise", "hardening",
     "A raw control character in the scheme or the authority, or a space before the whole URL, is refused.",
     fields=["scheme", "host", "outcome"])

# MARK: - decode: reading an x-callback-url

rule("decode-structure", "decode", "must",
     "A plain x-callback-url gives its action, its reserved values and its action parameters, in order, as written.",
     fields=["action", "parameter-name", "parameter-value", "parameter-order", "x-source", "x-success", "x-error",
             "x-cancel"])
rule("decode-scheme", "decode", "must",
     "A lowercase scheme of letters, digits, '+', '.' and '-' is reported as written.",
     fields=["scheme"])
rule("decode-scheme-lowercase", "decode", "should",
     "A scheme with uppercase letters is reported lowercased, its canonical form (RFC 3986 section 3.1).",
     fields=["scheme"])
rule("decode-action", "decode", "must",
     "The action is the whole path after the host's '/', kept whole: '/', '+', ';', ':', '@' are part of it.",
     fields=["action"])
rule("decode-action-decoded", "decode", "should",
     "The action is percent-decoded once (new%20note is 'new note'); the spec does not say it is encoded at all.",
     fields=["action"],
     breaks="the target app looks up the action as written ('new%20note'), not the one a builder that encodes its action meant")
rule("decode-action-version", "decode", "should",
     "A pre-R1 version segment (1.0/lookup) stays part of the action.",
     fields=["action"],
     breaks="the target app runs another action ('lookup') than the '1.0/lookup' the sender named")
rule("decode-action-leading-slash", "decode", "should",
     "Only the first '/' after the host ends it: //open gives the action '/open'.",
     fields=["action"],
     breaks="the target app runs another action ('open') than the '/open' the sender named")
rule("decode-action-dot-segments", "decode", "should",
     "Dot segments in the action (../, %2E%2E) are kept as written, never resolved as a file path.",
     fields=["action"],
     breaks="the target app runs another action than the sender named (a resolved path, not '../../etc/passwd')")
rule("decode-empty-action", "decode", "hardening",
     "A URL whose action is empty (no path, '/', or only a query or fragment) is refused.",
     fields=["action", "outcome"])
rule("decode-trailing-slash", "decode", "implementation-defined",
     "A trailing '/' of the action is kept or stripped, as declared (choice point trailing-slash).",
     fields=["action"])
rule("decode-reserved-parameters", "decode", "must",
     "x-source, x-success, x-error and x-cancel are read into their own fields wherever they stand, not the parameters.",
     fields=["parameter-order", "x-source", "x-success", "x-error", "x-cancel"])
rule("decode-unknown-x", "decode", "should",
     "An unknown x- name (x-foo, x-callback, x-) is kept as an action parameter in its place, or dropped; never refused.",
     fields=["parameter-order"],
     breaks="the target app refuses, or misreads as its own, a request carrying an x- name it does not know (one a later revision defines)")
rule("decode-reserved-case", "decode", "hardening",
     "Reserved names are compared case-sensitively: X-Success is an action parameter (or dropped), never a callback.",
     fields=["parameter-order", "x-source", "x-success", "x-error", "x-cancel"])
rule("decode-reserved-lookalike", "decode", "hardening",
     "A name that only resembles x-success (a space, '_', no dash, a NUL) is an action parameter or dropped, never a callback.",
     fields=["parameter-order", "x-success"])
rule("decode-name-escapes", "decode", "should",
     "A name is decoded once before it is matched (x%2Dsource is x-source); the spec asks only values to be encoded.",
     fields=["parameter-order", "x-source", "x-success", "x-error", "x-cancel"])
rule("decode-query-escapes", "decode", "must",
     "Every percent-escape in a query name or value decodes once to the octet it encodes (RFC 3986 section 2.1).",
     fields=["parameter-name", "parameter-value", "x-source", "x-success", "x-error", "x-cancel"])
rule("decode-escaped-nul", "decode", "should",
     "An escaped NUL (%00) in a name or value decodes to U+0000, or a strict parser refuses it.",
     fields=["parameter-name", "parameter-value", "x-source", "x-success", "x-error", "x-cancel", "outcome"],
     breaks="the target app gets the value cut at the NUL ('a'), or loses it, where the sender wrote a%00b")
rule("decode-hex-case", "decode", "must",
     "Hex digits of an escape are case-insensitive: %2f is %2F.",
     fields=["parameter-name", "parameter-value", "x-source", "x-success", "x-error", "x-cancel"])
rule("decode-utf8", "decode", "should",
     "Escaped octets of a name or value decode as UTF-8 (RFC 3986 section 2.5), never normalised.",
     fields=["parameter-name", "parameter-value", "x-source", "x-success", "x-error", "x-cancel"])
rule("decode-never-latin1", "decode", "should",
     "Escapes that are not UTF-8 are refused, replaced by U+FFFD or kept as written, never read as Latin-1.",
     fields=["parameter-name", "parameter-value", "x-source", "x-success", "x-error", "x-cancel", "outcome"])
rule("decode-once", "decode", "must",
     "Nothing is decoded twice: %2541 is the text %41, in a value, a name, the action or the fragment (RFC 3986 section 2.4).",
     fields=["action", "parameter-name", "parameter-value", "x-source", "x-success", "x-error", "x-cancel", "fragment"])
rule("decode-split-before-decoding", "decode", "must",
     "A URL is split at its delimiters before decoding, so an encoded '&', '=', '?' or '#' is data, never a delimiter.",
     fields=["action", "parameter-name", "parameter-value", "parameter-order", "x-source", "x-success", "x-error",
             "x-cancel", "fragment"])
rule("decode-raw-query-data", "decode", "must",
     "':', '/', '?', '@', ';' and the other characters RFC 3986 allows in a query are data in a value, as written.",
     fields=["parameter-value", "x-source", "x-success", "x-error", "x-cancel"])
rule("decode-first-equals", "decode", "must",
     "Only the first '=' of a piece splits its name from its value.",
     fields=["parameter-name", "parameter-value", "x-source", "x-success", "x-error", "x-cancel"])
rule("decode-empty-value", "decode", "must",
     "'name=' is the name with the empty value: present, not a flag and not absent.",
     fields=["parameter-value", "parameter-order"])
rule("decode-empty-name", "decode", "should",
     "A piece with an empty name ('=v', '=', '==') is kept with the empty name.",
     fields=["parameter-name", "parameter-order"],
     breaks="the target app loses the value the sender wrote under an empty name ('=v')")
rule("decode-empty-pieces", "decode", "should",
     "Empty pieces ('&&', a leading or trailing '&') add no parameter.",
     fields=["parameter-order"],
     breaks="an app that passes on or counts its parameters gets an empty-named one the sender never wrote")
rule("decode-empty-query", "decode", "must",
     "A bare '?' is an empty query with no parameter.",
     fields=["parameter-order"])
rule("decode-fragment", "decode", "must",
     "'#' ends the query: what follows is the fragment, one string, never parameters.",
     fields=["parameter-value", "parameter-order", "x-source", "x-success", "x-error", "x-cancel", "fragment"])
rule("decode-fragment-decoded", "decode", "should",
     "The fragment is percent-decoded once (#a%20b is 'a b'); the spec does not mention the fragment.",
     fields=["fragment"],
     breaks="the target app gets the fragment as written ('a%20b'), not what a sender that encodes it meant")
rule("decode-empty-fragment", "decode", "should",
     "A bare '#' is an empty fragment, not a missing one (RFC 3986 section 6.2.3 keeps an empty component's delimiter).",
     fields=["fragment"])
rule("decode-unencoded-callback", "decode", "must",
     "A callback written unencoded is split like any query: its '&' ends the value, its '#' starts the fragment.",
     fields=["parameter-order", "x-success", "x-error", "x-cancel", "fragment"])
rule("decode-nested", "decode", "must",
     "A nested callback is a value like any other: x-success is the inner URL exactly, still encoded inside.",
     fields=["parameter-value", "x-success", "x-error", "x-cancel"])
rule("decode-raw-control", "decode", "hardening",
     "A raw control character (U+0000-U+001F, U+007F) after the authority is refused: it is no URI character.",
     fields=["action", "parameter-name", "parameter-value", "x-source", "x-success", "x-error", "x-cancel", "outcome"])
rule("decode-raw-outside-uri", "decode", "should",
     "A raw character RFC 3986 does not allow (space, brackets, braces, non-ASCII) is kept as written or refused.",
     fields=["action", "parameter-name", "parameter-value", "x-source", "x-success", "x-error", "x-cancel", "fragment",
             "outcome"],
     breaks="the target app gets another value than the raw text the sender wrote: the character dropped, escaped, or the value cut there")
rule("decode-raw-invalid-utf8", "decode", "hardening",
     "Raw input bytes that are not UTF-8 are refused, never read as Latin-1.",
     fields=["parameter-value", "outcome"])
rule("decode-long", "decode", "should",
     "Long inputs (64 KB and 1 MB actions, names, values, fragments and escapes; 2000 parameters) are read whole.",
     fields=["action", "parameter-name", "parameter-value", "parameter-order", "x-source", "x-success", "x-error", "x-cancel",
             "fragment", "outcome"],
     breaks="the target app gets a long value or action cut short, loses parameters, or refuses a request another app sent")
rule("decode-request-id", "decode", "should",
     "A library's own names (requestID, __middleman_..., error-Code) in a request from another app are action parameters.",
     fields=["parameter-order"],
     breaks="the target app loses a parameter the sending app gave (requestID, error-Code) or takes it for its own")
rule("decode-choice-combination", "decode", "should",
     "An input that touches two choice points is read by any combination of their values.",
     fields=["action", "parameter-value", "parameter-order"],
     breaks="the target app misreads a documented real-world request")
rule("decode-plus", "decode", "implementation-defined",
     "'+' in a query name or value is a literal plus or a space, as declared (choice point plus).",
     fields=["parameter-name", "parameter-value", "x-source", "x-success", "x-error", "x-cancel"])
rule("decode-invalid-escape", "decode", "implementation-defined",
     "A '%' without two hex digits is refused or kept as written, as declared (choice point invalid-escape).",
     fields=["action", "parameter-name", "parameter-value", "x-source", "x-success", "x-error", "x-cancel", "fragment",
             "outcome"])
rule("decode-non-utf8", "decode", "implementation-defined",
     "Escapes that are not UTF-8 are refused, replaced or kept, as declared (choice point non-utf8-escape).",
     fields=["action", "parameter-name", "parameter-value", "x-source", "x-success", "x-error", "x-cancel", "fragment",
             "outcome"],
     breaks="a target that empties the field, reads it as Latin-1 or leaves its valid escapes undecoded acts on text "
            "the sender never wrote")
rule("decode-flag", "decode", "implementation-defined",
     "A key without '=' is a flag, an empty value or dropped, as declared (choice point flag-parameter).",
     fields=["parameter-value", "parameter-order", "x-source", "x-success", "x-error", "x-cancel"])
rule("decode-duplicates", "decode", "implementation-defined",
     "A repeated action parameter is kept, or its first or last kept, as declared (choice point duplicate-parameter).",
     fields=["parameter-value", "parameter-order"])
rule("decode-duplicate-reserved", "decode", "implementation-defined",
     "A repeated reserved parameter is refused, or its first or last taken, as declared (choice point duplicate-reserved).",
     fields=["parameter-order", "x-source", "x-success", "x-error", "x-cancel", "outcome"])
rule("decode-order", "decode", "implementation-defined",
     "Parameter order is kept, unless the target declares it unordered (choice point parameter-order).",
     fields=["parameter-order"])

# MARK: - build-request: the URL a source app opens

rule("build-request-structure", "build-request", "must",
     "A request built from its parts parses back to the same action, reserved values and parameters.",
     fields=["action", "parameter-name", "parameter-value", "parameter-order", "x-source", "x-success", "x-error",
             "x-cancel"])
rule("build-request-values", "build-request", "must",
     "Every printable character of a name or value parses back as itself.",
     fields=["parameter-name", "parameter-value", "x-source", "x-success", "x-error", "x-cancel"])
rule("build-request-delimiters", "build-request", "must",
     "'&' and '#' in a name or value are escaped, so the query is not split or cut there.",
     fields=["parameter-name", "parameter-value", "parameter-order", "x-source", "x-success", "x-error", "x-cancel",
             "fragment", "encoding"])
rule("build-request-percent", "build-request", "must",
     "'%' in a name or value is written %25, so '%41' stays the text %41 after the receiver's one decode.",
     fields=["parameter-name", "parameter-value", "x-source", "x-success", "x-error", "x-cancel", "encoding"])
rule("build-request-controls", "build-request", "must",
     "A control character in a name or value is escaped, never written raw.",
     fields=["parameter-name", "parameter-value", "x-source", "x-success", "x-error", "x-cancel", "encoding"])
rule("build-request-form-chars", "build-request", "should",
     "'+', '=' and space in a name or value are escaped (%2B, %3D, %20): receivers disagree on a raw '+'.",
     fields=["parameter-name", "parameter-value", "x-source", "x-success", "x-error", "x-cancel", "encoding"],
     breaks="a receiver that reads '+' as a literal plus (RFC 3986; Foundation's URLComponents) gets 'a+b' for a "
            "space written '+', and one that reads it as a space gets 'a b' for a '+' left raw")
rule("build-request-non-ascii", "build-request", "should",
     "Non-ASCII text is written as UTF-8 escapes (RFC 3986 section 2.5).",
     fields=["action", "parameter-name", "parameter-value", "x-source", "x-success", "x-error", "x-cancel", "outcome",
             "encoding"])
rule("build-request-nested", "build-request", "should",
     "A callback URL given as a value is encoded so that it parses back exactly, however deep it nests.",
     fields=["parameter-value", "x-source", "x-success", "x-error", "x-cancel"],
     breaks="the target app gets a callback URL that parses back otherwise, so the source app's callback is lost or changed")
rule("build-request-action", "build-request", "must",
     "The action is written so it parses back whole, or refused: '?', '#', '%', space and controls escaped, '/' kept.",
     fields=["action", "outcome", "encoding"])
rule("build-request-action-escape-text", "build-request", "should",
     "An action's text '%41' is written %2541, for receivers that decode the action (which the spec does not ask).",
     fields=["action", "outcome", "encoding"],
     breaks="a target app that decodes the action gets 'aAb', not the 'a%41b' the caller named")
rule("build-request-action-leading-slash", "build-request", "should",
     "The action '/open' is kept whole, so it parses back as '/open', or refused.",
     fields=["action", "outcome"],
     breaks="the target app gets another action than the '/open' the caller named")
rule("build-request-trailing-slash", "build-request", "should",
     "The action 'open/' keeps its trailing '/'.",
     fields=["action"],
     breaks="the target app gets the action 'open', not the documented 'open/' (Chrome's)")
rule("build-request-action-version", "build-request", "should",
     "A pre-R1 versioned action (1.0/lookup) is built whole.",
     fields=["action"],
     breaks="the target app gets another action than the '1.0/lookup' the caller named")
rule("build-request-empty-action", "build-request", "hardening",
     "A request with an empty action is refused.",
     fields=["action", "outcome"])
rule("build-request-invalid-scheme", "build-request", "hardening",
     "A scheme that is not RFC 3986 syntax (empty, a digit first, a space, a ':'), a developer's constant, is refused.",
     fields=["scheme", "outcome"])
rule("build-request-scheme-lowercase", "build-request", "should",
     "The scheme is written lowercased (RFC 3986 section 3.1).",
     fields=["scheme"])
rule("build-request-flag", "build-request", "should",
     "A parameter without a value is written as its bare name.",
     fields=["parameter-value", "parameter-order"],
     breaks="the target app gets the flag with a value ('done=') or misses it, not the bare name it was given")
rule("build-request-empty-name", "build-request", "should",
     "A parameter with an empty name is written '=v' or refused.",
     fields=["parameter-name", "parameter-order", "outcome"],
     breaks="the target app loses the value given under an empty name, or gets it under another name")
rule("build-request-duplicates", "build-request", "should",
     "Repeated parameters are all written, in order.",
     fields=["parameter-order"],
     breaks="the target app misses a repeated parameter, or gets them in another order")
rule("build-request-order", "build-request", "implementation-defined",
     "Parameters are written in the order given, unless the target declares them unordered.",
     fields=["parameter-order"])
rule("build-request-refuse-reserved-names", "build-request", "should",
     "An action parameter named x-success or x-source is refused, or written so that it reads back as that reserved value.",
     fields=["parameter-name", "outcome"])
rule("build-request-refuse-x-prefix", "build-request", "hardening",
     "An action parameter with the reserved x- prefix (x-foo, x-) is refused.",
     fields=["parameter-name", "outcome"])
rule("build-request-x-lookalikes", "build-request", "should",
     "Names outside the reserved x- prefix (X-Success, xx-foo, x) are built like any other.",
     fields=["parameter-name", "parameter-order", "outcome"],
     breaks="the target app misses an action parameter the caller gave (X-Success, xx-foo), or the build is refused")
rule("build-request-long", "build-request", "should",
     "A 65536-character action, name or value is built whole.",
     fields=["action", "parameter-name", "parameter-value", "x-source", "x-success", "x-error", "x-cancel", "outcome"],
     breaks="the target app gets a long action, name or value cut short, or the build is refused")
rule("build-request-hex-case", "build-request", "should",
     "Escapes use uppercase hex digits (RFC 3986 section 2.1).",
     fields=["encoding"])
rule("build-request-unreserved-raw", "build-request", "should",
     "No unreserved character (letters, digits, '-', '.', '_', '~') is percent-encoded, in any field (RFC 3986 section 2.3).",
     fields=["encoding"])

# MARK: - build-callback: the URL a target app opens when it returns

rule("build-callback-append", "build-callback", "must",
     "Result parameters (x-source first) are appended with one '?' or '&', the callback otherwise kept.",
     fields=["separator", "appended"])
rule("build-callback-kept", "build-callback", "must",
     "The callback the source app wrote is kept: its scheme, path, query names and values and fragment read as before.",
     fields=["callback-scheme", "callback-path", "callback-query", "callback-fragment"])
rule("build-callback-name-collision", "build-callback", "hardening",
     "An appended name the callback's query already holds (word, errorCode) is appended after it; the old one is kept.",
     fields=["callback-query", "appended", "errorCode"])
rule("build-callback-query-bytes", "build-callback", "should",
     "The callback's own path, query and fragment are kept byte for byte: nothing escaped, no escape decoded (RFC 3986 2.2).",
     fields=["callback-path", "callback-query", "callback-fragment"],
     breaks="a source app that reads its own callback's path, query or fragment as written, as RFC 3986 allows, gets other bytes than it wrote")
rule("build-callback-unchanged", "build-callback", "should",
     "No delimiter is added or dropped: nothing to add adds no '?' or '&', and an empty fragment keeps its '#'.",
     fields=["callback-fragment", "separator"],
     breaks="a source app that matches the URL it wrote gets another one: an empty query or fragment is not none "
            "(RFC 3986 section 6.2.3)")
rule("build-callback-before-fragment", "build-callback", "must",
     "Appended parameters go before the callback's '#': after it they would be fragment, never seen as query.",
     fields=["callback-fragment", "appended"])
rule("build-callback-join-empty-query", "build-callback", "should",
     "A callback ending in '?' or '&' takes no second separator.",
     fields=["separator"],
     breaks="the source app gets an empty piece ('&&') or a name that starts with '?' ('?word') beside the result it was sent")
rule("build-callback-raw-query", "build-callback", "should",
     "A raw space in the callback's own query is kept or written %20, never '+'; the rest is kept.",
     fields=["callback-query"],
     breaks="a source app that reads its query as RFC 3986 says gets 'a+b', not the 'a b' it wrote")
rule("build-callback-error", "build-callback", "must",
     "An error callback carries errorCode and errorMessage, in that spelling and order, with the values given.",
     fields=["appended", "errorCode", "errorMessage"])
rule("build-callback-error-code-text", "build-callback", "should",
     "A non-numeric errorCode is written as given.",
     fields=["errorCode"],
     breaks="the source app gets another errorCode than the target sent")
rule("build-callback-error-extra", "build-callback", "should",
     "An error callback passes on the other parameters given, after errorCode and errorMessage.",
     fields=["appended"],
     breaks="the source app misses a parameter the target passed with its error callback")
rule("build-callback-cancel-parameters", "build-callback", "should",
     "A cancel callback appends x-source and parameters like success does.",
     fields=["appended"],
     breaks="the source app misses x-source or a parameter the target passed with its cancel callback")
rule("build-callback-values", "build-callback", "must",
     "Every printable character of an appended value parses back as itself.",
     fields=["appended", "errorCode", "errorMessage"])
rule("build-callback-delimiters", "build-callback", "must",
     "'&' and '#' in an appended value are escaped, so the callback's query is not split or cut there.",
     fields=["callback-fragment", "appended", "errorCode", "errorMessage", "encoding"])
rule("build-callback-percent", "build-callback", "must",
     "'%' in an appended value is written %25, so '%41' stays the text %41.",
     fields=["appended", "errorCode", "errorMessage", "encoding"])
rule("build-callback-controls", "build-callback", "must",
     "A control character in an appended value is escaped, never written raw.",
     fields=["appended", "errorCode", "errorMessage", "encoding"])
rule("build-callback-form-chars", "build-callback", "should",
     "'+', '=' and space in an appended value are escaped (%2B, %3D, %20), never '+' for a space.",
     fields=["appended", "errorCode", "errorMessage", "encoding"])
rule("build-callback-non-ascii", "build-callback", "should",
     "Non-ASCII text in an appended value is written as UTF-8 escapes.",
     fields=["appended", "errorCode", "errorMessage", "encoding"])
rule("build-callback-nested", "build-callback", "should",
     "A result value that is itself a callback URL is encoded like any value.",
     fields=["appended"],
     breaks="the source app gets a result URL that parses back otherwise")
rule("build-callback-flag", "build-callback", "should",
     "A result parameter with a null value is written as its bare name.",
     fields=["appended"],
     breaks="the source app gets the flag with a value ('done=') or misses it, not the bare name it was given")
rule("build-callback-duplicates", "build-callback", "should",
     "Repeated result parameters are all appended, in order.",
     fields=["appended"],
     breaks="the source app misses a repeated result, or gets them in another order")
rule("build-callback-order", "build-callback", "implementation-defined",
     "Result parameters are appended in the order given, unless the target declares them unordered.",
     fields=["appended"])
rule("build-callback-request-id", "build-callback", "should",
     "An implementation's request id is appended like any other result parameter.",
     fields=["appended"],
     breaks="the source app misses the request id it matches its callbacks by")
rule("build-callback-invalid", "build-callback", "hardening",
     "A callback without a valid scheme (relative, empty, a digit first) is refused.",
     fields=["outcome", "callback-scheme"])
rule("build-callback-hex-case", "build-callback", "should",
     "Escapes in appended values use uppercase hex digits (RFC 3986 section 2.1).",
     fields=["encoding"])
rule("build-callback-unreserved-raw", "build-callback", "should",
     "No unreserved character is percent-encoded in anything appended: x-source, errorCode, errorMessage, names, values.",
     fields=["encoding"])
rule("build-callback-unsafe-scheme", "build-callback", "hardening",
     "A javascript:, data:, file: or vbscript: callback, or one disguised as such, is never opened.",
     fields=["outcome", "callback-scheme"])
rule("build-callback-other-schemes", "build-callback", "hardening",
     "A blob:, about: or intent: callback is opened or refused; the spec names no unsafe scheme.",
     fields=["outcome", "callback-scheme"])
rule("build-callback-safe-scheme", "build-callback", "should",
     "An http:, https: or ordinary callback is opened: only unsafe schemes are refused.",
     fields=["outcome", "callback-scheme"],
     breaks="the source app never gets its ordinary (http:, https:, app) callback opened")
