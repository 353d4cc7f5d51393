import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { allRuleFiles } from "../rule-files";
import { BUILT_IN_RULES_DIR, UsageError } from "./rule-dir";

/** The package's `schemas/` directory (the same relative place from `src/bin` and from `dist/bin`). */
export const BUILT_IN_SCHEMAS_DIR = fileURLToPath(new URL("../../schemas/", import.meta.url));

/** `financing.json` → `financing.schema.json` */
export function schemaFileName(ruleFileName: string): string {
  return ruleFileName.replace(/\.json$/, ".schema.json");
}

export interface InitResult {
  readonly dir: string;
  /** Paths written, relative to `dir`. */
  readonly written: readonly string[];
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/**
 * Copies the default rule files named in `names` (all of them when empty) into `dir`, and their JSON Schemas into
 * `dir/schemas/`, with each file's `$schema` pointing there so an editor autocompletes and checks the copy. Refuses
 * to overwrite a file unless `force`. Only the `$schema` line changes: the files keep their layout.
 */
export async function initRuleDir(dir: string, names: readonly string[] = [], force = false): Promise<InitResult> {
  const known = allRuleFiles.map((f) => f.name);
  const wanted = names.length === 0 ? known : names.map((n) => (n.endsWith(".json") ? n : `${n}.json`));
  const unknown = wanted.filter((n) => !known.includes(n));
  if (unknown.length > 0) {
    throw new UsageError(
      `Not a rule file of the package: ${unknown.join(", ")}. The rule files are: ${known.join(", ")}.`,
    );
  }
  const target = resolve(dir);
  const plan = wanted.flatMap((name) => [
    { from: join(BUILT_IN_RULES_DIR, name), to: name, rule: true },
    { from: join(BUILT_IN_SCHEMAS_DIR, schemaFileName(name)), to: join("schemas", schemaFileName(name)), rule: false },
  ]);
  if (!force) {
    const taken: string[] = [];
    for (const { to } of plan) if (await exists(join(target, to))) taken.push(to);
    if (taken.length > 0) {
      throw new UsageError(`${target} already holds ${taken.join(", ")}; add --force to overwrite them.`);
    }
  }
  await mkdir(join(target, "schemas"), { recursive: true });
  for (const { from, to, rule } of plan) {
    const text = await readFile(from, "utf8");
    const schema = `./schemas/${schemaFileName(to)}`;
    await writeFile(join(target, to), rule ? text.replace(/("\$schema"\s*:\s*)"[^"]*"/, `$1"${schema}"`) : text);
  }
  return { dir: target, written: plan.map((p) => p.to) };
}
