"""What czottmann/obsidian-actions-uri's author is told (rows/obsidian_actions_uri.py holds the causes)."""
from upstream import deliberate, issue, searched, thread
from upstream.shared import shared

REPO = "https://github.com/czottmann/obsidian-actions-uri"

LIBRARY = {
    "name": "czottmann/obsidian-actions-uri",
    "tracker": REPO + "/issues",
    "search": searched(
        ["obsidian actions uri x-success callback plus sign replaced %20 callback url used as-is",
         "Vinzent03 obsidian-advanced-uri x-success callback parameters (returned Actions URI threads)"],
        related=[thread(REPO + "/issues/7", "closed", "call-id removed from the default parameters"),
                 thread(REPO + "/issues/11", "closed", "callback spaces sent as '%20' instead of '+' (the change "
                                                       "behind the replace in `sendUrlCallback`)"),
                 thread(REPO + "/issues/12", "closed", "x-error gets errorCode and errorMessage"),
                 thread(REPO + "/issues/84", "closed", "x-success and x-error optional for /command/execute"),
                 thread(REPO + "/issues/89", "closed", "Shortcuts' run-shortcut ignores the result parameters"),
                 thread(REPO + "/issues/94", "open", "question: calling the API from node.js"),
                 thread(REPO + "/issues/96", "closed", "a URI working on Windows but not iOS")]),
}

HEADLINE = "plus-replaced-in-whole-url"

CAUSES = {
    "plus-replaced-in-whole-url": issue(
        "The `+` → `%20` replacement runs over the whole callback URL: `c++://` becomes `c%20%20://`, `q=a+b` "
        "becomes `q=a%20b`",
        "Replace `+` only in the parameters Actions URI appends, and leave the callback the source app wrote as "
        "it is, as `docs/callbacks.md` promises (\"those will be used as-is\").",
        ["xcu-x-success", "rfc3986-3.1-syntax", "silent-callback-append"],
        "Serialise the appended parameters on their own (`URLSearchParams(...).toString().replace(/\\+/g, "
        "\"%20\")`) and join them to the untouched callback string, instead of running the replace over "
        "`url.toString()`.",
        design=deliberate("The replace is the fix for issue 11 (commit 781f635, 2022-10-22, CHANGELOG \"Changes "
                          "spaces in callback URLs from plus-sign- to percent-encoding (#11)\"); `docs/callbacks.md` "
                          "says the callback's own path and parameters \"will be used as-is\".",
                          "Issue 11 meant the appended values; was the callback's own `+` (in its query, its "
                          "fragment or its scheme) meant to be rewritten too?"),
        search=searched(["obsidian actions uri x-success callback plus sign replaced %20 callback url used as-is"],
                        related=[thread(REPO + "/issues/11", "closed",
                                        "the request behind the replace: appended spaces as '%20', not '+'")])),
    "callback-query-reserialised": issue(
        "`URLSearchParams.set` replaces the callback's own same-named parameters and rewrites its query",
        "Keep the query the source app wrote and append errorCode, errorMessage and results after it: an x-error of "
        "`failed?errorCode=old` loses the source app's own `errorCode=old`, and `next=a:b` becomes `next=a%3Ab`; "
        "`docs/callbacks.md` says its parameters \"will be used as-is\".",
        ["xcu-x-error", "xcu-x-success", "silent-callback-append"],
        "Append `&name=value` pairs to the callback string (before its `#`) instead of `url.searchParams.set`.",
        search=searched(["URLSearchParams set overwrites existing query parameter of callback url x-success "
                         "errorCode", "obsidian actions uri x-error errorCode existing parameter replaced callback url "
                         "searchParams"])),
    "tilde-escaped": shared(
        "tilde-escaped",
        title="errorMessage and results are written with `~` as `%7E`",
        fix="Serialise the appended pairs with `encodeURIComponent`, which leaves `~` alone, and join them to the "
            "callback string."),
    "any-scheme-opened": shared("unsafe-callback-opened"),
}
