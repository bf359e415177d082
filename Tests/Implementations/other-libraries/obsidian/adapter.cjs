// The conformance protocol adapter for two Obsidian URI plugins' callback builders
// (Vectors/protocol/PROTOCOL.md: JSON Lines on stdin and stdout). Run `node build.cjs` first.
//
//   node adapter.cjs actions-uri            czottmann/obsidian-actions-uri
//   node adapter.cjs advanced-uri           Vinzent03/obsidian-advanced-uri, its `adv-uri` route
//   node adapter.cjs advanced-uri-legacy    the same plugin, its legacy `advanced-uri` route
//   node adapter.cjs advanced-uri-hook      the same plugin, its `hook-get-advanced-uri` route
//   node adapter.cjs advanced-uri-builder   the same plugin's success/failure given every field a vector asks for
//
// Only build-callback is offered. Obsidian (closed source) receives `obsidian://…` URLs, parses
// them and hands a plugin an object of already-decoded parameters (`ObsidianProtocolData`); neither
// plugin parses a URL or builds a request, so parse and build-request are not the plugins' code and
// are not offered (skipped). Neither plugin answers x-cancel (their parameter types know x-success
// and x-error only) or appends x-source to a callback, so such vectors are skipped too. Role:
// build-callback (Tests/Implementations/roles.tsv).
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
// Advanced URI registers three routes (src/main.ts:249-276), and x-success / x-error reach the
// plugin's `success(parameters, options?)` / `failure(parameters, options?)` (src/main.ts:461-492),
// which append each option with `URLSearchParams.set`, differently on each. One row per route:
// - `advanced-uri` (row obsidian-advanced-uri): `adv-uri`, the route the README and docs/ document
//   (src/main.ts:256-261). The parameters reach `onUriCall` as Obsidian decoded them, and every
//   handler answers `success(parameters)` or `failure(parameters)` with no options
//   (src/handlers.ts:167, 181, 268, 349, 356, 379-394, 432-446, 469-483, 539, 657, 673; src/main.ts:684):
//   a success is x-success opened as given, a failure x-error opened as given, without errorCode or
//   errorMessage. The one exception, write mode `new`, calls `hookSuccess` (src/handlers.ts:454, 461),
//   whose four results are the plugin's own; so a success vector with parameters cannot be answered
//   on this route and is skipped.
// - `advanced-uri-legacy` (row obsidian-advanced-uri-legacy): `advanced-uri`, kept for URIs encoded
//   twice (src/main.ts:249-254): the same handlers, after `decodeParameterValues` has passed every
//   value, x-success and x-error included, through `decodeURIComponent` once more (src/main.ts:56-66).
// - `advanced-uri-hook` (row obsidian-advanced-uri-hook): `hook-get-advanced-uri`, for the Hook app
//   (docs/External/Hook.md; src/main.ts:263-276): `decodeParameterValues`, then `hookSuccess(parameters,
//   file)` with the active file, which appends `title`, `advanceduri`, `urlkey` and `fileuri`
//   (src/main.ts:449-459; declared extraParameters), or, with no file open, `failure(parameters,
//   { errorMessage: "No file opened" })`. A success vector with parameters cannot be answered on this
//   route and is skipped. An error vector is answered as adv-uri's are, with what the route opens for
//   any error: its one failure, with no note open (no errorCode, and always "No file opened"). The
//   adapter runs the route's body (`decodeParameterValues`, then `hookSuccess` or `failure`) on the
//   plugin's own methods, as src/main.ts:266-275 calls them.
// - `advanced-uri-builder` (row obsidian-advanced-uri-builder) is no route: the layer beneath them,
//   `success(parameters, options)` / `failure(parameters, options)` given the vector's parameters (and
//   errorCode and errorMessage) as options, to show what the builder does with fields no route gives it.
// The options are a record of strings, one value per name: builder vectors that repeat a name or give
// a name without a value (null) are skipped. A callback that `new URL()` refuses throws inside the
// handler and nothing is opened: `rejected`; so does a callback `decodeURIComponent` refuses (the
// legacy and hook routes: a `%` not followed by two hex digits). An empty callback opens nothing
// (`if (parameters["x-success"])`): `rejected`.
//
// Stubs (stubs/, copied by build.cjs): `window.open` below and Obsidian's `requestUrl` record the
// URL the plugin opens and open nothing; this is the URL the adapter answers with. For the hook
// route, Obsidian's app is a stand-in holding one open note, `Note.md` in the vault `Vault`
// (`hookApp` below), with the plugin's own DEFAULT_SETTINGS and `Tools`; what it gives only fills the
// four results the row declares as extra parameters, which the comparator sets aside, and
// `obsidian-community-lib`'s `stripMD` (the note's name without `.md`, for `title`) is the one real
// export of that stub. Every other import from `obsidian`, `filter-obj` (Actions URI's
// `excludeKeys`, called only when `debug-mode` is set), `obsidian-community-lib` and `uuid` is a
// placeholder that throws if used. No plugin module is changed; Node's WHATWG `URL` stands in for
// the one in Obsidian's Electron (Chromium): both implement the WHATWG URL Standard.
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
const pluginDirectory = mode === "actions-uri" ? "obsidian-actions-uri" : "obsidian-advanced-uri";
process.env.NODE_PATH = [path.join(build, pluginDirectory)].join(path.delimiter);
require("module").Module._initPaths();

