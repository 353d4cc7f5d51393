// `npm pack` / `npm publish` lifecycle (prepack, postpack): the published package.json carries no `showroom-source`
// export condition, which points at src/, a folder the tarball does not contain (ADR 214). `strip` keeps the
// workspace's package.json byte for byte in node_modules/.cache and writes the stripped one; `restore` puts it back.
import { copyFile, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";

const manifest = fileURLToPath(new URL("../package.json", import.meta.url));
const saved = fileURLToPath(new URL("../node_modules/.cache/showroom-rules-package.json", import.meta.url));

async function strip() {
  await mkdir(fileURLToPath(new URL("../node_modules/.cache/", import.meta.url)), { recursive: true });
  await copyFile(manifest, saved);
  const json = JSON.parse(await readFile(manifest, "utf8"));
  for (const entry of Object.values(json.exports)) {
    if (typeof entry === "object" && entry !== null) delete entry["showroom-source"];
  }
  await writeFile(manifest, `${JSON.stringify(json, null, 2)}\n`);
}

async function restore() {
  await copyFile(saved, manifest);
  await rm(saved);
}

const command = process.argv[2];
if (command === "strip") await strip();
else if (command === "restore") await restore();
else {
  console.error("usage: publish-manifest.mjs strip|restore");
  process.exitCode = 2;
}
