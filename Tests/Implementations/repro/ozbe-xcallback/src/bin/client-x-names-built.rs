//! ozbe/xcallback at 957cd01, its macOS client: `NSXCallbackClient::execute` adds its own x-source, x-success,
//! x-error and x-cancel (src/macos.rs:70-102) and keeps the caller's parameters as given, `x-` names included
//! (src/x_callback_url.rs:115-139, 291-299); the README has callers pass "x-callback and action parameters".
//! A caller's x-source is sent beside the client's: the receiving app gets two.
//!
//! Stand-in: `execute` hands the URL to NSWorkspace, which Linux has not. The AppKit stand-in records the URL
//! and opens nothing, and `macos::next_opened_url` (the stand-in's, not the crate's) returns it; `execute`
//! then waits for a callback that never comes, on a thread of its own.
use callback::client::XCallbackClient;
use callback::macos::NSXCallbackClient;
use callback::x_callback_url::XCallbackUrl;
use std::time::Duration;

fn main() {
    let mut request = XCallbackUrl::new("rsv");
    request.set_action("act");
    request.action_params_mut().push("x-source", "1");
    std::thread::spawn(move || NSXCallbackClient::new().execute(&request).ok());
    let opened = macos::next_opened_url(Duration::from_secs(5)).flatten().expect("execute opened nothing"); // stand-in (None: handed nil)
    println!("execute opens {:?}", opened);
    let sources = opened.matches("x-source=").count();
    if sources > 1 {
        println!("BUG: {} x-source parameters sent (the caller's x-source=1 and the client's)", sources);
    } else {
        println!("OK: one x-source");
    }
}
