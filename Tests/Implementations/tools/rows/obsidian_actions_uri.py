"""The audit of czottmann/obsidian-actions-uri (TypeScript, row obsidian-actions-uri): `sendUrlCallback` as the plugin's
dispatcher calls it. Paths are in the plugin at the pinned commit (plugin version 1.9.0); re-checked at 3652299.
"""
import re

from audit_rules import accepted, all_of, any_of, behaviour, cause, detail, op, tagged, vector_rule
from rows.shared import shared

CALLBACKS = "src/utils/callbacks.ts"


def plus_replaced(r):
    """The built URL starts with the callback, or ends with its fragment, once every '+' of it is read as '%20'."""
    found = re.search(r"built callback (\S+) does not start with the callback URL (\S+) byte for byte", r.get("detail", ""))
    if found:
        return "+" in found.group(2) and found.group(1).startswith(found.group(2).replace("+", "%20"))
    fragment = re.search(r"does not end with the callback's fragment (\S+) \(got (\S+)\)", r.get("detail", ""))
    return bool(fragment) and "+" in fragment.group(1) and fragment.group(2) == fragment.group(1).replace("+", "%20")


OBSIDIAN_ACTIONS_URI = {
    "key": "obsidian-actions-uri",
    "folder": "other-libraries",
    "title": "czottmann/obsidian-actions-uri",
    "implementation": "czottmann/obsidian-actions-uri",
    "repository": "https://github.com/czottmann/obsidian-actions-uri",
    "commit": "36522995697f5e540c79d77a7b5a6237b176c7ab",
    "entryPoints": "sendUrlCallback(callback, handlerResult, params) (src/utils/callbacks.ts:26-59), called as the "
                   "plugin's route dispatcher calls it after a handler has run (src/main.ts:226-243), on the plugin's "
                   "own transpiled modules, with the handler result made by the plugin's success(result) / "
                   "failure(code, message) (src/utils/results-handling.ts) and params {x-success | x-error}. "
                   "build-callback only: Obsidian, not the plugin, parses URLs.",
    "calls": """
Obsidian (closed source) receives `obsidian://actions-uri/…`, parses it and hands the plugin decoded parameters,
which the plugin validates with zod schemas (`src/schemata.ts:8-23`; x-success and x-error must pass zod's
`url()`, a `new URL()` check). The plugin parses no URL and builds no request, so parse and build-request are not
offered (skipped).

After a route handler has run, the dispatcher (`src/main.ts:226-243`) calls `sendUrlCallback(callback,
handlerResult, params)` (`src/utils/callbacks.ts:26-59`). The adapter (`other-libraries/obsidian/adapter.cjs
actions-uri`) calls it the same way on the plugin's own transpiled modules: `params` is
`{"x-success" | "x-error": callback}` (no `debug-mode`, no `x-source`), and the handler result comes from the
plugin's own `success(result)` / `failure(code, message)` (`src/utils/results-handling.ts`).
""",
    "sections": [("What it can express, and so what is skipped", """
- A result key K is appended as `result-<kebab-case K>`, in sorted key order, one value per name
  (`src/utils/callbacks.ts:71-93`). A vector parameter named `result-text` is the result key `text`; any other
  name cannot be produced and the vector is skipped (most success vectors with parameters). A success with
  nothing to add is `success({})`, as `src/routes/command.ts:86` and `src/routes/vault.ts:58` return.
- A failure result is a numeric `ErrorCode` and a message (`src/utils/callbacks.ts:35-39`): error vectors with
  other parameters or a non-numeric errorCode are skipped.
- No x-cancel (the schema knows x-success and x-error), no x-source appended: skipped.
- A callback `new URL()` refuses is `rejected`: the schema refuses such an x-success before a handler runs.
""")],
    "causes": [
        cause("plus-replaced-in-whole-url", [CALLBACKS + ":55"],
              "`url.toString().replace(/\\+/g, \"%20\")` runs over the whole finished URL (issue 11: spaces sent as "
              "`+`), so every `+` the callback held is rewritten too, even when nothing is appended: `done?q=a+b` is "
              "opened as `done?q=a%20b`, the fragment `#top+1` as `#top%201`, and the scheme `c++` as `c%20%20`, "
              "which names another app",
              all_of(op("build-callback"), plus_replaced)),
        cause("callback-query-reserialised", [CALLBACKS + ":37-38"],
              "on error, errorCode and errorMessage are added with `URLSearchParams.set`, which serialises the "
              "callback's whole query again (`failed?next=a:b` gives `next=a%3Ab`) and replaces a parameter of the "
              "same name; a success with results does the same (`:91`) (D16)",
              all_of(op("build-callback"), any_of(detail(r"does not start with the callback URL"),
                                                  # a flag of the callback's own query written `name=`
                                                  detail(r"joins the parameters with =& where '&' was expected")))),
        cause("any-scheme-opened", ["src/schemata.ts:20-21", CALLBACKS + ":31", CALLBACKS + ":108-115"],
              "an x-error (or x-success) is accepted when `new URL` accepts it (zod's `url()` check) and opened with "
              "`window.open` whatever its scheme, `javascript:`, `data:` and `file:` included",
              any_of(all_of(vector_rule("build-callback-unsafe-scheme"), accepted()),
                     all_of(vector_rule("build-callback-invalid"), accepted()))),
        shared("tilde-escaped", [CALLBACKS + ":37-38", CALLBACKS + ":91"],
               "errorCode, errorMessage and results are added with `url.searchParams.set`, which writes each value with "
               "the URL Standard's application/x-www-form-urlencoded serializer: only ASCII letters, digits and `*-._` "
               "stay as they are, so `~` is written `%7E`, an unreserved character RFC 3986 §2.3 says producers should "
               "not escape (the same value once decoded)"),
    ],
    "behaviours": [
        behaviour("D3, issue 11", "spaces are sent as `%20`, never `+`: `url.toString().replace(/\\+/g, \"%20\")` over "
                  "the whole finished URL (`src/utils/callbacks.ts:55`)", ["XCU-687T"], "pass"),
        behaviour("-", "the same replace rewrites every `+` already in the callback, even when nothing is appended: "
                  "`done?q=a+b` is opened as `done?q=a%20b`, the scheme `c++` as `c%20%20` (cause "
                  "plus-replaced-in-whole-url)", ["XCU-RW3Q", "XCU-T8VE"], "fail"),
        behaviour("D16", "errorCode and errorMessage are added with `URLSearchParams.set`, which serialises the "
                  "callback's whole query again and replaces a same-named parameter (`src/utils/callbacks.ts:37-38`; "
                  "cause callback-query-reserialised); vectors whose query holds nothing it rewrites pass",
                  [tagged("D16", "build-callback")], None),
        behaviour("D17", "parameters go before the callback's fragment (URL-based); XCU-WHBR fails on the `+` of its "
                  "fragment, rewritten with the rest of the URL (cause plus-replaced-in-whole-url), not on where the "
                  "parameters go", [tagged("D17", "build-callback")], None),
        behaviour("D18", "errorCode and errorMessage, errorCode a number (`ErrorCode` enum); XCU-RSH3 fails because "
                  "`URLSearchParams.set` replaces the callback's own `errorCode=old` (cause callback-query-reserialised)",
                  [tagged("D18", "build-callback")], None),
        behaviour("D19", "`call-id`: the input echo was removed (\"Removes support for call-id parameter (#7)\", "
                  "`CHANGELOG.md:560`); not in the code at the pinned commit", no_vector="not in the pinned code"),
        behaviour("-", "`pv=<plugin version>` is added when the incoming request's x-source matches "
                  "`/actions for obsidian/i` (`src/utils/callbacks.ts:41-43`)",
                  no_vector="it depends on the x-source of the request the plugin received, which a build-callback "
                            "vector does not carry; the adapter sends none, so `pv` is never added and no "
                            "extraParameters are declared"),
        behaviour("-", "with `debug-mode` set, every input parameter except debug-mode, x-success, x-error and "
                  "`_computed` is echoed as `input-<name>` (`src/utils/callbacks.ts:45-53`)",
                  no_vector="opt-in by a request parameter; the adapter does not set it"),
        behaviour("-", "results appended as `result-<kebab-case key>`, in sorted key order, one value per name "
                  "(`src/utils/callbacks.ts:71-93`)",
                  no_vector="the names are the plugin's convention: vectors whose parameters are not named "
                            "`result-<kebab-case>` are answered skipped"),
        behaviour("-", "no x-cancel (`src/schemata.ts:8-23` knows x-success and x-error only), no x-source appended, "
                  "no parameters on an error", [tagged(("callback", "cancel"), "build-callback", ("skipped",))], "skipped"),
        behaviour("issue 89", "Shortcuts' run-shortcut ignores every parameter but `input` and `text`",
                  no_vector="a property of Shortcuts as a receiver, not of the plugin's URL"),
        behaviour("-", "`javascript:`, `data:` and `file:` callbacks are opened (cause any-scheme-opened)",
                  [tagged("unsafe-scheme", "build-callback", ("failed",))], "fail"),
    ],
    "patch": """
- **No patch.** `other-libraries/obsidian/build.cjs` transpiles every `src/**/*.ts`, unchanged, with Debian's
  TypeScript 4.8 (`transpileModule`), as the plugin's esbuild build does. The plugin imports its modules as
  `src/…`; Node finds them through `NODE_PATH`.
- **Stubs** (no npm registry), `other-libraries/obsidian/stubs/`: `window.open` (in the adapter) and `obsidian`'s
  `requestUrl` (which `sendCallbackResult`, `src/utils/callbacks.ts:108-115`, uses for http(s) callbacks) record
  the URL and send nothing; that URL is the answer, and it equals what `sendUrlCallback` returns.
  `TAbstractFile` and every other `obsidian` export, and `filter-obj`'s `excludeKeys` (called only with
  `debug-mode`, `src/utils/callbacks.ts:45-52`), are placeholders that throw if used; the results are strings,
  so the `instanceof TAbstractFile` test (`src/utils/callbacks.ts:83`) is false as it would be in Obsidian.
- **`URL`.** Node 20's WHATWG `URL`/`URLSearchParams` stand in for Obsidian's Electron (Chromium).
""",
}

ROWS = [OBSIDIAN_ACTIONS_URI]
