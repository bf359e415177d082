"""The audit of Vinzent03/obsidian-advanced-uri (TypeScript): one row per route the plugin registers (adv-uri, the
legacy advanced-uri, hook-get-advanced-uri), each answering as its handlers do. The builder row (success/failure given
every field a vector asks for, which no call site does) was retired in issue 37.

Paths are in the plugin at the pinned commit (plugin version 2.0.0); re-checked at fcd1068.
"""

from audit_rules import accepted, all_of, answered, any_of, behaviour, cause, detail, kind, op, tagged, vector_rule

REPOSITORY = "https://github.com/Vinzent03/obsidian-advanced-uri"
COMMIT = "fcd10683c6ee2a6fe24c086468f02a6ca347458f"

def fewer(text):
    """The URL opened holds `text` fewer times than the URL expected (a build's answer against its expectation)."""
    def rule(r):
        expected = ((r.get("expected") or {}).get("accept") or {}).get("url")
        built = ((r.get("answer") or {}).get("accepted") or {}).get("url")
        return isinstance(expected, str) and isinstance(built, str) and built.count(text) < expected.count(text)
    return rule


QUERY_RESERIALISED = cause(
    "callback-query-reserialised", ["src/main.ts:466-472", "src/main.ts:482-488"],
    "adding a parameter with `url.searchParams.set` makes `URLSearchParams` serialise the callback's whole query "
    "again as application/x-www-form-urlencoded: `%20` and a raw space become `+`, `?` becomes `%3F`, `:` `%3A`, `(` "
    "`%28`, and a parameter of the callback's own with the same name is replaced (`done?word=old` gives "
    "`done?word=Hola`). The callback the source app wrote is not kept byte for byte (D16)",
    all_of(op("build-callback"), detail(r"does not start with the callback URL")))
NO_ERROR_CODE = cause(
    "no-errorCode", ["src/handlers.ts:167", "src/main.ts:477-491"],
    "on this route every failure call passes no options (`src/handlers.ts:167, 356, 384, 394, 469, 483`; "
    "`src/main.ts:684`), and `failure` appends only what it is given: x-error is opened as the source app sent it, "
    "with neither errorCode nor errorMessage. The spec's x-error is opened \"with at least the parameters "
    "errorCode=code&errorMessage=message\" (D18); the plugin's one failure that passes anything, the hook route's "
    "`{errorMessage: \"No file opened\"}` (`src/main.ts:271-273`), sends no errorCode either",
    # Nothing named errorCode among what was appended (the callback's own errorCode=old, XCU-RSH3, is not appended);
    # or, where the callback's own text was changed too and the runner reads no appended pieces, fewer `errorCode=`
    # in the URL opened than in the one expected.
    all_of(op("build-callback"), any_of(detail(r'appends \[(?:(?!"errorCode").)*\]; expected \[\["errorCode"'),
                                        fewer("errorCode="))))
NO_ERROR_CODE_HOOK = cause(
    NO_ERROR_CODE["id"], ["src/main.ts:270-274", "src/main.ts:477-491"],
    "the route's one failure is `failure(parameters, {errorMessage: \"No file opened\"})` (`src/main.ts:270-274`), "
    "whatever went wrong, and `failure` appends only what it is given: x-error is opened with that errorMessage and "
    "no errorCode. The spec's x-error is opened \"with at least the parameters errorCode=code&errorMessage=message\" "
    "(D18)", NO_ERROR_CODE["match"])
ANY_SCHEME = cause(
    "any-scheme-opened", ["src/main.ts:466", "src/main.ts:473", "src/main.ts:482", "src/main.ts:489"],
    "whatever `new URL` accepts is opened with `window.open`: `javascript:`, `data:`, `file:` and `vbscript:` "
    "callbacks, and disguised ones, since `new URL` strips leading controls and spaces and removes tabs and "
    "newlines (`\\tjavascript:` becomes `javascript:`)",
    # ... and a callback `new URL` reads only once it has stripped a leading control or space (` c:`)
    any_of(all_of(vector_rule("build-callback-unsafe-scheme"), accepted()),
           all_of(vector_rule("build-callback-invalid"), accepted())))


