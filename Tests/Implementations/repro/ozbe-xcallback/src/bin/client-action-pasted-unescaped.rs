//! ozbe/xcallback at 957cd01, its macOS client: `NSXCallbackClient::execute` opens `to_string()` of the request
//! (src/macos.rs:144-154), and `to_url` pastes the action into `"{scheme}://x-callback-url/{action}"` unescaped
//! (src/x_callback_url.rs:283-289): the action `a?b` reaches the app as the action `a`.
//!
//! Stand-in: `execute` hands the URL to NSWorkspace, which Linux has not. The AppKit stand-in records the URL
//! and opens nothing, and `macos::next_opened_url` (the stand-in's, not the crate's) returns it; `execute`
//! then waits for a callback that never comes, on a thread of its own.
use callback::client::XCallbackClient;
use callback::macos::NSXCallbackClient;
use callback::x_callback_url::XCallbackUrl;
use std::time::Duration;

fn main() {
    let mut request = XCallbackUrl::new("enc");
    request.set_action("a?b");
    std::thread::spawn(move || NSXCallbackClient::new().execute(&request).ok());
    let opened = macos::next_opened_url(Duration::from_secs(5)).flatten().expect("execute opened nothing"); // stand-in (None: handed nil)
    println!("execute opens {:?}", opened);
    match XCallbackUrl::parse(&opened) {
        Ok(read) if read.action() == "a?b" => println!("OK: the action a?b survives"),
        Ok(read) => println!("BUG: the action a?b is sent as the action {:?}", read.action()),
        Err(error) => println!("BUG: the action a?b gives a URL the crate cannot parse: {}", error),
    }
}
