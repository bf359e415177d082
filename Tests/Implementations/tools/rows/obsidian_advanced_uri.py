"""The audit of Vinzent03/obsidian-advanced-uri (TypeScript): the plugin's callbacks as its call sites make them (row
obsidian-advanced-uri) and its builder given every field (row obsidian-advanced-uri-builder).

Paths are in the plugin at the pinned commit (plugin version 2.0.0); re-checked at fcd1068.
"""
from audit_rules import all_of, answered, behaviour, cause, detail, expected_rejection, kind, op, tagged

REPOSITORY = "https://github.com/Vinzent03/obsidian-advanced-uri"
COMMIT = "fcd10683c6ee2a6fe24c086468f02a6ca347458f"
APPENDS = ["src/main.ts:470", "src/main.ts:486"]

QUERY_RESERIALISED = cause(
    "callback-query-reserialised", ["src/main.ts:466-472", "src/main.ts:482-488"],
    "adding a parameter with `url.searchParams.set` makes `URLSearchParams` serialise the callback's whole query "
    "again as application/x-www-form-urlencoded: `%20` and a raw space become `+`, `?` becomes `%3F`, `:` `%3A`, `(` "
    "`%28`, and a parameter of the callback's own with the same name is replaced (`done?word=old` gives "
    "`done?word=Hola`). The callback the source app wrote is not kept byte for byte (D16)",
    all_of(op("build-callback"), detail(r"does not start with the callback URL")))
NO_ERROR_CODE = cause(
    "no-errorCode", ["src/main.ts:271-273", "src/main.ts:477-491", "src/handlers.ts:167"],
    "the plugin never sends errorCode: the one failure call that passes options passes only errorMessage "
    "(`src/main.ts:271-273`), every other passes none (`src/handlers.ts:167, 356, 384, 394, 469, 483`; "
    "`src/main.ts:684`), and `failure` appends only what it is given. The spec's x-error is opened \"with at least "
    "the parameters errorCode=code&errorMessage=message\" (D18)",
    # Nothing named errorCode among what was appended (the callback's own errorCode=old, XCU-RSH3, is not appended).
    all_of(op("build-callback"), detail(r'appends \[(?:(?!"errorCode").)*\]; expected \[\["errorCode"')))
SPACE_AS_PLUS = cause(
    "space-written-as-plus", APPENDS,
    "`URLSearchParams` writes a space in an appended value as `+`, which a receiver that reads `+` literally "
    "(Foundation's `queryItems`, the reference) sees as `+` (D3, as Actions URI did before its issue 11)",
    all_of(op("build-callback"), kind("wrong-result"), answered(r"\+")))
ANY_SCHEME = cause(
    "any-scheme-opened", ["src/main.ts:466", "src/main.ts:473", "src/main.ts:482", "src/main.ts:489"],
    "whatever `new URL` accepts is opened with `window.open`: `javascript:`, `data:`, `file:` and `vbscript:` "
    "callbacks, and disguised ones, since `new URL` strips leading controls and spaces and removes tabs and "
    "newlines (`\\tjavascript:` becomes `javascript:`)",
    all_of(op("build-callback"), expected_rejection("unsafe-callback-scheme")))

