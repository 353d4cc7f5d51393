import { readdir, readFile, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { RuleProblem } from "../shared/rule-file";

/** The package's own `rules/` directory (the same relative place from `src/bin` and from `dist/bin`). */
export const BUILT_IN_RULES_DIR = fileURLToPath(new URL("../../rules/", import.meta.url));

/** The JSON files of a rule directory, parsed, and the files that could not be read as JSON. */
export interface RuleDir {
  readonly dir: string;
  readonly files: ReadonlyMap<string, unknown>;
  readonly problems: readonly RuleProblem[];
}

/** Thrown when a directory named on the command line does not exist or is not a directory. */
export class UsageError extends Error {
  override name = "UsageError";
}

/** Reads every `*.json` file directly inside `dir`. Other files and subdirectories are not rule files. */
export async function readRuleDir(dir: string): Promise<RuleDir> {
  const absolute = resolve(dir);
  const info = await stat(absolute).catch(() => null);
  if (!info?.isDirectory()) throw new UsageError(`Not a directory: ${dir}`);
  const names = (await readdir(absolute)).filter((n) => n.endsWith(".json")).sort();
  const files = new Map<string, unknown>();
  const problems: RuleProblem[] = [];
  for (const name of names) {
    const path = join(absolute, name);
    if (!(await stat(path)).isFile()) continue;
    try {
      files.set(name, JSON.parse(await readFile(path, "utf8")));
    } catch (error) {
      problems.push({ file: name, path: "$", message: `Not valid JSON: ${(error as Error).message}` });
    }
  }
  return { dir: absolute, files, problems };
}

/** Reads and parses one JSON file named on the command line. */
export async function readJsonFile(path: string): Promise<unknown> {
  const text = await readFile(resolve(path), "utf8").catch(() => {
    throw new UsageError(`Cannot read ${path}`);
  });
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${path} is not valid JSON: ${(error as Error).message}`);
  }
}
