//! ozbe/xcallback at 957cd01: `to_url` writes parameter names with `Url::query_pairs_mut()` (src/x_callback_url.rs:297-299),
//! the application/x-www-form-urlencoded serializer, which escapes every byte but ASCII letters, digits and `*-._`: the name
//! `a?b` is sent as `a%3Fb`, although RFC 3986 section 3.4 allows `?` in a query as it is. A receiver that matches
//! parameter names as written finds no `a?b`.
use callback::x_callback_url::XCallbackUrl;

fn main() {
    let mut request = XCallbackUrl::new("enc");
    request.set_action("echo");
    request.action_params_mut().push("a?b", "1");
    let sent = request.to_string();
    println!("the parameter a?b=1 is sent as {:?}", sent);
    if sent.contains("a%3Fb=1") {
        println!("BUG: a reserved character escaped in a name (a?b written a%3Fb)");
    } else {
        println!("OK: the name written as it is");
    }
}
