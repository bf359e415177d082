//! The crate ozbe/xcallback (`callback`) at 957cd01, its modules compiled from the checkout as they are;
//! see Cargo.toml for why it is not a dependency here.
#![allow(warnings)]
#[macro_use]
extern crate lazy_static;
#[macro_use]
extern crate objc;

#[path = "../../../other-libraries/checkouts/ozbe-xcallback/src/client.rs"]
pub mod client;
#[path = "../../../other-libraries/checkouts/ozbe-xcallback/src/macos.rs"]
pub mod macos;
#[path = "../../../other-libraries/checkouts/ozbe-xcallback/src/x_callback_url.rs"]
pub mod x_callback_url;
