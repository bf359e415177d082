// A small x-callback-url adapter in Node, written from Vectors/protocol/PROTOCOL.md alone: the
// newcomer's adapter that the adopter CI example certifies (AdopterExampleTests). Standard library only.
"use strict";
const readline = require("readline");

function decode(text) {
  const bytes = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "%") {
      const hex = text.slice(i + 1, i + 3);
      if (!/^[0-9A-Fa-f]{2}$/.test(hex)) throw { category: "invalid-percent-encoding", message: `bad escape at ${i}` };
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, "utf8"));
    }
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.from(bytes));
  } catch {
    throw { category: "invalid-utf8", message: "not UTF-8 after decoding" };
  }
}

function parse(url) {
  const match = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)\/?([^?#]*)(\?[^#]*)?(#.*)?$/s.exec(url);
  if (!match) throw { category: "not-x-callback-url", message: "not scheme://host/action" };
  const [, scheme, host, action, query, fragment] = match;
  if (decode(host).toLowerCase() !== "x-callback-url") throw { category: "not-x-callback-url", message: "host" };
  const result = { scheme: scheme.toLowerCase(), action: decode(action), source: null, success: null,
    error: null, cancel: null, parameters: [], fragment: fragment === undefined ? null : decode(fragment.slice(1)) };
  for (const piece of (query || "?").slice(1).split("&")) {
    if (piece === "") continue;
    const equals = piece.indexOf("=");
    const name = decode(equals < 0 ? piece : piece.slice(0, equals));
    const value = equals < 0 ? null : decode(piece.slice(equals + 1));
    const reserved = { "x-source": "source", "x-success": "success", "x-error": "error", "x-cancel": "cancel" }[name];
    if (reserved) result[reserved] = value === null ? "" : value;
    else result.parameters.push([name, value]);
  }
  return result;
}

const encode = (text) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase());
const pairs = (list) => list.map(([n, v]) => (v === null ? encode(n) : `${encode(n)}=${encode(v)}`));

function buildRequest(r) {
  const query = [];
  for (const [key, name] of [["source", "x-source"], ["success", "x-success"], ["error", "x-error"], ["cancel", "x-cancel"]]) {
    if (r[key] !== null) query.push(`${name}=${encode(r[key])}`);
  }
  query.push(...pairs(r.parameters));
  const path = r.action.split("/").map(encode).join("/");
  return `${r.scheme}://x-callback-url/${path}` + (query.length ? "?" + query.join("&") : "");
}

function buildCallback(r) {
  const hash = r.callback.indexOf("#");
  const base = hash < 0 ? r.callback : r.callback.slice(0, hash);
  const fragment = hash < 0 ? "" : r.callback.slice(hash);
  const added = [];
  if (r.source !== null) added.push(["x-source", r.source]);
  if (r.outcome === "error") added.push(["errorCode", r.errorCode], ["errorMessage", r.errorMessage]);
  added.push(...r.parameters);
  if (added.length === 0) return r.callback;
  const joiner = !base.includes("?") ? "?" : /[?&]$/.test(base) ? "" : "&";
  return base + joiner + pairs(added).join("&") + fragment;
}

function answer(request) {
  try {
    if (request.cmd === "parse") {
      if (request.url === undefined) return { skipped: { reason: "urlHex: this adapter takes strings" } };
      return { accepted: parse(request.url) };
    }
    if (request.cmd === "build-request") return { accepted: { url: buildRequest(request.request) } };
    if (request.cmd === "build-callback") return { accepted: { url: buildCallback(request.response) } };
    return { errored: { message: `unknown command ${request.cmd}` } };
  } catch (problem) {
    if (problem && problem.category) return { rejected: problem };
    return { errored: { message: String(problem) } };
  }
}

const lines = readline.createInterface({ input: process.stdin });
lines.on("line", (line) => {
  const request = JSON.parse(line);
  if (request.cmd === "start") {
    process.stdout.write(JSON.stringify({ protocol: 1,
      implementation: { name: "node-xcu-example", version: "0.1.0", language: "javascript" },
      operations: ["parse", "build-request", "build-callback"],
      choices: { plus: "literal", "invalid-escape": "reject", "non-utf8-escape": "reject", "flag-parameter": "no-value" } }) + "\n");
  } else if (request.cmd === "stop") {
    process.exit(0);
  } else {
    process.stdout.write(JSON.stringify({ seq: request.seq, ...answer(request) }) + "\n");
  }
});
