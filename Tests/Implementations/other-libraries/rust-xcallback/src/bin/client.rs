//! The conformance protocol adapter for ozbe/xcallback's command-line tool and the macOS client it runs
//! on (row `ozbe-xcallback-client`; Vectors/protocol/PROTOCOL.md).
//!
//! build-request, through the CLI as the README documents it (issue 37). The README's one entry point is
//! `callback <scheme> <action> [parameters]...`, whose parameters are "x-callback and action parameters",
//! "Space delimited URL encoded", e.g. `title=My%20Note%20Title` (src/bin/cli.rs:32-38). The adapter is
//! the user at the shell: each of the request's x-source, x-success, x-error and x-cancel, then each
//! action parameter, is written as one argument `name=value`, name and value percent-encoded once (every
//! UTF-8 byte but RFC 3986's unreserved `A-Z a-z 0-9 - . _ ~`, so `=` and `%` are `%3D` and `%25`). The
//! tool's own code then runs, copied unchanged from the checkout at build time (build.rs):
//! `parse_parameter` reads each argument (cli.rs:55-61; where it returns an error, structopt prints it
//! and the tool exits without sending anything: `rejected`), and `opts_to_url` builds the request
//! (cli.rs:48-53), appending the arguments as action parameters as written; `NSXCallbackClient::new()`
//! and `execute(&url)` (cli.rs:41-46; src/macos.rs:144-150) add the client's own x-source and callbacks
//! (src/macos.rs:70-102) and open it. So what the user encoded is encoded again by the url crate's form
//! serializer (`title=My%20Note` is sent as `title=My%2520Note`), and a caller's x-source, x-success,
//! x-error or x-cancel goes out beside the client's own. Before issue 37 this row drove the Rust API with
//! decoded values and skipped every request with its own x-source or callbacks (78 vectors), which hid both.
//! A name without a value cannot be written (`parse_parameter` needs exactly one `=`; the flag alone is
//! refused as "Invalid parameter format"): skipped. A value that is not UTF-8 cannot be a shell argument
//! the tool reads as `String`: no vector has one.
//!
//! `execute` opens the URL through `NSWorkspace` (src/macos.rs:152-154) and then waits for the callback,
//! which never comes here: each call is left waiting on a thread of its own, and the adapter answers with
//! the URL the client opened. `NSURL::from` is `[NSURL URLWithString:]` as Apple's Foundation answers it
//! for an app linked against the macOS 14 SDK or later (stubs/macos/src/url_with_string.rs, checked
//! against swift-foundation's parser): the text `to_string()` gives is opened as that URL's
//! `absoluteString` (`100%` as `100%25`), and where it is nil (`""`, an invalid scheme) `openURL:` is
//! handed nil, nothing is opened, and `execute` waits for ever: the adapter answers `errored` with that.
//! `open_url` records what it is handed and opens nothing. Before the macOS 14 SDK, `URLWithString:`
//! returned nil for every text it now re-encodes (`100%`), so there the client opens nothing for those
//! too. `extraParameters`: the client adds x-source, x-success, x-error and x-cancel to every request, so
//! the comparator sets them aside where a vector did not ask for them.
//!
//! recognise (issue 37), through the client's Apple-event handler. The tool is an app whose registered
//! scheme is `callback` (app/Info.plist); every URL opened with that scheme reaches the handler its
//! `AppDelegate` registers, `handleGetURLEvent:withReplyEvent:` (src/macos.rs:183-199), which decides
//! whether the URL is one of its callbacks: `XCallbackUrl::parse(s).ok().unwrap()`, then the
//! `callback_id` parameter `.unwrap()`, then the waiting client's sender `.unwrap()`. The adapter calls
//! `AppDelegate::new()`, as `run_app` does at launch, takes the handler the class declared (the Objective-C
//! runtime stand-in, stubs/objc, records it) and calls it with a GetURL Apple event whose URL is the
//! vector's text (stubs/macos), as AppKit does. macOS routes by the scheme, so only a `callback:` URL ever reaches
//! the handler: the vector's scheme is replaced by the app's registered `callback`, as every other row opens the
//! vector with the app's own scheme, and a text with no scheme macOS could route is skipped. The text is the one an app opens: the
//! sender's `[NSURL URLWithString:]` (the same stand-in), and a text it refuses (nil) or rewrites is never
//! delivered as written, so it is skipped with that answer, as the Swift rows skip what `URL(string:)`
//! refuses or rewrites; a byte string that is not UTF-8 is skipped too (`&str`). A URL that is not one of
//! the client's callbacks, which every vector's is (no vector carries a waiting client's random
//! `callback_id`), makes the handler panic; the panic cannot unwind out of the `extern "C"` handler, so the
//! process aborts, and the runner reports the vector as `crashed` (the target broke) and starts the adapter
//! again. On macOS the same panic ends the app and the CLI waiting in it. Were a URL one of its callbacks,
//! the handler would hand it to the waiting client and return: the adapter answers `errored` then, as the
//! handler gives no answer of its own. decode is not claimed: what `parse` decodes is the module row's.

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
#[allow(dead_code)] // parse and request are the module row's
#[path = "../protocol.rs"]
mod protocol;

