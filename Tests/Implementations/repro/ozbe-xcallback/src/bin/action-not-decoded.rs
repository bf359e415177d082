//! ozbe/xcallback at 957cd01: `XCallbackUrl::parse` takes the action from `Url::path()` without its first
//! character (src/x_callback_url.rs:219-225). The url crate keeps the path percent-encoded and nothing
//! decodes it, so the action the sender encoded as `new%20note` reaches the app as `new%20note`, not
//! `new note`. (The spec asks only values to be encoded; decoding the action is a should.)
use callback::x_callback_url::XCallbackUrl;

fn main() {
    let input = "app://x-callback-url/new%20note";
    match XCallbackUrl::parse(input) {
        Ok(url) => {
            println!("XCallbackUrl::parse({:?}).action() is {:?}", input, url.action());
            if url.action() == "new note" {
                println!("OK: the action is new note");
            } else {
                println!("BUG: the action new%20note is not decoded: {:?}", url.action());
            }
        }
        Err(error) => {
            println!("XCallbackUrl::parse({:?}) fails: {}", input, error);
            println!("OK: not read undecoded (refused instead)");
        }
    }
}