const targets = {
  "actions-uri": {
    name: "czottmann/obsidian-actions-uri", homepage: "https://github.com/czottmann/obsidian-actions-uri",
    build: actionsURICallback,
  },
  "advanced-uri": {
    name: "Vinzent03/obsidian-advanced-uri (adv-uri)", homepage: "https://github.com/Vinzent03/obsidian-advanced-uri",
    build: (response) => advancedURIRoute(response, false),
  },
  "advanced-uri-legacy": {
    name: "Vinzent03/obsidian-advanced-uri (advanced-uri, legacy)", homepage: "https://github.com/Vinzent03/obsidian-advanced-uri",
    build: (response) => advancedURIRoute(response, true),
  },
  "advanced-uri-hook": {
    name: "Vinzent03/obsidian-advanced-uri (hook-get-advanced-uri)", homepage: "https://github.com/Vinzent03/obsidian-advanced-uri",
    build: advancedURIHook,
    // hookSuccess appends these four to every success (src/main.ts:452-457).
    extraParameters: ["title", "advanceduri", "urlkey", "fileuri"],
  },
  "advanced-uri-builder": {
    name: "Vinzent03/obsidian-advanced-uri (builder)",
    homepage: "https://github.com/Vinzent03/obsidian-advanced-uri",
    build: advancedURIBuilder,
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
async function opened(call) {
  globalThis.xcuOpened = [];
  try {
    await call();
  } catch (error) {
    if (error instanceof TypeError && /Invalid URL/.test(error.message)) throw new Refused(`new URL() refuses it: ${error.message}`);
    if (error instanceof URIError) {
      throw new Refused(`decodeURIComponent throws ${error.message} in decodeParameterValues (src/main.ts:56-66): the route stops and nothing is opened`);
    }
    throw error;
  }
  if (globalThis.xcuOpened.length === 0) throw new Refused("the plugin opens nothing");
  if (globalThis.xcuOpened.length > 1) throw new Error(`the plugin opened ${globalThis.xcuOpened.length} URLs`);
  return globalThis.xcuOpened[0];
}

async function actionsURICallback(response) {
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

/** The plugin object whose methods the routes call; its constructor (Obsidian's Plugin) is not run. */
function advancedURIPlugin() {
  const AdvancedURI = require("src/main").default;
  return Object.create(AdvancedURI.prototype);
}

/** The adv-uri route (decode false) or the legacy advanced-uri route (decode true), as its handlers answer. */
function advancedURIRoute(response, decode) {
  skipUnanswerable(response);
  if (response.outcome === "success" && response.parameters.length > 0) {
    throw new Unsupported("on this route a handler's success carries no results: success(parameters) with no options "
      + "(src/handlers.ts:181, 268, 349, …); only write mode new calls hookSuccess, whose four results are the plugin's own "
      + "(src/handlers.ts:454, 461)");
  }
  const plugin = advancedURIPlugin();
  const key = response.outcome === "success" ? "x-success" : "x-error";
  return opened(() => {
    // src/main.ts:250-254 (legacy: every value decoded once more) and :257-261 (adv-uri: as Obsidian gives them).
    const parameters = decode ? plugin.decodeParameterValues({ [key]: response.callback }) : { [key]: response.callback };
    if (response.outcome === "success") plugin.success(parameters);
    else plugin.failure(parameters);
  });
}

/**
 * The hook-get-advanced-uri route (src/main.ts:263-276): a success with one note open, an error with none, which is
 * the route's one failure, `failure(parameters, { errorMessage: "No file opened" })`, as adv-uri's errors are its
 * handlers' `failure(parameters)`: what the route opens for any error is the answer.
 */
function advancedURIHook(response) {
  skipUnanswerable(response);
  if (response.outcome === "success" && response.parameters.length > 0) {
    throw new Unsupported("on the hook-get-advanced-uri route a success carries hookSuccess's own four results only "
      + "(src/main.ts:449-459): the vector's parameters cannot be sent");
  }
  const plugin = advancedURIPlugin();
  plugin.app = hookApp(response.outcome === "success");
  plugin.settings = { ...require("src/constants").DEFAULT_SETTINGS };
  plugin.tools = new (require("src/tools").default)(plugin);
  const key = response.outcome === "success" ? "x-success" : "x-error";
  return opened(async () => {
    // src/main.ts:266-275, the route's body
    const parameters = plugin.decodeParameterValues({ [key]: response.callback });
    const file = plugin.app.workspace.getActiveFile();
    if (file) await plugin.hookSuccess(parameters, file);
    else plugin.failure(parameters, { errorMessage: "No file opened" });
  });
}

/** Obsidian's app as the hook route reads it: one open note, `Note.md`, in the vault `Vault`, or none. */
function hookApp(noteOpen) {
  const { TFile } = require(path.join(build, "node_modules", "obsidian"));
  const file = Object.assign(Object.create(TFile.prototype), { path: "Note.md", name: "Note.md", basename: "Note", extension: "md" });
  return {
    workspace: { getActiveFile: () => (noteOpen ? file : null) },
    vault: {
      getName: () => "Vault",
      getAbstractFileByPath: (filePath) => (filePath === file.path ? file : null),
      // Obsidian's resource paths are app://<id>/<absolute path>?<modification time>.
      getResourcePath: (note) => `app://local/home/user/Vault/${note.path}?1700000000000`,
    },
  };
}

/** The builder beneath the routes: success/failure given every field the vector asks for. */
function advancedURIBuilder(response) {
  skipUnanswerable(response);
  const plugin = advancedURIPlugin();
  if (response.outcome === "success") {
    const options = response.parameters.length > 0 ? record(response.parameters) : undefined;
    return opened(() => plugin.success({ "x-success": response.callback }, options));
  }
  const options = record([["errorCode", response.errorCode], ["errorMessage", response.errorMessage], ...response.parameters]);
  return opened(() => plugin.failure({ "x-error": response.callback }, options));
}

async function answer(message) {
  if (message.cmd !== "build-callback") return { skipped: { reason: "the plugin's code neither parses a URL (Obsidian does) nor builds a request" } };
  try {
    return { accepted: { url: await target.build(message.response) } };
  } catch (error) {
    if (error instanceof Unsupported) return { skipped: { reason: error.message } };
    if (error instanceof Refused) return { rejected: { message: error.message } };
    return { errored: { message: String(error), traceback: error.stack } };
  }
}

const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
(async () => {
  for await (const line of lines) {
    const message = JSON.parse(line);
    let reply;
    if (message.cmd === "start") {
      // The version is the pinned commit (../libraries.tsv), as the other libraries' rows give it.
      const pin = require("fs").readFileSync(path.join(__dirname, "..", "libraries.tsv"), "utf8")
        .split("\n").map((fields) => fields.split("\t")).find((fields) => fields[0] === pluginDirectory);
      reply = {
        protocol: 1, operations: ["build-callback"], roles: ["build-callback"],
        implementation: { name: target.name, version: pin ? pin[2] : "unknown", language: "TypeScript", homepage: target.homepage },
      };
      if (target.extraParameters) reply.extraParameters = target.extraParameters;
    } else if (message.cmd === "stop") {
      process.exit(0);
    } else {
      reply = { seq: message.seq, ...(await answer(message)) };
    }
    process.stdout.write(JSON.stringify(reply) + "\n");
  }
})();