ENTRY = """
Obsidian (closed source) receives `obsidian://…`, parses it and hands the plugin an object of decoded parameters.
The plugin parses no URL and builds no x-callback-url request, so parse and build-request are not the plugin's
code and are not offered (skipped); they would judge Obsidian.

What the plugin does itself is answer: its handlers call the plugin class's `success(parameters, options?)` and
`failure(parameters, options?)` (`src/main.ts:461-491`), which read `x-success` or `x-error` from the parameters,
parse it with `new URL` (`:466`, `:482`), add each option with `url.searchParams.set` (`:470`, `:486`) and hand
`url.toString()` to `window.open` (`:473`, `:489`). The plugin registers three routes (`src/main.ts:249-276`), and
what reaches those two methods differs by route, so each route is a row; the adapter
(`other-libraries/obsidian/adapter.cjs`) loads the plugin's own modules (transpiled unchanged) and makes the calls
the route makes:

- `obsidian-advanced-uri`: `adv-uri`, the route the README and docs/ document (`:256-261`). The parameters reach
  the handlers as Obsidian decoded them. Every handler's failure is `failure(parameters)` with no options
  (`src/handlers.ts:167, 356, 384, 394, 469, 483`; `src/main.ts:684`): x-error is opened as given. A success is
  answered as the documented write mode `new` answers it (`docs/Actions/Writing.md:15`): the plugin's own
  `handlers.handleWrite` (`src/main.ts:417-418`) with `filepath=Note.md`, `data=Hello World`, `mode=new` and
  `openmode=silent`, which writes the note and calls `hookSuccess(parameters, file)` (`src/handlers.ts:447-462`): it
  appends `title`, `advanceduri`, `urlkey` and `fileuri` (`:449-459`; declared extraParameters, set aside by the
  comparator) with `url.searchParams.set`, which serialises the callback's query again. The other handlers'
  success, `success(parameters)` with no options, is the legacy row's. No handler's success carries a caller's
  results, so a success that returns parameters cannot be asked of this route, and those vectors are skipped.
- `obsidian-advanced-uri-legacy`: `advanced-uri`, kept for URIs whose values are encoded twice (`:249`, "Old
  version, which needed each value to be encoded twice"; `docs/Concepts/Schema.md:12`; the maintainer in issue
  51): the same handlers, after `decodeParameterValues` (`:56-66`) has decoded every value once more. The adapter
  feeds what the route documents: the source app encodes the callback twice and Obsidian decodes once, so the route
  is handed `encodeURIComponent(callback)`, which its second decode gives back. Successes are `success(parameters)`,
  failures `failure(parameters)`, with no options.
- `obsidian-advanced-uri-hook`: `hook-get-advanced-uri`, for the Hook app (`docs/External/Hook.md`, `:263-276`):
  `decodeParameterValues`, then `hookSuccess(parameters, file)` with the active note, which appends `title`,
  `advanceduri`, `urlkey` and `fileuri` (`:449-459`; declared extraParameters, set aside by the comparator), or,
  with no note open, `failure(parameters, {errorMessage: "No file opened"})`, the route's one failure, which answers
  every error vector. Success vectors with parameters are skipped. Hook's encoding is not documented; the route
  decodes every value once more, as the legacy route does, so it is fed as the legacy row is: handed
  `encodeURIComponent(callback)`, which its second decode gives back. Obsidian's app is a stand-in whose vault holds one note
  (`Note.md` in the vault `Vault`, open here, written by write mode `new` on adv-uri); it fills only the four extra
  parameters.

Retired in issue 37: the row `obsidian-advanced-uri-builder`, which gave `success`/`failure` a vector's parameters
(and errorCode and errorMessage) as options. No call site of the plugin does (every handler passes none; only
`hookSuccess` and the hook route's failure pass the plugin's own), so its failures were on a path no user takes;
what of it users do reach, `URLSearchParams.set` serialising the callback's query again, is judged on the adv-uri
row's write mode `new` and on the hook row.

Skipped (answered `skipped` with the reason) on every row: x-cancel (the plugin's `Parameters` type, `src/types.ts`,
knows x-success and x-error only) and x-source (never appended to a callback). A callback `new URL()` refuses throws
inside the handler and nothing is opened: `rejected`, as is one `decodeURIComponent` refuses on the hook route; an
empty callback opens nothing (`if (parameters["x-success"])`): `rejected`.
"""
NOT_OURS = """
- **No patch.** `other-libraries/obsidian/build.cjs` transpiles every `src/**/*.ts` of the plugin, unchanged, one
  file at a time with Debian's TypeScript 4.8 (`transpileModule`: types stripped, nothing checked), as the
  plugin's esbuild build does, with the class-field semantics its `tsconfig.json` gives (target es5, so
  `useDefineForClassFields` is false, as esbuild reads it: `Tools.app = this.plugin.app` runs after the constructor
  has set `plugin`). One resolution step: `import "./types.ts"` (`src/handlers.ts:18`) is loaded as the
  transpiled `types.js`, as esbuild resolves it.
- **Stubs** (no npm registry here), in `other-libraries/obsidian/stubs/`: `window.open` (in the adapter) records
  the URL the plugin opens and opens nothing; that URL is the answer. On the hook row, Obsidian's app is a stand-in
  whose vault holds one note (open on the hook row; written by write mode `new` on the adv-uri row, where the
  stand-in's `vault.create` records it and writes nothing), and `obsidian-community-lib`'s `stripMD` gives its name
  without `.md`: they fill only the four results `hookSuccess` appends, which those rows declare as extra parameters
  and the comparator sets aside.
  Every other export of `obsidian`, `obsidian-community-lib` and `uuid` is a placeholder class that throws if
  constructed or called (`TFile` is used only as the note's prototype, for `instanceof`): loading the plugin's
  modules only defines classes, so no stub changes what the plugin's code does with a callback.
- **`URL`.** Node 20's WHATWG `URL` and `URLSearchParams` stand in for those of Obsidian's Electron (Chromium);
  both implement the URL Standard, but Chromium's was not run here.
"""

