//! ozbe/xcallback at 957cd01, its macOS client: every URL opened with the app's scheme `callback` (app/Info.plist)
//! reaches the Apple-event handler the `AppDelegate` class declares (src/macos.rs:183-199), which unwraps the parse,
//! the `callback_id` parameter and the sender stored for it. `callback://x` (or any URL that is not one of its own
//! callbacks) panics there, inside an `extern "C"` method, so the process aborts: any app or page can end a running
//! `callback` and the request it waits on.
//!
//! Stand-in: on macOS, start `callback bear create` and, while it waits, `open 'callback://x'`. Here AppKit is
//! absent: this program declares the delegate as `run_app` does (`AppDelegate::new()`), takes the handler the class
//! declared from the Objective-C runtime stand-in (../../other-libraries/rust-xcallback/stubs/objc, which records
//! declared methods) and calls it with a GetURL Apple event holding the URL (stubs/macos), as AppKit does. A panic
//! hook prints the BUG line before the abort.
use callback::macos::AppDelegate;
use objc::runtime::{Object, Sel};

fn main() {
    std::panic::set_hook(Box::new(|info| {
        println!("BUG: the callback handler panicked on callback://x ({}); the process aborts", info);
    }));
    let _delegate = AppDelegate::new();
    #[allow(improper_ctypes_definitions)] // the stand-in Sel carries its name
    type Handler = extern "C" fn(&mut Object, Sel, macos::Id, macos::Id);
    let handler: Handler = objc::declare::method("AppDelegate", "handleGetURLEvent:withReplyEvent:").expect("no handler declared");
    println!("handleGetURLEvent:withReplyEvent: with callback://x");
    handler(&mut Object::stand_in(), Sel("handleGetURLEvent:withReplyEvent:"), macos::get_url_event("callback://x"), std::ptr::null_mut());
    println!("OK: the handler returned");
}
