// Vinzent03/obsidian-advanced-uri at fcd1068: the hook-get-advanced-uri route passes every parameter, x-success and
// x-error included, through decodeParameterValues (src/main.ts:56-66, called at :266), a second decodeURIComponent
// after Obsidian has decoded them once, and Hook's encoding is not documented. A callback the source app wrote with
// its own `%26` (`failed?next=a%26b`) is opened as `failed?next=a&b`: the source app reads next=a and a parameter b.
// RFC 3986 section 2.4: a string must not be decoded more than once. (The legacy advanced-uri route decodes the same
// way, but documents values encoded twice, src/main.ts:249 and docs/Concepts/Schema.md:12, which the second decode
// undoes; issue 37.)
//
// Stand-in: Obsidian decodes the obsidian:// URL's parameters once and calls the route's handler. This script
// loads the plugin's own src/main.ts, transpiled to CommonJS (PLUGIN_BUILD, by default what
// ../../other-libraries/obsidian/build.cjs makes, with the `obsidian` module stubbed), makes the hook route's
// calls with no note open on an instance Obsidian did not construct (decodeParameterValues and failure read nothing
// from it), and records what it hands to window.open.
"use strict";
const path = require("path");
process.env.NODE_PATH = process.env.PLUGIN_BUILD || path.join(__dirname, "../../other-libraries/obsidian/build/obsidian-advanced-uri");
require("module").Module._initPaths();
const opened = [];
globalThis.window = { open: (url) => opened.push(url) };

const AdvancedURI = require("src/main").default;
const plugin = Object.create(AdvancedURI.prototype);
const xError = "src://x-callback-url/failed?next=a%26b"; // as Obsidian hands it over, decoded once
plugin.failure(plugin.decodeParameterValues({ "x-error": xError }), { errorMessage: "No file opened" });
console.log(`hook route: failure(decodeParameterValues({"x-error": "${xError}"}), {errorMessage: "No file opened"}) opens ${opened[0]}`);
console.log(opened[0].startsWith(xError) ? "OK: the callback opened as the source app wrote it"
  : "BUG: the callback's own %26 decoded again: next=a%26b opened as " + new URL(opened[0]).search);