ROUTE_DECODE = behaviour(
    "D4, issues 51, 84, 151", "the `hook-get-advanced-uri` route decodes every parameter once more (`src/main.ts:56-66`, "
    "`:266`), after Obsidian has, x-success and x-error included; Hook's encoding is not documented, so the row feeds "
    "the callback encoded twice, as the legacy route documents, and the second decode gives it back: the error vectors "
    "whose callback query holds `%26`, `%23` or `%3D` in a name fail only for the missing errorCode (a caller that "
    "encodes once gets `%26` opened as `&`, or a URIError on a lone `%`, issues 51, 84, 151)",
    ["XCU-6SMK", "XCU-S7UJ", "XCU-T996"], "fail")
LEGACY_DECODE = behaviour(
    "D4, issue 51", "the legacy `advanced-uri` route decodes every value once more (`src/main.ts:56-66`, `:251`), "
    "which its documentation asks for: values encoded twice (`:249`, `docs/Concepts/Schema.md:12`). Fed that way, the "
    "callback is opened byte for byte: the error vectors whose callback query holds `%26`, `%23` or `%3D` in a name "
    "fail here only for the missing errorCode (cause no-errorCode). Issue 37: fed once-encoded values, against the "
    "docs, the row counted the second decode as a must cause", ["XCU-6SMK", "XCU-S7UJ", "XCU-T996"], "fail")
