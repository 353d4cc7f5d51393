#!/usr/bin/env node
// Writes build/photo-maker.mjs, the entry of the process that makes feed photos (ADR 410): the site forks it when its
// photo queue has work, so sharp never loads in the site's own process. Bundled apart from the server so the child
// loads only the photo code and sharp, not the routes and React. `npm run build` runs it after React Router's build.
import { fileURLToPath } from "node:url";
import { build } from "vite";

const appDir = fileURLToPath(new URL("..", import.meta.url));

await build({
  configFile: false,
  root: appDir,
  logLevel: "warn",
  build: {
    ssr: "app/server/photos/photo-maker.server.ts",
    outDir: "build",
    emptyOutDir: false,
    copyPublicDir: false,
    minify: false,
    // One file: the photo store's module (loaded with the first store request, ADR 424) inlined rather than a chunk.
    rolldownOptions: { output: { entryFileNames: "photo-maker.mjs", codeSplitting: false } },
  },
});