/// The tool's arguments as structopt fills them (src/bin/cli.rs:16-39): the same three fields, without
/// structopt, which this machine does not have; `parameters` is each argument read by `parse_parameter`.
struct CallbackOpts {
    scheme: String,
    action: String,
    parameters: Vec<(String, String)>,
}

/// `opts_to_url` and `parse_parameter`, copied unchanged from src/bin/cli.rs by build.rs.
mod cli {
    use super::CallbackOpts;
    use crate::x_callback_url::*;
    include!(concat!(env!("OUT_DIR"), "/cli_functions.rs"));
    pub fn build(opts: &CallbackOpts) -> XCallbackUrl {
        opts_to_url(opts)
    }
    pub fn parameter(argument: &str) -> Result<(String, String), String> {
        parse_parameter(argument)
    }
}

use crate::client::XCallbackClient;
use objc::runtime::{Object, Sel};
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
        "operations": ["parse", "build-request"],
        "roles": ["recognise", "build-request"],
        "choices": {"parameter-order": "preserved"},
        "extraParameters": ["x-source", "x-success", "x-error", "x-cancel"]
    })
}

/// Percent-encodes every UTF-8 byte but RFC 3986's unreserved characters: "URL encoded", once, as a user writes
/// a parameter for the tool (src/bin/cli.rs:34-38).
fn url_encoded(text: &str) -> String {
    let mut out = String::new();
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{:02X}", byte));
        }
    }
    out
}

/// The tool's `[parameters]...` for the request, as a user types them, or the `skipped` answer.
fn arguments(request: &Value) -> Result<Vec<String>, Value> {
    let mut arguments = Vec::new();
    for (field, name) in [("source", "x-source"), ("success", "x-success"), ("error", "x-error"), ("cancel", "x-cancel")] {
        if let Some(value) = request[field].as_str() {
            arguments.push(format!("{}={}", name, url_encoded(value)));
        }
    }
    for pair in request["parameters"].as_array().into_iter().flatten() {
        match (pair[0].as_str(), pair[1].as_str()) {
            (Some(name), Some(value)) => arguments.push(format!("{}={}", url_encoded(name), url_encoded(value))),
            _ => {
                return Err(json!({"skipped": {"reason":
                    "the tool's parameters are name=value arguments: parse_parameter (src/bin/cli.rs:55-61) needs exactly \
                     one '=', so a name without a value cannot be written (alone, it is refused as 'Invalid parameter format')"}}))
            }
        }
    }
    Ok(arguments)
}

