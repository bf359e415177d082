// Vinzent03/obsidian-advanced-uri at fcd1068: success() and failure() add each option to the callback with
// url.searchParams.set (src/main.ts:466-472, :482-488). URLSearchParams replaces a parameter of the callback's own
// with the same name and re-serialises the callback's whole query as a form: the callback
// `src://x-callback-url/done?word` gets word=Hola in place of its own `word`, and on the hook-get-advanced-uri
// route, whose failure sets errorMessage (src/main.ts:270-274), an x-error holding `q=a%20b` is opened with
// `q=a+b`, which a source app built on Foundation reads as `a+b`.
//
// Stand-in: Obsidian runs the plugin and calls success()/failure() from its handlers. This script loads the
// plugin's own src/main.ts, transpiled to CommonJS (PLUGIN_BUILD, by default what
// ../../other-libraries/obsidian/build.cjs makes, with the `obsidian` module stubbed), calls the methods on an
// instance Obsidian did not construct (they read nothing from it) and records what they hand to window.open.
"use strict";
const path = require("path");
process.env.NODE_PATH = process.env.PLUGIN_BUILD || path.join(__dirname, "../../other-libraries/obsidian/build/obsidian-advanced-uri");
require("module").Module._initPaths();
const opened = [];
globalThis.window = { open: (url) => opened.push(url) };

const AdvancedURI = require("src/main").default;
const plugin = Object.create(AdvancedURI.prototype);
plugin.success({ "x-success": "src://x-callback-url/done?word" }, { word: "Hola" });
console.log(`success({"x-success": "src://x-callback-url/done?word"}, {word: "Hola"}) opens ${opened[0]}`);
// The hook route: decodeParameterValues, then its one failure (src/main.ts:266-274).
const xError = "src://x-callback-url/failed?q=a%20b";
plugin.failure(plugin.decodeParameterValues({ "x-error": xError }), { errorMessage: "No file opened" });
console.log(`hook route: failure(decodeParameterValues({"x-error": "${xError}"}), {errorMessage: "No file opened"}) opens ${opened[1]}`);
const replaced = !/[?&]word(&|$)/.test(opened[0]);
const plus = opened[1].includes("q=a+b");
console.log(replaced || plus ? "BUG: the callback's own query rewritten (its word replaced by word=Hola; q=a%20b opened as q=a+b)"
  : "OK: the callbacks' own queries kept");
