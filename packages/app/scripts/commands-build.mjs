#!/usr/bin/env node
// Writes build/server/commands/{name}.mjs, the operator commands (`npm run import | keys | staff | rules | retention |
// outbox`) bundled like the server, drizzle-orm and the workspace packages inside (docs/decisions/438): from the
// sources through tsx, a command spent most of its start in Node re-reading drizzle's 179 kB package.json for each of
// drizzle's modules (ADR 437). `npm run build` runs it last; scripts/command.mjs runs them.
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { COMMANDS } from "./ensure-build.mjs";

const appDir = fileURLToPath(new URL("..", import.meta.url));

await build({
  configFile: false,
  root: appDir,
  logLevel: "warn",
  // The server build's own resolution (vite.config.ts): workspace packages from their TypeScript sources.
  resolve: { conditions: ["showroom-source", "module", "node", "production"] },
  ssr: { noExternal: ["drizzle-orm", /^@showroom\//] },
  build: {
    ssr: true,
    // Under build/server, so the code that finds the build's files from its own place (builtPackageRoot) finds them.
    outDir: "build/server/commands",
    emptyOutDir: true,
    copyPublicDir: false,
    minify: false,
    rolldownOptions: {
      input: Object.fromEntries(COMMANDS.map((name) => [name, `scripts/${name}.ts`])),
      output: { entryFileNames: "[name].mjs", chunkFileNames: "chunks/[name]-[hash].mjs" },
    },
  },
});
