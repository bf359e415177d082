//! ozbe/xcallback at 957cd01: `to_url` pastes the scheme into a string unchecked (src/x_callback_url.rs:283-289),
//! and `to_string()`, which the crate's client opens (src/macos.rs:153), turns the error into an empty
//! string (src/x_callback_url.rs:394-401): a request to the scheme "" becomes the URL "", with no error.
use callback::x_callback_url::XCallbackUrl;

fn main() {
    let mut request = XCallbackUrl::new("");
    request.set_action("open");
    println!("to_url() is {:?}", request.to_url());
    let sent = request.to_string();
    println!("to_string() is {:?}", sent);
    if sent.is_empty() {
        println!("BUG: the scheme \"\" gives the URL \"\", and no error");
    } else {
        println!("OK: a URL, not an empty string");
    }
}
