// Vinzent03/obsidian-advanced-uri at fcd1068: success() adds each result with url.searchParams.set
// (src/main.ts:470; failure() likewise, :486), and URLSearchParams writes a space as `+`
// (application/x-www-form-urlencoded). A source app that reads its callback as RFC 3986 (Foundation's
// URLComponents, for one) gets a literal `+`.
//
// Stand-in: Obsidian runs the plugin and calls success() from a handler. This script loads the plugin's own
// src/main.ts, transpiled to CommonJS (PLUGIN_BUILD, by default what ../../other-libraries/obsidian/build.cjs
// makes, with the `obsidian` module stubbed), calls success() on an instance Obsidian did not construct
// (success reads nothing from it) and records what it hands to window.open instead of opening it.
"use strict";
const path = require("path");
process.env.NODE_PATH = process.env.PLUGIN_BUILD || path.join(__dirname, "../../other-libraries/obsidian/build/obsidian-advanced-uri");
require("module").Module._initPaths();
const opened = [];
globalThis.window = { open: (url) => opened.push(url) };

const AdvancedURI = require("src/main").default;
const plugin = Object.create(AdvancedURI.prototype);
plugin.success({ "x-success": "src://x-callback-url/done" }, { r: " " });
console.log(`success({"x-success": "src://x-callback-url/done"}, {r: " "}) opens ${opened[0]}`);
console.log(opened[0].endsWith("r=+") ? "BUG: a space written '+', a literal plus to RFC 3986 readers" : "OK: a space written %20");
