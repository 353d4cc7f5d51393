// The repository must work in a clone on its own: no code, test, script or bench file may read a path outside it
// (issue 26: the ADF DTD used to be read from the sibling checkout named shared, and 6 tests failed without it).
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, isAbsolute, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const SCANNED = /\.(?:[cm]?[jt]sx?|json|sh|ya?ml)$/;
/** Extensions a module specifier may leave out. */
const MODULE_ENDINGS = ["", ".ts", ".tsx", ".js", ".mjs", ".json", "/index.ts"];
/** A quoted relative path, up to the end of the quote or the first template placeholder. */
const RELATIVE_LITERAL = /["'`](\.{1,2}\/[^"'`\n$]*)/g;

function outside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel.startsWith("..") || isAbsolute(rel);
}

/**
 * Where `text` (the file `file`, relative to `root`) names a path outside `root`:
 * - a relative literal that, read from the file's own folder, climbs out of the repository;
 * - a relative literal that climbs into a folder named like a sibling checkout (`shared`, or any folder next to the
 *   repository) and names nothing inside the repository, so it is meant for another base such as the repository
 *   root (the DTD was read as the repository root joined with ../shared/standards/…);
 * - an absolute literal into the repository's parent folder but not into the repository.
 */
export function pathsOutside(root: string, file: string, text: string, siblings: ReadonlySet<string>): string[] {
  const found: string[] = [];
  const folder = dirname(resolve(root, file));
  for (const match of text.matchAll(RELATIVE_LITERAL)) {
    const literal = match[1] ?? "";
    if (!literal.includes("../")) continue;
    const target = resolve(folder, literal);
    if (outside(root, target)) {
      found.push(`${file}: ${literal} leaves the repository`);
      continue;
    }
    const firstNamed = literal.split("/").find((segment) => segment !== ".." && segment !== ".");
    const namesSibling = firstNamed !== undefined && siblings.has(firstNamed);
    if (namesSibling && !MODULE_ENDINGS.some((ending) => existsSync(target + ending))) {
      found.push(`${file}: ${literal} names the sibling checkout "${firstNamed}", not a path in the repository`);
    }
  }
  const parent = dirname(root);
  for (const match of text.matchAll(/["'`](\/[^"'`\n$]+)/g)) {
    const literal = match[1] ?? "";
    if (!outside(parent, literal) && outside(root, literal))
      found.push(`${file}: ${literal} is outside the repository`);
  }
  return found;
}

function siblingFolders(root: string): Set<string> {
  const names = new Set(["shared"]);
  for (const entry of readdirSync(dirname(root), { withFileTypes: true })) {
    if (entry.isDirectory() && !entry.name.startsWith(".")) names.add(entry.name);
  }
  names.delete(root.split("/").filter(Boolean).at(-1) ?? "");
  return names;
}

describe("the repository stands alone", () => {
  it("finds a path read against the repository root that lands in the sibling checkout", () => {
    // Built from parts, so that this file itself holds no such literal for the scan below.
    const root = "/checkouts/main";
    const dtd = "shared/standards/adf/adf-1.0-errata.dtd";
    const quoted = (path: string) => JSON.stringify(path);
    const up = (levels: number) => "../".repeat(levels);
    const text = [
      `const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), ${quoted(up(4))});`,
      `const DTD = resolve(repoRoot, ${quoted(`${up(1)}${dtd}`)});`,
      `const other = new URL(${quoted(`${up(5)}${dtd}`)}, import.meta.url);`,
      `const spec = ${quoted("/checkouts/shared/spec/product-spec.md")};`,
      `const inside = ${quoted("/checkouts/main/fixtures/x.json")};`,
    ].join("\n");
    const file = "packages/rules/src/leads/adf-dtd.test.ts";
    expect(pathsOutside(root, file, text, new Set(["shared"]))).toEqual([
      `${file}: ${up(1)}${dtd} names the sibling checkout "shared", not a path in the repository`,
      `${file}: ${up(5)}${dtd} leaves the repository`,
      `${file}: /checkouts/shared/spec/product-spec.md is outside the repository`,
    ]);
  });

  it("no code, test, script or bench file names a path outside the repository", () => {
    const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], {
      cwd: REPO_ROOT,
      encoding: "utf8",
    })
      .split("\0")
      .filter((file) => SCANNED.test(file) && existsSync(resolve(REPO_ROOT, file)));
    expect(files.length).toBeGreaterThan(100);
    const siblings = siblingFolders(REPO_ROOT);
    const found = files.flatMap((file) =>
      pathsOutside(REPO_ROOT, file, readFileSync(resolve(REPO_ROOT, file), "utf8"), siblings),
    );
    expect(found).toEqual([]);
  });
});
