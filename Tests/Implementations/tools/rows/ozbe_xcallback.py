"""The audit of ozbe/xcallback (Rust): the x_callback_url module (row ozbe-xcallback) and the macOS client that
sends every request of the crate's command-line tool through it (row ozbe-xcallback-client).

Paths are in the crate at the pinned commit unless they name a crate of Debian's registry
(/usr/share/cargo/registry: url 2.3.1, form_urlencoded 1.1.0). Re-checked at 957cd01.
"""
from audit_rules import (accepted, all_of, answered, any_of, behaviour, cause, detail, expected_rejection, kind, op,
                         rejected, tag, tagged, vector_rule)
from rows.shared import shared

REPOSITORY = "https://github.com/ozbe/xcallback"
COMMIT = "957cd0164f403d1babc749968d39ab4e93729b44"
MODULE = "src/x_callback_url.rs"
PATHS = ("Paths are in that repository unless they name a crate (`url 2.3.1`, `form_urlencoded 1.1.0`: Debian's "
         "packaged sources under `/usr/share/cargo/registry`).")


# MARK: - Causes both rows have (the client builds its URL with the module)

def action_pasted_unescaped(prefix="", suffix=""):
    return cause("action-pasted-unescaped", [MODULE + ":283-289"],
                 prefix + "`to_url` formats `{scheme}://x-callback-url/{action}` and parses the string with `Url::parse`, so "
                 "the action is never escaped: `?` in it starts the query (`what?` is built as the action `what`), `#` "
                 "starts a fragment, a `%` that begins no escape is left raw (`100%`), `%41` is read back as `A`, and a "
                 "tab is removed by `Url::parse` (url 2.3.1 `src/parser.rs:312-319`)" + suffix,
                 all_of(op("build-request"), any_of(vector_rule("build-request-action", "build-request-action-escape-text"),
                                                    # a raw character no vector's action holds (`^`), or a raw `%`,
                                                    # read from the runner's reading of the built URL's path
                                                    detail(r"in the path, which RFC 3986 allows nowhere"),
                                                    detail(r"invalid-percent-encoding.*\n\s*\S+://x-callback-url/[^?#\s]*%"))))


def scheme_unchecked(extra_source=(), prefix="", suffix="", match=None):
    return cause("scheme-unchecked", [MODULE + ":283-289", MODULE + ":394-401"] + list(extra_source),
                 prefix + "`to_url` pastes the scheme into the string unchecked. Where the url crate cannot parse the result "
                 "(`1app`, `my app`, `\"\"`), `to_url` returns an error, which the `ToString` implementation the crate's "
                 "client uses turns into an empty string. `app:` parses, as the scheme `app` "
                 "followed by the opaque path `://x-callback-url/open`" + suffix,
                 match or all_of(vector_rule("build-request-invalid-scheme"), accepted()))


def space_written_as_plus(prefix=""):
    return cause("space-written-as-plus", [MODULE + ":297-299"],
                 prefix + "parameters, x-source and the callbacks are written with `query_pairs_mut().extend_pairs`, the "
                 "application/x-www-form-urlencoded serializer, which writes a space as `+` (form_urlencoded 1.1.0 "
                 "`src/lib.rs:125-135`); a receiver that reads `+` literally, as the reference does, sees `a+b` (D3)",
                 all_of(op("build-request"), kind("wrong-result"), answered(r"\+")))


def x_names_built(extra_source=(), summary=None):
    return cause("x-names-built", [MODULE + ":115-139", MODULE + ":291-299"] + list(extra_source),
                 summary or "`append` and `push` keep any name, and `to_url` writes action parameters named x-success, "
                 "x-source or x-foo next to the reserved ones",
                 any_of(all_of(vector_rule("build-request-refuse-reserved-names", "build-request-refuse-x-prefix"), accepted()),
                        all_of(op("build-request"), expected_rejection("reserved-parameter-name"))))


def empty_action(source, summary):
    return cause("empty-action-accepted", source, summary,
                 all_of(vector_rule("decode-empty-action", "build-request-empty-action"), accepted()))


