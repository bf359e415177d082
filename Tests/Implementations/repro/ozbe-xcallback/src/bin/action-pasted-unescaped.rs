//! ozbe/xcallback at 957cd01: `to_url` pastes the action into `"{scheme}://x-callback-url/{action}"` and
//! parses that (src/x_callback_url.rs:283-289), so the action is never escaped: `a?b` is sent as the action
//! `a` with a query `b`, as the crate's own `XCallbackUrl::parse` reads it back.
use callback::x_callback_url::XCallbackUrl;

fn main() {
    let mut request = XCallbackUrl::new("enc");
    request.set_action("a?b");
    let sent = request.to_string();
    println!("XCallbackUrl::new(\"enc\") with set_action(\"a?b\") is sent as {:?}", sent);
    match XCallbackUrl::parse(&sent) {
        Ok(read) if read.action() == "a?b" => println!("OK: the action a?b survives"),
        Ok(read) => println!("BUG: the action a?b is sent as the action {:?}", read.action()),
        Err(error) => println!("BUG: the action a?b gives a URL the crate cannot parse: {}", error),
    }
}
