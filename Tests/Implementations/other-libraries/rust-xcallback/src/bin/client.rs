//! The conformance protocol adapter for ozbe/xcallback's macOS client, the path its command-line tool
//! sends every request through (row `ozbe-xcallback-client`; Vectors/protocol/PROTOCOL.md).
//!
//! The crate's README documents one entry point, `callback <scheme> <action> [parameters]...`; the
//! tool builds an `XCallbackUrl` (`opts_to_url`, src/bin/cli.rs:48-53) and hands it to
//! `NSXCallbackClient::execute` (src/bin/cli.rs:41-46), the crate's public `XCallbackClient`
//! (src/client.rs, src/macos.rs:144-150), which a Rust app using the crate calls the same way. The
//! adapter builds the request as src/protocol.rs does for the module's own row and calls
//! `NSXCallbackClient::new()` and `execute(&url)`. `execute` sets its own x-source and callbacks
//! (src/macos.rs:70-102), opens the URL through `NSWorkspace` (src/macos.rs:152-154) and then waits
//! for the callback, which never comes here: each call is left waiting on a thread of its own, and the
//! adapter answers with the URL the client opened.
//!
//! src/x_callback_url.rs, src/client.rs and src/macos.rs are compiled from the checkout, with one
//! build fix (../patches/ozbe-xcallback.patch: Debian's rand 0.8 yields bytes where 0.7 yielded chars).
//! AppKit and the Objective-C runtime are stand-ins (stubs/macos, stubs/objc). `NSURL::from` is
//! `[NSURL URLWithString:]` as Apple's Foundation answers it for an app linked against the macOS 14
//! SDK or later (stubs/macos/src/url_with_string.rs, checked against swift-foundation's parser): the
//! text `to_string()` gives is opened as that URL's `absoluteString` (`100%` as `100%25`), and where
//! it is nil (`""`, an invalid scheme) `openURL:` is handed nil, nothing is opened, and `execute` waits
//! for ever: the adapter answers `errored` with that. `open_url` records what it is handed and opens
//! nothing; everything else the stand-ins offer panics if called; the delegate and the Apple event
//! handler, which receive callbacks, are never reached. Before the macOS 14 SDK, `URLWithString:`
//! returned nil for every text it now re-encodes (`100%`), so there the client opens nothing for
//! those too. build-request only: this client parses only the callbacks addressed to it (with their
//! `callback_id`), through the same `XCallbackUrl::parse` the module's row judges, and never builds a
//! callback. Role: build-request (Tests/Implementations/roles.tsv).
//!
//! `extraParameters`: the client adds x-source, x-success, x-error and x-cancel to every request
//! (src/macos.rs:79-100), so the comparator sets them aside where a vector did not ask for them.
//!
//! A request that asks for a source or callbacks of its own is answered `skipped`, with the reason and
//! the line: `execute` sets all four to the client's (`x-source=callback`,
//! `callback://x-callback-url/success?callback_id=…` and likewise error and cancel; src/macos.rs:70-102),
//! because those callbacks are how the client receives the answer, and neither `execute` nor
//! `XCallbackClient` (src/client.rs) takes a caller's. It is an input the client's API cannot take, as
//! the CallbackURLKit adapter skips a caller's x-source (../../swift-libraries). Before, the adapter sent
//! such requests and the replaced values failed them: on suite 2.1.0, must 148/195 and should 33/79
//! became must 148/160 and should 33/41, 35 must and 38 should failures skipped, no pass lost. An
//! action parameter named x-success is still sent, as given.

#[macro_use]
extern crate lazy_static;
#[macro_use]
extern crate objc;

#[allow(warnings)]
#[path = "../../../checkouts/ozbe-xcallback/src/x_callback_url.rs"]
mod x_callback_url;
#[allow(warnings)]
#[path = "../../../checkouts/ozbe-xcallback/src/client.rs"]
mod client;
#[allow(warnings)]
#[path = "../../../checkouts/ozbe-xcallback/src/macos.rs"]
mod macos;
#[allow(dead_code)] // parse is the module row's
#[path = "../protocol.rs"]
mod protocol;

use crate::client::XCallbackClient;
use serde_json::{json, Value};
use std::time::Duration;

fn hello() -> Value {
    json!({
        "protocol": 1,
        "implementation": {
            "name": "ozbe/xcallback (client)",
            "version": protocol::pinned_commit(),
            "language": "Rust",
            "homepage": "https://github.com/ozbe/xcallback"
        },
        "operations": ["build-request"],
        "roles": ["build-request"],
        "choices": {"parameter-order": "preserved"},
        "extraParameters": ["x-source", "x-success", "x-error", "x-cancel"]
    })
}

/// The `skipped` answer for a request that asks for its own x-source, x-success, x-error or x-cancel.
fn own_source_or_callbacks(request: &Value) -> Option<Value> {
    let asked: Vec<&str> = [("source", "x-source"), ("success", "x-success"), ("error", "x-error"), ("cancel", "x-cancel")]
        .iter()
        .filter(|(field, _)| !request[*field].is_null())
        .map(|(_, name)| *name)
        .collect();
    if asked.is_empty() {
        return None;
    }
    Some(json!({"skipped": {"reason": format!(
        "NSXCallbackClient::execute sets x-source=callback and its own x-success, x-error and x-cancel \
         (callback://x-callback-url/<outcome>?callback_id=...) on every request (src/macos.rs:70-102): \
         the caller's {} cannot be sent", asked.join(", "))}}))
}

fn execute(request: &Value) -> Value {
    if let Some(skipped) = own_source_or_callbacks(request) {
        return skipped;
    }
    let url = match protocol::request(request) {
        Ok(url) => url,
        Err(skipped) => return skipped,
    };
    let url_text = url.to_string();
    let client = crate::macos::NSXCallbackClient::new();
    let sender = std::thread::Builder::new().stack_size(64 * 1024).spawn(move || {
        // Opens the URL, then waits for a callback that never comes: the thread is left parked.
        let _ = client.execute(&url);
    });
    if let Err(error) = sender {
        return json!({"errored": {"message": format!("no thread for execute: {}", error)}});
    }
    match ::macos::next_opened_url(Duration::from_secs(1)) {
        Some(Some(opened)) => json!({"accepted": {"url": opened}}),
        Some(None) => json!({"errored": {"message": format!(
            "execute hands NSWorkspace openURL: nil, so nothing is opened and it waits for a callback for ever \
             (src/macos.rs:145-154): [NSURL URLWithString:] is nil for {:?}, the text to_string() gives \
             (src/x_callback_url.rs:394-401)", url_text)}}),
        None => json!({"errored": {"message": "execute opened no URL within 1 s"}}),
    }
}

fn main() {
    protocol::serve(hello(), |message| match message["cmd"].as_str() {
        Some("build-request") => execute(&message["request"]),
        _ => json!({"skipped": {"reason": "the client only sends requests"}}),
    });
}
