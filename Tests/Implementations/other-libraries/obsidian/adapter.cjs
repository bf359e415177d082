// The conformance protocol adapter for two Obsidian URI plugins' callback builders
// (Vectors/protocol/PROTOCOL.md: JSON Lines on stdin and stdout). Run `node build.cjs` first.
//
//   node adapter.cjs actions-uri            czottmann/obsidian-actions-uri
//   node adapter.cjs advanced-uri           Vinzent03/obsidian-advanced-uri, as its handlers call it
//   node adapter.cjs advanced-uri-builder   the same builder, given every field the vector asks for
//
// Only build-callback is offered. Obsidian (closed source) receives `obsidian://…` URLs, parses
// them and hands a plugin an object of already-decoded parameters (`ObsidianProtocolData`); neither
// plugin parses a URL or builds a request, so parse and build-request are not the plugins' code and
// are not offered (skipped). Neither plugin answers x-cancel (their parameter types know x-success
// and x-error only) or appends x-source to a callback, so such vectors are skipped too.
//
// Actions URI (README "Callbacks" and docs/: every route answers on x-success with `result-…`
// parameters and on x-error with errorCode and errorMessage). The plugin's route dispatcher
// (src/main.ts:226-243) calls `sendUrlCallback(callback, handlerResult, params)`
// (src/utils/callbacks.ts:26-59) with the route handler's result; the adapter calls it the same way:
// `params` is the incoming call's parameters, here only `x-success` or `x-error` (no `debug-mode`,
// no `x-source`, so neither the `input-…` echo nor `pv` is added), and the handler result is made by
// the plugin's own `success(result)` / `failure(code, message)` (src/utils/results-handling.ts). A
// success handler's result key K comes out as the parameter `result-<kebab-case K>`, in sorted key
// order (callbacks.ts:71-93), so only names of that form can be asked for: a parameter
// `result-text` is the result key `text`; success vectors with any other name are skipped. A
// success with nothing to add is `success({})`, as src/routes/command.ts:86 and
// src/routes/vault.ts:58 return. A failure result holds a numeric `ErrorCode` and a message only
// (results-handling.ts), so error vectors with parameters or a non-numeric errorCode are skipped.
// A callback that `new URL()` refuses is answered `rejected`: the plugin's schema
// (src/schemata.ts:20-21, zod's `url()`, which is a `new URL()` check) refuses such an x-success or
// x-error before any handler runs, and `sendUrlCallback` would throw on it.
//
// Advanced URI (README and docs/: x-success and x-error are opened when an action succeeds or
// fails). Its handlers call the plugin's `success(parameters, options?)` / `failure(parameters,
// options?)` (src/main.ts:461-492), which append each option with `URLSearchParams.set`. The
// adapter calls those methods on the plugin class with `parameters` = { "x-success" | "x-error" }:
// - `advanced-uri` does what the plugin's own call sites do: a success passes the vector's
//   parameters as the options record, as `hookSuccess` (src/main.ts:449-459) passes its results
//   (no options when there are none, as src/handlers.ts:181 and others call it); a failure passes
//   `{ errorMessage }` and nothing else, as the only call site that passes anything does
//   (src/main.ts:271-273; every other one, e.g. src/handlers.ts:167, passes no options at all).
//   The plugin never sends an errorCode, so this row shows that (D18).
// - `advanced-uri-builder` is the lower layer: `failure` is given errorCode, errorMessage and the
//   parameters, to show what the builder does with them.
// The options are a record of strings, one value per name: vectors that repeat a name or give a
// name without a value (null) are skipped. A callback that `new URL()` refuses throws inside the
// handler and nothing is opened: `rejected`. An empty callback opens nothing
// (`if (parameters["x-success"])`): `rejected`.
//
// Stubs (stubs/, copied by build.cjs): `window.open` below and Obsidian's `requestUrl` record the
// URL the plugin opens and open nothing; this is the URL the adapter answers with. Every other
// import from `obsidian`, `filter-obj` (Actions URI's `excludeKeys`, called only when `debug-mode`
// is set), `obsidian-community-lib` and `uuid` is a placeholder that throws if used. No plugin
// module is changed; Node's WHATWG `URL` stands in for the one in Obsidian's Electron.
"use strict";
const path = require("path");
const readline = require("readline");

const mode = process.argv[2];
const build = path.join(__dirname, "build");
globalThis.xcuOpened = [];
// Obsidian runs in Electron, where `window.open` hands a URL with a custom scheme to the system.
globalThis.window = { open(uri) { globalThis.xcuOpened.push(uri); return null; } };

// The plugins import their own modules as "src/…" (baseUrl-relative), which Node finds through
// NODE_PATH; npm modules are found in build/node_modules by Node's usual lookup.
process.env.NODE_PATH = [path.join(build, mode === "actions-uri" ? "obsidian-actions-uri" : "obsidian-advanced-uri")].join(path.delimiter);
require("module").Module._initPaths();

const targets = {
  "actions-uri": {
    name: "czottmann/obsidian-actions-uri", homepage: "https://github.com/czottmann/obsidian-actions-uri",
    build: actionsURICallback,
  },
  "advanced-uri": {
    name: "Vinzent03/obsidian-advanced-uri", homepage: "https://github.com/Vinzent03/obsidian-advanced-uri",
    build: (response) => advancedURICallback(response, false),
  },
  "advanced-uri-builder": {
    name: "Vinzent03/obsidian-advanced-uri (builder)",
    homepage: "https://github.com/Vinzent03/obsidian-advanced-uri",
    build: (response) => advancedURICallback(response, true),
  },
};
const target = targets[mode];
if (!target) {
  process.stderr.write(`usage: node adapter.cjs ${Object.keys(targets).join("|")}\n`);
  process.exit(64);
}

