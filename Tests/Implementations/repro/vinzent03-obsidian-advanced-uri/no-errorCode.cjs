// Vinzent03/obsidian-advanced-uri at fcd1068: no route of the plugin sends errorCode. On the documented adv-uri
// route every handler's failure passes no options (src/handlers.ts:167, 356, 384, 394, 469, 483; src/main.ts:684),
// the legacy advanced-uri route calls the same handlers after decodeParameterValues (src/main.ts:250-254), and the
// hook-get-advanced-uri route's one failure passes only errorMessage (src/main.ts:266-274). failure() appends only
// what it is given (src/main.ts:477-491). The spec opens x-error "with at least the parameters
// errorCode=code&errorMessage=message".
//
// Stand-in: Obsidian runs the plugin and calls a route's handler. This script loads the plugin's own src/main.ts,
// transpiled to CommonJS (PLUGIN_BUILD, by default what ../../other-libraries/obsidian/build.cjs makes, with the
// `obsidian` module stubbed), makes each route's failure call on an instance Obsidian did not construct (failure
// and decodeParameterValues read nothing from it), and records what it hands to window.open.
"use strict";
const path = require("path");
process.env.NODE_PATH = process.env.PLUGIN_BUILD || path.join(__dirname, "../../other-libraries/obsidian/build/obsidian-advanced-uri");
require("module").Module._initPaths();
const opened = [];
globalThis.window = { open: (url) => opened.push(url) };

const AdvancedURI = require("src/main").default;
const plugin = Object.create(AdvancedURI.prototype);
const xError = "src://x-callback-url/failed";
const routes = [
  ["adv-uri", "failure(parameters)", () => plugin.failure({ "x-error": xError })],
  ["advanced-uri (legacy)", "failure(decodeParameterValues(parameters))",
    () => plugin.failure(plugin.decodeParameterValues({ "x-error": xError }))],
  ["hook-get-advanced-uri", "failure(decodeParameterValues(parameters), {errorMessage: \"No file opened\"})",
    () => plugin.failure(plugin.decodeParameterValues({ "x-error": xError }), { errorMessage: "No file opened" })],
];
for (const [route, call, run] of routes) {
  run();
  console.log(`${route}: ${call} with x-error ${xError} opens ${opened[opened.length - 1]}`);
}
const withCode = opened.filter((url) => new URL(url).searchParams.has("errorCode"));
console.log(withCode.length ? "OK: errorCode sent" : "BUG: x-error opened without errorCode on every route");
