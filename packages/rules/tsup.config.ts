import { dirname, relative } from "node:path";
import type { Plugin } from "esbuild";
import { defineConfig, type Options } from "tsup";

/** The package's subpath exports, each `src/<subpath>/index.ts`. */
export const SUBPATHS = [
  "offer",
  "questionnaire",
  "financing",
  "credit-application",
  "unlock-price",
  "test-drive",
  "consent",
  "popups",
  "leads",
  "inventory",
  "tracking",
  "profile",
] as const;

/** Source modules that are not shipped: tests and their helpers. */
const NOT_SHIPPED = ["!src/**/*.test.ts", "!src/**/*.test-support.ts", "!src/leads/test-*.ts"];

/**
 * One output file per source module (ADR 212). A relative import stays an import, renamed to the built file, so a
 * bundler that takes one function from a subpath takes only the modules it needs; JSON (the default rule files) is
 * inlined into the module that imports it.
 */
const onePerModule: Plugin = {
  name: "one-file-per-module",
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, async (args) => {
      if (args.kind === "entry-point" || args.pluginData === "inner" || args.path.endsWith(".json")) return undefined;
      const resolved = await build.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: "inner",
      });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      const target = relative(dirname(args.importer), resolved.path).replace(/\.ts$/, ".js");
      return { path: target.startsWith(".") ? target : `./${target}`, external: true };
    });
  },
};

const shared: Options = {
  format: ["esm"],
  target: "es2022",
  outDir: "dist",
  // Sources do not ship, so a source map could only point at files the reader does not have (ADR 214).
  sourcemap: false,
  splitting: false,
  treeshake: false,
  esbuildPlugins: [onePerModule],
};

export default defineConfig([
  {
    ...shared,
    entry: ["src/**/*.ts", "!src/bin/showroom-rules.ts", ...NOT_SHIPPED],
    platform: "neutral",
  },
  {
    ...shared,
    entry: { "bin/showroom-rules": "src/bin/showroom-rules.ts" },
    platform: "node",
    target: "node20",
    banner: { js: "#!/usr/bin/env node" },
  },
  {
    // Declarations: one bundled .d.ts per subpath, with shared chunks for what several subpaths declare.
    entry: Object.fromEntries(SUBPATHS.map((s) => [`${s}/index`, `src/${s}/index.ts`])),
    format: ["esm"],
    outDir: "dist",
    dts: { only: true },
  },
]);
