"""What ozbe/xcallback's author is told, cause by cause (rows/ozbe_xcallback.py: rows ozbe-xcallback and ozbe-xcallback-client)."""
from upstream import deliberate, issue, searched
from upstream.shared import PLUS_SEARCH, shared

MODULE = "`src/x_callback_url.rs`"

LIBRARY = {
    "name": "ozbe/xcallback",
    "tracker": "https://github.com/ozbe/xcallback/issues",
    "search": searched(["ozbe xcallback rust x-callback-url crate"]),
}

HEADLINE = "action-pasted-unescaped"

CAUSES = {
    "host-compared-exactly": shared(
        "host-compared-exactly",
        title="`XCallbackUrl::parse` refuses `X-Callback-URL` and `x%2Dcallback-url`: the host is compared byte for byte",
        should="Accept the host `x-callback-url` in any case: RFC 3986 makes the host case-insensitive. The url "
               "crate keeps an opaque host (an app's own scheme is not special) as written, so the module has to "
               "lowercase it.",
        fix="Compare `url.host_str().map(str::to_ascii_lowercase)` with \"x-callback-url\" in `parse`.",
        search=searched(["ozbe xcallback rust x-callback-url crate",
                         "CallbackURLKit host case-sensitive X-Callback-URL handleOpen"])),
    "action-not-decoded": issue(
        "`XCallbackUrl::parse` hands the action over percent-encoded: `/new%20note` gives `new%20note`",
        "Percent-decode the action once, as the parameters are (`query_pairs` decodes them): the target app "
        "registers `new note`, not its encoded form.",
        ["xcu-action", "rfc3986-2.1", "rfc3986-2.4"],
        "Decode `&url.path()[1..]` with `percent_encoding::percent_decode_str(…).decode_utf8()` and refuse the URL "
        "when it is not UTF-8.",
        search=searched(["x-callback-url action not percent-decoded path rust url crate XCallbackUrl action"])),
    "action-pasted-unescaped": issue(
        "`XCallbackUrl::to_url` pastes the action into a format string unescaped: `what?` is sent as the action `what`",
        "Percent-encode the action when building, so `?`, `#`, `%` and spaces in it stay part of the action the "
        "target receives.",
        ["xcu-action", "rfc3986-2.2", "rfc3986-2.4-percent"],
        "Build the base as `{scheme}://x-callback-url/` and set the action with "
        "`url.path_segments_mut()?.push(&self.action)` (or `set_path` after encoding), instead of `format!`.",
        search=searched(["rust XCallbackUrl to_url format string scheme action not escaped invalid url"])),
    "scheme-unchecked": issue(
        "`to_url` pastes an invalid scheme unchecked; the client then opens the empty string",
        "Refuse an invalid scheme with an error the caller sees, rather than turn the `ParseError` into an empty "
        "URL (`ToString`) that the client hands to `NSWorkspace`.",
        ["rfc3986-3.1-syntax"],
        "Validate the scheme (RFC 3986 syntax) in `XCallbackUrl::new`, and make the client use `to_url()?` instead "
        "of `to_string()`.",
        search=searched(["rust XCallbackUrl to_url format string scheme action not escaped invalid url"])),
    "dot-segments-resolved": issue(
        "`..` segments are resolved away: the action `../../etc/passwd` arrives as `etc/passwd`",
        "Hand the app the action as sent (or refuse dot segments): resolving them changes which action runs.",
        ["xcu-action"],
        "Refuse a URL whose raw path holds `.` or `..` segments before `Url::parse` resolves them."),
    "controls-accepted": issue(
        "Raw tabs, line breaks and other controls are accepted (the url crate strips or encodes them)",
        "Refuse a URL that holds raw control characters: it is not a URI, and stripping them changes names and "
        "values.",
        ["rfc3986-2"],
        "Refuse the input when it holds a byte below 0x20 or 0x7F before calling `Url::parse`."),
    "authority-beyond-host-ignored": shared(
        "only-the-host-is-checked",
        title="`XCallbackUrl::parse` accepts userinfo and a port (`user@x-callback-url`, `evil.example\\@x-callback-url`)",
        fix="Refuse the URL in `parse` when `url.username()`, `url.password()` or `url.port()` is set.",
        file=True),
    "space-written-as-plus": issue(
        "`to_url` writes a space as `+`, which receivers built on Foundation read as a literal plus",
        "Write a space as `%20`: x-callback-url queries are not HTML forms, and Foundation-based receivers (most iOS "
        "and macOS apps) keep `+` as a plus, so `My Note` arrives as `My+Note`.",
        ["xcu-values-encoded", "silent-plus", "whatwg-urlencoded"],
        "After `extend_pairs`, replace every `+` of the serialised query with `%20` (a literal plus is already "
        "`%2B` there), as Actions URI did for its issue 11.",
        file=True,
        search=PLUS_SEARCH),
    "tilde-escaped": shared(
        "tilde-escaped",
        title="`to_url` writes `~` as `%7E` in parameters, x-source and callbacks",
        fix="Serialise the pairs with `percent_encoding::utf8_percent_encode` and a set that leaves RFC 3986's "
            "unreserved characters alone, instead of `query_pairs_mut().extend_pairs`."),
    "x-names-dropped": issue(
        "Is dropping every `x-` parameter at parse intended? `x-foo` and a misspelt `x-Success` never reach the app",
        "Drop only the parameters the module consumes (x-source, x-success, x-error, x-cancel) and pass the rest to "
        "the app, or document the filter.",
        ["xcu-reserved-prefix", "xcu-action-parameters"],
        "In `ActionParams::from_iter`, skip only the four callback parameter names.",
        file=True,
        design=deliberate("`ActionParams::from_iter` skips every name with the `x-` prefix, in " + MODULE + ".",
                          "Should unknown `x-` names reach the app, given that the spec reserves the prefix only "
                          "for names it may define later?")),
    "x-names-built": shared("builder-writes-x-names",
                            fix="Return an error from `ActionParams::push`/`append` for names starting with `x-`."),
    "empty-action-accepted": shared("builder-empty-action", title="An empty action is accepted, at parse and at build",
                                    fix="Return an error from `parse` and `to_url` when the action is empty."),
    "cli-parameters-encoded-again": issue(
        "`callback` encodes its URL-encoded parameters again: `title=My%20Note` is sent as `title=My%2520Note`",
        "Decode each `name=value` argument once, as the README says they are URL-encoded, before `to_url` encodes "
        "it; or document that the arguments are taken as plain text and must not be encoded.",
        ["xcu-values-encoded", "rfc3986-2.4"],
        "In `parse_parameter` (`src/bin/cli.rs`), percent-decode name and value (`percent_encoding::percent_decode_str"
        "(…).decode_utf8()`) before returning the pair.",
        search=searched(["ozbe xcallback callback cli parameters url encoded panic unwrap"], date="2026-11-28")),
    "caller-callbacks-sent-twice": issue(
        "A caller's `x-success=…` (or x-source, x-error, x-cancel) is sent beside the client's own",
        "Refuse, or use, a caller's x-callback parameters: the README invites \"x-callback and action parameters\", "
        "but `execute` always adds its own four, so the target gets each name twice.",
        ["xcu-x-success", "xcu-reserved-prefix"],
        "In `opts_to_url`, move `x-source`/`x-success`/`x-error`/`x-cancel` arguments into `callback_params` (and let "
        "`execute` keep them), or reject them with an error that says the client sets its own.",
        search=searched(["ozbe xcallback callback cli parameters url encoded panic unwrap"], date="2026-11-28")),
    "callback-handler-panics": issue(
        "The `callback://` URL handler panics, and the tool aborts, on a URL that is not one of its callbacks",
        "Ignore a URL that does not parse or names no waiting client, instead of unwrapping: any app or web page can "
        "open `callback://x` and end a running `callback` and the request it waits on.",
        ["xcu-structure", "xcu-host"],
        "In `event_handler_handle_get_url` (`src/macos.rs`), replace the three `unwrap()` calls with early returns "
        "(`let Some(url) = … else { return };`); a panic cannot unwind out of the `extern \"C\"` handler.",
        search=searched(["ozbe xcallback callback cli parameters url encoded panic unwrap"], date="2026-11-28")),
    "adds-own-source-and-callbacks": issue(
        "The client adds its own x-source and all three callbacks to every request",
        "Add only the callbacks the caller waits for, and let the caller name the source.",
        ["xcu-optional", "silent-extra-parameters"],
        "Set x-source and the callbacks in `execute` only when the request has none of its own.",
        design=deliberate("`execute` in `src/macos.rs` replaces them to receive the answer through its own "
                          "`callback://` handler.",
                          "Should a request that names its own callbacks keep them?")),
}
