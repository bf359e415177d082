//! ozbe/xcallback at 957cd01, its macOS client: `NSXCallbackClient::execute` opens `to_string()` of the request
//! (src/macos.rs:152-154), which is "" when `to_url` cannot parse the scheme it pasted in unchecked
//! (src/x_callback_url.rs:283-289, 394-401): a request to the scheme "" hands NSWorkspace the URL "".
//!
//! Stand-in: `execute` hands `[NSURL URLWithString:]` of the text to NSWorkspace, which Linux has not. The AppKit
//! stand-in models `URLWithString:` as the macOS 14 SDK answers it (nil for ""), records what `openURL:` is
//! handed and opens nothing, and `macos::next_opened_url` (the stand-in's, not the crate's) returns it: `None`
//! when it was handed nil. `execute` then waits for a callback that never comes, on a thread of its own, as it
//! does on macOS, where nothing is opened and no error is returned.
use callback::client::XCallbackClient;
use callback::macos::NSXCallbackClient;
use callback::x_callback_url::XCallbackUrl;
use std::time::Duration;

fn main() {
    let mut request = XCallbackUrl::new("");
    request.set_action("open");
    println!("to_string() of the request to the scheme \"\" is {:?}", request.to_string());
    std::thread::spawn(move || NSXCallbackClient::new().execute(&request).ok());
    let opened = macos::next_opened_url(Duration::from_secs(5)).expect("execute called no openURL:"); // stand-in
    match opened {
        None => println!("execute hands openURL: nil and waits for ever\nBUG: the scheme \"\" gives the URL \"\", nothing is opened, and no error"),
        Some(url) => println!("execute opens {:?}\nOK: a URL is opened", url),
    }
}
