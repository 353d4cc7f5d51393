// Loaded into every worker of the "server" Vitest project (`execArgv: --import`), so the built server in the test
// process runs React Router's production build, as the site's own Node does (docs/decisions/430). Vitest's workers
// resolve with the "development" export condition in a test run, both in Node and in Vite's resolver, which hands
// Node the development file's path for the built server's imports; so the condition is dropped and a path into
// React Router's development build is turned into the same file of its production build.
import { registerHooks } from "node:module";

const DEVELOPMENT = /\/node_modules\/react-router\/dist\/development\//;

registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, {
      ...context,
      conditions: context.conditions.filter((condition) => condition !== "development"),
    });
    return DEVELOPMENT.test(resolved.url)
      ? { ...resolved, url: resolved.url.replace(DEVELOPMENT, "/node_modules/react-router/dist/production/") }
      : resolved;
  },
  // Any development file that still loads is named for the check in support/built-server.ts.
  load(url, context, nextLoad) {
    if (DEVELOPMENT.test(url)) globalThis[Symbol.for("showroom.developmentRouter")] = url;
    return nextLoad(url, context);
  },
});
