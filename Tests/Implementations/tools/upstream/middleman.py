"""What ValentinWalter/Middleman's author is told, cause by cause (rows/middleman.py: rows middleman and middleman-run)."""
from upstream import deliberate, issue, searched
from upstream.shared import PLUS_SEARCH, TRAP_SEARCH, shared

LIBRARY = {
    "name": "ValentinWalter/Middleman",
    "tracker": "https://github.com/ValentinWalter/Middleman/issues",
    "search": searched(["Middleman x-callback-url Swift receive ResponseURL",
                        "ValentinWalter Middleman snake case parameter names Input Codable x-callback"]),
}

HEADLINE = "refuses-third-party-requests"

CAUSES = {
    "refuses-third-party-requests": issue(
        "`Middleman.receive(_:)` refuses every request another app sends: it is read as a response to Middleman's own",
        "Hand a URL that carries no Middleman response identifiers to the `Receiver`, as `Receiver.receive(xurl:)` "
        "says (\"Called when app opened by url not sent by Middleman\"): an x-callback-url request from another "
        "app is not a response and needs no request id.",
        ["xcu-structure", "xcu-optional", "silent-request-id"],
        "In `Middleman.receive(_:)`, try `ResponseURL(from:)` only for URLs whose path is "
        "`Middleman.clientResponsePath`, and parse every other URL without requiring "
        "`__middleman_response_type_identifier` and `__middleman_response_id_identifier`.",
        search=searched(["Middleman x-callback-url Swift receive ResponseURL",
                         "Middleman receive url not sent by Middleman __middleman_response_type_identifier"])),
    "action-path-compared-with-slash": issue(
        "A receiving action is never found: `Receiver.receive` compares `act` with the URL's path `/act`",
        "Match an action's `path` (written without a slash, as the README names actions) against the URL's path "
        "without its leading slash.",
        ["xcu-action"],
        "Compare `$0.path` with `xurl.path` after dropping its leading \"/\" in `Receiver+receive.swift`.",
        file=True,
        search=searched(["Middleman Receiver receivingActions action never called path leading slash x-callback-url "
                         "Swift"])),
    "names-snake-cased": issue(
        "Is snake-casing every parameter name intended? `p1` becomes `p`, `a b` and `a&b` become `a_b`",
        "Write a parameter under the name the caller gave, or under one the caller chose through `CodingKeys`: "
        "snake-casing loses digits and merges different names, so the target app receives another parameter.",
        ["xcu-action-parameters", "xcu-query-format"],
        "Use the `Input`'s `CodingKeys` (or an explicit key strategy) for the query names instead of "
        "`label.snakeCased()`, and keep digits when converting.",
        design=deliberate("`Action.queryItems(from:)` names every query item `child.label?.snakeCased()`; "
                          "the README's `OpenNote` example (Bear's `excludeTrashed`) relies on it.",
                          "Snake case fits Bear, but is losing digits (`p1` to `p`) and merging names meant, and "
                          "could `CodingKeys` decide the names?"),
        search=searched(["ValentinWalter Middleman snake case parameter names Input Codable x-callback"])),
    "invalid-scheme-traps": shared(
        "invalid-scheme-traps",
        fix="Validate `App.scheme` (RFC 3986 syntax) in `toXCallbackURL` and throw before setting "
            "`URLComponents.scheme` in `App.urlComponents` and `CallbackURL.url`.",
        search=TRAP_SEARCH),
    "adds-response-id": issue(
        "Every URL carries `__middleman_response_id_identifier`, asked for or not",
        "Add the request id only when the request has callbacks that will come back to Middleman.",
        ["xcu-optional", "silent-request-id", "silent-extra-parameters"],
        "Leave the id out of `CallbackURL.url` when no callback is set.",
        design=deliberate("`CallbackURL.url` appends the id to every URL it builds, so that responses find "
                          "their action.",
                          "Should a one-way request carry the id too?")),
    "raw-plus-written": shared("raw-plus-written", file=True, search=PLUS_SEARCH),
    "builder-writes-x-names": shared("builder-writes-x-names"),
    "builder-empty-action": shared("builder-empty-action"),
    "empty-action-accepted": issue(
        "A URL with no action is accepted",
        "Refuse, or document, a URL whose action is empty.",
        ["xcu-action", "silent-empty-action"],
        "Throw from `CallbackURL(from:)` when the path is empty or `/`."),
    "raw-controls-read-as-data": shared("raw-controls-read-as-data"),
    "whole-query-reencoded-by-foundation": shared("whole-query-reencoded-by-foundation"),
    "non-utf8-value-becomes-nil": issue(
        "A value that is not valid UTF-8 becomes nil, as if the parameter were a flag",
        "Refuse the value, or keep it undecoded, instead of reading it as a missing value.",
        ["rfc3629-3", "silent-non-utf8"],
        "Refuse a URL whose query item has a nil value but a non-empty raw value."),
    "empty-pieces-kept": issue(
        "The empty piece of `&&` or a trailing `&` becomes a parameter with an empty name",
        "Skip empty query pieces.",
        ["xcu-query-format", "silent-empty-name"],
        "Filter out query items whose name and value are both empty."),
    "duplicate-reserved-arbitrary": issue(
        "Which of two `x-success` values wins is arbitrary (parameters are a `Set`)",
        "Decide a repeated reserved parameter the same way every time (refuse it, or keep the first or the last): "
        "with a `Set`, which callback is opened changes from one run to the next.",
        ["xcu-x-success", "silent-duplicates"],
        "Keep the query items in order (an array) and refuse a URL that repeats x-success, x-error or x-cancel.",
        file=True),
    "scheme-reported-as-written": issue(
        "The scheme is reported as written (`TargetApp`), not lowercased",
        "Report the scheme in its canonical lowercase form.",
        ["rfc3986-3.1"],
        "Lowercase the scheme in `CallbackURL(from:)`."),
    "byte-order-mark-dropped": shared("byte-order-mark-dropped"),
}
