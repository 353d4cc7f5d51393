#!/usr/bin/env node
// Writes build/photo-maker.mjs, the entry of the process that makes feed photos (ADR 410): the site forks it when its
// photo queue has work, so sharp never loads in the site's own process. Bundled apart from the server so the child
// loads only the photo code and sharp, not the routes and React. `npm run build` runs it after React Router's build.
import { writeFileSync } from "node:fs";
import { isAbsolute, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";

const appDir = fileURLToPath(new URL("..", import.meta.url));

/** Every module the build read, kept or shaken out: a change to any of them may change the bundle. */
let read = [];
await build({
  configFile: false,
  root: appDir,
  logLevel: "warn",
  plugins: [
    {
      name: "photo-maker-sources",
      generateBundle() {
        read = [...this.getModuleIds()];
      },
    },
  ],
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

// The sources the bundle is made of, beside it: from the source tree the site (and its tests) fork the bundle rather
// than the TypeScript through tsx while none of them is newer (photo-process.server.ts, ADR 443).
const sources = read
  .filter((id) => isAbsolute(id) && !id.split(sep).includes("node_modules"))
  .map((id) => relative(appDir, id))
  .sort();
writeFileSync(join(appDir, "build", "photo-maker.sources.json"), `${JSON.stringify(sources, null, 2)}\n`);
