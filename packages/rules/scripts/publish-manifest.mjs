// `npm pack` / `npm publish` lifecycle (prepack, postpack): the published package.json carries no `showroom-source`
// export condition, which points at src/, a folder the tarball does not contain (ADR 214). `strip` keeps the
// workspace's package.json byte for byte in node_modules/.cache and writes the stripped one; `restore` puts it back.
// The package checks of `npm test` never run these on the workspace: they pack a staged copy whose package.json is
// `publishedManifest` of this one (docs/decisions/448).
import { copyFile, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { fileURLToPath, pathToFileURL } from "node:url";

const manifest = fileURLToPath(new URL("../package.json", import.meta.url));
const saved = fileURLToPath(new URL("../node_modules/.cache/showroom-rules-package.json", import.meta.url));

/** The package.json npm users get, from the workspace's text: every export without its `showroom-source` condition. */
export function publishedManifest(text) {
  const json = JSON.parse(text);
  for (const entry of Object.values(json.exports)) {
    if (typeof entry === "object" && entry !== null) delete entry["showroom-source"];
  }
  return `${JSON.stringify(json, null, 2)}\n`;
}

async function strip() {
  await mkdir(fileURLToPath(new URL("../node_modules/.cache/", import.meta.url)), { recursive: true });
  await copyFile(manifest, saved);
  await writeFile(manifest, publishedManifest(await readFile(manifest, "utf8")));
}

async function restore() {
  await copyFile(saved, manifest);
  await rm(saved);
}

// Run by npm's lifecycle, not when imported (the package checks import `publishedManifest`).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const command = process.argv[2];
  if (command === "strip") await strip();
  else if (command === "restore") await restore();
  else {
    console.error("usage: publish-manifest.mjs strip|restore");
    process.exitCode = 2;
  }
}
