// x-callback-url the way a typical JavaScript app does it: the WHATWG URL and URLSearchParams.
//
// Deliberately NOT a conformant parser: this is the code an app developer writes from MDN, so the
// suite shows what it gets wrong ('+' read as a space, spaces written as '+', queries re-serialised
// when a callback's parameters are appended). No choices are declared. URLSearchParams holds strings,
// so a parameter without a value (a flag, null in the protocol) is appended with the empty value in
// every operation: the encoder has no other way to write it, and an app that has a flag to send writes
// that (`append(name, null)` would write the text `null`).
// Protocol plumbing follows Vectors/protocol/PROTOCOL.md. Roles: recognise, decode, build-request,
// build-callback.
import { createInterface } from "node:readline";

const RESERVED = { "x-source": "source", "x-success": "success", "x-error": "error", "x-cancel": "cancel" };

class NotXCallback extends Error {}

function parseURL(text) {
  const url = new URL(text); // throws TypeError on what WHATWG URL cannot parse
  if (url.host.toLowerCase() !== "x-callback-url") throw new NotXCallback(`host is ${url.host}, not x-callback-url`);
  const action = decodeURIComponent(url.pathname.replace(/^\//, ""));
  if (!action) throw new NotXCallback("no action");
  const result = { scheme: url.protocol.slice(0, -1), action, source: null, success: null, error: null,
                   cancel: null, parameters: [], fragment: text.includes("#") ? decodeURIComponent(url.hash.slice(1)) : null };
  for (const [name, value] of url.searchParams) {
    if (name in RESERVED) result[RESERVED[name]] = value;
    else result.parameters.push([name, value]);
  }
  return result;
}

/** Appends each [name, value] pair; a flag (null) is the empty value, all URLSearchParams holds. */
function appendPairs(searchParams, pairs) {
  for (const [name, value] of pairs) searchParams.append(name, value ?? "");
}

function buildRequest(request) {
  const url = new URL(`${request.scheme}://x-callback-url/${request.action}`);
  for (const [key, field] of Object.entries(RESERVED)) if (request[field] !== null) url.searchParams.append(key, request[field]);
  appendPairs(url.searchParams, request.parameters);
  return url.href;
}

function buildCallback(response) {
  const url = new URL(response.callback);
  if (response.source !== null) url.searchParams.append("x-source", response.source);
  if (response.outcome === "error") {
    url.searchParams.append("errorCode", response.errorCode);
    url.searchParams.append("errorMessage", response.errorMessage);
  }
  appendPairs(url.searchParams, response.parameters);
  return url.href;
}

function answer(request) {
  try {
    if (request.cmd === "parse") {
      if (request.url === undefined) return { skipped: { reason: "URL takes strings" } };
      return { accepted: parseURL(request.url) };
    }
    if (request.cmd === "build-request") return { accepted: { url: buildRequest(request.request) } };
    return { accepted: { url: buildCallback(request.response) } };
  } catch (error) {
    // What an app does with a URL it cannot read: ignore it, which the suite sees as a rejection.
    if (error instanceof NotXCallback || error instanceof TypeError || error instanceof URIError) {
      return { rejected: { message: `${error.name}: ${error.message}` } };
    }
    return { errored: { message: String(error), traceback: error.stack } };
  }
}

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  const message = JSON.parse(line);
  let reply;
  if (message.cmd === "start") {
    reply = { protocol: 1, operations: ["parse", "build-request", "build-callback"],
              roles: ["recognise", "decode", "build-request", "build-callback"],
              implementation: { name: "node-whatwg-url", version: `Node ${process.versions.node}`, language: "JavaScript",
                                homepage: "https://url.spec.whatwg.org/" } };
  } else if (message.cmd === "stop") {
    process.exit(0);
  } else {
    reply = { seq: message.seq, ...answer(message) };
  }
  process.stdout.write(JSON.stringify(reply) + "\n");
}
