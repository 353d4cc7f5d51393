import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { schemaFiles } from "./schema-files";

// `npm run schemas -w packages/rules`: writes schemas/<name>.schema.json for every registered rule file, and removes
// generated files whose rule file is gone, so schemas/ always mirrors the registry.
const dir = fileURLToPath(new URL("../schemas/", import.meta.url));
await mkdir(dir, { recursive: true });
const files = schemaFiles();
const wanted = new Set(files.map((f) => f.fileName));
for (const name of await readdir(dir)) {
  if (name.endsWith(".schema.json") && !wanted.has(name)) await rm(new URL(name, `file://${dir}`));
}
for (const file of files) await writeFile(`${dir}${file.fileName}`, file.text);
console.log(`Wrote ${files.length} schema files to ${dir}`);
