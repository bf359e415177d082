//! Stand-in for the AppKit and Foundation bindings ozbe/xcallback's `src/macos.rs` imports
//! (`::macos::appkit`, `::macos::foundation`), so that it compiles on Linux.
//!
//! The calls on the path under test are those of `open` (`src/macos.rs:152-154`), through which
//! `NSXCallbackClient::execute` hands the finished URL to macOS:
//! `NSWorkspace::shared_workspace().open_url(NSURL::from(NSString::from(&url.to_string())))`.
//! - `NSString::from` carries the text unchanged, as `NSString` holds any UTF-8 text without NUL (the
//!   url crate's serialisation has none).
//! - `NSURL::from` is webkitten's `[NSURL URLWithString:]` (`macos/src/foundation.rs`, branch
//!   x-callback-url). It is modelled as Apple's Foundation answers for an app linked against the
//!   macOS 14 SDK or later (`url_with_string.rs`): an RFC 3986 parse that percent-encodes an invalid
//!   component and returns nil for an empty string or an invalid scheme. The URL opened is its
//!   `absoluteString`, not the text: `app://x-callback-url/100%?…` is opened as `…/100%25?…`.
//! - `open_url` is `[NSWorkspace openURL:]`: it records what it is given for the adapter and opens
//!   nothing. Given nil it opens nothing on macOS either; the adapter is told so at once.
//! The callback path (the client row's recognise answers, issue 37): macOS hands an app opened with a URL
//! of its registered scheme a GetURL Apple event, and AppKit calls the handler the delegate registered
//! (`handleGetURLEvent:withReplyEvent:`, src/macos.rs:183-199) with it. `get_url_event` makes that event
//! for a URL text; `NSAppleEventDescriptor::from_ptr` and `url_param_value` read it back, as webkitten's
//! do (`[[event paramDescriptorForKeyword:keyDirectObject] stringValue]`), and `NSString::as_str` is its
//! `UTF8String`, a C string: the text up to a NUL.
//! Everything else (the application, `NSAppleEventManager`) belongs to `run_app`, which the adapter never
//! calls, and panics if called.

use std::sync::{Condvar, Mutex, OnceLock};

mod url_with_string;
pub use url_with_string::url_with_string;

/// An Objective-C object pointer.
pub type Id = *mut objc::runtime::Object;

/// A wrapped Objective-C class, as the real crate's `impl_objc_class!` makes.
pub trait ObjCClass: Sized {
    /// The class name.
    fn class_name() -> &'static str;
    /// Wraps a pointer; panics here (only the Apple event handler calls it).
    fn from_ptr(_ptr: Id) -> Option<Self> {
        panic!("stub: ObjCClass::from_ptr is not on the path under test")
    }
}

#[macro_export]
macro_rules! impl_objc_class {
    ($name:ident) => {
        pub struct $name {
            #[allow(dead_code)]
            ptr: $crate::Id,
        }
        impl $crate::ObjCClass for $name {
            fn class_name() -> &'static str {
                stringify!($name)
            }
        }
    };
}

/// A GetURL Apple event, as macOS sends one to an app opened with a URL: its direct object is the URL text.
struct GetURLEvent {
    url: String,
}

/// The GetURL Apple event for `url`, as the pointer AppKit hands the handler (it lives as long as the process).
pub fn get_url_event(url: &str) -> Id {
    Box::into_raw(Box::new(GetURLEvent { url: url.to_string() })) as Id
}

/// What `open_url` was handed, in order: a URL's `absoluteString`, or `None` for nil.
fn opened() -> &'static (Mutex<Vec<Option<String>>>, Condvar) {
    static OPENED: OnceLock<(Mutex<Vec<Option<String>>>, Condvar)> = OnceLock::new();
    OPENED.get_or_init(|| (Mutex::new(Vec::new()), Condvar::new()))
}

/// Waits up to `timeout` for the next call of `NSWorkspace::open_url`, and takes what it was handed:
/// `Some(None)` when that was nil (nothing is opened).
pub fn next_opened_url(timeout: std::time::Duration) -> Option<Option<String>> {
    let (urls, signal) = opened();
    let guard = urls.lock().unwrap();
    let (mut guard, _) = signal.wait_timeout_while(guard, timeout, |urls| urls.is_empty()).unwrap();
    if guard.is_empty() { None } else { Some(guard.remove(0)) }
}

pub mod foundation {
    /// A string, carried unchanged.
    pub struct NSString(pub(crate) String);
    impl From<&String> for NSString {
        fn from(text: &String) -> Self {
            NSString(text.clone())
        }
    }
    impl NSString {
        /// `UTF8String`: the text up to its first NUL, as a C string holds it (only the Apple event handler calls it).
        pub fn as_str(&self) -> Option<&'static str> {
            let text = self.0.split('\0').next().unwrap_or("");
            Some(Box::leak(text.to_string().into_boxed_str()))
        }
    }
    /// `[NSURL URLWithString:]`: its `absoluteString`, or `None` for nil (see `url_with_string`).
    pub struct NSURL(pub(crate) Option<String>);
    impl From<NSString> for NSURL {
        fn from(text: NSString) -> Self {
            NSURL(crate::url_with_string(&text.0))
        }
    }
}

pub mod appkit {
    use crate::foundation::{NSString, NSURL};

    /// The shared workspace: records the URLs it is asked to open.
    pub struct NSWorkspace;
    impl NSWorkspace {
        pub fn shared_workspace() -> NSWorkspace {
            NSWorkspace
        }
        /// Records what it is handed for the adapter (nil too, which opens nothing on macOS); opens nothing.
        pub fn open_url(&self, url: NSURL) {
            let (urls, signal) = crate::opened();
            urls.lock().unwrap().push(url.0);
            signal.notify_all();
        }
    }

    /// The application; only `run_app` and `terminate_app` use it.
    pub struct NSApplication;
    pub fn nsapp() -> NSApplication {
        panic!("stub: NSApplication is not on the path under test")
    }
    impl NSApplication {
        pub fn set_delegate<T>(&self, _delegate: &T) {}
        pub fn run(&self) {}
        pub fn terminate<T>(&self, _sender: &T) {}
    }

    /// The Apple event manager; only the delegate uses it.
    pub struct NSAppleEventManager;
    impl NSAppleEventManager {
        pub fn shared_manager() -> NSAppleEventManager {
            panic!("stub: NSAppleEventManager is not on the path under test")
        }
        pub fn set_get_url_event_handler<T>(&self, _handler: &T) {}
    }

    /// An Apple event; only the delegate's URL handler reads one (made by `get_url_event`).
    pub struct NSAppleEventDescriptor {
        ptr: crate::Id,
    }
    impl crate::ObjCClass for NSAppleEventDescriptor {
        fn class_name() -> &'static str {
            "NSAppleEventDescriptor"
        }
        fn from_ptr(ptr: crate::Id) -> Option<Self> {
            if ptr.is_null() { None } else { Some(NSAppleEventDescriptor { ptr }) }
        }
    }
    impl NSAppleEventDescriptor {
        /// The event's direct object as a string: the URL the app was opened with.
        pub fn url_param_value(&self) -> Option<NSString> {
            let event = unsafe { &*(self.ptr as *const crate::GetURLEvent) };
            Some(NSString(event.url.clone()))
        }
    }
}