COMMON_BEHAVIOURS = [
    behaviour("D2", "the plugin relies on a raw `+` in its own `canvasviewport` parameter (`++100`, `src/types.ts`)",
              no_vector="that `+` is in a request Obsidian parses and decodes before the plugin sees it; the plugin's "
                        "code never parses a URL"),
    behaviour("issues 16, 62", "double-encoded `obsidian://adv-uri?…` URIs generated by the plugin (`Tools.generateURI`)",
              no_vector="those are obsidian:// request URLs for Obsidian's own parser, not x-callback-urls; the "
                        "suite's build-request vectors need an x-callback-url host"),
    behaviour("issue 30", "x-success/x-error support (added since); x-cancel is not supported (`src/types.ts` knows "
              "x-success and x-error only)", [tagged(("callback", "cancel"), "build-callback", ("skipped",))], "skipped"),
    behaviour("-", "x-source is never appended to a callback",
              no_vector="vectors that ask for x-source are answered skipped: the plugin has no way to add it"),
]
UNSAFE_OPENED = behaviour(
    "-", "`javascript:`, `data:`, `file:` and `vbscript:` callbacks, and disguised ones `new URL` cleans up, are opened "
    "(cause any-scheme-opened)", [tagged("unsafe-scheme", "build-callback", ("failed",))], "fail")
ROUTE_SUCCESS_SKIPPED = behaviour(
    "issue 28", "a handler's success carries no caller's results on this route: `success(parameters)` with no options, "
    "or `hookSuccess`'s own four in write mode `new`; a vector's parameters cannot be returned",
    [tagged("D16", "build-callback", ("skipped",))], "skipped")
NOTHING_APPENDED = behaviour(
    "D16", "nothing is appended to a success on this route (`success(parameters)` with no options), so the callback is "
    "opened as `new URL` serialises it and its query is never re-serialised",
    ["XCU-EAXL", "XCU-79U2", "XCU-RW3Q", "XCU-T8VE", "XCU-WHBR"], "pass")
WRITE_MODE_NEW = behaviour(
    "D16, D19", "write mode `new` (`docs/Actions/Writing.md:15`) answers a success with `hookSuccess`, which appends "
    "`title`, `advanceduri`, `urlkey` and `fileuri` with `url.searchParams.set` (`src/handlers.ts:447-462`, "
    "`src/main.ts:449-472`; declared extraParameters) and so serialises the callback's own query again (cause "
    "callback-query-reserialised where a success vector's query holds what `URLSearchParams` rewrites; the success "
    "vectors without parameters of this suite hold nothing it rewrites, and pass)",
    ["XCU-EAXL", "XCU-79U2", "XCU-RW3Q", "XCU-T8VE", "XCU-WHBR"], "pass")
ROUTE_NO_ERROR_CODE = behaviour(
    "D18", "no failure on this route passes options: x-error is opened with neither errorCode nor errorMessage "
    "(cause no-errorCode)", [tagged("D18", "build-callback", ("failed",))], "fail")


def route_row(key, title, implementation, entry, causes, behaviours):
    """One row of the plugin: its key, what it drives, its causes and behaviours; the texts every row shares."""
    return {"key": key, "folder": "other-libraries", "title": title, "implementation": implementation,
            "repository": REPOSITORY, "commit": COMMIT, "entryPoints": entry, "calls": ENTRY,
            "causes": causes, "behaviours": COMMON_BEHAVIOURS + behaviours, "patch": NOT_OURS}


OBSIDIAN_ADVANCED_URI = route_row(
    "obsidian-advanced-uri", "Vinzent03/obsidian-advanced-uri, its `adv-uri` route",
    "Vinzent03/obsidian-advanced-uri (adv-uri)",
    "The documented adv-uri route (src/main.ts:256-261): a success as the documented write mode new answers it "
    "(docs/Actions/Writing.md:15: handlers.handleWrite with mode=new, which calls hookSuccess, src/handlers.ts:447-462, "
    "appending title, advanceduri, urlkey and fileuri, declared extraParameters); an error as every handler's "
    "failure(parameters) with no options (src/handlers.ts:167, …; src/main.ts:684); a success that returns parameters "
    "cannot be asked of it (skipped). build-callback only: Obsidian, not the plugin, parses URLs, and the plugin builds "
    "no x-callback-url request.",
    [NO_ERROR_CODE, QUERY_RESERIALISED, ANY_SCHEME],
    [ROUTE_NO_ERROR_CODE, WRITE_MODE_NEW, ROUTE_SUCCESS_SKIPPED, UNSAFE_OPENED,
     behaviour("D4", "no second decode on this route: the parameters reach the handlers as Obsidian decoded them "
               "(`src/main.ts:257-261`); the error vectors whose callback query holds `%26`, `%23` or `%3D` in a name "
               "fail here only for the missing errorCode (cause no-errorCode), their callback opened byte for byte, "
               "where the hook route opens `%26` as `&`", ["XCU-6SMK", "XCU-S7UJ", "XCU-T996"], "fail")])

