//! ozbe/xcallback at 957cd01: `to_url` writes the parameters with `Url::query_pairs_mut()`
//! (src/x_callback_url.rs:297-299), application/x-www-form-urlencoded, which writes a space as `+`. A receiver
//! that reads the query as RFC 3986 (Foundation's URLComponents, for one) gets a literal `+`.
use callback::x_callback_url::XCallbackUrl;

fn main() {
    let mut request = XCallbackUrl::new("enc");
    request.set_action("echo");
    request.callback_params_mut().set_source(Some(" "));
    let sent = request.to_string();
    println!("x-source \" \" is sent as {:?}", sent);
    if sent.ends_with("x-source=+") {
        println!("BUG: a space written '+', a literal plus to RFC 3986 readers");
    } else {
        println!("OK: a space written %20");
    }
}