def tilde_escaped(prefix=""):
    return shared("tilde-escaped", [MODULE + ":297-299"],
                  prefix + "x-source, the callbacks and the parameters are written with `query_pairs_mut().extend_pairs`, "
                  "the application/x-www-form-urlencoded serializer, which leaves only ASCII letters, digits and `*-._` "
                  "as they are (form_urlencoded 1.1.0 `src/lib.rs:120-135`): `~` is written `%7E`, an unreserved "
                  "character RFC 3986 §2.3 says producers should not escape (the same value once decoded)")


def cli_encoded_again():
    return cause("cli-parameters-encoded-again", ["src/bin/cli.rs:48-61", MODULE + ":115-130", MODULE + ":291-299"],
                 "the command-line tool's parameters are documented as URL-encoded (README \"Usage\": \"Space delimited "
                 "URL encoded x-callback-url parameters\", `title=My%20Note%20Title`; `src/bin/cli.rs:32-38`), but "
                 "`parse_parameter` only splits each at `=` and `opts_to_url` appends the pair as written "
                 "(`src/bin/cli.rs:48-61`); `to_url` then writes it with the form serializer, which encodes the user's "
                 "`%` again: `title=My%20Note` is sent as `title=My%2520Note`, and the target reads `My%20Note`. Every "
                 "value or name that needs an escape arrives changed; a caller's own x-source or callback too",
                 all_of(op("build-request"), kind("wrong-result"), answered(r"\?[^#]*%25[0-9A-Fa-f]{2}")))


def caller_callbacks_twice():
    return cause("caller-callbacks-sent-twice", ["src/bin/cli.rs:32-38", "src/bin/cli.rs:48-53", "src/macos.rs:70-102"],
                 "the README's parameters are \"x-callback and action parameters\" (`src/bin/cli.rs:32-38`), so a caller's "
                 "x-source, x-success, x-error or x-cancel is passed as `x-success=…` and appended as an action parameter "
                 "(`src/bin/cli.rs:48-53`); `execute` then sets the client's own four (`src/macos.rs:70-102`), and the URL "
                 "carries the name twice, the caller's encoded twice (cause cli-parameters-encoded-again): which one a "
                 "target reads is the target's choice, and the client waits for its own callback",
                 all_of(op("build-request"), kind("unparseable-output"), detail(r"duplicate-reserved-parameter")))


def handler_panics():
    return cause("callback-handler-panics", ["src/macos.rs:183-199"],
                 "the client's Apple-event handler receives every URL opened with the app's scheme `callback` "
                 "(`app/Info.plist`) and unwraps `XCallbackUrl::parse(s).ok()`, then the `callback_id` parameter, then the "
                 "sender stored for that id (`src/macos.rs:183-199`): a URL that does not parse, has no `callback_id`, or "
                 "names no waiting client panics inside an `extern \"C\"` Objective-C method, which cannot unwind, so the "
                 "process aborts. Any app or web page can end the tool, and the request it is waiting on, with one URL "
                 "such as `callback://x`; nothing is refused",
                 all_of(op("parse"), kind("crashed")))


CLI_DOUBLE_ENCODING = behaviour(
    "-", "the command-line tool appends its `name=value` arguments, documented as URL-encoded (README \"Usage\": "
    "\"Space delimited URL encoded x-callback-url parameters\"), without decoding them (`src/bin/cli.rs:48-61`), and "
    "`to_url` encodes them again: `title=My%20Note` is sent as `title=My%2520Note`; a value holding `=` is refused "
    "(`src/bin/cli.rs:55-61`)",
    no_vector="this row calls the module's builder with decoded values; the row ozbe-xcallback-client drives the tool's "
              "arguments (cause cli-parameters-encoded-again)")
HANDLER_PANICS = behaviour(
    "-", "the client's URL handler unwraps the parse and the `callback_id` lookup (`src/macos.rs:183-199`): a URL that "
    "does not parse, or has no `callback_id`, panics inside an `extern \"C\"` Objective-C method, which aborts the tool",
    no_vector="a parse vector here judges `XCallbackUrl::parse`, which returns the error; the row ozbe-xcallback-client "
              "calls the handler (cause callback-handler-panics)")


# MARK: - The module

