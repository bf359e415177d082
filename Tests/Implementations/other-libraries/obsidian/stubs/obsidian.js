// Obsidian's API module (closed source, the host application). The only export called on the path
// the adapter drives is Actions URI's `requestUrl`, which `sendCallbackResult`
// (src/utils/callbacks.ts:108-115) calls with the finished URL for http(s) callbacks, as it calls
// `window.open` for every other scheme: it records the URL it is given, as the adapter's
// `window.open` does, and sends nothing. Advanced URI's hook route reads `TFile` only for
// `instanceof` (src/tools.ts:113), and the adapter's stand-in note is made from its prototype; the
// placeholder's constructor is never run. Everything else is a placeholder (see host-placeholder).
"use strict";
module.exports = require("host-placeholder")("obsidian", {
  requestUrl(uri) {
    globalThis.xcuOpened.push(uri);
    return Promise.resolve({ status: 200 });
  },
});
