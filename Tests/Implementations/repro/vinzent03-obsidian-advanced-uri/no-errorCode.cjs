// Vinzent03/obsidian-advanced-uri at fcd1068: the plugin never sends errorCode. The one failure() call that
// passes anything passes only errorMessage (src/main.ts:271-273, the hook-get-advanced-uri route with no
// file open); every other passes nothing (src/handlers.ts:167, 356, 384, 394, 469, 483; src/main.ts:684),
// and failure() appends only what it is given (src/main.ts:477-491). The spec opens x-error "with at least
// the parameters errorCode=code&errorMessage=message".
//
// Stand-in: Obsidian runs the plugin and calls failure() from a handler. This script loads the plugin's own
// src/main.ts, transpiled to CommonJS (PLUGIN_BUILD, by default what ../../other-libraries/obsidian/build.cjs
// makes, with the `obsidian` module stubbed), calls failure() as src/main.ts:271-273 does, on an instance
// Obsidian did not construct (failure reads nothing from it), and records what it hands to window.open.
"use strict";
const path = require("path");
process.env.NODE_PATH = process.env.PLUGIN_BUILD || path.join(__dirname, "../../other-libraries/obsidian/build/obsidian-advanced-uri");
require("module").Module._initPaths();
const opened = [];
globalThis.window = { open: (url) => opened.push(url) };

const AdvancedURI = require("src/main").default;
const plugin = Object.create(AdvancedURI.prototype);
plugin.failure({ "x-error": "src://x-callback-url/failed" }, { errorMessage: "No file opened" });
console.log(`failure({"x-error": "src://x-callback-url/failed"}, {errorMessage: "No file opened"}) opens ${opened[0]}`);
console.log(new URL(opened[0]).searchParams.has("errorCode") ? "OK: errorCode sent" : "BUG: x-error opened without errorCode");