/// `callback <scheme> <action> [parameters]...`: the URL the tool opens, or why it opens none.
fn execute(request: &Value) -> Value {
    let arguments = match arguments(request) {
        Ok(arguments) => arguments,
        Err(skipped) => return skipped,
    };
    let mut parameters = Vec::new();
    for argument in &arguments {
        match cli::parameter(argument) {
            Ok(pair) => parameters.push(pair),
            Err(message) => {
                return json!({"rejected": {"category": null, "message": format!(
                    "error: Invalid value for '<parameters>...': {} (structopt, on the argument {:?}): the tool exits \
                     and sends nothing", message, argument)}})
            }
        }
    }
    let opts = CallbackOpts {
        scheme: request["scheme"].as_str().unwrap_or("").to_string(),
        action: request["action"].as_str().unwrap_or("").to_string(),
        parameters,
    };
    let url = cli::build(&opts);
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

/// The Apple-event handler given the URL, as AppKit calls it: returns only if the URL is a waiting client's callback.
fn recognise(message: &Value) -> Value {
    let text = match protocol::url_to_parse(message) {
        Ok(text) => text,
        Err(skipped) => return skipped,
    };
    // macOS hands the handler only URLs of the app's registered scheme (app/Info.plist: `callback`).
    let text = match text.find(':') {
        Some(colon) if is_scheme(&text[..colon]) => format!("callback{}", &text[colon..]),
        _ => {
            return json!({"skipped": {"reason": format!(
                "{:?} has no scheme macOS could route to the app, so it never reaches the handler", text)}})
        }
    };
    // The stand-in panics on a host it does not model (an IP literal, an unbalanced bracket, one needing IDNA or
    // percent-encoding: stubs/macos/src/url_with_string.rs); what macOS would deliver is then not known here.
    // The stand-in's own panic is caught and not printed: stderr is the tail the runner shows for a later crash.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let modelled = std::panic::catch_unwind(|| ::macos::url_with_string(&text));
    std::panic::set_hook(hook);
    let delivered = match modelled {
        Ok(delivered) => delivered,
        Err(_) => {
            return json!({"skipped": {"reason": format!(
                "what [NSURL URLWithString:] makes of the host of {:?} is not modelled by the stand-in \
                 (stubs/macos/src/url_with_string.rs), so whether macOS delivers it as written is not known", text)}})
        }
    };
    match delivered {
        None => {
            return json!({"skipped": {"reason": format!(
                "[NSURL URLWithString:] is nil for {:?}: no app can open it, so macOS never delivers it to the handler", text)}})
        }
        Some(opened) if opened != text => {
            return json!({"skipped": {"reason": format!(
                "[NSURL URLWithString:] (macOS 14 SDK) opens {:?} as {:?}: the handler never receives the text as written",
                text, opened)}})
        }
        Some(_) => {}
    }
    // What run_app does at launch: the delegate's class is declared with its methods (src/macos.rs:164-222).
    let _delegate = crate::macos::AppDelegate::new();
    #[allow(improper_ctypes_definitions)] // the stand-in Sel carries its name; nothing crosses an FFI boundary
    type Handler = extern "C" fn(&mut Object, Sel, ::macos::Id, ::macos::Id);
    let handler: Handler = match objc::declare::method("AppDelegate", "handleGetURLEvent:withReplyEvent:") {
        Some(handler) => handler,
        None => return json!({"errored": {"message": "AppDelegate declared no handleGetURLEvent:withReplyEvent:"}}),
    };
    let event = ::macos::get_url_event(&text);
    handler(&mut Object::stand_in(), Sel("handleGetURLEvent:withReplyEvent:"), event, std::ptr::null_mut());
    json!({"errored": {"message":
        "the handler returned: it handed the URL to the client waiting for that callback_id, and answers nothing itself"}})
}

/// Whether `text` is a scheme (RFC 3986 section 3.1: a letter, then letters, digits, `+`, `-` or `.`).
fn is_scheme(text: &str) -> bool {
    let mut chars = text.chars();
    chars.next().map_or(false, |c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '+' || c == '-' || c == '.')
}

fn main() {
    // One line per panic on stderr, whatever RUST_BACKTRACE says, so the tail the runner reports for a crash names
    // the library line that panicked. The hook only prints: the abort that follows is unchanged.
    std::panic::set_hook(Box::new(|info| eprintln!("panic: {}", info)));
    protocol::serve(hello(), |message| match message["cmd"].as_str() {
        Some("build-request") => execute(&message["request"]),
        Some("parse") => recognise(message),
        _ => json!({"skipped": {"reason": "the client sends requests and receives its callbacks; it builds no callback"}}),
    });
}
