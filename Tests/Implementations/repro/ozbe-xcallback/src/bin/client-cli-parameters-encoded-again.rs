//! ozbe/xcallback at 957cd01, its command-line tool: the README's parameters are "Space delimited URL encoded
//! x-callback-url parameters", e.g. `title=My%20Note%20Title` (src/bin/cli.rs:32-38). `parse_parameter` only splits
//! each at `=` and `opts_to_url` appends the pair as written (src/bin/cli.rs:48-61); `to_url` then writes it with the
//! form serializer, which encodes the `%` again (src/x_callback_url.rs:291-299): the target reads `My%20Note%20Title`.
//!
//! Stand-in: the tool's `run` parses its arguments with structopt and sends the request with
//! `NSXCallbackClient::execute`; this program makes the same calls for `callback bear create
//! title=My%20Note%20Title` (the pair `parse_parameter` returns for that argument, appended as `opts_to_url` does).
//! `execute` hands the URL to NSWorkspace, which Linux has not: the AppKit stand-in records it and opens nothing,
//! and `macos::next_opened_url` (the stand-in's, not the crate's) returns it; `execute` then waits on a thread of its own.
use callback::client::XCallbackClient;
use callback::macos::NSXCallbackClient;
use callback::x_callback_url::XCallbackUrl;
use std::time::Duration;

fn main() {
    // opts_to_url (src/bin/cli.rs:48-53) with the README's example argument, as parse_parameter splits it.
    let mut request = XCallbackUrl::new("bear");
    request.set_action("create");
    request.action_params_mut().append(&[("title".to_string(), "My%20Note%20Title".to_string())]);
    std::thread::spawn(move || NSXCallbackClient::new().execute(&request).ok());
    let opened = macos::next_opened_url(Duration::from_secs(5)).flatten().expect("execute opened nothing"); // stand-in (None: handed nil)
    println!("callback bear create title=My%20Note%20Title opens {:?}", opened);
    if opened.contains("title=My%2520Note%2520Title") {
        println!("BUG: the URL-encoded parameter encoded again (title=My%2520Note%2520Title: the target reads My%20Note%20Title)");
    } else {
        println!("OK: the parameter sent as given");
    }
}
