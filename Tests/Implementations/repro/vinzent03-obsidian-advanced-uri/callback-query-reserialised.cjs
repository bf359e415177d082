// Vinzent03/obsidian-advanced-uri at fcd1068: success() and failure() add each option to the callback with
// url.searchParams.set (src/main.ts:466-472, :482-488), and URLSearchParams re-serialises the callback's whole query
// as a form. On the hook-get-advanced-uri route, whose one failure sets errorMessage (src/main.ts:270-274), an
// x-error holding `q=a%20b` is opened with `q=a+b`, which a source app built on Foundation reads as `a+b`. The same
// set() runs on every success of that route and of adv-uri's documented write mode new (hookSuccess,
// src/main.ts:449-472, src/handlers.ts:447-462), which append the plugin's own four results.
//
// Stand-in: Obsidian runs the plugin and calls the route. This script loads the plugin's own src/main.ts, transpiled
// to CommonJS (PLUGIN_BUILD, by default what ../../other-libraries/obsidian/build.cjs makes, with the `obsidian`
// module stubbed), makes the route's calls on an instance Obsidian did not construct (they read nothing from it) and
// records what they hand to window.open.
"use strict";
const path = require("path");
process.env.NODE_PATH = process.env.PLUGIN_BUILD || path.join(__dirname, "../../other-libraries/obsidian/build/obsidian-advanced-uri");
require("module").Module._initPaths();
const opened = [];
globalThis.window = { open: (url) => opened.push(url) };

const AdvancedURI = require("src/main").default;
const plugin = Object.create(AdvancedURI.prototype);
// The hook route with no note open: decodeParameterValues, then its one failure (src/main.ts:266-274).
const xError = "src://x-callback-url/failed?q=a%20b";
plugin.failure(plugin.decodeParameterValues({ "x-error": xError }), { errorMessage: "No file opened" });
console.log(`hook route: failure(decodeParameterValues({"x-error": "${xError}"}), {errorMessage: "No file opened"}) opens ${opened[0]}`);
console.log(opened[0].includes("q=a+b") ? "BUG: the callback's own query rewritten (q=a%20b opened as q=a+b)"
  : "OK: the callback's own query kept");
