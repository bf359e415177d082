//! Copies two functions of ozbe/xcallback's command-line tool (checkouts/ozbe-xcallback/src/bin/cli.rs),
//! unchanged, into `$OUT_DIR/cli_functions.rs`, which src/bin/client.rs includes: `opts_to_url` (cli.rs:48-53,
//! the request the tool builds from its arguments) and `parse_parameter` (cli.rs:55-61, how it reads each
//! `name=value` argument). The rest of cli.rs is structopt's argument parsing and AppKit's run loop, which this
//! machine has neither of; the adapter stands in for them (src/bin/client.rs). Nothing third-party is committed:
//! the text is read from the checkout at build time.
use std::{env, fs, path::Path};

fn main() {
    let cli = Path::new("../checkouts/ozbe-xcallback/src/bin/cli.rs");
    println!("cargo:rerun-if-changed={}", cli.display());
    let text = fs::read_to_string(cli).expect("checkouts/ozbe-xcallback/src/bin/cli.rs: run ../fetch.sh first");
    let mut out = String::new();
    for name in ["fn opts_to_url(", "fn parse_parameter("] {
        let start = text.find(name).unwrap_or_else(|| panic!("cli.rs has no `{}`", name));
        let length = text[start..].find("\n}\n").unwrap_or_else(|| panic!("cli.rs: `{}` has no end", name)) + 3;
        out.push_str(&text[start..start + length]);
        out.push('\n');
    }
    fs::write(Path::new(&env::var("OUT_DIR").unwrap()).join("cli_functions.rs"), out).unwrap();
}
