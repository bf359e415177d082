//! Stand-in for the `objc` crate, so that ozbe/xcallback's `src/macos.rs` compiles on Linux.
//!
//! `src/macos.rs` uses the Objective-C runtime only to declare and register its `AppDelegate` class
//! (`AppDelegate::default`, reached from `run_app`) and to create its instance. The adapter never calls
//! `run_app` or `AppDelegate::new`: the path under test is `NSXCallbackClient::new` and `execute`, which
//! use none of this. Every function here panics if it is ever called, so a call on the path under test
//! would show as a crash, never as a quiet difference.

pub mod runtime {
    /// An Objective-C object; never made.
    pub struct Object {
        _private: (),
    }
    /// A selector.
    #[derive(Clone, Copy)]
    pub struct Sel;
    /// A class.
    pub struct Class;
    /// The class `class!` names.
    pub static CLASS: Class = Class;

    /// What `msg_send!` would send; panics.
    pub fn send<T>() -> T {
        panic!("stub: objc message sending is not on the path under test")
    }
}

pub mod declare {
    use crate::runtime::{Class, Sel};

    /// A class being declared; never made.
    pub struct ClassDecl;

    impl ClassDecl {
        /// Panics: declaring classes is not on the path under test.
        pub fn new(_name: &str, _superclass: &Class) -> Option<ClassDecl> {
            panic!("stub: objc::declare::ClassDecl is not on the path under test")
        }
        /// Never reached (`new` panics).
        pub unsafe fn add_method<F>(&mut self, _selector: Sel, _function: F) {}
        /// Never reached (`new` panics).
        pub fn register(self) {}
    }
}

#[macro_export]
macro_rules! class {
    ($name:ident) => {
        &$crate::runtime::CLASS
    };
}

#[macro_export]
macro_rules! sel {
    ($($selector:tt)*) => {
        $crate::runtime::Sel
    };
}

#[macro_export]
macro_rules! msg_send {
    ($($message:tt)*) => {
        $crate::runtime::send()
    };
}
