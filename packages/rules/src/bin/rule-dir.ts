import { readdir, readFile, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { jsonPath, RuleFileError, type RuleProblem } from "../shared/rule-file";
import { duplicateKeys, syntaxError } from "./json-positions";

/** The package's own `rules/` directory (the same relative place from `src/bin` and from `dist/bin`). */
export const BUILT_IN_RULES_DIR = fileURLToPath(new URL("../../rules/", import.meta.url));

/** The JSON files of a rule directory, parsed, with their text, and the files that could not be read as JSON. */
export interface RuleDir {
  readonly dir: string;
  readonly files: ReadonlyMap<string, unknown>;
  /** Each readable file's text, for the line and column of a problem. */
  readonly texts: ReadonlyMap<string, string>;
  readonly problems: readonly RuleProblem[];
}

/** Thrown when a directory or file named on the command line cannot be used: the CLI exits 2 with usage. */
export class UsageError extends Error {
  override name = "UsageError";
}

/** Reads every `*.json` file directly inside `dir`. Other files and subdirectories are not rule files. */
export async function readRuleDir(dir: string): Promise<RuleDir> {
  const absolute = resolve(dir);
  const info = await stat(absolute).catch(() => null);
  if (!info?.isDirectory()) throw new UsageError(`Not a directory: ${dir}`);
  const names = (await readdir(absolute)).filter((n) => n.endsWith(".json")).sort();
  const texts = new Map<string, string>();
  for (const name of names) {
    const path = join(absolute, name);
    if (!(await stat(path)).isFile()) continue;
    texts.set(name, await readFile(path, "utf8"));
  }
  return ruleDirOfTexts(absolute, texts);
}

/**
 * Rule files given as texts, by file name, parsed as {@link readRuleDir} parses a directory's: for rule sets that
 * live elsewhere than in a folder (a database). `dir` names where they came from in messages.
 */
export function ruleDirOfTexts(dir: string, texts: ReadonlyMap<string, string>): RuleDir {
  const files = new Map<string, unknown>();
  const problems: RuleProblem[] = [];
  for (const [name, text] of texts) {
    try {
      files.set(name, JSON.parse(text));
      problems.push(...duplicateKeyProblems(name, text));
    } catch (error) {
      const at = syntaxError(text);
      problems.push({
        file: name,
        path: "$",
        message: at?.message ?? `This is not valid JSON: ${(error as Error).message}.`,
        ...(at ? { line: at.line, column: at.column } : {}),
      });
    }
  }
  return { dir, files, texts, problems };
}

/** A field written twice in one object of `file`: the first is silently dropped, which is never what was meant. */
function duplicateKeyProblems(file: string, text: string): RuleProblem[] {
  return duplicateKeys(text).map(({ path, line, column }) => ({
    file,
    path: jsonPath(path),
    message: `${JSON.stringify(path.at(-1))} is written twice in the same object: JSON keeps only the last, so the first is ignored. Keep one of them.`,
    line,
    column,
  }));
}

/**
 * Reads and parses one JSON file named on the command line: a UsageError when it cannot be read, a RuleFileError
 * with the line and column when it is not JSON. `label` is the name the messages give it (as typed).
 */
export async function readJsonFile(path: string, label: string = path): Promise<{ json: unknown; text: string }> {
  const text = await readFile(resolve(path), "utf8").catch(() => {
    throw new UsageError(`Cannot read ${label}`);
  });
  try {
    return { json: JSON.parse(text), text };
  } catch (error) {
    const at = syntaxError(text);
    throw new RuleFileError([
      {
        file: label,
        path: "$",
        message: at?.message ?? `This is not valid JSON: ${(error as Error).message}.`,
        ...(at ? { line: at.line, column: at.column } : {}),
      },
    ]);
  }
}
