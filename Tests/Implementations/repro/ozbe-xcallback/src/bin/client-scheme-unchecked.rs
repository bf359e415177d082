//! ozbe/xcallback at 957cd01, its macOS client: `NSXCallbackClient::execute` opens `to_string()` of the request
//! (src/macos.rs:152-154), which is "" when `to_url` cannot parse the scheme it pasted in unchecked
//! (src/x_callback_url.rs:283-289, 394-401): a request to the scheme "" hands NSWorkspace the URL "".
//!
//! Stand-in: `execute` hands the URL to NSWorkspace, which Linux has not. The AppKit stand-in records the URL
//! and opens nothing, and `macos::next_opened_url` (the stand-in's, not the crate's) returns it; `execute`
//! then waits for a callback that never comes, on a thread of its own. On macOS, NSURL is nil for "", so
//! nothing is opened and `execute` waits for ever.
use callback::client::XCallbackClient;
use callback::macos::NSXCallbackClient;
use callback::x_callback_url::XCallbackUrl;
use std::time::Duration;

fn main() {
    let mut request = XCallbackUrl::new("");
    request.set_action("open");
    std::thread::spawn(move || NSXCallbackClient::new().execute(&request).ok());
    let opened = macos::next_opened_url(Duration::from_secs(5)).expect("execute opened nothing"); // stand-in
    println!("execute opens {:?}", opened);
    if opened.is_empty() {
        println!("BUG: the scheme \"\" gives the URL \"\", and no error");
    } else {
        println!("OK: a URL, not an empty string");
    }
}
