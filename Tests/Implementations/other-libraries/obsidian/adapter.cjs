// The conformance protocol adapter for two Obsidian URI plugins' callback builders
// (Vectors/protocol/PROTOCOL.md: JSON Lines on stdin and stdout). Run `node build.cjs` first.
//
//   node adapter.cjs actions-uri            czottmann/obsidian-actions-uri
//   node adapter.cjs advanced-uri           Vinzent03/obsidian-advanced-uri, its `adv-uri` route
//   node adapter.cjs advanced-uri-legacy    the same plugin, its legacy `advanced-uri` route
//   node adapter.cjs advanced-uri-hook      the same plugin, its `hook-get-advanced-uri` route
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
//   (src/main.ts:256-261). The parameters reach `onUriCall` as Obsidian decoded them. Every handler's
//   failure is `failure(parameters)` with no options (src/handlers.ts:167, 356, 384, 394, 469, 483;
//   src/main.ts:684): x-error opened as given, without errorCode or errorMessage. A success is answered
//   as the documented write mode `new` answers it (docs/Actions/Writing.md:15, `mode=new`): the adapter
//   calls the plugin's own `handlers.handleWrite` (the handler `chooseHandler` picks for `data`,
//   src/main.ts:417-418) with `filepath=Note.md` (as `onUriCall` normalises it, src/main.ts:349-358),
//   `data=Hello World`, `mode=new` and `openmode=silent` (docs/Concepts/Navigation Parameters.md:18:
//   the note is written and not opened), which writes the note and calls `hookSuccess(parameters, file)`
//   (src/handlers.ts:447-462): it appends `title`, `advanceduri`, `urlkey` and `fileuri` with
//   `url.searchParams.set` (src/main.ts:449-472; declared extraParameters), which serialises the
//   callback's own query again. Every other handler's success is `success(parameters)` with no options,
//   the same `new URL(…).toString()` the failures show; the legacy row answers its successes that way.
//   No handler's success carries a caller's results, so a success vector with parameters is skipped.
//   Before issue 37 every success here was `success(parameters)` and write mode `new`, which users take
//   and which re-serialises the callback, ran on no row.
// - `advanced-uri-legacy` (row obsidian-advanced-uri-legacy): `advanced-uri`, kept for URIs whose values
//   are encoded twice (src/main.ts:249 "Old version, which needed each value to be encoded twice";
//   docs/Concepts/Schema.md:12; the maintainer in issue #51): the same handlers, after
//   `decodeParameterValues` has passed every value, x-success and x-error included, through
//   `decodeURIComponent` once more (src/main.ts:56-66). The adapter feeds it what that route documents:
//   the source app encodes the callback twice, Obsidian decodes once, so the route is handed
//   `encodeURIComponent(callback)` and its second decode gives the callback back. Successes are the
//   handlers' `success(parameters)`, failures `failure(parameters)`, both with no options. Before issue
//   37 the route was handed the callback encoded once, against its documentation, and its second decode
//   was filed as a must cause (callback-decoded-again).
// - `advanced-uri-hook` (row obsidian-advanced-uri-hook): `hook-get-advanced-uri`, for the Hook app
//   (docs/External/Hook.md; src/main.ts:263-276): `decodeParameterValues`, then `hookSuccess(parameters,
//   file)` with the active file, which appends `title`, `advanceduri`, `urlkey` and `fileuri`
//   (src/main.ts:449-459; declared extraParameters), or, with no file open, `failure(parameters,
//   { errorMessage: "No file opened" })`. A success vector with parameters cannot be answered on this
//   route and is skipped. An error vector is answered as adv-uri's are, with what the route opens for
//   any error: its one failure, with no note open (no errorCode, and always "No file opened"). The
//   adapter runs the route's body (`decodeParameterValues`, then `hookSuccess` or `failure`) on the
//   plugin's own methods, as src/main.ts:266-275 calls them. Hook's encoding is not documented, but the
//   route decodes every value once more, as the legacy route does, so a caller that gets its callback back
//   encodes it twice: the route is handed `encodeURIComponent(callback)`, as the legacy row is. Until the
//   sceptical reading of 5.0.0 (seed 59, XCU-T996) it was handed the callback encoded once.
// The builder row (`success`/`failure` given every field a vector asks for as options) was retired in
// issue 37: no call site passes a caller's results or errorCode, so it judged a path no user takes; what
// of it users reach (`URLSearchParams.set` re-serialising the callback) shows on the adv-uri row's write
// mode `new` and on the hook row.
// A callback that `new URL()` refuses throws inside the handler and nothing is opened: `rejected`; so
// does a callback `decodeURIComponent` refuses (the hook route: a `%` not followed by two hex digits). An
// empty callback opens nothing (`if (parameters["x-success"])`): `rejected`.
//
// Stubs (stubs/, copied by build.cjs): `window.open` below and Obsidian's `requestUrl` record the
// URL the plugin opens and open nothing; this is the URL the adapter answers with. For the hook
// route and adv-uri's write mode `new`, Obsidian's app is a stand-in (`obsidianApp` below) whose vault
// `Vault` holds the note `Note.md`, open on the hook route, written by `mode=new` on adv-uri (its
// `create` records the note, nothing is written to disk), with the plugin's own DEFAULT_SETTINGS, `Tools`
// and `Handlers`; what it gives only fills the four results those rows declare as extra parameters,
// which the comparator sets aside, and
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
    build: advancedURIRoute,
    // write mode new's hookSuccess appends these four to every success (src/main.ts:452-457).
    extraParameters: ["title", "advanceduri", "urlkey", "fileuri"],
  },
  "advanced-uri-legacy": {
    name: "Vinzent03/obsidian-advanced-uri (advanced-uri, legacy)", homepage: "https://github.com/Vinzent03/obsidian-advanced-uri",
    build: advancedURILegacyRoute,
  },
  "advanced-uri-hook": {
    name: "Vinzent03/obsidian-advanced-uri (hook-get-advanced-uri)", homepage: "https://github.com/Vinzent03/obsidian-advanced-uri",
    build: advancedURIHook,
    // hookSuccess appends these four to every success (src/main.ts:452-457).
    extraParameters: ["title", "advanceduri", "urlkey", "fileuri"],
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

/**
 * The plugin object whose methods the routes call; its constructor (Obsidian's Plugin) is not run. With `app`, the
 * plugin is given Obsidian's app, its DEFAULT_SETTINGS and its own `Tools` and `Handlers`, made after `app` as the
 * plugin's class fields are (src/main.ts:49-50; their own `app` fields read `plugin.app`).
 */
function advancedURIPlugin(app) {
  const AdvancedURI = require("src/main").default;
  const plugin = Object.create(AdvancedURI.prototype);
  if (app) {
    plugin.app = app;
    plugin.settings = { ...require("src/constants").DEFAULT_SETTINGS };
    plugin.tools = new (require("src/tools").default)(plugin);
    plugin.handlers = new (require("src/handlers").default)(plugin);
  }
  return plugin;
}

function skipSuccessWithParameters(response, route) {
  if (response.outcome === "success" && response.parameters.length > 0) {
    throw new Unsupported(`on the ${route} route no handler's success carries a caller's results: success(parameters) with no `
      + "options (src/handlers.ts:181, 268, 349, …), or, in write mode new and on the hook route, hookSuccess with its own "
      + "four (src/main.ts:449-459): the vector's parameters cannot be sent");
  }
}

/**
 * The adv-uri route: a success as write mode new answers it (the plugin's handleWrite, then hookSuccess), an error as
 * every handler's failure(parameters) with no options.
 */
function advancedURIRoute(response) {
  skipUnanswerable(response);
  skipSuccessWithParameters(response, "adv-uri");
  if (response.outcome === "error") {
    const plugin = advancedURIPlugin();
    return opened(() => plugin.failure({ "x-error": response.callback }));
  }
  const plugin = advancedURIPlugin(obsidianApp({ noteOpen: false }));
  // obsidian://adv-uri?filepath=Note&data=Hello%20World&mode=new&openmode=silent&x-success=…, as onUriCall hands it on
  // (filepath normalised with .md, src/main.ts:349-358) and chooseHandler dispatches it (data: src/main.ts:417-418).
  const parameters = { filepath: "Note.md", data: "Hello World", mode: "new", openmode: "silent", "x-success": response.callback };
  return opened(() => plugin.handlers.handleWrite(parameters));
}

/**
 * `callback` encoded once more, for a route whose decodeParameterValues decodes every value a second time (what
 * Obsidian hands it after its own decode of a value encoded twice); a text encodeURIComponent refuses (a lone
 * surrogate) is skipped, saying `why` the encoding was wanted.
 */
function encodedOnceMore(callback, why) {
  try {
    return encodeURIComponent(callback);
  } catch (error) {
    throw new Unsupported(`the callback cannot be encoded ${why} (encodeURIComponent: ${error.message})`);
  }
}

/**
 * The legacy advanced-uri route (src/main.ts:249-254), fed what it documents: values encoded twice by the source app,
 * so Obsidian hands the route each value encoded once, and decodeParameterValues decodes it back.
 */
function advancedURILegacyRoute(response) {
  skipUnanswerable(response);
  skipSuccessWithParameters(response, "advanced-uri");
  const handed = encodedOnceMore(response.callback, "as the route documents");
  const plugin = advancedURIPlugin();
  const key = response.outcome === "success" ? "x-success" : "x-error";
  return opened(() => {
    const parameters = plugin.decodeParameterValues({ [key]: handed });
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
  skipSuccessWithParameters(response, "hook-get-advanced-uri");
  // The route decodes every value once more (decodeParameterValues), as the legacy route does: a caller that gets
  // its callback back sends it encoded twice, so the route is handed it encoded once, as the legacy row is.
  const handed = encodedOnceMore(response.callback, "for the route's second decode");
  const plugin = advancedURIPlugin(obsidianApp({ noteOpen: response.outcome === "success" }));
  const key = response.outcome === "success" ? "x-success" : "x-error";
  return opened(async () => {
    // src/main.ts:266-275, the route's body
    const parameters = plugin.decodeParameterValues({ [key]: handed });
    const file = plugin.app.workspace.getActiveFile();
    if (file) await plugin.hookSuccess(parameters, file);
    else plugin.failure(parameters, { errorMessage: "No file opened" });
  });
}

/**
 * Obsidian's app as the hook route and write mode new read it: the vault `Vault` with the note `Note.md`, open (the
 * hook route's active file) or not yet written (write mode new creates it with `vault.create`, which records it).
 */
function obsidianApp({ noteOpen }) {
  const { TFile } = require(path.join(build, "node_modules", "obsidian"));
  const file = Object.assign(Object.create(TFile.prototype), { path: "Note.md", name: "Note.md", basename: "Note", extension: "md" });
  const files = new Map(noteOpen ? [[file.path, file]] : []);
  return {
    workspace: { getActiveFile: () => (noteOpen ? file : null) },
    vault: {
      getName: () => "Vault",
      getAbstractFileByPath: (filePath) => files.get(filePath) ?? null,
      getFileByPath: (filePath) => files.get(filePath) ?? null,
      create: async (filePath) => {
        if (filePath !== file.path) throw new Error(`stand-in vault: only ${file.path} is written, not ${filePath}`);
        files.set(filePath, file);
        return file;
      },
      // Obsidian's resource paths are app://<id>/<absolute path>?<modification time>.
      getResourcePath: (note) => `app://local/home/user/Vault/${note.path}?1700000000000`,
    },
  };
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
