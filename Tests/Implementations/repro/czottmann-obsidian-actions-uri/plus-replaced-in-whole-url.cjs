// czottmann/obsidian-actions-uri at 3652299: sendUrlCallback() ends with
// `url.toString().replace(/\+/g, "%20")` over the whole finished URL (src/utils/callbacks.ts:55), so every `+`
// the callback held is rewritten, even with nothing appended: `c+://x-callback-url/done` is opened as
// `c%20://…`, which names no app. docs/callbacks.md says the callback's path and parameters "will be used as-is".
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
const { success } = require("src/utils/results-handling");
const callback = "c+://x-callback-url/done";
sendUrlCallback(callback, success({}), { "x-success": callback });
console.log(`sendUrlCallback("${callback}", success({}), {"x-success": "${callback}"}) opens ${opened[0]}`);
console.log(opened[0] === callback ? "OK: the callback opened as given" : "BUG: the callback's '+' rewritten to %20 (another scheme)");