OZBE_XCALLBACK = {
    "key": "ozbe-xcallback",
    "folder": "other-libraries",
    "title": "ozbe/xcallback, its `x_callback_url` module",
    "implementation": "ozbe/xcallback (module)",
    "repository": REPOSITORY,
    "commit": COMMIT,
    "paths": PATHS,
    "entryPoints": "src/x_callback_url.rs compiled unchanged as a module of the adapter. parse: XCallbackUrl::parse(url), "
                   "as the crate's URL event handler parses every URL it receives (src/macos.rs:186), read through "
                   "scheme(), action(), action_params().iter() and callback_params(). build-request: XCallbackUrl::new, "
                   "set_action, action_params_mut().append (as opts_to_url, src/bin/cli.rs:48-53), "
                   "callback_params_mut().set_source/set_success/set_error/set_cancel (as src/macos.rs:79-100), and the "
                   "URL as to_string(), as src/macos.rs:76 and :153 take the URL they open. build-callback is not "
                   "offered: the crate never answers a request.",
    "calls": """
The crate is a macOS command-line tool, `callback <scheme> <action> [parameters]...` (README, "Usage"), on a
small library. Its only platform-independent part is `src/x_callback_url.rs`; it is compiled here unchanged, as
a module of the adapter (`other-libraries/rust-xcallback/src/main.rs`, `#[path]`). The adapter makes the calls
the crate's own code makes:

- **build-request**: `XCallbackUrl::new(scheme)`, `set_action`, `action_params_mut().append(pairs)` (as
  `opts_to_url`, `src/bin/cli.rs:48-53`), `callback_params_mut().set_source` / `set_success` / `set_error` /
  `set_cancel` (as `src/macos.rs:79-100`), and the URL as `to_string()`, which is how `src/macos.rs:76` and
  `:153` take the URL they open. `to_string()` gives `""` where `to_url()` returns an error; run with `--to-url`
  instead (not the committed row), PZZD, MAZX and XS8F are refused and pass, and XULD still fails.
- **parse**: `XCallbackUrl::parse`, as the URL event handler parses every URL it receives (`src/macos.rs:186`),
  read through `scheme()`, `action()`, `action_params().iter()` and `callback_params()`.
- **build-callback** is not offered: the crate only sends requests; it never answers one.

This is the module a Rust app imports. The command-line tool the README documents (its arguments, URL-encoded,
through `opts_to_url` and `NSXCallbackClient::execute`) and the client's `callback://` handler are the row
`ozbe-xcallback-client` ([ozbe-xcallback-client.md](ozbe-xcallback-client.md)).
""",
    "sections": [("Declared choices", """
Each read from the code: `plus: space`, `invalid-escape: literal`, `non-utf8-escape: replacement`
(`url::Url::query_pairs` is `form_urlencoded::parse`: form_urlencoded 1.1.0 `src/lib.rs:37-81`),
`flag-parameter: empty-value` (same), `duplicate-parameter: keep-all` (`ActionParams` is a `Vec`),
`duplicate-reserved: last` (`CallbackParams::from_iter` overwrites, `src/x_callback_url.rs:69-89`),
`trailing-slash: keep`, `parameter-order: preserved`, `fragment: not-reported` (`XCallbackUrl` has no fragment).
No `extraParameters`: the module adds nothing unasked.
""")],
    "causes": [
        cause("host-compared-exactly", [MODULE + ":213-217"],
              "`parse` compares `Url::host_str()` with \"x-callback-url\" byte for byte. For an app's own (non-special) "
              "scheme the url crate keeps the host as an opaque host, neither lowercased nor percent-decoded (url 2.3.1 "
              "`src/parser.rs:1020-1022`, `src/host.rs:125-160`), so `X-Callback-URL` and `x%2Dcallback-url` are "
              "refused as `InvalidHost`",
              all_of(vector_rule("recognise-host-case", "recognise-host-escapes"), rejected())),
        cause("dot-segments-resolved", [MODULE + ":211", MODULE + ":219-225"],
              "`Url::parse` removes `.` and `..` segments from the path (url 2.3.1 `src/parser.rs:1225-1240`, "
              "`:1300-1327`), so the action `../../etc/passwd` comes back as `etc/passwd`",
              all_of(vector_rule("decode-action-dot-segments"), kind("wrong-result"))),
        cause("action-not-decoded", [MODULE + ":219-225"],
              "the action is `Url::path()` without its first character. The url crate keeps the path percent-encoded "
              "(and encodes the spaces, controls and non-ASCII it finds raw, url 2.3.1 `src/parser.rs:1166-1215`), and "
              "the module never decodes it: `/new%20note` gives the action `new%20note`, `/a%2Fb` `a%2Fb`, and an "
              "overlong `%C0%AF` stays as text",
              all_of(op("parse"), kind("wrong-result"), detail(r'action: expected "[^"]*", got "[^"]*%[0-9A-Fa-f]{2}'))),
        action_pasted_unescaped(),
        scheme_unchecked(),
        cause("controls-accepted", [MODULE + ":211"],
              "the module adds no character check to `Url::parse`, which follows the URL Standard: tab, CR and LF are "
              "removed wherever they are (url 2.3.1 `src/parser.rs:312-319`), leading and trailing controls and spaces "
              "are trimmed (`:214`), and other controls are percent-encoded, which `query_pairs` decodes back. So raw "
              "controls in values, the action and the host, and the spec's examples printed with line breaks, are "
              "accepted (the line-broken examples with names such as `   x-source`)",
              any_of(all_of(vector_rule("decode-raw-control", "recognise-raw-control"), accepted()),
                     # a finding graded by another trait of its input (the scheme's syntax) that still expects the
                     # refusal of a raw control; and a value's trailing space trimmed away
                     all_of(op("parse"), accepted(), lambda r: r.get("expected") == {"reject": "invalid-character"}),
                     all_of(op("parse"), kind("wrong-result"), detail(r'expected "([^"]*) ", got "\1"')))),
        cause("authority-beyond-host-ignored", [MODULE + ":211-217"],
              "only the host is compared; the userinfo and port that `Url::parse` splits off are never looked at, so "
              "`user@x-callback-url` and `x-callback-url:80` are accepted. For a non-special scheme the url crate does "
              "not treat `\\` as a delimiter, so in `tgt://evil.example\\@x-callback-url/go` the userinfo is "
              "`evil.example\\` and the host `x-callback-url`: accepted",
              all_of(vector_rule("recognise-userinfo-port"), accepted())),
        space_written_as_plus(),
        tilde_escaped(),
        cause("x-names-dropped", [MODULE + ":141-143", MODULE + ":152-172"],
              "`ActionParams::from_iter` drops every parameter whose decoded name starts with `x-` (case-sensitive), "
              "known or not, so `x-foo`, `x-parameter1`, `x-Success` and `x-success ` never reach the app (D13)",
              all_of(op("parse"), vector_rule("decode-unknown-x", "decode-reserved-case", "decode-reserved-lookalike"),
                     kind("wrong-result"))),
        x_names_built(),
        empty_action([MODULE + ":220-225", MODULE + ":283-289"],
                     "an empty path gives the action \"\" and nothing refuses it, at parse or at build"),
    ],
    "behaviours": [
        behaviour("D1", "`+` in a query name or value read as a space (`query_pairs` is `form_urlencoded::parse`); "
                  "declared `plus: space`", [tagged("D1", "parse")], "pass"),
        behaviour("D2", "a literal `+` written `%2B` when building", ["XCU-WXWB", "XCU-JASB"], "pass"),
        behaviour("D3", "a space written `+` when building (cause space-written-as-plus)",
                  ["XCU-2NPG", "XCU-B96Q", "XCU-WN95", "XCU-EAQZ", "XCU-QKLF", "XCU-XUKU"], "fail"),
        behaviour("D4", "a bad escape kept as written; declared `invalid-escape: literal`", [tagged("D4", "parse")], "pass"),
        behaviour("D5", "an escape that is not UTF-8 replaced by U+FFFD in names and values (declared "
                  "`non-utf8-escape: replacement`)", [tagged("D5", "parse")], None),
        behaviour("D5", "in the action, which is never decoded, it is kept as text (cause action-not-decoded)",
                  ["XCU-AB5V"], "fail"),
        behaviour("D6", "repeated action parameters all kept (declared `keep-all`); a repeated reserved name keeps the "
                  "last (`CallbackParams::from_iter` overwrites, `src/x_callback_url.rs:76-85`; declared "
                  "`duplicate-reserved: last`)", [tagged("D6", "parse")], "pass"),
        behaviour("D7", "a name without `=` gets the value \"\" (declared `flag-parameter: empty-value`)",
                  [tagged("D7", "parse")], "pass"),
        behaviour("D10", "host compared case-sensitively: `X-Callback-URL` refused (cause host-compared-exactly)",
                  ["XCU-GGEF", "XCU-H725", "XCU-CMGE"], "fail"),
        behaviour("D11", "a percent-encoded host compared as written: `x%2Dcallback-url` refused (cause "
                  "host-compared-exactly)", ["XCU-J3SL", "XCU-NFK5", "XCU-472J", "XCU-54DX"], "fail"),
        behaviour("D12", "action `open/` kept with its slash (declared `trailing-slash: keep`), `a/b` kept whole, "
                  "`a%2Fb` not decoded, an empty action accepted", [tagged("D12", "parse")], None),
        behaviour("D13", "`x-` names dropped at parse (`ActionParams::from_iter`, `src/x_callback_url.rs:141-143`); since "
                  "suite 5.0.0 dropping an unknown or miscased `x-` name passes (decode-unknown-x widened, "
                  "decode-reserved-case hardening)", [tagged("D13", "parse")], "pass"),
        behaviour("D13", "`x-` names built as given (cause x-names-built); `x-success=1` and `x-source=1` written as that "
                  "reserved value pass since suite 5.0.0", [tagged("D13", "build-request")], None),
        behaviour("D15", "nested callbacks fully encoded when building (form_urlencoded escapes `:`, `/`, `?`, `&`, `=`, "
                  "`#`, `%`), which parses back", ["XCU-YSG8", "XCU-2NDX", "XCU-RRHH"], "pass"),
        behaviour("D15", "the depth vectors fail only on a space written `+` (cause space-written-as-plus)",
                  ["XCU-GJ56", "XCU-SVBR", "XCU-C2YE", "XCU-8GXS", "XCU-UQJ5", "XCU-YLT9", "XCU-YAHH", "XCU-QL38"], "fail"),
        behaviour("D19", "`callback_id`: the macOS client replaces the caller's x-source, x-success, x-error and "
                  "x-cancel with its own (`src/macos.rs:16-21`, `:70-102`)",
                  no_vector="`src/x_callback_url.rs` adds nothing unasked, so this row cannot show it and declares no "
                            "extraParameters; the row ozbe-xcallback-client shows it (XCU-CLGN)"),
        behaviour("D20", "parameter order preserved (`ActionParams` is a `Vec`); declared `parameter-order: preserved`",
                  ["XCU-6UGP", "XCU-DUAX"], "pass"),
        behaviour("-", "the action is the raw path, never percent-decoded (cause action-not-decoded): a should since "
                  "3.0.0, which asks only values to be decoded", ["XCU-UCHG", "XCU-STA8", "XCU-YZKD", "XCU-3XEP",
                                                                  "XCU-96VJ", "XCU-MNTU"], "fail"),
        behaviour("-", "an action kept as written passes where the vector tests only that the URL is split before it "
                  "is decoded, or that nothing is decoded twice (`what%3F`, `tag%23one`, `%252E%252E%252Fetc`)",
                  ["XCU-DVZV", "XCU-BCKK", "XCU-CE3F", "XCU-RTM3"], "pass"),
        behaviour("-", "the action is pasted into the URL unescaped when building: an action holding a character "
                  "the URL's syntax reads otherwise does not parse back (cause action-pasted-unescaped)",
                  ["XCU-7UED", "XCU-QCV9", "XCU-LU5J", tagged(("field", "action"), "build-request")], None),
        behaviour("-", "the scheme is not checked when building; `to_string()` gives \"\" where `to_url()` fails "
                  "(cause scheme-unchecked)", ["XCU-PZZD", "XCU-MAZX", "XCU-XS8F", "XCU-XULD"], "fail"),
        behaviour("-", "userinfo and port ignored (cause authority-beyond-host-ignored)",
                  ["XCU-LHTD", "XCU-5HVF", "XCU-7G98", "XCU-4FCH", "XCU-FTDR"], "fail"),
        behaviour("-", "the fragment is discarded: `XCallbackUrl` has no fragment field",
                  no_vector="declared `fragment: not-reported`, under which the comparator does not compare the "
                            "fragment; a URL vector cannot tell a parser that drops the fragment from one that keeps it"),
        CLI_DOUBLE_ENCODING,
        HANDLER_PANICS,
    ],
    "patch": """
- **No patch for this row.** `src/x_callback_url.rs` compiles unchanged with Debian's `url` 2.3.1 (the
  checkout's one patch, `other-libraries/patches/ozbe-xcallback.patch`, touches `src/macos.rs`, which only the
  client row compiles). The crate's `Cargo.lock` pins `url` 2.1.1, but its `Cargo.toml` asks for `2.1.1`, which
  any 2.x meets, and a crate that depends on this one gets the newest 2.x, not the lock's; 2.1.1 was not built.
- **Adapter only** (`rust-xcallback/src/protocol.rs`, shared with the client row). JSON plumbing (`serde_json`
  from Debian); a parameter without a value (`null`) is answered `skipped` (`ActionParams` holds
  `(String, String)`: no way to say "no value"), and `urlHex` input that is not UTF-8 is `skipped` (`parse` takes
  `&str`). A parse error is `rejected`, with the category `not-x-callback-url` for the module's own
  `InvalidHost` and none otherwise.
- **Not here.** The command-line tool's own argument handling and the client's Apple event handler are the row
  `ozbe-xcallback-client`'s (issue 37).
""",
}


