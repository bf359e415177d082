// czottmann/obsidian-actions-uri at 3652299: on an error, sendUrlCallback() adds errorCode and errorMessage with
// url.searchParams.set (src/utils/callbacks.ts:37-38; results likewise, :91). `set` replaces a parameter of the
// callback's own with the same name, and URLSearchParams re-serialises the callback's whole query: an x-error of
// `failed?errorCode=old` is opened as `failed?errorCode=404&…`, so the source app loses the errorCode=old it wrote
// into its own callback (and `next=a:b` would become `next=a%3Ab`). docs/callbacks.md says the callback's
// parameters "will be used as-is".
//
// Stand-in: Obsidian parses the obsidian:// URL and the plugin's dispatcher calls sendUrlCallback() after the
// route's handler (src/main.ts:226-243). This script loads the plugin's own modules, transpiled to CommonJS
// (PLUGIN_BUILD, by default what ../../other-libraries/obsidian/build.cjs makes, with the `obsidian` module
// stubbed), calls sendUrlCallback() as the dispatcher does, and records what it hands to window.open.
"use strict";
const path = require("path");
process.env.NODE_PATH = process.env.PLUGIN_BUILD || path.join(__dirname, "../../other-libraries/obsidian/build/obsidian-actions-uri");
require("module").Module._initPaths();
const opened = [];
globalThis.window = { open: (url) => opened.push(url) };

const { sendUrlCallback } = require("src/utils/callbacks");
const { failure, ErrorCode } = require("src/utils/results-handling");
const callback = "src://x-callback-url/failed?errorCode=old";
sendUrlCallback(callback, failure(ErrorCode.notFound, "x"), { "x-error": callback });
console.log(`sendUrlCallback("${callback}", failure(ErrorCode.notFound, "x"), {"x-error": "${callback}"}) opens ${opened[0]}`);
console.log(opened[0].startsWith(callback + "&") ? "OK: the callback's query kept as written" : "BUG: the callback's own errorCode=old replaced");