ENTRY = """
Obsidian (closed source) receives `obsidian://adv-uri?…`, parses it and hands the plugin an object of decoded
parameters. The plugin parses no URL and builds no x-callback-url request, so parse and build-request are not
the plugin's code and are not offered (skipped); they would judge Obsidian.

What the plugin does itself is answer: its handlers call the plugin class's `success(parameters, options?)` and
`failure(parameters, options?)` (`src/main.ts:461-491`), which read `x-success` or `x-error` from the parameters,
parse it with `new URL` (`:466`, `:482`), add each option with `url.searchParams.set` (`:470`, `:486`) and hand
`url.toString()` to `window.open` (`:473`, `:489`). The adapter (`other-libraries/obsidian/adapter.cjs`) loads
the plugin's own modules (transpiled unchanged) and calls those two methods with
`parameters = {"x-success" | "x-error": callback}`:

- `obsidian-advanced-uri`, the app-facing row, passes what the plugin's call sites pass: for a success, the
  vector's parameters as the options record, as `hookSuccess` passes its results (`src/main.ts:449-459`), or
  nothing, as `src/handlers.ts:181` and the other success calls do; for a failure, `{errorMessage}` only, as
  `src/main.ts:271-273` does, the only failure call in the plugin that passes anything (the others,
  `src/handlers.ts:167, 356, 384, 394, 469, 483` and `src/main.ts:684`, pass no options, so those error callbacks
  carry neither errorCode nor message).
- `obsidian-advanced-uri-builder`, the lower layer, gives `failure` errorCode, errorMessage and the parameters,
  which no call site in the plugin does, to show what the builder itself does.

Skipped (answered `skipped` with the reason): x-cancel (the plugin's `Parameters` type, `src/types.ts`, knows
x-success and x-error only), x-source (never appended to a callback), a repeated name or a name without a value
(the options are a record of strings). A callback `new URL()` refuses throws inside the handler and nothing is
opened: `rejected`; an empty callback opens nothing (`if (parameters["x-success"])`): `rejected`.
"""
NOT_OURS = """
- **No patch.** `other-libraries/obsidian/build.cjs` transpiles every `src/**/*.ts` of the plugin, unchanged, one
  file at a time with Debian's TypeScript 4.8 (`transpileModule`: types stripped, nothing checked), as the
  plugin's esbuild build does. One resolution step: `import "./types.ts"` (`src/handlers.ts:18`) is loaded as the
  transpiled `types.js`, as esbuild resolves it.
- **Stubs** (no npm registry here), in `other-libraries/obsidian/stubs/`: `window.open` (in the adapter) records
  the URL the plugin opens and opens nothing; that URL is the answer. Every export of `obsidian`,
  `obsidian-community-lib` and `uuid` is a placeholder class that throws if constructed or called: loading the
  plugin's modules only defines classes, and `success`/`failure` use none of them, so no stub is on the path
  under test and none changes what the plugin's code does.
- **`URL`.** Node 20's WHATWG `URL` and `URLSearchParams` stand in for those of Obsidian's Electron (Chromium);
  both implement the URL Standard, but Chromium's was not run here.
"""

SHARED_BEHAVIOURS = [
    behaviour("D2", "the plugin relies on a raw `+` in its own `canvasviewport` parameter (`++100`, `src/types.ts`)",
              no_vector="that `+` is in a request Obsidian parses and decodes before the plugin sees it; the plugin's "
                        "code never parses a URL"),
    behaviour("D3", "a space in an appended value is written `+` (`URLSearchParams`; cause space-written-as-plus)",
              ["XCU-9YXC", "XCU-GNWU", "XCU-687T", "XCU-HP4E"], "fail"),
    behaviour("D4, issues 51, 84, 151", "URIError on `%` in a value: the legacy `advanced-uri` route and the "
              "`hook-get-advanced-uri` route decode every parameter once more (`src/main.ts:56-66`, `:251`, `:266`), "
              "after Obsidian has",
              no_vector="the value arrives decoded by Obsidian; a URL vector would judge Obsidian's parse, not the "
                        "plugin's. The second decode also reaches x-success and x-error on those two routes (a "
                        "callback's own `%2526` is opened as `%26`); the adapter drives the current `adv-uri` route, "
                        "which does not decode again"),
    behaviour("D16", "the callback's own query re-serialised, and a parameter of the same name replaced, when anything "
              "is appended (cause callback-query-reserialised); the D16 vectors whose query holds nothing "
              "`URLSearchParams` rewrites pass", [tagged("D16", "build-callback")], None),
    behaviour("D17", "parameters go before the callback's fragment (URL-based)", [tagged("D17", "build-callback")], None),
    behaviour("issues 16, 62", "double-encoded `obsidian://adv-uri?…` URIs generated by the plugin (`Tools.generateURI`)",
              no_vector="those are obsidian:// request URLs for Obsidian's own parser, not x-callback-urls; the "
                        "suite's build-request vectors need an x-callback-url host"),
    behaviour("issue 30", "x-success/x-error support (added since); x-cancel is not supported (`src/types.ts` knows "
              "x-success and x-error only)", [tagged(("callback", "cancel"), "build-callback", ("skipped",))], "skipped"),
    behaviour("-", "x-source is never appended to a callback",
              no_vector="vectors that ask for x-source are answered skipped: the plugin has no way to add it"),
    behaviour("-", "the options are a record: one value per name, and JavaScript puts integer-like keys first",
              no_vector="vectors with a repeated name are answered skipped; no build-callback vector has an "
                        "integer-like name"),
    behaviour("-", "`javascript:`, `data:`, `file:` and `vbscript:` callbacks, and disguised ones `new URL` cleans up, "
              "are opened (cause any-scheme-opened)", [tagged("unsafe-scheme", "build-callback", ("failed",))], "fail"),
]

