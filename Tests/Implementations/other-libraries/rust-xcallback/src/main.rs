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
//! What the adapter adds, and why it changes nothing under test: the JSON plumbing; a parameter
//! without a value (`null`) is answered `skipped`, because `ActionParams` holds (String, String)
//! pairs and has no way to say "no value"; `urlHex` input that is not UTF-8 is `skipped`, because
//! `XCallbackUrl::parse` takes `&str`. A `parse` error is `rejected`, with the category
//! `not-x-callback-url` for the library's own `XCallbackError::InvalidHost` and none otherwise
//! (the `url` crate's errors say why the URL did not parse, not which of our categories applies).
//! The module's `XCallbackUrl` keeps no fragment, so the fragment is declared `not-reported`.

#[allow(warnings)] // the third-party module compiles as it is; its lints are not ours
#[path = "../../checkouts/ozbe-xcallback/src/x_callback_url.rs"]
mod x_callback_url;

use serde_json::{json, Value};
use std::io::{self, BufRead, Write};
use x_callback_url::{XCallbackError, XCallbackUrl};

/// The choices the module's code makes, each checked in the audit (../../audit/ozbe-xcallback.md):
/// `url::Url::query_pairs` is `form_urlencoded::parse` (+ is a space, bad escapes kept, invalid
/// UTF-8 replaced by U+FFFD, a name without `=` gets ""); `CallbackParams::from_iter` overwrites,
/// so the last reserved duplicate wins; `ActionParams` is a Vec in URL order.
fn hello() -> Value {
    json!({
        "protocol": 1,
        "implementation": {
            "name": "ozbe/xcallback",
            "version": "0.1.0 (957cd01, x_callback_url module, url crate 2.x from Debian)",
            "language": "Rust",
            "homepage": "https://github.com/ozbe/xcallback"
        },
        "operations": ["parse", "build-request"],
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

fn optional(value: Option<&str>) -> Value {
    value.map_or(Value::Null, |text| Value::String(text.to_string()))
}

fn parse(url: &str) -> Value {
    match XCallbackUrl::parse(url) {
        Ok(parsed) => {
            let parameters: Vec<Value> = parsed
                .action_params()
                .iter()
                .map(|(name, value)| json!([name, value]))
                .collect();
            let callbacks = parsed.callback_params();
            json!({"accepted": {
                "scheme": parsed.scheme(), "action": parsed.action(),
                "source": optional(callbacks.source()), "success": optional(callbacks.success()),
                "error": optional(callbacks.error()), "cancel": optional(callbacks.cancel()),
                "parameters": parameters, "fragment": Value::Null
            }})
        }
        Err(error) => {
            let category = if error.downcast_ref::<XCallbackError>().is_some() {
                json!("not-x-callback-url")
            } else {
                Value::Null
            };
            json!({"rejected": {"category": category, "message": error.to_string()}})
        }
    }
}

fn text(value: &Value) -> Option<&str> {
    value.as_str()
}

fn build_request(request: &Value, use_to_url: bool) -> Value {
    let mut pairs: Vec<(String, String)> = Vec::new();
    for pair in request["parameters"].as_array().into_iter().flatten() {
        match (pair[0].as_str(), pair[1].as_str()) {
            (Some(name), Some(value)) => pairs.push((name.to_string(), value.to_string())),
            _ => {
                return json!({"skipped": {"reason":
                    "ActionParams holds (String, String) pairs: a name without a value cannot be expressed"}})
            }
        }
    }
    let mut url = XCallbackUrl::new(request["scheme"].as_str().unwrap_or(""));
    url.set_action(request["action"].as_str().unwrap_or(""));
    url.action_params_mut().append(&pairs);
    let callbacks = url.callback_params_mut();
    callbacks.set_source(text(&request["source"]));
    callbacks.set_success(text(&request["success"]));
    callbacks.set_error(text(&request["error"]));
    callbacks.set_cancel(text(&request["cancel"]));
    if use_to_url {
        return match url.to_url() {
            Ok(built) => json!({"accepted": {"url": built.to_string()}}),
            Err(error) => json!({"rejected": {"message": error.to_string()}}),
        };
    }
    json!({"accepted": {"url": url.to_string()}})
}

fn hex_to_string(hex: &str) -> Option<String> {
    let digits: Vec<u8> = hex.bytes().filter(|byte| !byte.is_ascii_whitespace()).collect();
    let bytes: Option<Vec<u8>> = digits
        .chunks(2)
        .map(|pair| u8::from_str_radix(std::str::from_utf8(pair).ok()?, 16).ok())
        .collect();
    String::from_utf8(bytes?).ok()
}

fn answer(message: &Value, use_to_url: bool) -> Value {
    match message["cmd"].as_str() {
        Some("parse") => {
            if let Some(url) = message["url"].as_str() {
                parse(url)
            } else {
                match message["urlHex"].as_str().and_then(hex_to_string) {
                    Some(url) => parse(&url),
                    None => json!({"skipped": {"reason": "XCallbackUrl::parse takes &str: these bytes are not UTF-8"}}),
                }
            }
        }
        Some("build-request") => build_request(&message["request"], use_to_url),
        _ => json!({"skipped": {"reason": "the crate never builds a callback as a target app"}}),
    }
}

fn main() {
    let use_to_url = std::env::args().any(|argument| argument == "--to-url");
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    for line in stdin.lock().lines() {
        let line = line.expect("stdin is UTF-8 JSON Lines");
        let message: Value = serde_json::from_str(&line).expect("a JSON message");
        let reply = match message["cmd"].as_str() {
            Some("start") => hello(),
            Some("stop") => return,
            _ => {
                let mut reply = answer(&message, use_to_url);
                reply["seq"] = message["seq"].clone();
                reply
            }
        };
        writeln!(out, "{}", reply).expect("stdout");
        out.flush().expect("stdout");
    }
}
