// Loaded into every worker of the "server" Vitest project (`execArgv: --import`), so the built server in the test
// process runs its packages' production builds, as the site's own Node does (docs/decisions/430). Vitest's workers
// resolve with the "development" export condition in a test run, both in Node and in Vite's resolver, which hands Node
// a development file's path for the built server's imports (React Router's `dist/development/`, xstate's
// `*.development.*`). So the condition is dropped, and a path into a package's development build is turned into the
// same file of its production build where the package ships one.
import { existsSync } from "node:fs";
import { registerHooks } from "node:module";
import { fileURLToPath } from "node:url";

const IN_PACKAGE = /\/node_modules\//;
const DEVELOPMENT_FILE = /(\/dist\/development\/|\.development\.)/;
const REACT_CJS = /\/node_modules\/react(-dom)?\/cjs\//;

/** The production twin of a development file's URL (`dist/development/` → `dist/production/`, `x.development.js` → `x.js`). */
function production(url) {
  const twin = url.replace("/dist/development/", "/dist/production/").replace(".development.", ".");
  return existsSync(fileURLToPath(twin)) ? twin : url;
}

const twins = new Map();

registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, {
      ...context,
      conditions: context.conditions.filter((condition) => condition !== "development"),
    });
    if (!IN_PACKAGE.test(resolved.url) || !DEVELOPMENT_FILE.test(resolved.url)) return resolved;
    if (!twins.has(resolved.url)) twins.set(resolved.url, production(resolved.url));
    return { ...resolved, url: twins.get(resolved.url) };
  },
  // A development file that still loads is named for the check in support/built-server.ts. React's CommonJS entry
  // picks its build by NODE_ENV, and Node reads both of its branches to learn the exports: its own check counts the
  // one that ran (assertProductionReact).
  load(url, context, nextLoad) {
    if (IN_PACKAGE.test(url) && DEVELOPMENT_FILE.test(url) && !REACT_CJS.test(url)) {
      const key = Symbol.for("showroom.developmentBuilds");
      globalThis[key] ??= new Set();
      globalThis[key].add(url);
    }
    return nextLoad(url, context);
  },
});
