// Vinzent03/obsidian-advanced-uri at fcd1068: success() adds each result to the x-success URL with
// url.searchParams.set (src/main.ts:466-472; failure() likewise, :482-488). URLSearchParams re-serialises the
// callback's whole query and replaces a parameter of the callback's own with the same name: the callback
// `src://x-callback-url/done?word` gets word=Hola in place of its own `word`, which the source app never sees.
//
// Stand-in: Obsidian runs the plugin and calls success() from a handler. This script loads the plugin's own
// src/main.ts, transpiled to CommonJS (PLUGIN_BUILD, by default what ../../other-libraries/obsidian/build.cjs
// makes, with the `obsidian` module stubbed), calls success() on an instance Obsidian did not construct
// (success reads nothing from it) and records what it hands to window.open instead of opening it.
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
console.log(/[?&]word(&|$)/.test(opened[0]) ? "OK: the callback's own word kept" : "BUG: the callback's own parameter word replaced by word=Hola");
