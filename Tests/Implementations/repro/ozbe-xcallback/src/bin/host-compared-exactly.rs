//! ozbe/xcallback at 957cd01: `XCallbackUrl::parse` compares `Url::host_str()` with "x-callback-url" byte for
//! byte (src/x_callback_url.rs:213-217). The url crate keeps the host of an app's own scheme as written (an
//! opaque host), so a request whose host differs only in case is refused, although a URI's host is
//! case-insensitive (RFC 3986 §3.2.2).
use callback::x_callback_url::XCallbackUrl;

fn main() {
    let input = "app://X-callback-url/open";
    match XCallbackUrl::parse(input) {
        Ok(url) => {
            println!("XCallbackUrl::parse({:?}) gives the action {:?}", input, url.action());
            println!("OK: host X-callback-url accepted");
        }
        Err(error) => {
            println!("XCallbackUrl::parse({:?}) fails: {}", input, error);
            println!("BUG: host X-callback-url refused");
        }
    }
}
