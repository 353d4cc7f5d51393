import { defineConfig } from "tsup";

const subpaths = [
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
];

export default defineConfig([
  {
    entry: Object.fromEntries(subpaths.map((s) => [`${s}/index`, `src/${s}/index.ts`])),
    format: ["esm"],
    platform: "neutral",
    target: "es2022",
    dts: true,
    sourcemap: true,
    clean: true,
    splitting: true,
    treeshake: true,
  },
  {
    entry: { "bin/showroom-rules": "src/bin/showroom-rules.ts" },
    format: ["esm"],
    platform: "node",
    target: "node20",
    sourcemap: true,
    banner: { js: "#!/usr/bin/env node" },
  },
]);
