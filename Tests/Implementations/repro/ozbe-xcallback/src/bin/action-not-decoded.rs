//! ozbe/xcallback at 957cd01: `XCallbackUrl::parse` takes the action from `Url::path()` without its first
//! character (src/x_callback_url.rs:219-225). The url crate keeps the path percent-encoded and nothing
//! decodes it, so the action the sender encoded as `what%3F` reaches the app as `what%3F`, not `what?`.
use callback::x_callback_url::XCallbackUrl;

fn main() {
    let input = "app://x-callback-url/what%3F";
    match XCallbackUrl::parse(input) {
        Ok(url) => {
            println!("XCallbackUrl::parse({:?}).action() is {:?}", input, url.action());
            if url.action() == "what?" {
                println!("OK: the action is what?");
            } else {
                println!("BUG: the action what%3F is not decoded: {:?}", url.action());
            }
        }
        Err(error) => {
            println!("XCallbackUrl::parse({:?}) fails: {}", input, error);
            println!("OK: not read undecoded (refused instead)");
        }
    }
}
