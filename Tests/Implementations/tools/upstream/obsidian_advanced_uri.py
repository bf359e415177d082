"""What Vinzent03/obsidian-advanced-uri's author is told (rows/obsidian_advanced_uri.py: its call sites and its builder)."""
from upstream import deliberate, issue, searched, thread
from upstream.shared import ACTIONS_URI_11, shared

REPO = "https://github.com/Vinzent03/obsidian-advanced-uri"

LIBRARY = {
    "name": "Vinzent03/obsidian-advanced-uri",
    "tracker": REPO + "/issues",
    "search": searched(
        ["Vinzent03 obsidian-advanced-uri x-success callback parameters", "obsidian advanced uri x-error errorCode "
         "missing callback"],
        related=[thread(REPO + "/issues/30", "closed", "x-success and x-error support requested; added in 5bda636"),
                 thread(REPO + "/issues/77", "closed", "feature request: pass additional context in the URL"),
                 thread(REPO + "/issues/83", "closed", "links stopped working after a change to the vault parameter's "
                                                       "encoding"),
                 thread(REPO + "/issues/132", "closed", "commands not running; double encoding suggested")]),
}

HEADLINE = "no-errorCode"

CAUSES = {
    "no-errorCode": issue(
        "x-error callbacks carry no `errorCode` (and most carry no `errorMessage` either)",
        "Open x-error with at least `errorCode` and `errorMessage`, as the spec says, on every failure: a source "
        "app such as Shortcuts reads `errorCode` to tell an error from a success. The `adv-uri` route's handlers "
        "call `failure(parameters)` with nothing, and the `hook-get-advanced-uri` route's one failure sends only "
        "`errorMessage=No file opened`.",
        ["xcu-x-error"],
        "Give `failure()` an error code and message at every call site (`src/handlers.ts`, `src/main.ts`), and "
        "have `failure()` always set both; Actions URI made the same change for its issue 12.",
        search=searched(["obsidian advanced uri x-error errorCode missing callback",
                         "advanced-uri hook-get-advanced-uri No file opened x-error errorCode"],
                        related=[thread("https://github.com/czottmann/obsidian-actions-uri/issues/12", "closed",
                                        "the sibling plugin added errorCode and errorMessage to its x-error calls, "
                                        "citing the same sentence of the spec")])),
    "callback-query-reserialised": issue(
        "Appending results with `url.searchParams.set` rewrites the callback's own query (`%20` becomes `+`, a "
        "same-named parameter is replaced)",
        "Open the x-success/x-error URL the source app wrote with the results appended: its own query belongs to "
        "the source app, and `URLSearchParams` re-serialises all of it as a form (spaces as `+`, `:` as `%3A`) and "
        "replaces a parameter of the same name.",
        ["xcu-x-success", "xcu-x-error", "silent-callback-append"],
        "Build the appended part yourself (`encodeURIComponent(name) + \"=\" + encodeURIComponent(value)`) and join "
        "it to the callback string with `?` or `&` before its `#`, instead of `url.searchParams.set`.",
        search=searched(["advanced uri x-success callback url query parameters changed searchParams plus encoded "
                         "spaces", "URLSearchParams set overwrites existing query parameter of callback url "
                         "x-success errorCode"])),
    "space-written-as-plus": issue(
        "Spaces in appended results are written `+`, which Foundation-based source apps read as a literal plus",
        "Write a space as `%20` in what is appended to a callback: Shortcuts and apps built on Foundation keep a "
        "`+` as a plus.",
        ["xcu-values-encoded", "silent-plus", "whatwg-urlencoded"],
        "Encode appended values with `encodeURIComponent` (as the fix for the query above does), or replace `+` "
        "with `%20` afterwards as Actions URI did for its issue 11.",
        file=True,
        search=searched(["advanced uri x-success callback url query parameters changed searchParams plus encoded "
                         "spaces"],
                        related=[ACTIONS_URI_11])),
    "callback-decoded-again": issue(
        "The `advanced-uri` and `hook-get-advanced-uri` routes decode x-success and x-error a second time",
        "Open the callback the source app sent: Obsidian has already decoded the parameters once, so the extra "
        "`decodeURIComponent` in `decodeParameterValues` turns the callback's own `%26` into `&` (its query gains a "
        "parameter), `%23` into `#` (the rest becomes fragment) and `%3D` in a name into `=`, and a `%` that is data "
        "throws URIError. RFC 3986 says a string must not be decoded more than once.",
        ["rfc3986-2.4", "xcu-x-success", "xcu-x-error"],
        "Leave `x-success`, `x-error` and `x-cancel` out of `decodeParameterValues` (they are URLs, already "
        "decoded once by Obsidian), or decode only the parameters the legacy encoding concerns.",
        design=deliberate("The legacy route exists for URIs \"which needed each value to be encoded twice\" "
                          "(`src/main.ts:249`), and the docs say double encoding is no longer needed; the Hook route "
                          "decodes the same way (`src/main.ts:266`).",
                          "Was the second decode meant to reach x-success and x-error, whose source apps encode "
                          "them once, as the spec and the `adv-uri` route expect?"),
        search=searched(["obsidian advanced uri x-success decoded twice decodeURIComponent callback url"],
                        related=[thread(REPO + "/issues/84", "closed", "ObsidianProtocolData is already decoded; "
                                        "the plugin's second decode throws URIError on a `%`"),
                                 thread(REPO + "/issues/51", "closed", "URIError on `100%`: the second decode"),
                                 thread(REPO + "/issues/63", "closed", "URIError on `%25` in data: the second decode"),
                                 thread(REPO + "/issues/16", "closed", "double-encoded URIs: `encodeURIComponent` and "
                                        "`encodeURI` both needed")])),
    "tilde-escaped": shared(
        "tilde-escaped",
        title="Results appended with `url.searchParams.set` write `~` as `%7E`",
        fix="Build the appended part with `encodeURIComponent` (which leaves `~` alone), as the fix for the "
            "re-serialised query above does."),
    "any-scheme-opened": shared("unsafe-callback-opened"),
}
