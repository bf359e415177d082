//! The conformance protocol adapter for ozbe/xcallback's `x_callback_url` module
//! (Vectors/protocol/PROTOCOL.md: JSON Lines on stdin and stdout).
//!
//! The crate (https://github.com/ozbe/xcallback, pinned in ../libraries.tsv) is a macOS command-line
//! tool, `callback <scheme> <action> [parameters]...` (its README.md, "Usage"), built on a library
//! whose only platform-independent part is `src/x_callback_url.rs`. That file is compiled here
//! unchanged, as a module of this program (`#[path]` below); the rest of the crate needs AppKit and
//! the Objective-C runtime and is not built.
//!
//! The calls are the ones the crate's own code makes:
//! - build-request: `XCallbackUrl::new(scheme)`, `set_action`, `action_params_mut().append(pairs)`,
//!   as `opts_to_url` in src/bin/cli.rs:48-53 does, then `callback_params_mut().set_source` /
//!   `set_success` / `set_error` / `set_cancel`, as `generate_callback_url` in src/macos.rs:79-100
//!   does, and the URL is taken with `to_string()`, as src/macos.rs:76 and :153 take the URL they
//!   open. (`to_string()` gives "" where `to_url()` returns an error; `--to-url` answers with
//!   `to_url()` instead, to show the difference, and is not the committed row.)
//! - parse: `XCallbackUrl::parse(url)`, as the crate's URL event handler does with every URL it
//!   receives (src/macos.rs:186), then `scheme()`, `action()`, `action_params().iter()` and
//!   `callback_params().source()` / `success()` / `error()` / `cancel()`.
//! - build-callback is not offered: the crate only sends requests and receives callbacks; it never
//!   builds a callback as a target app (skipped).
//!
//! What the adapter adds, and why it changes nothing under test (src/protocol.rs): the JSON
//! plumbing; a parameter without a value (`null`) is answered `skipped`, because `ActionParams`
//! holds (String, String) pairs and has no way to say "no value"; `urlHex` input that is not UTF-8
//! is `skipped`, because `XCallbackUrl::parse` takes `&str`. A `parse` error is `rejected`, with the
//! category `not-x-callback-url` for the library's own `XCallbackError::InvalidHost` and none
//! otherwise. The module's `XCallbackUrl` keeps no fragment, so the fragment is declared
//! `not-reported`. The macOS client's own row is src/bin/client.rs.
//!
//! Roles: recognise, decode and build-request: `parse` refuses a host other than x-callback-url
//! (`InvalidHost`, src/x_callback_url.rs:213-217) before it decodes; the crate never answers a request
//! (Tests/Implementations/roles.tsv). The module takes a `&str` and the adapter hands it the vector's
//! text as it is: no platform API stands between them.

#[allow(warnings)] // the third-party module compiles as it is; its lints are not ours
#[path = "../../checkouts/ozbe-xcallback/src/x_callback_url.rs"]
mod x_callback_url;
mod protocol;

use serde_json::{json, Value};

/// The choices the module's code makes, each checked in the audit (../../audit/ozbe-xcallback.md):
/// `url::Url::query_pairs` is `form_urlencoded::parse` (+ is a space, bad escapes kept, invalid
/// UTF-8 replaced by U+FFFD, a name without `=` gets ""); `CallbackParams::from_iter` overwrites,
/// so the last reserved duplicate wins; `ActionParams` is a Vec in URL order.
fn hello() -> Value {
    json!({
        "protocol": 1,
        "implementation": {
            "name": "ozbe/xcallback (module)",
            "version": protocol::pinned_commit(),
            "language": "Rust",
            "homepage": "https://github.com/ozbe/xcallback"
        },
        "operations": ["parse", "build-request"],
        "roles": ["recognise", "decode", "build-request"],
        "choices": {
            "plus": "space",
            "invalid-escape": "literal",
            "non-utf8-escape": "replacement",
            "flag-parameter": "empty-value",
            "duplicate-parameter": "keep-all",
            "duplicate-reserved": "last",
            "trailing-slash": "keep",
            "parameter-order": "preserved",
            "fragment": "not-reported"
        }
    })
}

fn answer(message: &Value, use_to_url: bool) -> Value {
    match message["cmd"].as_str() {
        Some("parse") => match protocol::url_to_parse(message) {
            Ok(url) => protocol::parse(&url),
            Err(skipped) => skipped,
        },
        Some("build-request") => match protocol::request(&message["request"]) {
            Ok(url) if use_to_url => match url.to_url() {
                Ok(built) => json!({"accepted": {"url": built.to_string()}}),
                Err(error) => json!({"rejected": {"message": error.to_string()}}),
            },
            Ok(url) => json!({"accepted": {"url": url.to_string()}}),
            Err(skipped) => skipped,
        },
        _ => json!({"skipped": {"reason": "the crate never builds a callback as a target app"}}),
    }
}

fn main() {
    let use_to_url = std::env::args().any(|argument| argument == "--to-url");
    protocol::serve(hello(), |message| answer(message, use_to_url));
}
