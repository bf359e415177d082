//! ozbe/xcallback at 957cd01, its command-line tool: the README's parameters are "x-callback and action
//! parameters" (src/bin/cli.rs:32-38), so a caller passes its own callback as `x-success=…`; `opts_to_url` appends
//! it as an action parameter (src/bin/cli.rs:48-53) and `execute` adds the client's own x-source and callbacks
//! (src/macos.rs:70-102). The target receives x-success twice, the caller's encoded twice.
//!
//! Stand-in: as in client-cli-parameters-encoded-again.rs, for `callback app open
//! x-success=src%3A%2F%2Fx-callback-url%2Fdone`; the AppKit stand-in records the URL `execute` opens.
use callback::client::XCallbackClient;
use callback::macos::NSXCallbackClient;
use callback::x_callback_url::XCallbackUrl;
use std::time::Duration;

fn main() {
    let mut request = XCallbackUrl::new("app");
    request.set_action("open");
    request.action_params_mut().append(&[("x-success".to_string(), "src%3A%2F%2Fx-callback-url%2Fdone".to_string())]);
    std::thread::spawn(move || NSXCallbackClient::new().execute(&request).ok());
    let opened = macos::next_opened_url(Duration::from_secs(5)).flatten().expect("execute opened nothing"); // stand-in (None: handed nil)
    println!("callback app open x-success=src%3A%2F%2Fx-callback-url%2Fdone opens {:?}", opened);
    let count = opened.matches("x-success=").count();
    if count > 1 {
        println!("BUG: {} x-success parameters sent (the caller's, encoded twice, and the client's)", count);
    } else {
        println!("OK: one x-success");
    }
}