# MARK: - The client

CLIENT = "`NSXCallbackClient::execute`"
OZBE_XCALLBACK_CLIENT = {
    "key": "ozbe-xcallback-client",
    "folder": "other-libraries",
    "title": "ozbe/xcallback's command-line tool and macOS client, `NSXCallbackClient`",
    "implementation": "ozbe/xcallback (client)",
    "repository": REPOSITORY,
    "commit": COMMIT,
    "paths": PATHS,
    "entryPoints": "build-request: the crate's command-line tool as its README documents it, `callback <scheme> <action> "
                   "[parameters]...` with each parameter written name=value, URL-encoded once (src/bin/cli.rs:32-38), a "
                   "request's x-source and callbacks among them; the tool's own parse_parameter and opts_to_url (copied "
                   "unchanged from src/bin/cli.rs:48-61 at build time), then NSXCallbackClient::new() and execute(&url) "
                   "(src/bin/cli.rs:41-46; src/macos.rs:144-150), which adds its own x-source and callbacks "
                   "(src/macos.rs:70-102) and opens [NSURL URLWithString:] of the text through NSWorkspace "
                   "(src/macos.rs:152-154), whose stand-ins model the macOS 14 SDK and record the URL. recognise: the "
                   "client's Apple-event handler (src/macos.rs:183-199), declared by AppDelegate::new() and called with a "
                   "GetURL event holding the vector's URL, as AppKit calls it.",
    "calls": """
The README documents one entry point, `callback <scheme> <action> [parameters]...`, whose parameters are
"x-callback and action parameters", "Space delimited URL encoded" (`src/bin/cli.rs:32-38`, example
`title=My%20Note%20Title`). Since issue 37 the adapter (`other-libraries/rust-xcallback/src/bin/client.rs`) is the
user at the shell:

- **build-request**: the request's x-source, x-success, x-error and x-cancel (where given), then each action
  parameter, become one argument `name=value` each, name and value percent-encoded once (every UTF-8 byte but RFC
  3986's unreserved characters). The tool's own `parse_parameter` reads each argument and its own `opts_to_url`
  builds the request (`src/bin/cli.rs:48-61`, copied unchanged from the checkout by `rust-xcallback/build.rs`;
  structopt, which only fills the three fields, is not built); then `NSXCallbackClient::new()` and
  `execute(&url)`, as `run` calls them (`src/bin/cli.rs:41-46`). `execute` copies the request, sets its own
  x-source and callbacks (`src/macos.rs:70-102`), opens the URL with `NSWorkspace` (`src/macos.rs:152-154`) and
  waits for the callback; the adapter answers with the URL opened and leaves the wait parked on its own thread. A
  name without a value cannot be written as an argument (`parse_parameter` needs one `=`): skipped.
- **recognise**: the tool is an app whose scheme is `callback` (`app/Info.plist`); macOS hands every URL opened
  with it to the handler the `AppDelegate` class declares, `handleGetURLEvent:withReplyEvent:`
  (`src/macos.rs:183-199`). The adapter calls `AppDelegate::new()`, as `run_app` does at launch, and the handler
  the class declared, with a GetURL Apple event whose direct object is the vector's URL, as AppKit does. The handler
  never reads the scheme (macOS routes by it), so the text goes as written; a text the sender's
  `[NSURL URLWithString:]` refuses or rewrites never arrives as written and is skipped with that answer, as the
  Swift rows skip what `URL(string:)` refuses or rewrites. The handler panics on every URL that is not a waiting
  client's callback; the panic aborts the process, and the runner reports the vector as `crashed` and starts the
  adapter again. decode is not claimed: `parse` is the module row's.

Before issue 37 this row called the Rust API with decoded values and skipped the 78 requests that carried their own
x-source or callbacks, and no vector reached the handler: the two must behaviours of the tool's documented use
(parameters encoded twice, a caller's callbacks sent beside the client's) and the handler's panic were hidden.

`extraParameters: ["x-source", "x-success", "x-error", "x-cancel"]`: the client adds all four to every request,
so the comparator sets them aside outside the vectors tagged `extra-parameters` (and where a vector asks for one
of them, it is compared, and the URL holds it twice).
""",
    "causes": [
        handler_panics(),
        action_pasted_unescaped("As in the ozbe-xcallback row: ",
                                "; on the client's path `[NSURL URLWithString:]` (macOS 14 SDK and later) re-encodes a "
                                "path holding a lone `%`, so `100%` is opened as `100%25` and arrives whole (XCU-3KSF "
                                "and XCU-LU5J pass on this row; before that SDK it is nil for them and nothing is opened)"),
        scheme_unchecked(["src/macos.rs:145-154"], "As in the ozbe-xcallback row: ",
                         ". The client hands the text to `[NSURL URLWithString:]`, which is nil for `\"\"`: "
                         "`openURL:` is given nil, nothing is opened, and `execute` waits for a callback for ever "
                         "(`src/macos.rs:145-154`). `app:://x-callback-url/open` is a URL, and is opened",
                         any_of(all_of(vector_rule("build-request-invalid-scheme"), accepted()),
                                all_of(vector_rule("build-request-invalid-scheme"), kind("errored"),
                                       detail(r"openURL: nil")))),
        x_names_built(["src/macos.rs:79-100"],
                      "an action parameter named x-success or x-source is written as given, next to the client's own: "
                      "the URL then carries the name twice"),
        caller_callbacks_twice(),
        tilde_escaped("As in the ozbe-xcallback row: "),
        cli_encoded_again(),
        cause("adds-own-source-and-callbacks", ["src/macos.rs:70-102"],
              "`execute` copies the request and sets x-source to `callback` and x-success, x-error and x-cancel to its "
              "own `callback://x-callback-url/success|error|cancel?callback_id=<32 random letters and digits>`, on every "
              "request, asked for or not; the spec makes all four optional and defines no request id (D19)",
              all_of(op("build-request"), tag("extra-parameters"))),
        space_written_as_plus("As in the ozbe-xcallback row: "),
        empty_action([MODULE + ":283-289"], "an empty action is built as `scheme://x-callback-url/`"),
    ],
    "behaviours": [
        behaviour("issue 37", "the tool's parameters, documented as URL-encoded, are encoded again: `v=a%20b` is sent as "
                  "`v=a%2520b` (cause cli-parameters-encoded-again)", ["XCU-2NPG", "XCU-B96Q"], "fail"),
        behaviour("issue 37", "a caller's own x-source, x-success, x-error or x-cancel, passed as the README's "
                  "\"x-callback parameters\", is sent beside the client's own (cause caller-callbacks-sent-twice)",
                  ["XCU-MWZH", "XCU-DNZF", "XCU-ZCSU", "XCU-SCHZ"], "fail"),
        behaviour("issue 37", "the Apple-event handler panics, and the tool aborts, on a URL that is not one of its "
                  "callbacks (cause callback-handler-panics)", [tagged("host", "parse", ("failed",))], "fail"),
        behaviour("D19", "`callback_id`: every request carries the client's own `x-source=callback` and x-success, "
                  "x-error and x-cancel URLs holding `callback_id=<32 random letters and digits>` (`src/macos.rs:16-21`, "
                  "`:59-61`, `:70-102`; cause adds-own-source-and-callbacks)",
                  [tagged("extra-parameters", "build-request")], None,
                  no_vector="the extra-parameters vectors were retired in suite 5.0.0 (the spec neither requires nor forbids more parameters); the run reports the name under extraParameters (declared or detected)"),
        behaviour("D13", "`x-` names built as given, so a caller's x-success passed as a parameter (README: \"x-callback "
                  "and action parameters\") is sent beside the client's own (cause x-names-built)",
                  [tagged("D13", "build-request")], "fail"),
        behaviour("D15", "nested callbacks a caller passes are encoded once by the user and again by the tool (cause "
                  "cli-parameters-encoded-again; caller-callbacks-sent-twice where the caller's own x-success holds one)",
                  [tagged("D15", "build-request")], "fail"),
        behaviour("-", "`to_string()` gives \"\" when `to_url` fails; `[NSURL URLWithString:@\"\"]` is nil, so `openURL:` "
                  "opens nothing and `execute` waits for ever (`src/macos.rs:145-154`; cause scheme-unchecked)",
                  ["XCU-PZZD", "XCU-MAZX", "XCU-XS8F"], "fail"),
        behaviour("issue 28", "the URL opened is `[NSURL URLWithString:]` of the text `to_string()` gives "
                  "(`src/macos.rs:153`): on the macOS 14 SDK and later an invalid path is percent-encoded, so the "
                  "action `100%` is opened as `100%25`; the stand-in once opened the text as it was",
                  ["XCU-3KSF", "XCU-LU5J"], "pass"),
        behaviour("D7", "a flag cannot be passed: `parse_parameter` needs exactly one `=` (`src/bin/cli.rs:55-61`)",
                  ["XCU-Y4PU", "XCU-A74S"], "skipped"),
    ],
    "patch": """
- **Patch** `other-libraries/patches/ozbe-xcallback.patch`: Debian has rand 0.8, where `Alphanumeric` yields
  bytes, not chars as in the lock's 0.7.3, so collecting the id into a `String` does not compile; the patch maps
  each byte to its char (`src/macos.rs:60`). Same 62-letter alphabet, random either way; the id is in the
  client's own callbacks, which the comparator sets aside (declared `extraParameters`), so nothing under test.
- **The tool's own code, copied at build time**: `rust-xcallback/build.rs` copies `opts_to_url` and
  `parse_parameter` from `src/bin/cli.rs` of the checkout, unchanged, into the build; nothing third-party is
  committed. The rest of `cli.rs` is structopt's argument parsing (not packaged in Debian; the adapter fills the
  same three fields) and the AppKit run loop.
- **Stand-ins** (`rust-xcallback/stubs/`): `macos` for ozbe/webkitten's AppKit/Foundation bindings and `objc` for
  the Objective-C runtime. `NSString::from` carries the text unchanged; `as_str` is its `UTF8String`, the text up to
  a NUL. `NSURL::from` is webkitten's `[NSURL URLWithString:]`, modelled as Apple's Foundation answers it for an app
  linked against the macOS 14 SDK or later (`stubs/macos/src/url_with_string.rs`: swift-foundation's RFC 3986 parser,
  which percent-encodes a component that is not valid as written and is nil for `""` or an invalid scheme; its test
  holds the answers of swift-foundation's `URL(string:)` for the same texts; a host it does not model is answered
  skipped on the recognise side). `NSWorkspace::open_url` records the URL's `absoluteString`, or that it was handed
  nil, and opens nothing; the adapter answers `errored` for nil, since `execute` then waits for ever.
  `ClassDecl::add_method` records each method under its class and selector, so the adapter can call the handler
  the delegate declared, and a GetURL Apple event carries the URL text to it; `[AppDelegate new]` answers nil,
  which nothing reads. The application, its run loop and `NSAppleEventManager` panic if called; `run_app` is
  never called. Before the macOS 14 SDK, `URLWithString:` was nil for every text it now re-encodes (the action
  `100%`), and the client opened nothing for those as well: XCU-3KSF and XCU-LU5J would fail there as MAZX does here.
- **Adapter**: a panic hook prints each panic on one line of stderr, so the runner's note of a crash names the
  library line; the abort itself is the library's.
- Each run draws new `callback_id`s, so the answers of the failing vectors differ from run to run; the verdicts
  do not.
""",
}

ROWS = [OZBE_XCALLBACK_CLIENT, OZBE_XCALLBACK]  # the app-facing row first
