// The npm module "obsidian-community-lib", imported by a plugin but used only on paths the adapter never drives
// (see the adapter's header); every export is a placeholder that throws if used.
"use strict";
module.exports = require("host-placeholder")("obsidian-community-lib");
