// Placeholders for the npm modules a plugin imports that cannot be installed here (no npm
// registry). Every export is a class that throws when it is constructed or called, so loading a
// plugin's modules works (they define classes that extend Obsidian's and read nothing at load
// time) and any use on a path the adapter drives fails loudly as `errored` instead of doing
// something the real module would not. `real` holds the few exports that are on the path under
// test, each explained where it is defined.
"use strict";
module.exports = function placeholderModule(moduleName, real = {}) {
  const made = new Map();
  return new Proxy(real, {
    get(target, name) {
      if (name in target) return target[name];
      if (typeof name !== "string" || name === "__esModule" || name === "then") return undefined;
      if (!made.has(name)) {
        made.set(name, class {
          constructor() { throw new Error(`stub: ${moduleName}.${name} is not available (not on the path under test)`); }
        });
      }
      return made.get(name);
    },
  });
};