class Unsupported extends Error {}
class Refused extends Error {}

function skipUnanswerable(response) {
  if (response.outcome === "cancel") throw new Unsupported("the plugin has no x-cancel: only x-success and x-error are answered");
  if (response.source !== null) throw new Unsupported("the plugin never appends x-source to a callback");
}

/** Opens what the plugin opens and returns it, or throws Refused where it opens nothing. */
function opened(call) {
  globalThis.xcuOpened = [];
  try {
    call();
  } catch (error) {
    if (error instanceof TypeError && /Invalid URL/.test(error.message)) throw new Refused(`new URL() refuses it: ${error.message}`);
    throw error;
  }
  if (globalThis.xcuOpened.length === 0) throw new Refused("the plugin opens nothing");
  if (globalThis.xcuOpened.length > 1) throw new Error(`the plugin opened ${globalThis.xcuOpened.length} URLs`);
  return globalThis.xcuOpened[0];
}

function actionsURICallback(response) {
  skipUnanswerable(response);
  const { sendUrlCallback } = require("src/utils/callbacks");
  const results = require("src/utils/results-handling");
  let handlerResult;
  if (response.outcome === "success") {
    handlerResult = results.success(actionsURIResult(response.parameters));
  } else {
    if (response.parameters.length > 0) throw new Unsupported("a failure result carries only errorCode and errorMessage (src/utils/callbacks.ts:35-39)");
    const code = Number(response.errorCode);
    if (String(code) !== response.errorCode) throw new Unsupported("errorCode is a number (ErrorCode, src/utils/results-handling.ts)");
    handlerResult = results.failure(code, response.errorMessage);
  }
  const parameters = { [response.outcome === "success" ? "x-success" : "x-error"]: response.callback };
  try {
    new URL(response.callback);
  } catch (error) {
    throw new Refused(`the plugin's schema (src/schemata.ts:20-21, zod url(), a new URL() check) refuses it: ${error.message}`);
  }
  return opened(() => sendUrlCallback(response.callback, handlerResult, parameters));
}

/** The handler result whose keys come out under the names asked for, or Unsupported. */
function actionsURIResult(pairs) {
  const { toKebabCase } = require("src/utils/string-handling");
  const prefix = `${require("src/constants").XCALLBACK_RESULT_PREFIX}-`;
  for (const [name] of pairs) {
    if (!name.startsWith(prefix) || toKebabCase(name) !== name) {
      throw new Unsupported(`success results are appended as ${prefix}<kebab-case key> (src/utils/callbacks.ts:71-93): '${name}' cannot be`);
    }
  }
  return record(pairs.map(([name, value]) => [name.slice(prefix.length), value]));
}

function record(pairs) {
  const options = {};
  for (const [name, value] of pairs) {
    if (value === null) throw new Unsupported("the options' values are strings: a name without a value cannot be expressed");
    if (Object.prototype.hasOwnProperty.call(options, name)) throw new Unsupported("the options are a record: one value per name");
    options[name] = value;
  }
  return options;
}

function advancedURICallback(response, builder) {
  skipUnanswerable(response);
  const AdvancedURI = require("src/main").default;
  const plugin = Object.create(AdvancedURI.prototype); // success/failure read nothing from the instance
  if (response.outcome === "success") {
    const options = response.parameters.length > 0 ? record(response.parameters) : undefined;
    return opened(() => plugin.success({ "x-success": response.callback }, options));
  }
  const options = builder
    ? record([["errorCode", response.errorCode], ["errorMessage", response.errorMessage], ...response.parameters])
    : { errorMessage: response.errorMessage };
  return opened(() => plugin.failure({ "x-error": response.callback }, options));
}

function answer(message) {
  if (message.cmd !== "build-callback") return { skipped: { reason: "the plugin's code neither parses a URL (Obsidian does) nor builds a request" } };
  try {
    return { accepted: { url: target.build(message.response) } };
  } catch (error) {
    if (error instanceof Unsupported) return { skipped: { reason: error.message } };
    if (error instanceof Refused) return { rejected: { message: error.message } };
    return { errored: { message: String(error), traceback: error.stack } };
  }
}

const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on("line", (line) => {
  const message = JSON.parse(line);
  let reply;
  if (message.cmd === "start") {
    // The version is the pinned commit (../libraries.tsv), as the other libraries' rows give it.
    const pluginDirectory = mode === "actions-uri" ? "obsidian-actions-uri" : "obsidian-advanced-uri";
    const pin = require("fs").readFileSync(path.join(__dirname, "..", "libraries.tsv"), "utf8")
      .split("\n").map((line) => line.split("\t")).find((fields) => fields[0] === pluginDirectory);
    reply = {
      protocol: 1, operations: ["build-callback"],
      implementation: { name: target.name, version: pin ? pin[2] : "unknown", language: "TypeScript", homepage: target.homepage },
    };
  } else if (message.cmd === "stop") {
    process.exit(0);
  } else {
    reply = { seq: message.seq, ...answer(message) };
  }
  process.stdout.write(JSON.stringify(reply) + "\n");
});
