// The npm module "obsidian-community-lib", imported by a plugin. One export is on a path the adapter drives:
// `stripMD`, which Advanced URI's `hookSuccess` (src/main.ts:453) uses for the `title` result of the
// hook-get-advanced-uri route: the note's name without a final ".md". That result is one of the four the
// hook row declares as extra parameters, which the comparator sets aside, so its value decides no verdict.
// Every other export is a placeholder that throws if used (see the adapter's header).
"use strict";
module.exports = require("host-placeholder")("obsidian-community-lib", {
  stripMD(name) {
    return name.endsWith(".md") ? name.slice(0, -".md".length) : name;
  },
});
