//! What both ozbe/xcallback adapters share: the protocol loop (Vectors/protocol/PROTOCOL.md, JSON
//! Lines on stdin and stdout), the parse answer, and the request the crate's code would build.
//! Each binary includes this file and `src/x_callback_url.rs` of the checkout as modules.

use crate::x_callback_url::{XCallbackError, XCallbackUrl};
use serde_json::{json, Value};
use std::io::{self, BufRead, Write};

fn optional(value: Option<&str>) -> Value {
    value.map_or(Value::Null, |text| Value::String(text.to_string()))
}

/// `XCallbackUrl::parse`, read through its accessors. An error is `rejected`: with the category
/// `not-x-callback-url` for the module's own `InvalidHost`, and none for the `url` crate's errors,
/// which say why the URL did not parse, not which of the protocol's categories applies.
pub fn parse(url: &str) -> Value {
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

/// The request as the crate's code builds one: `XCallbackUrl::new`, `set_action` and
/// `action_params_mut().append` as `opts_to_url` (src/bin/cli.rs:48-53), then the four
/// `callback_params_mut().set_…` calls of src/macos.rs:79-100. A parameter without a value (`null`)
/// cannot be expressed (`ActionParams` holds `(String, String)`): the answer is then `skipped`.
pub fn request(request: &Value) -> Result<XCallbackUrl, Value> {
    let mut pairs: Vec<(String, String)> = Vec::new();
    for pair in request["parameters"].as_array().into_iter().flatten() {
        match (pair[0].as_str(), pair[1].as_str()) {
            (Some(name), Some(value)) => pairs.push((name.to_string(), value.to_string())),
            _ => {
                return Err(json!({"skipped": {"reason":
                    "ActionParams holds (String, String) pairs: a name without a value cannot be expressed"}}))
            }
        }
    }
    let mut url = XCallbackUrl::new(request["scheme"].as_str().unwrap_or(""));
    url.set_action(request["action"].as_str().unwrap_or(""));
    url.action_params_mut().append(&pairs);
    let callbacks = url.callback_params_mut();
    callbacks.set_source(request["source"].as_str());
    callbacks.set_success(request["success"].as_str());
    callbacks.set_error(request["error"].as_str());
    callbacks.set_cancel(request["cancel"].as_str());
    Ok(url)
}

fn hex_to_string(hex: &str) -> Option<String> {
    let digits: Vec<u8> = hex.bytes().filter(|byte| !byte.is_ascii_whitespace()).collect();
    let bytes: Option<Vec<u8>> = digits
        .chunks(2)
        .map(|pair| u8::from_str_radix(std::str::from_utf8(pair).ok()?, 16).ok())
        .collect();
    String::from_utf8(bytes?).ok()
}

/// The URL of a `parse` request, or the `skipped` answer for `urlHex` bytes that are not UTF-8
/// (`XCallbackUrl::parse` takes `&str`).
pub fn url_to_parse(message: &Value) -> Result<String, Value> {
    if let Some(url) = message["url"].as_str() {
        return Ok(url.to_string());
    }
    message["urlHex"]
        .as_str()
        .and_then(hex_to_string)
        .ok_or_else(|| json!({"skipped": {"reason": "XCallbackUrl::parse takes &str: these bytes are not UTF-8"}}))
}

/// The pinned commit of ozbe/xcallback (../libraries.tsv), which the hello gives as the version.
pub fn pinned_commit() -> &'static str {
    include_str!("../../libraries.tsv")
        .lines()
        .find_map(|line| line.strip_prefix("ozbe-xcallback\t"))
        .and_then(|rest| rest.split('\t').nth(1))
        .unwrap_or("unknown")
}

/// Answers `start` with `hello`, every other request with `answer`, until `stop` or end of input.
pub fn serve(hello: Value, mut answer: impl FnMut(&Value) -> Value) {
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    for line in stdin.lock().lines() {
        let line = line.expect("stdin is UTF-8 JSON Lines");
        let message: Value = serde_json::from_str(&line).expect("a JSON message");
        let reply = match message["cmd"].as_str() {
            Some("start") => hello.clone(),
            Some("stop") => return,
            _ => {
                let mut reply = answer(&message);
                reply["seq"] = message["seq"].clone();
                reply
            }
        };
        writeln!(out, "{}", reply).expect("stdout");
        out.flush().expect("stdout");
    }
}
