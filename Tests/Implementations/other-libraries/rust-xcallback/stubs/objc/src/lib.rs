//! Stand-in for the `objc` crate, so that ozbe/xcallback's `src/macos.rs` compiles on Linux.
//!
//! `src/macos.rs` uses the Objective-C runtime only to declare and register its `AppDelegate` class
//! (`AppDelegate::default`, src/macos.rs:164-222) and to create its instance. The request path
//! (`NSXCallbackClient::new` and `execute`) uses none of it. The callback path does: the client row's
//! recognise answers (issue 37) call `AppDelegate::new()`, as `run_app` does at launch, and then the
//! Apple-event handler the class declares (`handleGetURLEvent:withReplyEvent:`, src/macos.rs:183-199),
//! as AppKit does when the app is opened with a URL. So this stand-in declares a class the way the
//! runtime does where the adapter reads it back: `ClassDecl::add_method` records each method's function
//! under its class and selector, and `method` hands it out; `register` has nothing more to do.
//! `msg_send!` (only `[AppDelegate new]`, src/macos.rs:219) answers nil: nothing reads the instance.

pub mod runtime {
    /// An Objective-C object. Only `stand_in` makes one: the `self` a method is called on.
    pub struct Object {
        _private: (),
    }
    impl Object {
        /// The receiver of a method the adapter calls: the stand-in reads nothing from it.
        pub fn stand_in() -> Object {
            Object { _private: () }
        }
    }
    /// A selector: its name, as `sel!` spells it (`handleGetURLEvent:withReplyEvent:`).
    #[derive(Clone, Copy)]
    pub struct Sel(pub &'static str);
    /// A class.
    pub struct Class;
    /// The class `class!` names.
    pub static CLASS: Class = Class;

    /// What a message the stand-in answers returns: nil.
    pub trait Nil {
        fn nil() -> Self;
    }
    impl<T> Nil for *mut T {
        fn nil() -> Self {
            std::ptr::null_mut()
        }
    }

    /// What `msg_send!` sends: every message answers nil (the one sent is `[AppDelegate new]`).
    pub fn send<T: Nil>() -> T {
        T::nil()
    }
}

pub mod declare {
    use crate::runtime::{Class, Sel};
    use std::any::Any;
    use std::sync::Mutex;

    /// The methods declared so far: class name, selector name (without spaces), function.
    static METHODS: Mutex<Vec<(String, String, Box<dyn Any + Send>)>> = Mutex::new(Vec::new());

    /// A class being declared.
    pub struct ClassDecl {
        name: String,
    }

    impl ClassDecl {
        /// A new class of this name (the superclass is not modelled: nothing calls an inherited method).
        pub fn new(name: &str, _superclass: &Class) -> Option<ClassDecl> {
            Some(ClassDecl { name: name.to_string() })
        }
        /// Records the function that implements the selector, for `method`.
        pub unsafe fn add_method<F: Any + Send>(&mut self, selector: Sel, function: F) {
            let selector: String = selector.0.chars().filter(|c| !c.is_whitespace()).collect();
            METHODS.lock().unwrap().push((self.name.clone(), selector, Box::new(function)));
        }
        /// The class is usable once declared: nothing more to do.
        pub fn register(self) {}
    }

    /// The function a declared class implements `selector` with, if it declared one of type `F`.
    pub fn method<F: Any + Copy>(class: &str, selector: &str) -> Option<F> {
        let methods = METHODS.lock().unwrap();
        methods
            .iter()
            .find(|(name, sel, _)| name == class && sel == selector)
            .and_then(|(_, _, function)| function.downcast_ref::<F>().copied())
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
        $crate::runtime::Sel(stringify!($($selector)*))
    };
}

#[macro_export]
macro_rules! msg_send {
    ($($message:tt)*) => {
        $crate::runtime::send()
    };
}