OBSIDIAN_ADVANCED_URI_LEGACY = route_row(
    "obsidian-advanced-uri-legacy", "Vinzent03/obsidian-advanced-uri, its legacy `advanced-uri` route",
    "Vinzent03/obsidian-advanced-uri (advanced-uri, legacy)",
    "The legacy advanced-uri route (src/main.ts:249-254), fed values encoded twice as it documents (src/main.ts:249, "
    "docs/Concepts/Schema.md:12): decodeParameterValues (src/main.ts:56-66) gives the callback back, then the same "
    "success(parameters) and failure(parameters) with no options as the handlers call them; a success that returns "
    "parameters cannot be asked of it (skipped). build-callback only.",
    [NO_ERROR_CODE, ANY_SCHEME],
    [ROUTE_NO_ERROR_CODE, NOTHING_APPENDED, ROUTE_SUCCESS_SKIPPED, UNSAFE_OPENED, LEGACY_DECODE])

OBSIDIAN_ADVANCED_URI_HOOK = route_row(
    "obsidian-advanced-uri-hook", "Vinzent03/obsidian-advanced-uri, its `hook-get-advanced-uri` route",
    "Vinzent03/obsidian-advanced-uri (hook-get-advanced-uri)",
    "The hook-get-advanced-uri route (src/main.ts:263-276): decodeParameterValues, then hookSuccess(parameters, file) "
    "with the active note (src/main.ts:449-459), which appends title, advanceduri, urlkey and fileuri (declared "
    "extraParameters), or, with no note open, its one failure, failure(parameters, {errorMessage: 'No file opened'}), "
    "which answers every error vector as adv-uri's failure(parameters) does; a success cannot carry a vector's "
    "parameters (skipped). build-callback only.",
    [QUERY_RESERIALISED, NO_ERROR_CODE_HOOK, ANY_SCHEME],
    [ROUTE_DECODE,
     behaviour("D19", "every success appends `title`, `advanceduri`, `urlkey` and `fileuri`, the open note's name and "
               "links (`src/main.ts:452-457`; declared extraParameters)",
               ["XCU-EAXL", "XCU-79U2", "XCU-RW3Q", "XCU-T8VE", "XCU-WHBR"], "pass"),
     behaviour("D18", "the one failure is `{errorMessage: \"No file opened\"}` (`src/main.ts:270-274`): no errorCode, "
               "and a fixed message, whatever went wrong (cause no-errorCode; issue 28 answered these vectors skipped, "
               "where adv-uri's failure without options was judged)", [tagged("D18", "build-callback", ("failed",))], "fail"),
     behaviour("D16", "errorMessage is added with `url.searchParams.set`, which writes the callback's own query again "
               "(cause callback-query-reserialised)", ["XCU-63R7", "XCU-5MZF"], "fail"),
     behaviour("D3", "`URLSearchParams` writes a space in an appended value as `+`: the route's fixed errorMessage is "
               "opened as `errorMessage=No+file+opened` (`src/main.ts:271`, `:486`)",
               no_vector="the one value with a space the plugin appends is its own fixed message, which no vector asks for"),
     behaviour("issue 28", "a vector's own success parameters cannot be returned on this route: only hookSuccess's four",
               [tagged("D16", "build-callback", ("skipped",))], "skipped"),
     UNSAFE_OPENED])

ROWS = [OBSIDIAN_ADVANCED_URI, OBSIDIAN_ADVANCED_URI_LEGACY, OBSIDIAN_ADVANCED_URI_HOOK]