OBSIDIAN_ADVANCED_URI = {
    "key": "obsidian-advanced-uri",
    "folder": "other-libraries",
    "title": "Vinzent03/obsidian-advanced-uri, as its call sites answer",
    "implementation": "Vinzent03/obsidian-advanced-uri",
    "repository": REPOSITORY,
    "commit": COMMIT,
    "entryPoints": "The plugin's own success(parameters, options) and failure(parameters, options) (src/main.ts:461-491), "
                   "called on the transpiled plugin class as its handlers call them: a success with the vector's "
                   "parameters as options (as hookSuccess, src/main.ts:449-459) or none; a failure with {errorMessage} "
                   "only, as the one call site that passes anything (src/main.ts:271-273). build-callback only: "
                   "Obsidian, not the plugin, parses URLs, and the plugin builds no x-callback-url request.",
    "calls": ENTRY,
    "causes": [QUERY_RESERIALISED, NO_ERROR_CODE, SPACE_AS_PLUS, ANY_SCHEME],
    "behaviours": SHARED_BEHAVIOURS + [
        behaviour("D18", "errorMessage only: the plugin never sends errorCode; the only failure call that passes "
                  "anything passes `{errorMessage: \"No file opened\"}` (`src/main.ts:271-273`), every other passes "
                  "nothing, so most error callbacks carry neither (cause no-errorCode)",
                  [tagged("D18", "build-callback", ("failed",))], "fail"),
    ],
    "patch": NOT_OURS,
}

OBSIDIAN_ADVANCED_URI_BUILDER = {
    "key": "obsidian-advanced-uri-builder",
    "folder": "other-libraries",
    "title": "Vinzent03/obsidian-advanced-uri, the builder given every field",
    "implementation": "Vinzent03/obsidian-advanced-uri (builder)",
    "repository": REPOSITORY,
    "commit": COMMIT,
    "entryPoints": "The lower layer of the obsidian-advanced-uri row: the same success/failure (src/main.ts:461-491), "
                   "with failure given errorCode, errorMessage and the vector's parameters as options, which no call "
                   "site in the plugin does, to show what the builder itself does.",
    "calls": ENTRY + """
The one difference from the app-facing row ([obsidian-advanced-uri.md](obsidian-advanced-uri.md)):
`failure(parameters, options)` (`src/main.ts:477-491`) is given `errorCode`, `errorMessage` and the vector's
parameters as its options. It appends them, so the D18 failures of the app-facing row pass here; what remains
is the builder's own.
""",
    "causes": [QUERY_RESERIALISED, SPACE_AS_PLUS, ANY_SCHEME],
    "behaviours": SHARED_BEHAVIOURS + [
        behaviour("D18", "given errorCode and errorMessage, `failure` appends both; the plugin's own call sites never "
                  "give errorCode (see the obsidian-advanced-uri row)", [tagged("D18", "build-callback")], None),
    ],
    "patch": NOT_OURS,
}

ROWS = [OBSIDIAN_ADVANCED_URI, OBSIDIAN_ADVANCED_URI_BUILDER]
