// Transpiles each Obsidian plugin's TypeScript (checkouts/<plugin>/src/**/*.ts) to CommonJS in
// build/<plugin>/src, one file at a time with Debian's TypeScript (`transpileModule`: types are
// stripped, nothing is checked), which is what the plugins' own esbuild builds do (both set
// `isolatedModules`-compatible code). Class fields keep the semantics the plugin's own build gives
// them: esbuild takes `useDefineForClassFields` from the plugin's tsconfig.json, true when its target
// is ES2022 or later (Actions URI) and false below (Advanced URI, es5), where a field initialiser runs
// after the constructor's parameter properties are set (Advanced URI's `Tools.app = this.plugin.app`
// reads one). Nothing in the plugins' sources is changed. The modules the
// plugins import from npm, which this machine cannot install, are replaced by the stubs in stubs/
// (each explains itself), copied to build/node_modules/<name>/index.js.
//
//   node build.cjs            (run.sh calls it)
"use strict";
const fs = require("fs");
const path = require("path");
const ts = require(process.env.TYPESCRIPT || "/usr/share/nodejs/typescript");

const here = __dirname;
const plugins = ["obsidian-actions-uri", "obsidian-advanced-uri"];
const stubs = ["host-placeholder", "obsidian", "filter-obj", "obsidian-community-lib", "uuid"];

function sources(directory) {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** `useDefineForClassFields` as the plugin's tsconfig.json gives it, explicitly or by its target (TypeScript's default). */
function definesClassFields(checkout) {
  const { config, error } = ts.readConfigFile(path.join(checkout, "tsconfig.json"), ts.sys.readFile);
  if (error) throw new Error(`${checkout}/tsconfig.json: ${ts.flattenDiagnosticMessageText(error.messageText, "\n")}`);
  const options = config.compilerOptions || {};
  if (typeof options.useDefineForClassFields === "boolean") return options.useDefineForClassFields;
  const target = String(options.target || "es5").toLowerCase();
  return target === "esnext" || (/^es20\d\d$/.test(target) && Number(target.slice(2)) >= 2022);
}

fs.rmSync(path.join(here, "build"), { recursive: true, force: true });
for (const plugin of plugins) {
  const checkout = path.join(here, "..", "checkouts", plugin);
  if (!fs.existsSync(checkout)) throw new Error(`no ${checkout}: run ../fetch.sh first`);
  const useDefineForClassFields = definesClassFields(checkout);
  for (const file of sources(path.join(checkout, "src"))) {
    const output = ts.transpileModule(fs.readFileSync(file, "utf8"), {
      fileName: file,
      reportDiagnostics: true,
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true, useDefineForClassFields },
    });
    if (output.diagnostics.length > 0) throw new Error(`${file}: ${output.diagnostics.map((d) => d.messageText).join("; ")}`);
    const destination = path.join(here, "build", plugin, path.relative(checkout, file)).replace(/\.ts$/, ".js");
    fs.mkdirSync(path.dirname(destination), { recursive: true });
    // `import "./types.ts"` (Advanced URI's src/handlers.ts:18) names the source file, which esbuild
    // resolves; the transpiled module is types.js (TypeScript 5.7's rewriteRelativeImportExtensions).
    fs.writeFileSync(destination, output.outputText.replace(/require\("(\.{1,2}\/[^"]*)\.ts"\)/g, 'require("$1.js")'));
  }
  // plugin-info.json and the like are imported by some modules
  for (const file of fs.readdirSync(path.join(checkout, "src")).filter((name) => name.endsWith(".json"))) {
    fs.copyFileSync(path.join(checkout, "src", file), path.join(here, "build", plugin, "src", file));
  }
}
for (const name of stubs) {
  const destination = path.join(here, "build", "node_modules", name);
  fs.mkdirSync(destination, { recursive: true });
  fs.copyFileSync(path.join(here, "stubs", `${name}.js`), path.join(destination, "index.js"));
}
console.error(`transpiled ${plugins.join(", ")} with TypeScript ${ts.version}`);
